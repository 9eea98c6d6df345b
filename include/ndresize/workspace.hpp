// SPDX-License-Identifier: Apache-2.0
// Scratch memory for the weighted passes. A caller that keeps one workspace per thread and
// reuses it across calls makes execution allocation-free after the first call.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>

#include "config.hpp"
#include "error.hpp"

NDRESIZE_BEGIN_NAMESPACE

class workspace {
 public:
  /// A buffer of at least `bytes` bytes, aligned to 64; grows (never shrinks) as needed.
  /// Throws resize_error (out_of_memory) when the memory cannot be allocated.
  void* get(std::size_t bytes) {
    if (bytes > capacity_) {
      data_.reset();
      capacity_ = 0;
      try {
        data_.reset(static_cast<std::byte*>(::operator new (bytes, std::align_val_t{64})));
      } catch (const std::bad_alloc&) {
        throw resize_error(error_code::out_of_memory, "workspace",
                           "allocating " + std::to_string(bytes) + " bytes of scratch failed");
      }
      capacity_ = bytes;
    }
    return data_.get();
  }
  std::size_t capacity() const noexcept { return capacity_; }

 private:
  struct aligned_delete {
    void operator()(std::byte* p) const noexcept { ::operator delete (p, std::align_val_t{64}); }
  };
  std::unique_ptr<std::byte, aligned_delete> data_;
  std::size_t capacity_ = 0;
};

NDRESIZE_END_NAMESPACE
