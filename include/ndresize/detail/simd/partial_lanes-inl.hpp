// SPDX-License-Identifier: Apache-2.0
// StoreN / PromoteN / DemoteN for backends without masked stores and narrow masked loads
// (SSE4.1, AVX2, NEON, scalar): the first n lanes go through a buffer, so only p[0, n) is read
// or written. (Each backend has its own LoadN: narrow loads, a masked one, or one lane.)
// Written once, included by each such backend inside its namespace and target region (after
// its full-width ops), so it compiles for that target: deliberately no include guard.

/// Copies the first n (≤ Lanes) elements of `from` to `to` in pieces of 8, 4, 2 and 1 elements
/// (those below the lane count and the lane count itself), each a fixed-size copy the compiler
/// inlines; n = 0 copies nothing, so a null pointer may come with it. A memcpy of variable
/// length is a library call: 5-7 % of W7's samples on AVX2 (bench/README.md, "Tuning").
template <class T>
NDRESIZE_SIMD_API void copy_first(T* to, const T* from, std::size_t n) noexcept {
  constexpr std::size_t lanes = Lanes(Df{});
  static_assert(lanes <= 8, "the pieces cover n < 16");
  std::size_t i = 0;
  if constexpr (lanes >= 8) {
    if (n & 8) {
      std::memcpy(to, from, 8 * sizeof(T));
      i = 8;
    }
  }
  if constexpr (lanes >= 4) {
    if (n & 4) {
      std::memcpy(to + i, from + i, 4 * sizeof(T));
      i += 4;
    }
  }
  if constexpr (lanes >= 2) {
    if (n & 2) {
      std::memcpy(to + i, from + i, 2 * sizeof(T));
      i += 2;
    }
  }
  if (n & 1) std::memcpy(to + i, from + i, sizeof(T));
}

NDRESIZE_SIMD_API void StoreN(VF v, Df d, float* p, std::size_t n) noexcept {
  float t[Lanes(Df{})];
  StoreU(v, d, t);
  copy_first(p, t, n);
}
/// PromoteTo of the first n (≤ Lanes) elements of p, the other lanes 0.
template <class T>
NDRESIZE_SIMD_API VF PromoteN(Df d, const T* p, std::size_t n) noexcept {
  T t[Lanes(Df{})] = {};
  copy_first(t, p, n);
  return PromoteTo(d, t);
}
/// DemoteTo of the first n (≤ Lanes) lanes to p; writes nothing past p + n.
template <class T>
NDRESIZE_SIMD_API void DemoteN(VF v, Df d, T* p, std::size_t n) noexcept {
  T t[Lanes(Df{})];
  DemoteTo(v, d, t);
  copy_first(p, t, n);
}
