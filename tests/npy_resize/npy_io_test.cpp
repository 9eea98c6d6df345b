// SPDX-License-Identifier: Apache-2.0
// examples/common/npy.hpp: every dtype round-trips (numbers bit for bit, strings as text or
// bytes), files written by hand in NumPy's layout (big-endian, versions 2.0/3.0, other key
// orders) read correctly, and every malformed file (truncated, bad magic, bad header,
// Fortran order, a header claiming more data than the file holds, ...) gives npy_error — never
// another exception, never a crash. load() reads regular files only (no device, no FIFO), no
// further than the header says.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <complex>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <typeinfo>

#include "npy.hpp"

namespace {

namespace fs = std::filesystem;
using ndresize::element_type;

/// A .npy file written the way the format document describes it, independently of
/// npy::serialize: magic, version, header length, header text, then `data`.
std::string npy_file(const std::string& dict, const std::string& data, int major = 1) {
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  for (std::size_t i = 0; i < (major == 1 ? 2u : 4u); ++i) out += static_cast<char>((header.size() >> (8 * i)) & 0xFF);
  return out + header + data;
}

std::string dict(const std::string& descr, const std::string& shape, const std::string& fortran = "False") {
  return "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
}

template <class T>
std::string raw(std::initializer_list<T> values) {
  std::string s;
  for (const T& v : values) s.append(reinterpret_cast<const char*>(&v), sizeof(T));
  return s;
}

std::string reversed_each(const std::string& bytes, std::size_t part) {
  std::string s = bytes;
  for (std::size_t i = 0; i < s.size(); i += part)
    std::reverse(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(i + part));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Round trips of every numeric dtype, over ranks 0..4 and empty shapes.

template <class T>
class NumericRoundTrip : public ::testing::Test {};
using numeric_types = ::testing::Types<bool, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                                       std::uint32_t, std::int64_t, std::uint64_t, Eigen::half, Eigen::bfloat16, float,
                                       double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(NumericRoundTrip, numeric_types);

template <class T>
T sample(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, bool>)
    return rng() % 2 == 1;
  else if constexpr (std::is_integral_v<T>)
    return static_cast<T>(rng());  // every bit pattern
  else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    std::normal_distribution<double> d(0.0, 100.0);
    return T(static_cast<typename T::value_type>(d(rng)), static_cast<typename T::value_type>(d(rng)));
  } else {
    std::normal_distribution<double> d(0.0, 100.0);
    return static_cast<T>(static_cast<float>(d(rng)));
  }
}

TYPED_TEST(NumericRoundTrip, SerializeThenParseKeepsTypeShapeAndBits) {
  using T = TypeParam;
  std::mt19937_64 rng(42);
  for (const ndresize::dims& shape : {ndresize::dims{}, ndresize::dims{0}, ndresize::dims{5}, ndresize::dims{2, 3},
                                      ndresize::dims{3, 0, 2}, ndresize::dims{1, 2, 1, 3}}) {
    npy::array a = npy::make_array(ndresize::element_traits<T>::type, shape);
    ASSERT_EQ(a.bytes.size(), static_cast<std::size_t>(a.size()) * sizeof(T));
    for (std::int64_t i = 0; i < a.size(); ++i) a.template data<T>()[i] = sample<T>(rng);
    const npy::array b = npy::parse(npy::serialize(a));
    // bfloat16 has no NumPy dtype: it is written as its uint16 bits and reads back as uint16
    const element_type expected_type = std::is_same_v<T, Eigen::bfloat16> ? element_type::uint16 : a.type;
    EXPECT_EQ(b.type, expected_type) << shape.to_string();
    EXPECT_EQ(b.shape, shape);
    EXPECT_EQ(b.bytes, a.bytes) << shape.to_string();
  }
}

