// SPDX-License-Identifier: Apache-2.0
// The vector vocabulary (include/ndresize/detail/simd/): every op of every backend this machine
// runs gives the scalar backend's bits, lane by lane, on data chosen where targets could differ
// (halfway values, NaN, infinities, out-of-range values, a product whose fused and unfused sums
// differ). The ops are exercised through one kernel text included once per target region, the
// way the kernels use them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Core>
#include "ndresize/detail/simd/vocabulary.hpp"

#include "ndresize/element.hpp"
#include "ndresize/isa.hpp"

namespace {

constexpr std::size_t kN = 96;  // a multiple of every backend's lane count

struct vocab_in {
  alignas(64) float a[kN];
  alignas(64) float b[kN];
  alignas(64) float c[kN];
  std::uint8_t u8[kN];
  std::int8_t i8[kN];
  std::uint16_t u16[kN];
  std::int16_t i16[kN];
  std::uint16_t bf16[kN];
  std::uint16_t f16[kN];
};
struct vocab_out {
  alignas(64) float add[kN];
  alignas(64) float sub[kN];
  alignas(64) float mul[kN];
  alignas(64) float mul_add[kN];
  alignas(64) float select[kN];
  alignas(64) float load[kN];
  alignas(64) float stream[kN];
  alignas(64) float from_u8[kN];
  alignas(64) float from_i8[kN];
  alignas(64) float from_u16[kN];
  alignas(64) float from_i16[kN];
  alignas(64) float from_bf16[kN];
  alignas(64) float from_f16[kN];
  std::uint8_t to_u8[kN];
  std::int8_t to_i8[kN];
  std::uint16_t to_u16[kN];
  std::int16_t to_i16[kN];
};

}  // namespace

namespace vocab_scalar {
namespace hn = ndresize::detail::simd::N_SCALAR;
NDRESIZE_SIMD_BEGIN_SCALAR
#define VOCAB_BYTE_PIECES 0  // ops of the vector backends only (the packed kernels')
#include "simd_vocabulary_ops.inc"
#undef VOCAB_BYTE_PIECES
#define VOCAB_BYTE_PIECES 1
NDRESIZE_SIMD_END_SCALAR
}  // namespace vocab_scalar

#if NDRESIZE_X86
NDRESIZE_SIMD_BEGIN_SSE4
namespace vocab_sse4 {
namespace hn = ndresize::detail::simd::N_SSE4;
#include "simd_vocabulary_ops.inc"
}  // namespace vocab_sse4
NDRESIZE_SIMD_END
NDRESIZE_SIMD_BEGIN_AVX2
namespace vocab_avx2 {
namespace hn = ndresize::detail::simd::N_AVX2;
#include "simd_vocabulary_ops.inc"
}  // namespace vocab_avx2
NDRESIZE_SIMD_END
NDRESIZE_SIMD_BEGIN_AVX512
namespace vocab_avx512 {
namespace hn = ndresize::detail::simd::N_AVX512;
#include "simd_vocabulary_ops.inc"
}  // namespace vocab_avx512
NDRESIZE_SIMD_END
#endif
#if NDRESIZE_SIMD_NEON
namespace vocab_neon {
namespace hn = ndresize::detail::simd::N_NEON;
#include "simd_vocabulary_ops.inc"
}  // namespace vocab_neon
#endif

