// SPDX-License-Identifier: Apache-2.0
// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0), for the examples
// and the tests. Every dtype .npy holds maps to an ONNX element type: bool, (u)int8..64,
// float16/32/64, complex64/128, and strings ('<U' UCS-4 becomes UTF-8 std::string, '|S' bytes
// are kept as they are and written back as '|S'). bfloat16 has no NumPy dtype: it travels as
// its uint16 bit patterns ('<u2'). Data is returned in C order and native (little-endian)
// byte order; big-endian files are swapped, Fortran-ordered files are rejected. Anything
// malformed throws npy_error (never another exception, never a crash), and save() writes a
// temporary file and renames it, so a reader never sees a partial file.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <ndresize/element.hpp>
#include <ndresize/shape.hpp>
#include <ndresize/view.hpp>

namespace npy {

class npy_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct array {
  ndresize::element_type type = ndresize::element_type::undefined;
  ndresize::dims shape;
  std::vector<unsigned char> bytes;  ///< numeric data, native byte order, C order
  std::vector<std::string> strings;  ///< string data (type == string)
  bool byte_strings = false;         ///< strings are '|S' bytes (else '<U' text, UTF-8 in memory)

  std::int64_t size() const { return ndresize::checked_element_count(shape); }
  template <class T>
  const T* data() const {
    return reinterpret_cast<const T*>(bytes.data());
  }
  template <class T>
  T* data() {
    return reinterpret_cast<T*>(bytes.data());
  }
};

inline std::size_t element_size(ndresize::element_type t) {
  using ndresize::element_type;
  switch (t) {
    case element_type::bool_:
    case element_type::int8:
    case element_type::uint8: return 1;
    case element_type::int16:
    case element_type::uint16:
    case element_type::float16:
    case element_type::bfloat16: return 2;
    case element_type::int32:
    case element_type::uint32:
    case element_type::float32: return 4;
    case element_type::int64:
    case element_type::uint64:
    case element_type::float64:
    case element_type::complex64: return 8;
    case element_type::complex128: return 16;
    default: return 0;
  }
}

/// The NumPy name of an element type ("float32", "int64", "bool", "str"), as case files spell
/// dtypes; bfloat16, which NumPy lacks, is "bfloat16".
inline std::string dtype_name(ndresize::element_type t) {
  using ndresize::element_type;
  switch (t) {
    case element_type::bool_: return "bool";
    case element_type::float32: return "float32";
    case element_type::float64: return "float64";
    case element_type::string: return "str";
    default: return ndresize::to_string(t);  // the ONNX names of the others equal NumPy's
  }
}

/// A zero-filled (empty-string-filled) array of `type` and `shape`.
inline array make_array(ndresize::element_type type, const ndresize::dims& shape) {
  array a;
  a.type = type;
  a.shape = shape;
  const std::int64_t n = a.size();
  if (n < 0) throw npy_error("npy: element count of shape " + shape.to_string() + " overflows");
  if (type == ndresize::element_type::string)
    a.strings.resize(static_cast<std::size_t>(n));
  else
    a.bytes.resize(static_cast<std::size_t>(n) * element_size(type));
  return a;
}

/// Type-erased views of an array's elements (row-major), for ndresize::execute.
inline ndresize::any_const_tensor_view const_view(const array& a) {
  const void* p = a.type == ndresize::element_type::string ? static_cast<const void*>(a.strings.data())
                                                           : static_cast<const void*>(a.bytes.data());
  return {a.type, p, a.shape};
}
inline ndresize::any_tensor_view view(array& a) {
  void* p = a.type == ndresize::element_type::string ? static_cast<void*>(a.strings.data())
                                                     : static_cast<void*>(a.bytes.data());
  return {a.type, p, a.shape};
}

namespace detail {

inline void require(bool ok, const std::string& what) {
  if (!ok) throw npy_error("npy: " + what);
}

/// The value text of `key` in the header dict (up to the next top-level comma or brace).
inline std::string dict_value(const std::string& header, const std::string& key) {
  std::size_t k = header.find("'" + key + "'");
  if (k == std::string::npos) k = header.find("\"" + key + "\"");
  require(k != std::string::npos, "header has no '" + key + "'");
  std::size_t p = header.find(':', k);
  require(p != std::string::npos, "header is malformed near '" + key + "'");
  ++p;
  while (p < header.size() && header[p] == ' ') ++p;
  std::size_t e = p;
  if (e < header.size() && header[e] == '(') {
    e = header.find(')', e);
    require(e != std::string::npos, "unterminated shape tuple");
    return header.substr(p, e - p + 1);
  }
  if (e < header.size() && (header[e] == '\'' || header[e] == '"')) {
    const char q = header[e];
    e = header.find(q, e + 1);
    require(e != std::string::npos, "unterminated string in header");
    return header.substr(p + 1, e - p - 1);
  }
  while (e < header.size() && header[e] != ',' && header[e] != '}') ++e;
  std::string v = header.substr(p, e - p);
  while (!v.empty() && v.back() == ' ') v.pop_back();
  return v;
}

struct descr_info {
  ndresize::element_type type;
  bool big_endian;
  std::size_t string_width;  // characters for U/S
  bool unicode;
};

inline descr_info parse_descr(const std::string& d) {
  const std::string bad = "unsupported dtype '" + d + "'";
  require(d.size() >= 3, bad);
  const char order = d[0];
  require(order == '<' || order == '>' || order == '|' || order == '=', bad);
  const char kind = d[1];
  const std::string width = d.substr(2);
  require(!width.empty() && width.size() < 9, bad);
  for (char c : width) require(c >= '0' && c <= '9', bad);
  const int n = std::stoi(width);
  using ndresize::element_type;
  descr_info r{element_type::undefined, order == '>', 0, false};
  switch (kind) {
    case 'b': r.type = n == 1 ? element_type::bool_ : element_type::undefined; break;
    case 'i':
      r.type = n == 1   ? element_type::int8
               : n == 2 ? element_type::int16
               : n == 4 ? element_type::int32
               : n == 8 ? element_type::int64
                        : element_type::undefined;
      break;
    case 'u':
      r.type = n == 1   ? element_type::uint8
               : n == 2 ? element_type::uint16
               : n == 4 ? element_type::uint32
               : n == 8 ? element_type::uint64
                        : element_type::undefined;
      break;
    case 'f':
      r.type = n == 2   ? element_type::float16
               : n == 4 ? element_type::float32
               : n == 8 ? element_type::float64
                        : element_type::undefined;
      break;
    case 'c':
      r.type = n == 8 ? element_type::complex64 : n == 16 ? element_type::complex128 : element_type::undefined;
      break;
    case 'U':
    case 'S':
      // NumPy never stores a zero-width string dtype ('U0' becomes 'U1'); rejecting it also
      // keeps a forged header from asking for 2^60 strings out of no data.
      r.type = n > 0 ? element_type::string : element_type::undefined;
      r.unicode = kind == 'U';
      r.string_width = static_cast<std::size_t>(n);
      break;
    default: break;
  }
  require(r.type != element_type::undefined, bad);
  return r;
}

inline void append_utf8(std::string& s, std::uint32_t c) {
  if (c < 0x80)
    s += static_cast<char>(c);
  else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
}

/// UTF-8 → code points; a byte that does not start a valid sequence stands for itself.
inline std::vector<std::uint32_t> utf8_to_utf32(const std::string& s) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (i + len > s.size()) len = 1;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) len = 1;
    std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

}  // namespace detail

