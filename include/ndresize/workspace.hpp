// SPDX-License-Identifier: Apache-2.0
// Scratch memory for the weighted passes, and the per-target tables derived from the last plan. A caller that keeps one
// workspace per thread and reuses it across calls makes execution allocation-free after the first call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>

#include "config.hpp"
#include "error.hpp"

NDRESIZE_BEGIN_NAMESPACE

class workspace {
 public:
#if NDRESIZE_EXCEPTIONS
  /// A buffer of at least `bytes` bytes, aligned to 64; grows (never shrinks) as needed.
  /// Throws resize_error (out_of_memory) when the memory cannot be allocated.
  void* get(std::size_t bytes) { return try_get(bytes).value(); }
#endif
  /// As get, with the failure (out_of_memory) in the result: the allocation does not throw.
  result<void*> try_get(std::size_t bytes) {
    if (bytes > capacity_) {
      data_.reset();
      capacity_ = 0;
      data_.reset(static_cast<std::byte*>(::operator new (bytes, std::align_val_t{64}, std::nothrow)));
      if (!data_)
        return make_error(error_code::out_of_memory, "workspace",
                          "allocating " + std::to_string(bytes) + " bytes of scratch failed");
      capacity_ = bytes;
    }
    return static_cast<void*>(data_.get());
  }
  std::size_t capacity() const noexcept { return capacity_; }

  /// Data the kernels derive from a plan (the per-target copies of its tables), built by
  /// `build()` on the first call and kept until a call with another (plan_id, what) pair.
  /// The workspace only stores it: what D is belongs to the kernel layer.
  template <class D, class Build>
  const D& derived(std::uint64_t plan_id, std::uint64_t what, Build&& build) {
    if (!derived_ || derived_plan_ != plan_id || derived_what_ != what || derived_type_ != &type_key<D>) {
      derived_.reset();
      derived_ = std::make_shared<const D>(build());
      derived_plan_ = plan_id;
      derived_what_ = what;
      derived_type_ = &type_key<D>;
    }
    return *static_cast<const D*>(derived_.get());
  }

 private:
  template <class D>
  static constexpr char type_key = 0;
  struct aligned_delete {
    void operator()(std::byte* p) const noexcept { ::operator delete (p, std::align_val_t{64}); }
  };
  std::unique_ptr<std::byte, aligned_delete> data_;
  std::size_t capacity_ = 0;
  std::shared_ptr<const void> derived_;
  std::uint64_t derived_plan_ = 0, derived_what_ = 0;
  const char* derived_type_ = nullptr;
};

NDRESIZE_END_NAMESPACE
