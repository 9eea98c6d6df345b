// SPDX-License-Identifier: Apache-2.0
// The nearest gather along a contiguous row of 32-bit elements through the plan's packed index
// (packed_taps.hpp: a window base and 16 offsets per block of 16 outputs): per block one window
// load and one lane lookup. Bits are moved, never converted (float loads, lookups and stores
// change no bit pattern). Written once against the vector vocabulary; nearest_gather.hpp
// includes this text inside detail::N_<TARGET> where `hn` names a backend of 16 lanes (the
// index's block) and inside its target region: deliberately no include guard.

/// d[j] = s[index[j]] for the `out` outputs of a row of `in` elements.
inline void gather_row(std::uint32_t* d, const std::uint32_t* s, index_t in, index_t out,
                       const packed_index& p) noexcept {
  const hn::Df df;
  constexpr auto lanes = static_cast<index_t>(hn::Lanes(hn::Df{}));
  static_assert(lanes == 16, "the packed index has 16 outputs per block");
  const auto* from = reinterpret_cast<const float*>(s);
  auto* to = reinterpret_cast<float*>(d);
  const index_t blocks = (out + lanes - 1) / lanes;
  for (index_t b = 0; b < blocks; ++b) {
    const index_t base = p.base[static_cast<std::size_t>(b)];
    const index_t avail = in - base;
    const hn::VF window =
        avail >= lanes ? hn::LoadU(df, from + base) : hn::LoadN(df, from + base, static_cast<std::size_t>(avail));
    const hn::VF v = hn::TableLookupLanes(window, hn::LoadIndices(df, p.offset.data() + b * lanes));
    const index_t left = out - b * lanes;
    if (left >= lanes)
      hn::StoreU(v, df, to + b * lanes);
    else
      hn::StoreN(v, df, to + b * lanes, static_cast<std::size_t>(left));
  }
}
