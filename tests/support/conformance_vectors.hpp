// SPDX-License-Identifier: Apache-2.0
// The official ONNX backend vectors for Resize/Upsample, read from the conformance folder
// (NDRESIZE_CONFORMANCE_DIR: the copy in tests/onnx/vectors by default; its README says where
// they come from). One reader for every test that uses them, so that the library's test and
// the reference's test see the same cases.
#pragma once

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "npy.hpp"

namespace conformance {

inline const std::filesystem::path root = std::filesystem::path(NDRESIZE_CONFORMANCE_DIR) / "onnx";

/// The case folder names listed by the index; empty when the folder is absent.
inline std::vector<std::string> case_names() {
  std::vector<std::string> names;
  std::ifstream f(root / "index.json");
  if (!f) return names;
  const auto index = nlohmann::json::parse(f);  // named: a temporary would die before the loop runs
  for (const auto& n : index.at("cases")) names.push_back(n.get<std::string>());
  return names;
}

/// One vector: the node as the model states it, its inputs and the expected output. An input
/// the node does not give stays an empty array (no bytes).
struct vector_case {
  std::string op;
  int opset = 0;
  nlohmann::json attributes;
  npy::array x, roi, scales, sizes, expected;
};

inline vector_case load(const std::string& name) {
  const std::filesystem::path dir = root / name;
  std::ifstream f(dir / "case.json");
  if (!f) throw std::runtime_error("cannot open " + (dir / "case.json").string());
  const auto c = nlohmann::json::parse(f);
  vector_case v{c.at("op").get<std::string>(), c.at("opset").get<int>(), c.at("attributes"), {}, {}, {}, {}, {}};
  for (const auto& in : c.at("inputs")) {
    if (in.at("file").is_null()) continue;
    const auto input = in.at("name").get<std::string>();
    npy::array& slot = input == "X" ? v.x : input == "roi" ? v.roi : input == "scales" ? v.scales : v.sizes;
    slot = npy::load((dir / in.at("file").get<std::string>()).string());
  }
  v.expected = npy::load((dir / c.at("output").at("file").get<std::string>()).string());
  return v;
}

/// Element count of an input (0 when absent).
inline std::size_t count(const npy::array& a) { return a.bytes.empty() ? 0 : static_cast<std::size_t>(a.size()); }

}  // namespace conformance