TEST(NpyFormat, SerializeWritesNumPysVersion1Layout) {
  npy::array a = npy::make_array(element_type::int32, {3});
  const std::int32_t v[] = {1, 2, -3};
  std::memcpy(a.bytes.data(), v, sizeof v);
  const std::string header = "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }";
  // 10 + 57 + 1 bytes round up to 128: HEADER_LEN = 118, the data starts at byte 128
  ASSERT_EQ(header.size(), 57u);
  std::string expected =
      std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(118) + '\0' + header + std::string(60, ' ') + "\n";
  expected += raw<std::int32_t>({1, 2, -3});
  EXPECT_EQ(npy::serialize(a), expected);
  a = npy::make_array(element_type::float64, {2, 1});
  EXPECT_NE(npy::serialize(a).find("'descr': '<f8', 'fortran_order': False, 'shape': (2, 1), }"), std::string::npos);
  a = npy::make_array(element_type::bool_, {});
  EXPECT_NE(npy::serialize(a).find("'descr': '|b1', 'fortran_order': False, 'shape': (), }"), std::string::npos);
  EXPECT_EQ(npy::serialize(a).size(), 128u + 1u);
}

TEST(NpyFormat, UnicodeStringsRoundTripAsUtf8) {
  npy::array a = npy::make_array(element_type::string, {2, 3});
  a.strings = {"",
               "a",
               "h\xC3\xA9llo" /* héllo */,
               "\xE6\x97\xA5\xE6\x9C\xAC" /* 日本 */,
               "\xF0\x9F\x99\x82" /* 🙂 */,
               std::string("a\0b", 3)};
  const std::string bytes = npy::serialize(a);
  EXPECT_NE(bytes.find("'descr': '<U5'"), std::string::npos);  // "héllo" is 5 code points
  const npy::array b = npy::parse(bytes);
  EXPECT_EQ(b.type, element_type::string);
  EXPECT_FALSE(b.byte_strings);
  EXPECT_EQ(b.shape, a.shape);
  EXPECT_EQ(b.strings, a.strings);
}

TEST(NpyFormat, ByteStringsRoundTripAsBytes) {
  npy::array a = npy::make_array(element_type::string, {3});
  a.strings = {"abc", std::string("\xFF\x00x", 3), ""};
  a.byte_strings = true;
  const std::string bytes = npy::serialize(a);
  EXPECT_NE(bytes.find("'descr': '|S3'"), std::string::npos);
  const npy::array b = npy::parse(bytes);
  EXPECT_TRUE(b.byte_strings);
  EXPECT_EQ(b.strings, a.strings);
}

TEST(NpyFormat, StringsKeepInnerNulsAndDropNumPysPadding) {
  // '<U4' little-endian: "ab" padded with two NULs, and "a\0c" (a NUL inside is data)
  const std::string data = raw<std::uint32_t>({'a', 'b', 0, 0, 'a', 0, 'c', 0});
  const npy::array a = npy::parse(npy_file(dict("<U4", "(2,)"), data));
  ASSERT_EQ(a.strings.size(), 2u);
  EXPECT_EQ(a.strings[0], "ab");
  EXPECT_EQ(a.strings[1], std::string("a\0c", 3));
  const npy::array s = npy::parse(npy_file(dict("|S3", "(2,)"), std::string("x\0\0yz\0", 6)));
  EXPECT_EQ(s.strings, (std::vector<std::string>{"x", "yz"}));
}

