// SPDX-License-Identifier: Apache-2.0
// From per-axis geometry and one sampling rule to the tables of a plan, for any filter: the
// cost bound checked before building (table_budget.hpp) and the building itself. An axis not
// listed gets the identity; when the plan produces nothing, the listed axes get unbuilt tables.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "../config.hpp"
#include "../detail/kernels/packed_taps.hpp"
#include "table_budget.hpp"
#include "table_builders.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// The most bytes one packed copy of a resized axis's taps can take (packed_taps.hpp), over
/// every resized axis (the kernels pack the innermost one, whichever it is in memory order),
/// every lane count and every layout: the copy packs out × pixel outputs, and pixel, the
/// elements interleaved per position, is at most the product of the other axes' extents.
inline double packed_bytes_bound(const std::vector<axis_geometry>& geometry, const std::vector<bool>& listed,
                                 const sampling& s) {
  double most = 0.0;
  for (std::size_t d = 0; d < geometry.size(); ++d) {
    if (!listed[d]) continue;
    double pixel = 1.0;
    for (std::size_t e = 0; e < geometry.size(); ++e)
      if (e != d) pixel *= static_cast<double>(std::max(geometry[e].in, geometry[e].out));
    const double sigma = s.antialias ? std::min(geometry[d].scale, 1.0) : 1.0;
    const double slots = table_budget::taps_per_output(s.filter.reach(sigma));
    const double n = static_cast<double>(geometry[d].out) * pixel;
    for (const double lanes : {8.0, 16.0})
      most = std::max(most, packed_taps::bytes_for(std::ceil(n / lanes), slots, lanes));
  }
  return most;
}

/// The budget of the tables build_tables makes.
inline table_budget tables_budget(const std::vector<axis_geometry>& geometry, const std::vector<bool>& listed,
                                  bool produces, const sampling& s) {
  table_budget budget;
  if (!produces) return budget;
  const bool weighted = !s.filter.is_nearest();
  for (std::size_t d = 0; d < geometry.size(); ++d) {
    if (!listed[d]) continue;
    const auto& g = geometry[d];
    if (!weighted) {
      budget.add_nearest(g.out);
      continue;
    }
    const double sigma = s.antialias ? std::min(g.scale, 1.0) : 1.0;
    budget.add_weighted(g.out, table_budget::taps_per_output(s.filter.reach(sigma)));
  }
  if (weighted) budget.add_packed(packed_bytes_bound(geometry, listed, s));
  return budget;
}

/// What a plan builder reports when the tables, within the limits, cannot be allocated.
inline constexpr const char* tables_out_of_memory = "building the plan's tables (within the limits) ran out of memory";

/// One table per axis (may throw std::bad_alloc; without exceptions, allocation failure ends
/// the program as in the standard library).
inline std::vector<axis_table> build_tables(const std::vector<axis_geometry>& geometry, const std::vector<bool>& listed,
                                            bool produces, const sampling& s) {
  const bool weighted = !s.filter.is_nearest();
  std::vector<axis_table> tables;
  tables.reserve(geometry.size());
  for (std::size_t d = 0; d < geometry.size(); ++d) {
    const auto& g = geometry[d];
    if (!listed[d])
      tables.push_back(identity_table(g.in));
    else if (!produces)
      tables.push_back(unbuilt_table(g.in, g.out));
    else
      tables.push_back(weighted ? build_weighted_table(g, s) : build_nearest_table(g, s));
  }
  return tables;
}

NDRESIZE_END_NAMESPACE