/// Parses .npy bytes. Throws npy_error on anything malformed or unsupported.
inline array parse(const std::string& file) {
  using detail::require;
  require(file.size() >= 6 && file.compare(0, 6, "\x93NUMPY") == 0, "not a .npy file (bad magic)");
  require(file.size() >= 10, "truncated header");
  const int major = static_cast<unsigned char>(file[6]);
  require(major >= 1 && major <= 3, "unsupported .npy version " + std::to_string(major));
  std::size_t header_len, offset;
  if (major == 1) {
    header_len =
        static_cast<unsigned char>(file[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(file[9])) << 8);
    offset = 10;
  } else {
    require(file.size() >= 12, "truncated header");
    header_len = 0;
    for (int i = 3; i >= 0; --i)
      header_len = (header_len << 8) | static_cast<unsigned char>(file[8 + static_cast<std::size_t>(i)]);
    offset = 12;
  }
  require(header_len <= file.size() - offset, "truncated header");
  const std::string header = file.substr(offset, header_len);
  offset += header_len;
  const std::size_t open = header.find_first_not_of(' ');
  require(open != std::string::npos && header[open] == '{' && header.find('}') != std::string::npos,
          "header is not a dict literal");
  const auto info = detail::parse_descr(detail::dict_value(header, "descr"));
  const std::string fortran = detail::dict_value(header, "fortran_order");
  require(fortran == "False" || fortran == "True", "malformed fortran_order '" + fortran + "'");
  require(fortran == "False", "Fortran-ordered arrays are not supported");
  std::string shape_text = detail::dict_value(header, "shape");
  require(shape_text.size() >= 2 && shape_text.front() == '(' && shape_text.back() == ')',
          "malformed shape '" + shape_text + "'");
  array a;
  a.type = info.type;
  a.byte_strings = info.type == ndresize::element_type::string && !info.unicode;
  std::vector<ndresize::index_t> shape;
  std::stringstream ss(shape_text.substr(1, shape_text.size() - 2));
  for (std::string item; std::getline(ss, item, ',');) {
    item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
    if (item.empty()) continue;
    for (char c : item) require(c >= '0' && c <= '9', "malformed shape '" + shape_text + "'");
    require(item.size() < 19, "extent too large in shape '" + shape_text + "'");
    require(shape.size() < static_cast<std::size_t>(ndresize::max_rank),
            "rank above " + std::to_string(ndresize::max_rank));
    shape.push_back(std::stoll(item));
  }
  a.shape = ndresize::dims(std::span<const ndresize::index_t>(shape));
  const std::int64_t n = a.size();
  require(n >= 0, "element count of shape '" + shape_text + "' overflows");
  const std::size_t count = static_cast<std::size_t>(n);
  const std::size_t payload = file.size() - offset;
  if (info.type == ndresize::element_type::string) {
    const std::size_t unit = info.unicode ? 4 : 1;
    const std::size_t w = info.string_width * unit;
    require(count <= payload / w, "data is shorter than the shape says");
    a.strings.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      // NumPy pads with NUL and strips only trailing NULs: a NUL inside a string is data.
      std::size_t len = info.string_width;
      auto code_point = [&](std::size_t c) {
        const std::size_t at = offset + i * w + c * unit;
        if (!info.unicode) return static_cast<std::uint32_t>(static_cast<unsigned char>(file[at]));
        std::uint32_t cp = 0;
        for (std::size_t k = 0; k < 4; ++k)
          cp = (cp << 8) | static_cast<unsigned char>(file[at + (info.big_endian ? k : 3 - k)]);
        return cp;
      };
      while (len > 0 && code_point(len - 1) == 0) --len;
      std::string s;
      for (std::size_t c = 0; c < len; ++c) {
        const std::uint32_t cp = code_point(c);
        if (!info.unicode) {
          s += static_cast<char>(cp);
          continue;
        }
        require(cp <= 0x10FFFF, "string element " + std::to_string(i) + " holds an invalid code point");
        detail::append_utf8(s, cp);
      }
      a.strings[i] = std::move(s);
    }
    return a;
  }
  const std::size_t es = element_size(info.type);
  require(count <= payload / es, "data is shorter than the shape says");
  a.bytes.assign(file.begin() + static_cast<std::ptrdiff_t>(offset),
                 file.begin() + static_cast<std::ptrdiff_t>(offset + count * es));
  if (info.big_endian && es > 1) {
    const bool complex =
        info.type == ndresize::element_type::complex64 || info.type == ndresize::element_type::complex128;
    const std::size_t part = complex ? es / 2 : es;  // real and imaginary parts swap separately
    for (std::size_t i = 0; i < a.bytes.size(); i += part)
      std::reverse(a.bytes.begin() + static_cast<std::ptrdiff_t>(i),
                   a.bytes.begin() + static_cast<std::ptrdiff_t>(i + part));
  }
  if (info.type == ndresize::element_type::bool_)  // a C++ bool must hold 0 or 1; NumPy reads any nonzero byte as True
    for (auto& b : a.bytes) b = b != 0;
  return a;
}

