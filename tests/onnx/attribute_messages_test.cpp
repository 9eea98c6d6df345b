// SPDX-License-Identifier: Apache-2.0
// Messages of onnx::parse_attributes quote the attribute names and strings they reject in a
// bounded, printable form: a 10 MB string gives a message of a few hundred bytes, a NUL or
// another control byte is shown escaped (what() is a C string: a raw NUL would end it), and a
// cut never splits a UTF-8 character. The expected texts are written out by hand from that rule
// (the first 64 bytes, "...", the length).
#include <gtest/gtest.h>

#include <string>

#include <ndresize/onnx/attribute_map.hpp>

namespace {

namespace onnx = ndresize::onnx;

std::string message(const onnx::attribute_map& attrs) {
  try {
    (void)onnx::parse_attributes(onnx::op_version::resize_19, attrs);
  } catch (const ndresize::resize_error& e) {
    EXPECT_EQ(e.code(), ndresize::error_code::invalid_attribute);
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

constexpr const char* prefix = "ndresize: invalid_attribute: Resize-19: ";
// What follows an unknown name: Resize-19's attribute names (the operator's documentation).
const std::string resize_19_names =
    " (its attributes: 'antialias', 'axes', 'coordinate_transformation_mode', 'cubic_coeff_a', 'exclude_outside', "
    "'extrapolation_value', 'keep_aspect_ratio_policy', 'mode', 'nearest_mode')";

TEST(AttributeMessages, ShortValuesAreQuotedWhole) {
  EXPECT_EQ(
      message({{"mode", std::string("bogus")}}),
      std::string(prefix) + "attribute 'mode' has unknown value 'bogus' (accepted: 'nearest', 'linear', 'cubic')");
  EXPECT_EQ(message({{"scales", std::vector<float>{2.0f}}}),
            std::string(prefix) + "attribute 'scales' does not exist in this version" + resize_19_names);
}

TEST(AttributeMessages, UnknownStringsListTheAcceptedValues) {
  EXPECT_EQ(message({{"nearest_mode", std::string("round")}}),
            std::string(prefix) +
                "attribute 'nearest_mode' has unknown value 'round' (accepted: 'round_prefer_floor', "
                "'round_prefer_ceil', 'floor', 'ceil')");
  EXPECT_EQ(message({{"coordinate_transformation_mode", std::string("half-pixel")}}),
            std::string(prefix) +
                "attribute 'coordinate_transformation_mode' has unknown value 'half-pixel' (accepted: 'half_pixel', "
                "'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric', "
                "'tf_half_pixel_for_nn', 'tf_crop_and_resize')");
  EXPECT_EQ(message({{"keep_aspect_ratio_policy", std::string("keep")}}),
            std::string(prefix) +
                "attribute 'keep_aspect_ratio_policy' has unknown value 'keep' (accepted: 'stretch', 'not_larger', "
                "'not_smaller')");
}

TEST(AttributeMessages, UnknownNamesSuggestTheClosestOne) {
  // Typos within two edits (or a third of the name's letters) get a suggestion.
  EXPECT_EQ(
      message({{"mdoe", std::string("linear")}}),
      std::string(prefix) + "attribute 'mdoe' does not exist in this version; did you mean 'mode'?" + resize_19_names);
  EXPECT_EQ(message({{"coordinate_transform_mode", std::string("asymmetric")}}),
            std::string(prefix) +
                "attribute 'coordinate_transform_mode' does not exist in this version; did you mean "
                "'coordinate_transformation_mode'?" +
                resize_19_names);
  EXPECT_EQ(message({{"antialiasing", std::int64_t{1}}}),
            std::string(prefix) + "attribute 'antialiasing' does not exist in this version; did you mean 'antialias'?" +
                resize_19_names);
  // Nothing close: the list only.
  EXPECT_EQ(message({{"size", std::int64_t{1}}}),
            std::string(prefix) + "attribute 'size' does not exist in this version" + resize_19_names);
}

TEST(AttributeMessages, ALongValueShowsItsFirst64BytesAndItsLength) {
  const std::string huge(10 << 20, 'a');
  EXPECT_EQ(message({{"mode", huge}}), std::string(prefix) + "attribute 'mode' has unknown value '" +
                                           std::string(64, 'a') +
                                           "...' (10485760 bytes) (accepted: 'nearest', 'linear', 'cubic')");
  EXPECT_EQ(message({{huge, std::int64_t{1}}}), std::string(prefix) + "attribute '" + std::string(64, 'a') +
                                                    "...' (10485760 bytes) does not exist in this version" +
                                                    resize_19_names);
  // 64 bytes exactly is short enough to be shown whole
  EXPECT_EQ(message({{"mode", std::string(64, 'b')}}), std::string(prefix) + "attribute 'mode' has unknown value '" +
                                                           std::string(64, 'b') +
                                                           "' (accepted: 'nearest', 'linear', 'cubic')");
}

TEST(AttributeMessages, ControlBytesAndBackslashesAreEscaped) {
  EXPECT_EQ(message({{"mode", std::string("a\0b\n\x7f\\", 6)}}),
            std::string(prefix) +
                "attribute 'mode' has unknown value 'a\\x00b\\x0a\\x7f\\\\' (accepted: 'nearest', 'linear', 'cubic')");
  EXPECT_EQ(message({{std::string("mo\0de", 5), std::int64_t{0}}}),
            std::string(prefix) + "attribute 'mo\\x00de' does not exist in this version; did you mean 'mode'?" +
                resize_19_names);
}

TEST(AttributeMessages, ACutDoesNotSplitAUtf8Character) {
  // 63 ASCII bytes, then U+00E9 (2 bytes: C3 A9) across the 64-byte mark: the cut goes before it
  const std::string value = std::string(63, 'x') + "\xC3\xA9" + "yyy";
  EXPECT_EQ(message({{"mode", value}}), std::string(prefix) + "attribute 'mode' has unknown value '" +
                                            std::string(63, 'x') +
                                            "...' (68 bytes) (accepted: 'nearest', 'linear', 'cubic')");
  // U+00E9 within the first 64 bytes is kept as it is
  const std::string fits = std::string(62, 'x') + "\xC3\xA9" + "zz";
  EXPECT_EQ(message({{"mode", fits}}), std::string(prefix) + "attribute 'mode' has unknown value '" +
                                           std::string(62, 'x') +
                                           "\xC3\xA9...' (66 bytes) (accepted: 'nearest', 'linear', 'cubic')");
}

}  // namespace