namespace {

struct backend {
  std::string name;
  std::size_t (*lanes)();
  void (*run_ops)(const vocab_in&, vocab_out&);
  void (*load_n)(const float*, std::size_t, float*);
  void (*store_n)(const float*, std::size_t, float*);
  void (*promote_n)(const std::uint8_t*, const std::uint16_t*, std::size_t, float*, float*);
  void (*demote_n)(const float*, std::size_t, std::uint8_t*, std::int16_t*);
  bool (*has_f16)();
  void (*lookup_and_mask)(const float*, const std::int32_t*, std::uint32_t, float*, float*);
  void (*lookup2_and_gather)(const float*, const float*, const std::int32_t*, const float*, const std::int32_t*, float*,
                             float*, float*, float*);
  void (*gather_integers)(const std::uint8_t*, const std::int8_t*, const std::uint16_t*, const std::int16_t*,
                          const std::int32_t*, float*);
  void (*gather_pairs)(int, const std::uint8_t*, const std::int8_t*, const std::uint16_t*, const std::int16_t*,
                       const float*, const std::int32_t*, float*);
  void (*byte_pieces)(const std::uint8_t*, const std::int32_t*, const std::uint8_t*, float*, float*) = nullptr;
};

std::vector<backend> runnable_backends() {
  std::vector<backend> r;
#if NDRESIZE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("sse4.1"))
    r.push_back({"sse4", &vocab_sse4::lanes, &vocab_sse4::run_ops, &vocab_sse4::load_n, &vocab_sse4::store_n,
                 &vocab_sse4::promote_n, &vocab_sse4::demote_n, &vocab_sse4::has_f16, &vocab_sse4::lookup_and_mask,
                 &vocab_sse4::lookup2_and_gather, &vocab_sse4::gather_integers, &vocab_sse4::gather_pairs,
                 &vocab_sse4::byte_pieces});
  if (__builtin_cpu_supports("avx2"))
    r.push_back({"avx2", &vocab_avx2::lanes, &vocab_avx2::run_ops, &vocab_avx2::load_n, &vocab_avx2::store_n,
                 &vocab_avx2::promote_n, &vocab_avx2::demote_n, &vocab_avx2::has_f16, &vocab_avx2::lookup_and_mask,
                 &vocab_avx2::lookup2_and_gather, &vocab_avx2::gather_integers, &vocab_avx2::gather_pairs,
                 &vocab_avx2::byte_pieces});
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq"))
    r.push_back({"avx512", &vocab_avx512::lanes, &vocab_avx512::run_ops, &vocab_avx512::load_n, &vocab_avx512::store_n,
                 &vocab_avx512::promote_n, &vocab_avx512::demote_n, &vocab_avx512::has_f16,
                 &vocab_avx512::lookup_and_mask, &vocab_avx512::lookup2_and_gather, &vocab_avx512::gather_integers,
                 &vocab_avx512::gather_pairs, &vocab_avx512::byte_pieces});
#endif
#if NDRESIZE_SIMD_NEON
  r.push_back({"neon", &vocab_neon::lanes, &vocab_neon::run_ops, &vocab_neon::load_n, &vocab_neon::store_n,
               &vocab_neon::promote_n, &vocab_neon::demote_n, &vocab_neon::has_f16, &vocab_neon::lookup_and_mask,
               &vocab_neon::lookup2_and_gather, &vocab_neon::gather_integers, &vocab_neon::gather_pairs,
               &vocab_neon::byte_pieces});
#endif
  return r;
}

vocab_in make_inputs() {
  vocab_in in{};
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  // Where the targets could part: halfway values (round half to even), the saturation edges,
  // NaN and infinities (clamped to the lowest value / the bounds), negative zero.
  const float special[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 254.5f, 255.5f, 253.5f, 255.0f, 256.0f, -1.0f, -0.0f, nan,
                           inf, -inf, 1e9f, -1e9f, 32766.5f, 32767.5f, -32768.5f, -32767.5f, -32769.f, 65535.f, 127.5f,
                           // beyond int32 (x86's conversion gives INT32_MIN there), just below 0,
                           // and the other bounds' halfway and out-of-range neighbours
                           3e9f, -3e9f, -0.25f, 65535.5f, 65536.0f, -128.5f, -129.0f, -127.5f};
  std::uint32_t s = 12345u;
  auto next = [&s] { return s = s * 1664525u + 1013904223u; };
  for (std::size_t i = 0; i < kN; ++i) {
    const float r = static_cast<float>(static_cast<int>(next() >> 8) % 70000 - 35000) / 64.0f;
    in.a[i] = i < std::size(special) ? special[i] : r;
    in.b[i] = static_cast<float>(static_cast<int>(next() >> 8) % 2000 - 1000) / 7.0f;
    in.c[i] = static_cast<float>(static_cast<int>(next() >> 8) % 2000 - 1000) / 3.0f;
    in.u8[i] = static_cast<std::uint8_t>(next() >> 24);
    in.i8[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(next() >> 24));
    in.u16[i] = static_cast<std::uint16_t>(next() >> 16);
    in.i16[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(next() >> 16));
    in.bf16[i] = static_cast<std::uint16_t>(next() >> 16);  // every pattern: NaNs, infinities, subnormals
    in.f16[i] = static_cast<std::uint16_t>(next() >> 16);
  }
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: rounded, minus (1 + 2^-22) is 0; fused it is 2^-46.
  for (std::size_t i = 40; i < 48; ++i) {
    in.a[i] = in.b[i] = 1.0f + std::ldexp(1.0f, -23);
    in.c[i] = -(1.0f + std::ldexp(1.0f, -22));
  }
  in.u8[0] = 255, in.i8[0] = -128, in.u16[0] = 65535, in.i16[0] = -32768;
  return in;
}

template <class T>
void expect_same_bits(const T* got, const T* want, const std::string& what) {
  for (std::size_t i = 0; i < kN; ++i) EXPECT_EQ(std::memcmp(got + i, want + i, sizeof(T)), 0) << what << " lane " << i;
}

TEST(SimdVocabulary, ScalarBackendMeetsTheContract) {
  // The reference itself, against values derived by hand.
  const vocab_in in = make_inputs();
  vocab_out out{};
  vocab_scalar::run_ops(in, out);
  const std::uint8_t u8[] = {0, 2, 2, 0, 0, 254, 255, 254, 255, 255, 0, 0, 0, 255, 0, 255, 0};
  for (std::size_t i = 0; i < std::size(u8); ++i) EXPECT_EQ(out.to_u8[i], u8[i]) << "lane " << i;
  // NaN (lane 12) → 0: the library's store rule (detail::saturate_round).
  const std::int16_t i16[] = {0, 2,     2,      0,     -2,     254,   256,   254,    255,    256,    -1,   0,
                              0, 32767, -32768, 32767, -32768, 32766, 32767, -32768, -32768, -32768, 32767};
  for (std::size_t i = 0; i < std::size(i16); ++i) EXPECT_EQ(out.to_i16[i], i16[i]) << "lane " << i;
  const std::int8_t i8[] = {0, 2, 2, 0, -2, 127, 127, 127, 127, 127, -1, 0, 0, 127, -128, 127, -128};
  for (std::size_t i = 0; i < std::size(i8); ++i) EXPECT_EQ(out.to_i8[i], i8[i]) << "lane " << i;
  const std::uint16_t u16[] = {0, 2, 2, 0, 0, 254, 256, 254, 255, 256, 0, 0, 0, 65535, 0, 65535, 0, 32766, 32768};
  for (std::size_t i = 0; i < std::size(u16); ++i) EXPECT_EQ(out.to_u16[i], u16[i]) << "lane " << i;
  for (std::size_t i = 0; i < kN; ++i) {  // bfloat16: the upper half of a binary32
    const std::uint32_t bits = static_cast<std::uint32_t>(in.bf16[i]) << 16;
    EXPECT_EQ(std::memcmp(&out.from_bf16[i], &bits, 4), 0) << "lane " << i;
  }
  EXPECT_EQ(out.mul_add[40], 0.0f);  // two roundings, not one
  EXPECT_EQ(out.from_u8[0], 255.0f);
  EXPECT_EQ(out.from_i8[0], -128.0f);
  EXPECT_EQ(out.from_u16[0], 65535.0f);
  EXPECT_EQ(out.from_i16[0], -32768.0f);
  EXPECT_EQ(out.select[12], 7.0f);  // NaN < b is false: the else
}

TEST(SimdVocabulary, TheArchitecturesVectorBackendsAreBuilt) {
#if defined(__aarch64__)
  EXPECT_EQ(NDRESIZE_SIMD_NEON, 1);
  EXPECT_FALSE(runnable_backends().empty());
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  EXPECT_EQ(NDRESIZE_X86, 1);
#endif
}

TEST(SimdVocabulary, EveryTargetNameCapsAtATargetThisMachineHas) {
  namespace nd = ndresize;
  nd::set_max_isa(nd::isa::generic);
  EXPECT_EQ(nd::active_isa(), nd::isa::generic);
#if NDRESIZE_X86
  nd::set_max_isa(nd::isa::neon);  // another architecture's name: no cap
  const nd::isa best = nd::active_isa();
  EXPECT_NE(best, nd::isa::neon);
  __builtin_cpu_init();
  if (__builtin_cpu_supports("sse4.1")) {
    nd::set_max_isa(nd::isa::sse4);
    EXPECT_EQ(nd::active_isa(), nd::isa::sse4);
  }
  if (__builtin_cpu_supports("avx2")) {
    nd::set_max_isa(nd::isa::avx2);
    EXPECT_EQ(nd::active_isa(), nd::isa::avx2);
  }
  nd::set_max_isa(nd::isa::avx512);
  EXPECT_EQ(nd::active_isa(), best);
#elif NDRESIZE_AARCH64
  for (const nd::isa t : {nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    nd::set_max_isa(t);
    EXPECT_EQ(nd::active_isa(), nd::isa::neon) << nd::isa_name(t);
  }
#endif
  nd::set_max_isa(nd::isa::avx512);
  EXPECT_STREQ(nd::isa_name(nd::isa::sse4), "sse4");
  EXPECT_STREQ(nd::isa_name(nd::isa::neon), "neon");
}

TEST(SimdVocabulary, EveryBackendGivesTheScalarBits) {
  const vocab_in in = make_inputs();
  vocab_out want{};
  vocab_scalar::run_ops(in, want);
  for (const backend& be : runnable_backends()) {
    SCOPED_TRACE(be.name);
    vocab_out got{};
    be.run_ops(in, got);
    expect_same_bits(got.add, want.add, "Add");
    expect_same_bits(got.sub, want.sub, "Sub");
    expect_same_bits(got.mul, want.mul, "Mul");
    expect_same_bits(got.mul_add, want.mul_add, "Mul then Add");
    expect_same_bits(got.select, want.select, "IfThenElse(Lt)");
    expect_same_bits(got.load, want.load, "Load/Store");
    expect_same_bits(got.stream, want.stream, "Stream");
    expect_same_bits(got.from_u8, want.from_u8, "PromoteTo u8");
    expect_same_bits(got.from_i8, want.from_i8, "PromoteTo i8");
    expect_same_bits(got.from_u16, want.from_u16, "PromoteTo u16");
    expect_same_bits(got.from_i16, want.from_i16, "PromoteTo i16");
    expect_same_bits(got.from_bf16, want.from_bf16, "PromoteTo bfloat16");
    expect_same_bits(got.to_u8, want.to_u8, "DemoteTo u8");
    expect_same_bits(got.to_i8, want.to_i8, "DemoteTo i8");
    expect_same_bits(got.to_u16, want.to_u16, "DemoteTo u16");
    expect_same_bits(got.to_i16, want.to_i16, "DemoteTo i16");
    if (be.has_f16()) {  // float16 needs a hardware conversion: against Eigen's, NaN payloads aside
      for (std::size_t i = 0; i < kN; ++i) {
        const float want_f = static_cast<float>(Eigen::half(Eigen::half_impl::raw_uint16_to_half(in.f16[i])));
        if (std::isnan(want_f))
          EXPECT_TRUE(std::isnan(got.from_f16[i])) << "PromoteTo float16 lane " << i;
        else
          EXPECT_EQ(std::memcmp(&got.from_f16[i], &want_f, 4), 0) << "PromoteTo float16 lane " << i;
      }
    }
  }
}

// The runnable backends and the scalar reference itself (for ops checked against their
// definition rather than against the scalar backend).
std::vector<backend> backends_and_scalar() {
  auto r = runnable_backends();
  r.push_back({"scalar", &vocab_scalar::lanes, &vocab_scalar::run_ops, &vocab_scalar::load_n, &vocab_scalar::store_n,
               &vocab_scalar::promote_n, &vocab_scalar::demote_n, &vocab_scalar::has_f16,
               &vocab_scalar::lookup_and_mask, &vocab_scalar::lookup2_and_gather, &vocab_scalar::gather_integers,
               &vocab_scalar::gather_pairs});
  return r;
}

TEST(SimdVocabulary, PartialLoadsAndStoresTouchOnlyTheirLanes) {
  const vocab_in in = make_inputs();
  const auto backends = backends_and_scalar();
  for (const backend& be : backends) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    for (std::size_t n = 0; n <= L; ++n) {
      // The source ends at n: a read past it is outside the allocation (ASan reports it).
      std::vector<float> src(in.b, in.b + n);
      std::vector<float> whole(L, -1.0f);
      be.load_n(src.data(), n, whole.data());
      for (std::size_t j = 0; j < L; ++j) EXPECT_EQ(whole[j], j < n ? in.b[j] : 0.0f) << "LoadN n=" << n;
    }
    for (std::size_t n = 0; n <= L; ++n) {
      std::vector<std::uint8_t> u8(in.u8, in.u8 + n);
      std::vector<std::uint16_t> bf(in.bf16, in.bf16 + n);
      std::vector<float> whole_u8(L, -1.0f), whole_bf(L, -1.0f);
      be.promote_n(u8.data(), bf.data(), n, whole_u8.data(), whole_bf.data());
      for (std::size_t j = 0; j < L; ++j) {
        EXPECT_EQ(whole_u8[j], j < n ? static_cast<float>(in.u8[j]) : 0.0f) << "PromoteN u8 n=" << n;
        const std::uint32_t bits = j < n ? static_cast<std::uint32_t>(in.bf16[j]) << 16 : 0u;
        EXPECT_EQ(std::memcmp(&whole_bf[j], &bits, 4), 0) << "PromoteN bfloat16 n=" << n;
      }
      std::vector<std::uint8_t> du8(L + 1, 77);
      std::vector<std::int16_t> di16(L + 1, 77);
      be.demote_n(in.c, n, du8.data(), di16.data());
      for (std::size_t j = 0; j <= L; ++j) {
        EXPECT_EQ(du8[j], j < n ? ndresize::detail::saturate_round<std::uint8_t>(in.c[j]) : 77) << "DemoteN n=" << n;
        EXPECT_EQ(di16[j], j < n ? ndresize::detail::saturate_round<std::int16_t>(in.c[j]) : 77) << "DemoteN n=" << n;
      }
    }
    for (std::size_t n = 0; n <= L; ++n) {
      std::vector<float> partial(L + 1, -1.0f);
      be.store_n(in.b, n, partial.data());
      for (std::size_t j = 0; j <= L; ++j)
        EXPECT_EQ(partial[j], j < n ? in.b[j] : -1.0f) << "StoreN n=" << n << " cell " << j;
    }
  }
}

TEST(SimdVocabulary, LaneLookupsAndBitMasks) {
  const auto backends = backends_and_scalar();
  std::uint32_t seed = 7u;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  for (const backend& be : backends) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    for (int round = 0; round < 200; ++round) {
      std::vector<float> v(L);
      std::vector<std::int32_t> idx(L);
      for (std::size_t i = 0; i < L; ++i) {
        v[i] = static_cast<float>(i) + 0.25f;
        idx[i] = static_cast<std::int32_t>(next() % L);
      }
      const std::uint32_t bits = next() & ((L >= 32 ? 0u : 1u << L) - 1u);
      std::vector<float> looked(L), selected(L);
      be.lookup_and_mask(v.data(), idx.data(), bits, looked.data(), selected.data());
      for (std::size_t i = 0; i < L; ++i) {
        EXPECT_EQ(looked[i], v[static_cast<std::size_t>(idx[i])]) << "TableLookupLanes lane " << i;
        EXPECT_EQ(selected[i], (bits >> i & 1u) != 0 ? v[i] : 0.0f) << "MaskFromBits lane " << i;
      }
    }
  }
}