TEST(NpyFormat, FixedWidthStringsKeepTheFileBytesAndWriteWhatTextWrites) {
  // '<U4' big-endian and '|S3' (with NUL padding and an inner NUL), held as their bytes: '<U'
  // code units little-endian, whatever order the file had
  const std::string u = reversed_each(raw<std::uint32_t>({'a', 'b', 0, 0, 'a', 0, 0x1F642, 0}), 4);
  const std::string u_file = npy_file(dict(">U4", "(2,)"), u);
  const npy::array a = npy::parse(u_file, npy::string_form::fixed_width);
  ASSERT_TRUE(a.fixed_width_strings());
  EXPECT_EQ(a.fixed_width, 16u);
  EXPECT_TRUE(a.strings.empty());
  EXPECT_EQ(std::string(a.bytes.begin(), a.bytes.end()), raw<std::uint32_t>({'a', 'b', 0, 0, 'a', 0, 0x1F642, 0}));
  EXPECT_THROW((void)npy::const_view(a), npy::npy_error);  // the library's strings are std::string
  const std::string s_file = npy_file(dict("|S4", "(3,)"), std::string("x\0\0\0yz\0\0a\0c\0", 12));
  const npy::array s = npy::parse(s_file, npy::string_form::fixed_width);
  EXPECT_TRUE(s.byte_strings);
  EXPECT_EQ(s.fixed_width, 4u);
  // written back with the width of the longest element (3 code units, 3 bytes), byte for byte
  // what the std::string form writes
  EXPECT_EQ(npy::serialize(a), npy::serialize(npy::parse(u_file)));
  EXPECT_NE(npy::serialize(a).find("'descr': '<U3'"), std::string::npos);
  EXPECT_EQ(npy::serialize(s), npy::serialize(npy::parse(s_file)));
  EXPECT_NE(npy::serialize(s).find("'descr': '|S3'"), std::string::npos);
  // a code point past U+10FFFF is refused in either form
  const std::string bad = npy_file(dict("<U1", "(2,)"), raw<std::uint32_t>({'a', 0x110000}));
  for (const auto form : {npy::string_form::text, npy::string_form::fixed_width})
    EXPECT_THROW((void)npy::parse(bad, form), npy::npy_error);
  // make_fixed_width_strings: NUL-filled, and written as width 1 (NumPy's smallest)
  const npy::array empty = npy::make_fixed_width_strings({2}, 8, true);
  EXPECT_EQ(empty.bytes, std::vector<unsigned char>(16, 0));
  EXPECT_EQ(npy::serialize(empty), npy::serialize(npy::parse(npy::serialize(empty))));
  EXPECT_NE(npy::serialize(empty).find("'descr': '|S1'"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Files as NumPy writes them on other machines or with other versions.

TEST(NpyFormat, BigEndianNumbersAreSwapped) {
  const auto i4 = npy::parse(npy_file(dict(">i4", "(2,)"), reversed_each(raw<std::int32_t>({1, -2}), 4)));
  EXPECT_EQ(i4.type, element_type::int32);
  EXPECT_EQ(i4.data<std::int32_t>()[0], 1);
  EXPECT_EQ(i4.data<std::int32_t>()[1], -2);
  const auto f8 = npy::parse(npy_file(dict(">f8", "(1,)"), reversed_each(raw<double>({1.5}), 8)));
  EXPECT_EQ(f8.data<double>()[0], 1.5);
  const auto f2 = npy::parse(npy_file(dict(">f2", "(1,)"), std::string("\x3C\x00", 2)));  // 1.0 in binary16
  EXPECT_EQ(static_cast<float>(f2.data<Eigen::half>()[0]), 1.0f);
  const auto u2 = npy::parse(npy_file(dict(">u2", "(1,)"), std::string("\x12\x34", 2)));
  EXPECT_EQ(u2.data<std::uint16_t>()[0], 0x1234);
  // complex: real and imaginary parts are swapped each on its own
  const auto c8 = npy::parse(npy_file(dict(">c8", "(1,)"), reversed_each(raw<float>({1.25f, -2.5f}), 4)));
  EXPECT_EQ(c8.data<std::complex<float>>()[0], std::complex<float>(1.25f, -2.5f));
  const auto c16 = npy::parse(npy_file(dict(">c16", "(1,)"), reversed_each(raw<double>({3.0, 4.0}), 8)));
  EXPECT_EQ(c16.data<std::complex<double>>()[0], std::complex<double>(3.0, 4.0));
  const auto u = npy::parse(npy_file(dict(">U2", "(1,)"), reversed_each(raw<std::uint32_t>({0xE9, 'z'}), 4)));
  EXPECT_EQ(u.strings.at(0), "\xC3\xA9z");                                               // "éz"
  const auto b = npy::parse(npy_file(dict(">b1", "(2,)"), std::string("\x01\x00", 2)));  // one byte: nothing to swap
  EXPECT_EQ(b.bytes, (std::vector<unsigned char>{1, 0}));
}

TEST(NpyFormat, Versions2And3AndOtherKeyOrdersAreRead) {
  for (int major : {2, 3}) {
    const auto a = npy::parse(npy_file(dict("<i8", "(2,)"), raw<std::int64_t>({7, -8}), major));
    EXPECT_EQ(a.type, element_type::int64);
    EXPECT_EQ(a.data<std::int64_t>()[1], -8);
  }
  const auto a =
      npy::parse(npy_file("{\"shape\": (1, 2), \"fortran_order\": False, \"descr\": \"<f4\"}", raw<float>({1, 2})));
  EXPECT_EQ(a.shape, (ndresize::dims{1, 2}));
  EXPECT_EQ(a.data<float>()[1], 2.0f);
  const auto native = npy::parse(npy_file(dict("=u1", "(1,)"), "\x05"));
  EXPECT_EQ(native.bytes.at(0), 5);
}

TEST(NpyFormat, BoolBytesBecomeZeroOrOne) {
  const auto a = npy::parse(npy_file(dict("|b1", "(3,)"), std::string("\x00\x02\xFF", 3)));
  EXPECT_EQ(a.bytes, (std::vector<unsigned char>{0, 1, 1}));
}

TEST(NpyFormat, TrailingBytesAfterTheDataAreIgnored) {
  const auto a = npy::parse(npy_file(dict("<i2", "(1,)"), raw<std::int16_t>({9, 10})));
  EXPECT_EQ(a.bytes.size(), 2u);
  EXPECT_EQ(a.data<std::int16_t>()[0], 9);
}

TEST(NpyFormat, DtypeNamesAreNumPys) {
  EXPECT_EQ(npy::dtype_name(element_type::float32), "float32");
  EXPECT_EQ(npy::dtype_name(element_type::float64), "float64");
  EXPECT_EQ(npy::dtype_name(element_type::bool_), "bool");
  EXPECT_EQ(npy::dtype_name(element_type::uint16), "uint16");
  EXPECT_EQ(npy::dtype_name(element_type::complex128), "complex128");
  EXPECT_EQ(npy::dtype_name(element_type::bfloat16), "bfloat16");
  EXPECT_EQ(npy::dtype_name(element_type::string), "str");
}

TEST(NpyFormat, AnUnknownElementTypeCodeIsNamedByItsNumber) {
  EXPECT_EQ(npy::dtype_name(element_type::undefined), "undefined");  // code 0 has that name in ONNX
  EXPECT_EQ(npy::dtype_name(static_cast<element_type>(77)), "element type 77");
  EXPECT_EQ(npy::dtype_name(static_cast<element_type>(-3)), "element type -3");
  npy::array a;
  a.type = static_cast<element_type>(77);
  try {
    (void)npy::serialize(a);
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_NE(std::string(e.what()).find("element type 77"), std::string::npos) << e.what();
  }
}

TEST(NpyFormat, MessagesShowAShortPartOfLongOrBinaryHeaderValues) {
  // a 10000-character dtype: the message quotes its first 64 characters and gives its length
  const std::string descr = "<f" + std::string(9998, '4');
  try {
    (void)npy::parse(npy_file(dict(descr, "(1,)"), std::string(4, '\0')));
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: unsupported dtype '" + descr.substr(0, 64) + "...' (10000 bytes)");
  }
  // a NUL in the shape: shown as \x00, and the text after it is still there
  try {
    (void)npy::parse(npy_file(dict("<f4", std::string("(1\0x)", 5)), std::string(4, '\0')));
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: malformed shape '(1\\x00x)'");
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed files: each gives npy_error with a message that says what is wrong.

struct malformed_case {
  const char* name;
  std::string file;
  const char* message;  // a part of the expected message
};

std::vector<malformed_case> malformed_cases() {
  const std::string f4x4 = raw<float>({1, 2, 3, 4});
  std::vector<malformed_case> c{
      {"empty", "", "bad magic"},
      {"bad_magic", "\x93NUMPX" + npy_file(dict("<f4", "(4,)"), f4x4).substr(6), "bad magic"},
      {"text_file", "hello, world, this is not an array", "bad magic"},
      {"magic_only", "\x93NUMPY", "truncated header"},
      {"no_header_length", std::string("\x93NUMPY\x01\x00\x10", 9), "truncated header"},
      {"version_4", npy_file(dict("<f4", "(4,)"), f4x4, 4), "unsupported .npy version 4"},
      {"version_0", npy_file(dict("<f4", "(4,)"), f4x4, 0), "unsupported .npy version 0"},
      {"header_longer_than_file", std::string("\x93NUMPY\x01\x00\xFF\x7F{'descr'", 17), "truncated header"},
      {"header_not_a_dict", npy_file("hello", f4x4), "not a dict"},
      {"no_descr", npy_file("{'fortran_order': False, 'shape': (4,), }", f4x4), "no 'descr'"},
      {"no_shape", npy_file("{'descr': '<f4', 'fortran_order': False, }", f4x4), "no 'shape'"},
      {"no_fortran_order", npy_file("{'descr': '<f4', 'shape': (4,), }", f4x4), "no 'fortran_order'"},
      {"fortran_order", npy_file(dict("<f4", "(2, 2)", "True"), f4x4), "Fortran-ordered"},
      {"fortran_order_garbage", npy_file(dict("<f4", "(2, 2)", "Maybe"), f4x4), "malformed fortran_order"},
      {"long_double", npy_file(dict("<f16", "(1,)"), std::string(16, '\0')), "unsupported dtype '<f16'"},
      {"object", npy_file(dict("|O", "(1,)"), std::string(8, '\0')), "unsupported dtype"},
      {"datetime", npy_file(dict("<M8", "(1,)"), std::string(8, '\0')), "unsupported dtype '<M8'"},
      {"int3", npy_file(dict("<i3", "(1,)"), std::string(3, '\0')), "unsupported dtype '<i3'"},
      {"zero_width_string", npy_file(dict("<U0", "(1000000000000,)"), ""), "unsupported dtype '<U0'"},
      {"structured", npy_file("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", f4x4),
       "unsupported dtype"},
      {"unterminated_descr", npy_file("{'descr': '<f4, 'fortran_order': False, 'shape': (1,), }", f4x4),
       "unsupported dtype"},
      {"negative_extent", npy_file(dict("<f4", "(4, -1)"), f4x4), "malformed shape"},
      {"shape_as_list", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': [4], }", f4x4), "malformed shape"},
      {"shape_letters", npy_file(dict("<f4", "(a,)"), f4x4), "malformed shape"},
      {"unterminated_shape", npy_file("{'descr': '<f4', 'fortran_order': False, 'shape': (4, }", f4x4),
       "unterminated shape"},
      {"huge_extent", npy_file(dict("<f4", "(99999999999999999999,)"), f4x4), "extent too large"},
      {"rank_17", npy_file(dict("<f4", "(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)"), f4x4), "rank above 16"},
      {"count_overflow", npy_file(dict("<f4", "(4294967296, 4294967296, 4)"), f4x4), "overflows"},
      {"short_data", npy_file(dict("<f4", "(5,)"), f4x4), "shorter than the shape"},
      {"short_huge_data", npy_file(dict("<c16", "(100000000000, 100000)"), f4x4), "shorter than the shape"},
      {"short_strings", npy_file(dict("<U4", "(2,)"), std::string(20, '\0')), "shorter than the shape"},
      {"short_byte_strings", npy_file(dict("|S10000000", "(2,)"), "ab"), "shorter than the shape"},
      {"bad_code_point", npy_file(dict("<U1", "(1,)"), raw<std::uint32_t>({0x110000})), "invalid code point"},
  };
  return c;
}

class Malformed : public ::testing::TestWithParam<malformed_case> {};

TEST_P(Malformed, GivesNpyError) {
  const auto& c = GetParam();
  try {
    (void)npy::parse(c.file);
    FAIL() << "no error for " << c.name;
  } catch (const npy::npy_error& e) {
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("npy: ", 0), 0u) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(NpyFormat, Malformed, ::testing::ValuesIn(malformed_cases()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

/// A header claims no more than the file holds: forged shapes and header lengths are refused
/// from the header alone, with the sizes in the message, before any allocation.
TEST(NpyFormat, AHeaderClaimingMoreThanTheFileIsRefused) {
  const std::string four = raw<float>({1, 2, 3, 4});
  try {
    (void)npy::parse(npy_file(dict("<f4", "(1099511627776, 1048576)"), four));
    FAIL();
  } catch (const npy::npy_error& e) {
    // 2^40 * 2^20 elements of 4 bytes: 2^62 bytes
    EXPECT_EQ(std::string(e.what()),
              "npy: data is shorter than the shape says: shape '(1099511627776, 1048576)' of 4-byte elements needs "
              "4611686018427387904 bytes, the file has 16 bytes after its header");
  }
  try {
    (void)npy::parse(npy_file(dict("<c16", "(1073741824, 1073741824)"), four));  // 2^60 elements of 16 bytes
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_NE(std::string(e.what()).find("needs 2^64 or more bytes"), std::string::npos) << e.what();
  }
  // version 2.0: a 4-byte header length of 4 GiB in a 20-byte file
  EXPECT_THROW((void)npy::parse(std::string("\x93NUMPY\x02\x00\xF0\xFF\xFF\xFF{'descr'", 20)), npy::npy_error);
}

/// Every file of each dtype, cut at every length: each prefix lacks data or header bytes, so
/// each must be an npy_error.
TEST(NpyFormat, EveryTruncationIsAnError) {
  std::vector<npy::array> arrays;
  for (element_type t : {element_type::uint8, element_type::float32, element_type::complex128, element_type::bool_})
    arrays.push_back(npy::make_array(t, {2, 3}));
  arrays.push_back(npy::make_array(element_type::string, {2}));
  arrays.back().strings = {"ab", "\xC3\xA9"};
  arrays.push_back(arrays.back());
  arrays.back().byte_strings = true;
  for (const auto& a : arrays) {
    const std::string full = npy::serialize(a);
    ASSERT_NO_THROW((void)npy::parse(full));
    for (std::size_t n = 0; n < full.size(); ++n)
      EXPECT_THROW((void)npy::parse(full.substr(0, n)), npy::npy_error) << npy::dtype_name(a.type) << " cut at " << n;
  }
}

/// Random damage anywhere in small files: parse must succeed or throw npy_error.
TEST(NpyFormat, RandomCorruptionNeverEscapesAsAnotherError) {
  std::mt19937_64 rng(7);
  npy::array strings = npy::make_array(element_type::string, {3});
  strings.strings = {"x", "yz", ""};
  const std::vector<std::string> files{npy::serialize(npy::make_array(element_type::float32, {2, 2})),
                                       npy::serialize(npy::make_array(element_type::int64, {3})),
                                       npy::serialize(strings), npy_file(dict(">c8", "(1,)"), std::string(8, '\0'), 2)};
  const std::string alphabet = "(),:' {}<>|-0123456789fiucbUSTrueFalsdhp\x00\xFF\n";
  int errors = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string f = files[rng() % files.size()];
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % std::min<std::size_t>(f.size(), 80);  // mostly the header
      switch (rng() % 3) {
        case 0: f[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: f.erase(at, 1); break;
        default: f.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
      }
    }
    try {
      (void)npy::parse(f);
    } catch (const npy::npy_error&) {
      ++errors;
    } catch (const std::exception& e) {
      FAIL() << "round " << round << ": " << typeid(e).name() << ": " << e.what();
    }
  }
  EXPECT_GT(errors, 1000);  // the damage was real
}

// ---------------------------------------------------------------------------------------------
// Files on disk.

class NpyFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("npy_io_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
  std::vector<std::string> names() const {
    std::vector<std::string> n;
    for (const auto& e : fs::directory_iterator(dir)) n.push_back(e.path().filename().string());
    std::sort(n.begin(), n.end());
    return n;
  }
  fs::path dir;
};

TEST_F(NpyFiles, SaveThenLoadAndReplace) {
  npy::array a = npy::make_array(element_type::float32, {2});
  a.data<float>()[0] = 1.5f;
  const std::string path = (dir / "a.npy").string();
  npy::save(path, a);
  EXPECT_EQ(npy::load(path).bytes, a.bytes);
  a.data<float>()[1] = -4.0f;
  npy::save(path, a);  // replaces the file
  EXPECT_EQ(npy::load(path).bytes, a.bytes);
  EXPECT_EQ(names(), std::vector<std::string>{"a.npy"});  // no temporary file left behind
}

TEST_F(NpyFiles, FailedSaveLeavesNothing) {
  const npy::array a = npy::make_array(element_type::int8, {3});
  EXPECT_THROW(npy::save((dir / "missing" / "a.npy").string(), a), npy::npy_error);
  fs::create_directory(dir / "taken.npy");  // a directory cannot be replaced by a file
  EXPECT_THROW(npy::save((dir / "taken.npy").string(), a), npy::npy_error);
  EXPECT_EQ(names(), std::vector<std::string>{"taken.npy"});
  npy::array wrong = a;
  wrong.bytes.pop_back();  // data that does not match the shape is refused before writing
  EXPECT_THROW(npy::save((dir / "w.npy").string(), wrong), npy::npy_error);
  EXPECT_EQ(names(), std::vector<std::string>{"taken.npy"});
}

TEST_F(NpyFiles, LoadErrorsNameTheFile) {
  for (const fs::path& p : {dir / "absent.npy", dir}) {
    try {
      (void)npy::load(p.string());
      FAIL();
    } catch (const npy::npy_error& e) {
      EXPECT_NE(std::string(e.what()).find(p.string()), std::string::npos) << e.what();
    }
  }
  std::ofstream(dir / "bad.npy") << "garbage";
  try {
    (void)npy::load((dir / "bad.npy").string());
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad magic"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("bad.npy"), std::string::npos);
  }
}

TEST(NpyViews, ViewsSeeTheArraysElements) {
  npy::array a = npy::make_array(element_type::string, {2, 1});
  a.strings = {"p", "q"};
  const auto v = npy::const_view(a);
  EXPECT_EQ(v.type, element_type::string);
  EXPECT_EQ(v.extents, a.shape);
  EXPECT_EQ(static_cast<const std::string*>(v.data)[1], "q");
  npy::array n = npy::make_array(element_type::int16, {3});
  static_cast<std::int16_t*>(npy::view(n).data)[2] = 11;
  EXPECT_EQ(n.data<std::int16_t>()[2], 11);
}

// ---------------------------------------------------------------------------------------------
// load(): regular files only, and no more than their header describes.

/// The file of every malformed case, read by load(): the same message as parse() gives, with
/// the file's name.
TEST_F(NpyFiles, LoadGivesParsesErrorsForEveryMalformedFile) {
  for (const auto& c : malformed_cases()) {
    const fs::path p = dir / (std::string(c.name) + ".npy");
    std::ofstream(p, std::ios::binary) << c.file;
    std::string parse_message;
    try {
      (void)npy::parse(c.file);
    } catch (const npy::npy_error& e) {
      parse_message = e.what();
    }
    try {
      (void)npy::load(p.string());
      ADD_FAILURE() << "no error for " << c.name;
    } catch (const npy::npy_error& e) {
      EXPECT_EQ(std::string(e.what()), parse_message + " ('" + p.string() + "')") << c.name;
    }
  }
}

TEST_F(NpyFiles, LoadReadsEveryTruncationAsAnError) {
  npy::array a = npy::make_array(element_type::float32, {2, 3});
  const std::string full = npy::serialize(a);
  const fs::path p = dir / "cut.npy";
  for (std::size_t n = 0; n < full.size(); ++n) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << full.substr(0, n);
    EXPECT_THROW((void)npy::load(p.string()), npy::npy_error) << "cut at " << n;
  }
  std::ofstream(p, std::ios::binary | std::ios::trunc) << full;
  EXPECT_EQ(npy::load(p.string()).bytes, a.bytes);
}

TEST_F(NpyFiles, LoadSaysHowShortATruncatedFileIs) {
  const fs::path p = dir / "short.npy";
  // (1, 1, 2, 2) float32 needs 16 data bytes; 13 are there
  std::ofstream(p, std::ios::binary) << npy_file(dict("<f4", "(1, 1, 2, 2)"), std::string(13, '\1'));
  try {
    (void)npy::load(p.string());
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "npy: data is shorter than the shape says: shape '(1, 1, 2, 2)' of 4-byte elements needs 16 bytes, the "
              "file has 13 bytes after its header ('" +
                  p.string() + "')");
  }
}

TEST_F(NpyFiles, LoadIgnoresBytesAfterTheData) {
  const fs::path p = dir / "trailing.npy";
  std::ofstream(p, std::ios::binary) << npy_file(dict("<i2", "(2,)"),
                                                 raw<std::int16_t>({-5, 6}) + std::string(1 << 20, 'x'));
  const npy::array a = npy::load(p.string());
  ASSERT_EQ(a.bytes.size(), 4u);
  EXPECT_EQ(a.data<std::int16_t>()[0], -5);
  EXPECT_EQ(a.data<std::int16_t>()[1], 6);
}

TEST_F(NpyFiles, LoadRefusesADeviceWithoutReadingIt) {
  const auto start = std::chrono::steady_clock::now();
  try {
    (void)npy::load("/dev/zero");  // endless zeros: reading it whole would never end
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: cannot read '/dev/zero': a character device, not a regular file");
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST_F(NpyFiles, LoadRefusesAFifoWithoutWaitingForAWriter) {
  const fs::path p = dir / "fifo.npy";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0) << std::strerror(errno);
  // Should load() wait for a writer, this thread becomes one after 5 s (and closes at once, so
  // the wait ends): the test then fails on the time instead of hanging.
  std::atomic<bool> done{false};
  std::thread unblock([&] {
    for (int i = 0; i < 500 && !done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (done) return;
    const int fd = ::open(p.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) ::close(fd);
  });
  const auto start = std::chrono::steady_clock::now();
  try {
    (void)npy::load(p.string());
    ADD_FAILURE();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: cannot read '" + p.string() + "': a FIFO, not a regular file");
  }
  done = true;
  unblock.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(4));
}

TEST_F(NpyFiles, LoadQuotesAPathWholeUpToPathMax) {
  const std::string p = (dir / "a.npy").string();
  try {
    (void)npy::load(p);
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: cannot open '" + p + "': " + std::strerror(ENOENT));
  }
  // beyond PATH_MAX (4096 bytes) no file can be opened: its first 4096 bytes are shown
  const std::string huge = (dir / std::string(10000, 'p')).string();
  try {
    (void)npy::load(huge);
    FAIL();
  } catch (const npy::npy_error& e) {
    EXPECT_EQ(std::string(e.what()), "npy: cannot open '" + huge.substr(0, 4096) + "...' (" +
                                         std::to_string(huge.size()) + " bytes): " + std::strerror(ENAMETOOLONG));
  }
}

}  // namespace