inline array load(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw npy_error("npy: cannot open '" + path + "' (a directory)");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw npy_error("npy: cannot open '" + path + "'");
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) throw npy_error("npy: cannot read '" + path + "'");
  try {
    return parse(ss.str());
  } catch (const npy_error& e) {
    throw npy_error(std::string(e.what()) + " ('" + path + "')");
  }
}

/// The .npy descr of an element type (bfloat16 travels as its uint16 bits).
inline std::string descr_of(ndresize::element_type t, std::size_t string_width = 0, bool byte_strings = false) {
  using ndresize::element_type;
  switch (t) {
    case element_type::bool_: return "|b1";
    case element_type::int8: return "|i1";
    case element_type::uint8: return "|u1";
    case element_type::int16: return "<i2";
    case element_type::uint16:
    case element_type::bfloat16: return "<u2";
    case element_type::float16: return "<f2";
    case element_type::int32: return "<i4";
    case element_type::uint32: return "<u4";
    case element_type::float32: return "<f4";
    case element_type::int64: return "<i8";
    case element_type::uint64: return "<u8";
    case element_type::float64: return "<f8";
    case element_type::complex64: return "<c8";
    case element_type::complex128: return "<c16";
    case element_type::string:
      return (byte_strings ? "|S" : "<U") + std::to_string(std::max<std::size_t>(string_width, 1));
    default: throw npy_error("npy: cannot write element type " + std::string(ndresize::to_string(t)));
  }
}