// The packed row kernels' sources: a lane of two concatenated windows, a gather from a row, and
// a gather of adjacent pairs.
TEST(SimdVocabulary, TwoTableLookupsAndGathers) {
  const auto backends = backends_and_scalar();
  std::uint32_t seed = 11u;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  std::vector<float> row(1000);
  for (std::size_t i = 0; i < row.size(); ++i) row[i] = static_cast<float>(i) * 0.5f - 7.0f;
  for (const backend& be : backends) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    for (int round = 0; round < 200; ++round) {
      std::vector<float> lo(L), hi(L), looked(L), gathered(L), first(L), second(L);
      std::vector<std::int32_t> idx(L), off(L);
      for (std::size_t i = 0; i < L; ++i) {
        lo[i] = static_cast<float>(i) + 0.25f;
        hi[i] = -static_cast<float>(i) - 100.0f;
        idx[i] = static_cast<std::int32_t>(next() % (2 * L));
        off[i] = static_cast<std::int32_t>(next() % (row.size() - 1));  // a pair from off[i] stays in the row
      }
      be.lookup2_and_gather(lo.data(), hi.data(), idx.data(), row.data(), off.data(), looked.data(), gathered.data(),
                            first.data(), second.data());
      for (std::size_t i = 0; i < L; ++i) {
        const auto k = static_cast<std::size_t>(idx[i]);
        EXPECT_EQ(looked[i], k < L ? lo[k] : hi[k - L]) << "TwoTablesLookupLanes lane " << i << " index " << k;
        EXPECT_EQ(gathered[i], row[static_cast<std::size_t>(off[i])]) << "GatherOffsets lane " << i;
        EXPECT_EQ(first[i], row[static_cast<std::size_t>(off[i])]) << "GatherOffsetPairs first, lane " << i;
        EXPECT_EQ(second[i], row[static_cast<std::size_t>(off[i]) + 1]) << "GatherOffsetPairs second, lane " << i;
      }
    }
  }
}

