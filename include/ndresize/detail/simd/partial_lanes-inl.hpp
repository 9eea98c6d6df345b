// SPDX-License-Identifier: Apache-2.0
// LoadN / StoreN / PromoteN / DemoteN for backends without masked loads and stores (SSE4.1,
// AVX2, NEON, scalar): the first n lanes go through a zeroed buffer, so only p[0, n) is read or
// written. Written once, included by each such backend inside its namespace and target region
// (after its full-width ops), so it compiles for that target: deliberately no include guard.

inline VF LoadN(Df d, const float* p, std::size_t n) noexcept {
  float t[Lanes(Df{})] = {};
  if (n != 0) std::memcpy(t, p, n * sizeof(float));  // n = 0 may come with a null p
  return LoadU(d, t);
}
inline void StoreN(VF v, Df d, float* p, std::size_t n) noexcept {
  float t[Lanes(Df{})];
  StoreU(v, d, t);
  if (n != 0) std::memcpy(p, t, n * sizeof(float));
}
/// PromoteTo of the first n (≤ Lanes) elements of p, the other lanes 0.
template <class T>
inline VF PromoteN(Df d, const T* p, std::size_t n) noexcept {
  T t[Lanes(Df{})] = {};
  if (n != 0) std::memcpy(t, p, n * sizeof(T));
  return PromoteTo(d, t);
}
/// DemoteTo of the first n (≤ Lanes) lanes to p; writes nothing past p + n.
template <class T>
inline void DemoteN(VF v, Df d, T* p, std::size_t n) noexcept {
  T t[Lanes(Df{})];
  DemoteTo(v, d, t);
  if (n != 0) std::memcpy(p, t, n * sizeof(T));
}