/// Serializes to .npy version 1.0 bytes (little-endian, C order).
inline std::string serialize(const array& a) {
  using ndresize::element_type;
  const std::int64_t n = a.size();
  if (n < 0) throw npy_error("npy: element count of shape " + a.shape.to_string() + " overflows");
  const std::size_t count = static_cast<std::size_t>(n);
  if (a.type == element_type::string ? a.strings.size() != count : a.bytes.size() != count * element_size(a.type))
    throw npy_error("npy: the data does not match shape " + a.shape.to_string());
  std::size_t width = 0;
  std::vector<std::vector<std::uint32_t>> utf32;
  if (a.type == element_type::string) {
    for (const auto& s : a.strings) {
      if (a.byte_strings) {
        width = std::max(width, s.size());
        continue;
      }
      utf32.push_back(detail::utf8_to_utf32(s));
      width = std::max(width, utf32.back().size());
    }
  }
  width = std::max<std::size_t>(width, 1);
  std::string shape = "(";
  for (int i = 0; i < a.shape.size(); ++i)
    shape += std::to_string(a.shape[i]) + (a.shape.size() == 1 ? "," : i + 1 < a.shape.size() ? ", " : "");
  shape += ")";
  std::string header =
      "{'descr': '" + descr_of(a.type, width, a.byte_strings) + "', 'fortran_order': False, 'shape': " + shape + ", }";
  const std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');  // the data starts on a 64-byte boundary, as NumPy writes it
  header += '\n';
  if (header.size() > 0xFFFF) throw npy_error("npy: header too long for format 1.0");
  std::string out = "\x93NUMPY";
  out += static_cast<char>(1);
  out += static_cast<char>(0);
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  if (a.type == element_type::string && a.byte_strings) {
    for (const auto& s : a.strings) {
      out += s;
      out.append(width - s.size(), '\0');
    }
  } else if (a.type == element_type::string) {
    for (const auto& cps : utf32)
      for (std::size_t c = 0; c < width; ++c) {
        const std::uint32_t cp = c < cps.size() ? cps[c] : 0;
        for (int k = 0; k < 4; ++k) out += static_cast<char>((cp >> (8 * k)) & 0xFF);
      }
  } else {
    out.append(reinterpret_cast<const char*>(a.bytes.data()), a.bytes.size());
  }
  return out;
}

/// Writes `a` to `path`: the bytes go to a temporary file next to it, which is then renamed
/// over `path`. A failure leaves `path` as it was and removes the temporary file.
inline void save(const std::string& path, const array& a) {
  namespace fs = std::filesystem;
  const std::string bytes = serialize(a);
  static std::atomic<unsigned> counter{0};
  const auto stamp = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
  const fs::path target(path);
  const fs::path temp = target.string() + ".partial-" + std::to_string(stamp) + "-" + std::to_string(counter++);
  std::error_code ec;
  {
    std::ofstream f(temp, std::ios::binary | std::ios::trunc);
    if (!f) throw npy_error("npy: cannot create '" + path + "'");
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    f.close();
    if (!f) {
      fs::remove(temp, ec);
      throw npy_error("npy: cannot write '" + path + "'");
    }
  }
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    throw npy_error("npy: cannot write '" + path + "': " + ec.message());
  }
}

}  // namespace npy