// Rows of n elements of each 8- and 16-bit integer type: random, but for the type's lowest value
// at element `lowest` and its highest at `highest`, which the caller's first round reads.
struct integer_rows {
  std::vector<std::uint8_t> u8;
  std::vector<std::int8_t> i8;
  std::vector<std::uint16_t> u16;
  std::vector<std::int16_t> i16;

  template <class Next>
  integer_rows(std::size_t n, std::size_t lowest, std::size_t highest, Next& next) : u8(n), i8(n), u16(n), i16(n) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t r = next() >> 8;
      u8[i] = static_cast<std::uint8_t>(r);
      i8[i] = static_cast<std::int8_t>(static_cast<int>(r & 255u) - 128);
      u16[i] = static_cast<std::uint16_t>(r);
      i16[i] = static_cast<std::int16_t>(static_cast<int>(r & 65535u) - 32768);
    }
    set(lowest, std::numeric_limits<std::uint8_t>::min(), std::numeric_limits<std::int8_t>::min(),
        std::numeric_limits<std::uint16_t>::min(), std::numeric_limits<std::int16_t>::min());
    set(highest, std::numeric_limits<std::uint8_t>::max(), std::numeric_limits<std::int8_t>::max(),
        std::numeric_limits<std::uint16_t>::max(), std::numeric_limits<std::int16_t>::max());
  }

 private:
  void set(std::size_t at, std::uint8_t a, std::int8_t b, std::uint16_t c, std::int16_t d) {
    u8[at] = a;
    i8[at] = b;
    u16[at] = c;
    i16[at] = d;
  }
};

