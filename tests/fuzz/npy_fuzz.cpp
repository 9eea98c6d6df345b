// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the .npy reader of the examples (npy::parse on arbitrary bytes). Properties: a
// malformed file throws npy::npy_error and nothing else; a parsed array holds exactly the
// data its shape says; serialize → parse gives the same array back (type, shape, bytes or
// strings); and the array runs through the library as a tensor view: Resize-19 nearest at
// scale 1 on every axis is the identity, bit for bit, for every element type.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/onnx/make_plan.hpp>
#include <ndresize/type_erased.hpp>

#include "fuzz_support.hpp"
#include "npy.hpp"

namespace nd = ndresize;

namespace {

/// Nearest at scale 1 reads output j from input j on every axis: Y must equal X.
void identity_resize(const npy::array& a) {
  // Small arrays only (an empty array may still have a huge extent, beyond the plan's limit).
  if (a.shape.size() == 0 || a.size() > (1 << 14)) return;
  for (auto e : a.shape)
    if (e > (1 << 14)) return;
  const std::vector<float> ones(static_cast<std::size_t>(a.shape.size()), 1.0f);
  const auto plan = nd::onnx::make_plan(nd::onnx::op_version::resize_19, {}, a.shape, {{}, ones, {}});
  NDRESIZE_FUZZ_CHECK(plan.output_shape() == a.shape, "scale 1 changed the shape");
  npy::array y = npy::make_array(a.type, plan.output_shape());
  nd::execute(plan, npy::const_view(a), npy::view(y));
  if (a.type == nd::element_type::string)
    NDRESIZE_FUZZ_CHECK(y.strings == a.strings, "identity resize changed strings");
  else
    NDRESIZE_FUZZ_CHECK(y.bytes == a.bytes, "identity resize changed bytes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file(reinterpret_cast<const char*>(data), size);
  npy::array a;
  try {
    a = npy::parse(file);
  } catch (const npy::npy_error&) {
    return 0;
  }
  const std::int64_t n = a.size();
  NDRESIZE_FUZZ_CHECK(n >= 0, "element count");
  if (a.type == nd::element_type::string)
    NDRESIZE_FUZZ_CHECK(a.strings.size() == static_cast<std::size_t>(n) && a.bytes.empty(), "string data size");
  else
    NDRESIZE_FUZZ_CHECK(a.bytes.size() == static_cast<std::size_t>(n) * npy::element_size(a.type) && a.strings.empty(),
                        "numeric data size");
  if (a.type == nd::element_type::bool_)
    for (unsigned char b : a.bytes) NDRESIZE_FUZZ_CHECK(b <= 1, "bool byte other than 0 or 1");

  const npy::array b = npy::parse(npy::serialize(a));  // must not throw: we wrote it
  NDRESIZE_FUZZ_CHECK(b.type == a.type && b.shape == a.shape, "round trip changed type or shape");
  NDRESIZE_FUZZ_CHECK(b.bytes == a.bytes, "round trip changed the data");
  NDRESIZE_FUZZ_CHECK(b.strings == a.strings && b.byte_strings == a.byte_strings, "round trip changed strings");

  identity_resize(a);
  return 0;
}
