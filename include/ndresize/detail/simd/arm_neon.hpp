// SPDX-License-Identifier: Apache-2.0
// NEON backend of the vector vocabulary (docs/kernels.md): 4 float lanes, aarch64 baseline (no
// target region). NEON's fmax/fmin treat NaN differently from x86, so the clamps are written
// as compare-and-select (v > lo ? v : lo) to give the scalar backend's bits lane by lane.
#pragma once

#include "lane_types.hpp"
#include "targets.hpp"

#if NDRESIZE_SIMD_NEON
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd::N_NEON {
// Contraction off for the region (aarch64 GCC contracts by default), as for the kernels.
NDRESIZE_SIMD_BEGIN_SCALAR

struct Df {};
using VF = float32x4_t;
using MF = uint32x4_t;

constexpr std::size_t Lanes(Df) noexcept { return 4; }
NDRESIZE_SIMD_API VF Zero(Df) noexcept { return vdupq_n_f32(0.0f); }
NDRESIZE_SIMD_API VF Set(Df, float v) noexcept { return vdupq_n_f32(v); }
NDRESIZE_SIMD_API VF Load(Df, const float* p) noexcept { return vld1q_f32(p); }
NDRESIZE_SIMD_API VF LoadU(Df, const float* p) noexcept { return vld1q_f32(p); }
NDRESIZE_SIMD_API void Store(VF v, Df, float* p) noexcept { vst1q_f32(p, v); }
NDRESIZE_SIMD_API void StoreU(VF v, Df, float* p) noexcept { vst1q_f32(p, v); }
NDRESIZE_SIMD_API void Stream(VF v, Df, float* p) noexcept { vst1q_f32(p, v); }

// vmulq/vaddq are separate instructions; the compiler contracts only within one expression
// (clang) or not at all under fp-contract=off (the kernels' setting), never across these calls
// in clang; GCC builds the kernels with -ffp-contract=off regions.
NDRESIZE_SIMD_API VF Add(VF a, VF b) noexcept { return vaddq_f32(a, b); }
NDRESIZE_SIMD_API VF Sub(VF a, VF b) noexcept { return vsubq_f32(a, b); }
NDRESIZE_SIMD_API VF Mul(VF a, VF b) noexcept { return vmulq_f32(a, b); }
NDRESIZE_SIMD_API MF Lt(VF a, VF b) noexcept { return vcltq_f32(a, b); }
NDRESIZE_SIMD_API VF IfThenElse(MF m, VF yes, VF no) noexcept { return vbslq_f32(m, yes, no); }
NDRESIZE_SIMD_API VF IfThenElseZero(MF m, VF yes) noexcept {
  return vreinterpretq_f32_u32(vandq_u32(m, vreinterpretq_u32_f32(yes)));
}
NDRESIZE_SIMD_API MF MaskFromBits(Df, std::uint32_t bits) noexcept {
  const std::uint32_t lane_bit[4] = {1, 2, 4, 8};
  return vtstq_u32(vdupq_n_u32(bits), vld1q_u32(lane_bit));
}

// Lane lookups as byte lookups (TBL): lane index i becomes the bytes 4i .. 4i + 3.
using VI = uint8x16_t;
NDRESIZE_SIMD_API VI LoadIndices(Df, const std::int32_t* p) noexcept {
  const uint32x4_t i = vreinterpretq_u32_s32(vld1q_s32(p));
  return vreinterpretq_u8_u32(vaddq_u32(vmulq_n_u32(i, 0x04040404u), vdupq_n_u32(0x03020100u)));
}
NDRESIZE_SIMD_API VF TableLookupLanes(VF v, VI idx) noexcept {
  return vreinterpretq_f32_u8(vqtbl1q_u8(vreinterpretq_u8_f32(v), idx));
}
// Indices 4..7 are the bytes 16..31 of the table pair.
NDRESIZE_SIMD_API VF TwoTablesLookupLanes(VF lo, VF hi, VI idx) noexcept {
  const uint8x16x2_t both = {{vreinterpretq_u8_f32(lo), vreinterpretq_u8_f32(hi)}};
  return vreinterpretq_f32_u8(vqtbl2q_u8(both, idx));
}
NDRESIZE_SIMD_API VF GatherOffsets(Df, const float* base, const std::int32_t* offset) noexcept {
  const float lane[4] = {base[offset[0]], base[offset[1]], base[offset[2]], base[offset[3]]};
  return vld1q_f32(lane);
}
/// No gather instruction: GatherOffsets and GatherOffsetPairs are loads, lane by lane
/// (scalar.hpp: HardwareGather).
inline constexpr bool HardwareGather = false;
/// GatherOffsets from rows of 8- and 16-bit integers, widened exactly.
template <class T>
NDRESIZE_SIMD_API VF GatherOffsets(Df, const T* base, const std::int32_t* offset) noexcept requires narrow_integer<T> {
  const std::int32_t lane[4] = {base[offset[0]], base[offset[1]], base[offset[2]], base[offset[3]]};
  return vcvtq_f32_s32(vld1q_s32(lane));
}
// Element At of each lane's piece (lane_types.hpp: pair_in_piece), widened and converted.
template <class T, int At>
NDRESIZE_SIMD_API VF piece_element(uint32x4_t v) noexcept {
  constexpr int shl = piece_shl<T, At>, shr = piece_shr<T>;  // one name each: the intrinsics may be macros
  if constexpr (shl > 0) v = vshlq_n_u32(v, shl);
  if constexpr (std::is_signed_v<T>)
    return vcvtq_f32_s32(vshrq_n_s32(vreinterpretq_s32_u32(v), shr));
  else
    return vcvtq_f32_u32(vshrq_n_u32(v, shr));
}
// Lane i of first gets base[k], of second base[k + S]: per lane one load of the pair where one
// holds it (integer pieces; floats: 64 bits for S = 1, 128 bits for S = 3), then the elements
// regrouped; else two loads.
template <int S, class T>
NDRESIZE_SIMD_API void GatherOffsetPairs(Df d, const T* base, const std::int32_t* o, VF& first,
                                         VF& second) noexcept requires std::is_same_v<T, float> || narrow_integer<T> {
  if constexpr (pair_in_piece<T, S>) {
    using P = pair_piece<T, S>;  // one name: the intrinsics may be macros
    const std::int32_t lane[4] = {P::load(base + o[0]), P::load(base + o[1]), P::load(base + o[2]),
                                  P::load(base + o[3])};
    const uint32x4_t v = vreinterpretq_u32_s32(vld1q_s32(lane));
    first = piece_element<T, 0>(v);
    second = piece_element<T, S>(v);
  } else if constexpr (std::is_same_v<T, float> && S == 1) {
    const float32x4_t p0 = vcombine_f32(vld1_f32(base + o[0]), vld1_f32(base + o[1]));
    const float32x4_t p1 = vcombine_f32(vld1_f32(base + o[2]), vld1_f32(base + o[3]));
    first = vuzp1q_f32(p0, p1);
    second = vuzp2q_f32(p0, p1);
  } else if constexpr (std::is_same_v<T, float> && S == 3) {
    const float32x4_t p0 = vld1q_f32(base + o[0]), p1 = vld1q_f32(base + o[1]);
    const float32x4_t p2 = vld1q_f32(base + o[2]), p3 = vld1q_f32(base + o[3]);
    const float64x2_t lo01 = vreinterpretq_f64_f32(vzip1q_f32(p0, p1)),
                      lo23 = vreinterpretq_f64_f32(vzip1q_f32(p2, p3));
    const float64x2_t hi01 = vreinterpretq_f64_f32(vzip2q_f32(p0, p1)),
                      hi23 = vreinterpretq_f64_f32(vzip2q_f32(p2, p3));
    first = vreinterpretq_f32_f64(vzip1q_f64(lo01, lo23));
    second = vreinterpretq_f32_f64(vzip2q_f64(hi01, hi23));
  } else {
    first = GatherOffsets(d, base, o);
    second = GatherOffsets(d, base + S, o);
  }
}

// Pixels of one-byte elements read a piece at a time (pixel_pairs of packed_window-inl.hpp: a
// 64-bit load holds a pair of 3-element pixels), then spread to 32-bit lanes by byte lookups.
/// A vector's bytes from p (Lanes · 4 of them): byte lookup indices.
NDRESIZE_SIMD_API VI LoadBytes(Df, const std::uint8_t* p) noexcept { return vld1q_u8(p); }
/// 64-bit piece i (i < Lanes / 2) of the result: the 8 bytes at base + offset[i].
template <class T>
NDRESIZE_SIMD_API VI GatherOffsets64(Df, const T* base, const std::int32_t* o) noexcept requires(sizeof(T) == 1) {
  return vcombine_u8(vld1_u8(reinterpret_cast<const std::uint8_t*>(base + o[0])),
                     vld1_u8(reinterpret_cast<const std::uint8_t*>(base + o[1])));
}
/// Byte j of each 128-bit block: that block's byte idx[j], or 0 where idx[j] has its top bit set
/// (TBL gives 0 for any index past 15).
NDRESIZE_SIMD_API VI TableLookupBytesOr0(VI bytes, VI idx) noexcept { return vqtbl1q_u8(bytes, idx); }
/// 32-bit lanes: the integers as floats, and shifted right arithmetically (sign-extending).
NDRESIZE_SIMD_API VF ConvertTo(Df, VI v) noexcept { return vcvtq_f32_s32(vreinterpretq_s32_u8(v)); }
template <int N>
NDRESIZE_SIMD_API VI ShiftRight(VI v) noexcept {
  return vreinterpretq_u8_s32(vshrq_n_s32(vreinterpretq_s32_u8(v), N));
}

NDRESIZE_SIMD_API uint8x8_t load4_bytes(const void* p) noexcept {
  std::uint32_t b;
  std::memcpy(&b, p, 4);
  return vreinterpret_u8_u32(vdup_n_u32(b));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint8_t* p) noexcept {
  return vcvtq_f32_u32(vmovl_u16(vget_low_u16(vmovl_u8(load4_bytes(p)))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int8_t* p) noexcept {
  return vcvtq_f32_s32(vmovl_s16(vget_low_s16(vmovl_s8(vreinterpret_s8_u8(load4_bytes(p))))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint16_t* p) noexcept { return vcvtq_f32_u32(vmovl_u16(vld1_u16(p))); }
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int16_t* p) noexcept { return vcvtq_f32_s32(vmovl_s16(vld1_s16(p))); }

NDRESIZE_SIMD_API VF PromoteTo(Df, const bfloat16_bits* p) noexcept {
  return vreinterpretq_f32_u32(vshll_n_u16(vld1_u16(reinterpret_cast<const std::uint16_t*>(p)), 16));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const float16_bits* p) noexcept {
  return vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(reinterpret_cast<const std::uint16_t*>(p))));
}
template <class T>
inline constexpr bool Promotable =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int16_t> || std::is_same_v<T, bfloat16_bits> || std::is_same_v<T, float16_bits>;

// The store rule (NaN → 0, clamp to [lo, hi], round half to even) as NEON has it natively:
// vcvtnq rounds half to even whatever the rounding mode, makes NaN 0 and saturates to int32, and
// the saturating narrows clamp to the type. Rounding then clamping gives the rule's clamping then
// rounding, as rounding is monotonic and the bounds are integers.
NDRESIZE_SIMD_API void store4_bytes(uint8x8_t b, void* p) noexcept {
  const std::uint32_t bits = vget_lane_u32(vreinterpret_u32_u8(b), 0);
  std::memcpy(p, &bits, 4);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  const uint16x4_t w = vqmovun_s32(vcvtnq_s32_f32(v));
  store4_bytes(vqmovn_u16(vcombine_u16(w, w)), p);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int8_t* p) noexcept {
  const int16x4_t w = vqmovn_s32(vcvtnq_s32_f32(v));
  store4_bytes(vreinterpret_u8_s8(vqmovn_s16(vcombine_s16(w, w))), p);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint16_t* p) noexcept { vst1_u16(p, vqmovun_s32(vcvtnq_s32_f32(v))); }
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int16_t* p) noexcept { vst1_s16(p, vqmovn_s32(vcvtnq_s32_f32(v))); }
template <class T>
inline constexpr bool Demotable = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                  std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

/// The first n (≤ 4) lanes of p, the rest 0, from one 64-bit load, a lane load or both: no read
/// past p + n (as SSE4.1's, without the wait on a buffer just written in pieces).
NDRESIZE_SIMD_API VF LoadN(Df d, const float* p, std::size_t n) noexcept {
  const float32x2_t zero = vdup_n_f32(0.0f);
  switch (n) {
    case 0: return Zero(d);  // n = 0 may come with a null p
    case 1: return vcombine_f32(vld1_lane_f32(p, zero, 0), zero);
    case 2: return vcombine_f32(vld1_f32(p), zero);
    case 3: return vcombine_f32(vld1_f32(p), vld1_lane_f32(p + 2, zero, 0));
    default: return LoadU(d, p);
  }
}
// No masked loads or stores: the other partial loads and the partial stores go through a
// buffer (reads and writes only p[0, n)).
#include "partial_lanes-inl.hpp"

NDRESIZE_SIMD_END_SCALAR
}  // namespace detail::simd::N_NEON
NDRESIZE_END_NAMESPACE
#endif  // NDRESIZE_SIMD_NEON