// GatherOffsets from integer rows (blend_resample's one pass from 8- and 16-bit sources): every
// lane widened exactly, the extremes of each type included.
TEST(SimdVocabulary, GathersFromIntegerRows) {
  const auto backends = backends_and_scalar();
  std::uint32_t seed = 17u;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  constexpr std::size_t n = 600;
  const integer_rows rows(n, 0, 1, next);  // round 0 reads elements 0 and 1
  // References, not a structured binding: clang before 16 cannot capture bindings in lambdas.
  const auto& u8 = rows.u8;
  const auto& i8 = rows.i8;
  const auto& u16 = rows.u16;
  const auto& i16 = rows.i16;
  for (const backend& be : backends) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    for (int round = 0; round < 200; ++round) {
      std::vector<std::int32_t> off(L);
      for (std::size_t i = 0; i < L; ++i) off[i] = static_cast<std::int32_t>(round == 0 ? i % 2 : next() % n);
      std::vector<float> got(4 * L);
      be.gather_integers(u8.data(), i8.data(), u16.data(), i16.data(), off.data(), got.data());
      for (std::size_t i = 0; i < L; ++i) {
        const auto k = static_cast<std::size_t>(off[i]);
        EXPECT_EQ(got[i], static_cast<float>(u8[k])) << "uint8 lane " << i;
        EXPECT_EQ(got[L + i], static_cast<float>(i8[k])) << "int8 lane " << i;
        EXPECT_EQ(got[2 * L + i], static_cast<float>(u16[k])) << "uint16 lane " << i;
        EXPECT_EQ(got[3 * L + i], static_cast<float>(i16[k])) << "int16 lane " << i;
      }
    }
  }
}

