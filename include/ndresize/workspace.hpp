// SPDX-License-Identifier: Apache-2.0
// Scratch memory for the weighted passes, and the per-target tables the kernels derive from the
// plans run with it. A caller that keeps one workspace per thread and reuses it across calls
// makes execution allocation-free after the first call of each plan (up to derived_slots plans).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "config.hpp"
#include "error.hpp"

NDRESIZE_BEGIN_NAMESPACE

class workspace {
 public:
  workspace() = default;
  workspace(const workspace&) = delete;
  workspace& operator=(const workspace&) = delete;
  /// A moved-from workspace is empty (no buffer, no capacity, no derived data) and usable.
  workspace(workspace&& other) noexcept { *this = std::move(other); }
  workspace& operator=(workspace&& other) noexcept {
    if (this != &other) {
      data_ = std::move(other.data_);
      capacity_ = std::exchange(other.capacity_, 0);
      derived_ = std::exchange(other.derived_, {});
      next_slot_ = std::exchange(other.next_slot_, 0);
    }
    return *this;
  }
  ~workspace() = default;

#if NDRESIZE_EXCEPTIONS
  /// A buffer of at least `bytes` bytes, aligned to 64; grows (never shrinks) as needed.
  /// Throws resize_error (out_of_memory) when the memory cannot be allocated.
  void* get(std::size_t bytes) { return try_get(bytes).value(); }
#endif
  /// As get, with the failure (out_of_memory) in the result: the allocation does not throw.
  result<void*> try_get(std::size_t bytes) {
    if (bytes > capacity_) {  // capacity_ is 0 whenever there is no buffer (moved from, failed)
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
  /// `build()` on the first call for a (plan_id, what) pair and kept for the next calls. The
  /// last derived_slots pairs are kept, so a thread that runs several plans (the resize nodes
  /// of a model) with one workspace builds each once. The workspace only stores the data: what
  /// D is belongs to the kernel layer.
  template <class D, class Build>
  const D& derived(std::uint64_t plan_id, std::uint64_t what, Build&& build) {
    for (const auto& e : derived_)
      if (e.data && e.plan == plan_id && e.what == what && e.type == &type_key<D>)
        return *static_cast<const D*>(e.data.get());
    derived_entry& e = derived_[next_slot_];
    next_slot_ = (next_slot_ + 1) % derived_slots;
    e.data.reset();
    e.data = std::make_shared<const D>(build());
    e.plan = plan_id;
    e.what = what;
    e.type = &type_key<D>;
    return *static_cast<const D*>(e.data.get());
  }
  static constexpr std::size_t derived_slots = 8;

 private:
  template <class D>
  static constexpr char type_key = 0;
  struct aligned_delete {
    void operator()(std::byte* p) const noexcept { ::operator delete (p, std::align_val_t{64}); }
  };
  std::unique_ptr<std::byte, aligned_delete> data_;
  std::size_t capacity_ = 0;
  struct derived_entry {
    std::uint64_t plan = 0, what = 0;
    const char* type = nullptr;
    std::shared_ptr<const void> data;
  };
  std::array<derived_entry, derived_slots> derived_{};
  std::size_t next_slot_ = 0;
};

NDRESIZE_END_NAMESPACE