// GatherOffsetPairs<S> (pair_gather blocks: neighbouring pixels of 1 or 3 interleaved channels)
// from every row type: lane i of first is row[k], of second row[k + S]. Each row ends at its
// allocation's end and round 0 reads the pairs that end there, so a load past a pair is a
// fault under the address sanitizer.
TEST(SimdVocabulary, GathersPairsFromEveryRowType) {
  const auto backends = backends_and_scalar();
  std::uint32_t seed = 23u;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  constexpr std::size_t n = 600;
  const integer_rows rows(n, n - 1, n - 4, next);  // in round 0's pairs, for S = 3 and S = 1
  // References, not a structured binding: clang before 16 cannot capture bindings in lambdas.
  const auto& u8 = rows.u8;
  const auto& i8 = rows.i8;
  const auto& u16 = rows.u16;
  const auto& i16 = rows.i16;
  std::vector<float> f32(n);
  for (std::size_t i = 0; i < n; ++i) f32[i] = static_cast<float>(next() >> 8) * 0.25f - 1000.0f;
  const auto value = [&](int type, std::size_t at) {
    switch (type) {
      case 0: return static_cast<float>(u8[at]);
      case 1: return static_cast<float>(i8[at]);
      case 2: return static_cast<float>(u16[at]);
      case 3: return static_cast<float>(i16[at]);
      default: return f32[at];
    }
  };
  for (const backend& be : backends) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    for (const int S : {1, 3}) {
      const auto last = n - 1 - static_cast<std::size_t>(S);  // the last pair's first element
      for (int round = 0; round < 200; ++round) {
        std::vector<std::int32_t> off(L);
        for (std::size_t i = 0; i < L; ++i)
          off[i] = static_cast<std::int32_t>(round == 0 ? (i % 2 == 0 ? last : 0) : next() % (last + 1));
        std::vector<float> got(10 * L);
        be.gather_pairs(S, u8.data(), i8.data(), u16.data(), i16.data(), f32.data(), off.data(), got.data());
        for (int type = 0; type < 5; ++type) {
          const float* g = got.data() + 2 * L * static_cast<std::size_t>(type);
          for (std::size_t i = 0; i < L; ++i) {
            const auto k = static_cast<std::size_t>(off[i]);
            EXPECT_EQ(g[i], value(type, k)) << "S " << S << " type " << type << " first, lane " << i;
            EXPECT_EQ(g[L + i], value(type, k + static_cast<std::size_t>(S)))
                << "S " << S << " type " << type << " second, lane " << i;
          }
        }
      }
    }
  }
}

// The byte pieces of rows of one-byte pixels (resample_pixel_pairs: pairs of 3-element pixels,
// 8 bytes at a time), on the vector backends: GatherOffsets64 puts the 8 bytes at row +
// piece[i] in 64-bit piece i; TableLookupBytesOr0 gives byte j of each 128-bit block that
// block's byte idx[j], or 0 where idx[j] has its top bit set; ConvertTo and ShiftRight<24> (arithmetic) read
// 32-bit lanes. Round 0 reads the row's last 8 bytes, which end at its allocation's end.
TEST(SimdVocabulary, BytePiecesAndByteLookups) {
  std::uint32_t seed = 29u;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  constexpr std::size_t n = 300;
  std::vector<std::uint8_t> row(n);
  for (auto& v : row) v = static_cast<std::uint8_t>(next() >> 24);
  int checked = 0;
  for (const backend& be : runnable_backends()) {
    SCOPED_TRACE(be.name);
    const std::size_t L = be.lanes();
    ASSERT_EQ(L % 4, 0u);
    for (int round = 0; round < 200; ++round) {
      std::vector<std::int32_t> piece(L / 2);
      for (auto& o : piece) o = static_cast<std::int32_t>(round == 0 ? n - 8 : next() % (n - 7));
      std::vector<std::uint8_t> at(4 * L);
      for (auto& b : at) b = static_cast<std::uint8_t>(next() % 4 == 0 ? 0x80 | (next() & 0x7F) : next() % 16);
      std::vector<float> converted(L), shifted(L);
      be.byte_pieces(row.data(), piece.data(), at.data(), converted.data(), shifted.data());
      for (std::size_t i = 0; i < L; ++i) {
        std::uint8_t lane[4];
        for (std::size_t j = 0; j < 4; ++j) {
          const std::size_t block = (4 * i + j) / 16, idx = at[4 * i + j];
          const std::size_t byte = block * 16 + idx % 16;  // of the pieces' bytes
          lane[j] = idx >= 0x80 ? 0 : row[static_cast<std::size_t>(piece[byte / 8]) + byte % 8];
        }
        std::int32_t v;
        std::memcpy(&v, lane, 4);
        EXPECT_EQ(converted[i], static_cast<float>(v)) << "lane " << i;
        EXPECT_EQ(shifted[i], static_cast<float>(v >> 24)) << "lane " << i;
        ++checked;
      }
    }
  }
#if NDRESIZE_X86 || NDRESIZE_SIMD_NEON
  EXPECT_GT(checked, 0);
#endif
}

}  // namespace
