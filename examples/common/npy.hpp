// SPDX-License-Identifier: Apache-2.0
// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0), for the examples
// and the tests. Every dtype .npy holds maps to an ONNX element type: bool, (u)int8..64,
// float16/32/64, complex64/128, and strings ('<U' UCS-4 becomes UTF-8 std::string, '|S' bytes
// are kept as they are and written back as '|S'). Strings can also be loaded in their fixed-width
// form (string_form::fixed_width): the file's bytes, one element every `fixed_width` bytes, with
// no std::string per element. bfloat16 has no NumPy dtype: it travels as
// its uint16 bit patterns ('<u2'). Data is returned in C order and native (little-endian)
// byte order; big-endian files are swapped, Fortran-ordered files are rejected. Anything
// malformed throws npy_error (never another exception, never a crash), and save() writes a
// temporary file and renames it, so a reader never sees a partial file. load() reads regular
// files only, and no more than their header describes (see load).
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <ndresize/detail/quoted_value.hpp>  // bounded, escaped values in messages
#include <ndresize/element.hpp>
#include <ndresize/shape.hpp>
#include <ndresize/view.hpp>

namespace npy {

class npy_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// How load() and parse() hold strings: one std::string per element (UTF-8 for '<U'), or in
/// their fixed-width form (array::fixed_width).
enum class string_form { text, fixed_width };

struct array {
  ndresize::element_type type = ndresize::element_type::undefined;
  ndresize::dims shape;
  std::vector<unsigned char> bytes;  ///< numeric data, native byte order, C order
  std::vector<std::string> strings;  ///< string data (type == string, fixed_width == 0)
  bool byte_strings = false;         ///< strings are '|S' bytes (else '<U' text, UTF-8 in memory)
  /// Fixed-width strings (type == string, fixed_width > 0): `bytes` holds each element in
  /// `fixed_width` bytes as a .npy does, NUL-padded: '|S' bytes, or '<U' UCS-4 code units in
  /// native (little-endian) order; `strings` is empty. 1 byte per '|S' character instead of a
  /// 32-byte std::string (and its heap block) per element.
  std::size_t fixed_width = 0;

  bool fixed_width_strings() const { return type == ndresize::element_type::string && fixed_width > 0; }
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
/// dtypes; bfloat16, which NumPy lacks, is "bfloat16". A code that names no element type is
/// shown as its number ("element type 77"), not as "undefined", which is the name of code 0.
inline std::string dtype_name(ndresize::element_type t) {
  using ndresize::element_type;
  switch (t) {
    case element_type::bool_: return "bool";
    case element_type::float32: return "float32";
    case element_type::float64: return "float64";
    case element_type::string: return "str";
    default: break;
  }
  const std::string name = ndresize::to_string(t);  // the ONNX names of the others equal NumPy's
  if (name == "undefined" && t != element_type::undefined)
    return "element type " + std::to_string(static_cast<long long>(t));
  return name;
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

/// A NUL-filled array of fixed-width strings (see array::fixed_width) of `shape`, `width`
/// bytes each ('|S' characters, or 4 bytes per '<U' character).
inline array make_fixed_width_strings(const ndresize::dims& shape, std::size_t width, bool byte_strings) {
  array a;
  a.type = ndresize::element_type::string;
  a.shape = shape;
  a.byte_strings = byte_strings;
  a.fixed_width = width;
  const std::int64_t n = a.size();
  if (n < 0) throw npy_error("npy: element count of shape " + shape.to_string() + " overflows");
  if (width == 0 || static_cast<std::size_t>(n) > std::numeric_limits<std::size_t>::max() / width)
    throw npy_error("npy: " + std::to_string(width) + "-byte strings of shape " + shape.to_string() +
                    " do not fit in memory");
  a.bytes.resize(static_cast<std::size_t>(n) * width);
  return a;
}

/// Type-erased views of an array's elements (row-major), for ndresize::execute. Fixed-width
/// strings have none (the library's string element is std::string).
inline ndresize::any_const_tensor_view const_view(const array& a) {
  if (a.fixed_width_strings()) throw npy_error("npy: fixed-width strings have no std::string view");
  const void* p = a.type == ndresize::element_type::string ? static_cast<const void*>(a.strings.data())
                                                           : static_cast<const void*>(a.bytes.data());
  return {a.type, p, a.shape};
}
inline ndresize::any_tensor_view view(array& a) {
  if (a.fixed_width_strings()) throw npy_error("npy: fixed-width strings have no std::string view");
  void* p = a.type == ndresize::element_type::string ? static_cast<void*>(a.strings.data())
                                                     : static_cast<void*>(a.bytes.data());
  return {a.type, p, a.shape};
}

/// A file's path, quoted for a message: whole up to PATH_MAX (4096 bytes on Linux, so any path
/// that can be opened is shown whole), cut beyond (a case file can hold a 10 MB "path").
inline std::string quoted_path(std::string_view path) { return ndresize::detail::quoted_value(path, 4096); }

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
  const std::string bad = "unsupported dtype " + ndresize::detail::quoted_value(d);
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

namespace detail {

/// Where the header dict lies: it starts at `offset` (10 or 12: the version's preamble) and is
/// `length` bytes long; the data follows it.
struct header_span {
  std::size_t offset, length;
};

/// The preamble (magic, version, header length) from the first bytes of a file; `head` holds
/// at most 12 bytes of it.
inline header_span read_preamble(std::string_view head) {
  require(head.size() >= 6 && head.compare(0, 6, "\x93NUMPY") == 0, "not a .npy file (bad magic)");
  require(head.size() >= 10, "truncated header");
  const int major = static_cast<unsigned char>(head[6]);
  require(major >= 1 && major <= 3, "unsupported .npy version " + std::to_string(major));
  if (major == 1)
    return {10,
            static_cast<unsigned char>(head[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(head[9])) << 8)};
  require(head.size() >= 12, "truncated header");
  std::size_t length = 0;
  for (int i = 3; i >= 0; --i)
    length = (length << 8) | static_cast<unsigned char>(head[8 + static_cast<std::size_t>(i)]);
  return {12, length};
}

/// What the header dict says: the dtype and shape, and so exactly how many data bytes follow.
struct layout {
  descr_info info;
  ndresize::dims shape;
  std::size_t count = 0;       ///< elements
  std::size_t data_bytes = 0;  ///< count times the element (or string) width
};

/// Parses the header dict. The data it describes must fit in the `available` bytes the file
/// has after the header: a header claims nothing beyond the file's real size, so no forged
/// shape makes the reader allocate (or wait for) more than the file holds.
inline layout read_header(const std::string& header, std::size_t available) {
  const std::size_t open = header.find_first_not_of(' ');
  require(open != std::string::npos && header[open] == '{' && header.find('}') != std::string::npos,
          "header is not a dict literal");
  layout l;
  l.info = parse_descr(dict_value(header, "descr"));
  const std::string fortran = dict_value(header, "fortran_order");
  require(fortran == "False" || fortran == "True",
          "malformed fortran_order " + ndresize::detail::quoted_value(fortran));
  require(fortran == "False", "Fortran-ordered arrays are not supported");
  const std::string shape_text = dict_value(header, "shape");
  const std::string shape_quoted = ndresize::detail::quoted_value(shape_text);
  require(shape_text.size() >= 2 && shape_text.front() == '(' && shape_text.back() == ')',
          "malformed shape " + shape_quoted);
  std::vector<ndresize::index_t> shape;
  std::stringstream ss(shape_text.substr(1, shape_text.size() - 2));
  for (std::string item; std::getline(ss, item, ',');) {
    item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
    if (item.empty()) continue;
    for (char c : item) require(c >= '0' && c <= '9', "malformed shape " + shape_quoted);
    require(item.size() < 19, "extent too large in shape " + shape_quoted);
    require(shape.size() < static_cast<std::size_t>(ndresize::max_rank),
            "rank above " + std::to_string(ndresize::max_rank));
    shape.push_back(std::stoll(item));
  }
  l.shape = ndresize::dims(std::span<const ndresize::index_t>(shape));
  const std::int64_t n = ndresize::checked_element_count(l.shape);
  require(n >= 0, "element count of shape " + shape_quoted + " overflows");
  l.count = static_cast<std::size_t>(n);
  const std::size_t width = l.info.type == ndresize::element_type::string
                                ? l.info.string_width * (l.info.unicode ? 4 : 1)
                                : element_size(l.info.type);
  // count * width <= available, asked without the product (which may overflow)
  require(l.count <= available / width,
          "data is shorter than the shape says: shape " + shape_quoted + " of " + std::to_string(width) +
              "-byte elements needs " +
              (l.count <= std::numeric_limits<std::size_t>::max() / width ? std::to_string(l.count * width)
                                                                          : std::string("2^64 or more")) +
              " bytes, the file has " + std::to_string(available) + " bytes after its header");
  l.data_bytes = l.count * width;
  return l;
}

/// The array from its layout and its `l.data_bytes` data bytes. Numeric data and fixed-width
/// strings keep `data` as their bytes (no copy).
inline array decode(const layout& l, std::vector<unsigned char>&& data, string_form form) {
  const descr_info& info = l.info;
  array a;
  a.type = info.type;
  a.shape = l.shape;
  a.byte_strings = info.type == ndresize::element_type::string && !info.unicode;
  if (info.type == ndresize::element_type::string && form == string_form::fixed_width) {
    a.fixed_width = info.string_width * (info.unicode ? 4 : 1);
    a.bytes = std::move(data);
    if (info.unicode) {  // UCS-4 code units, stored little-endian; each a valid code point
      for (std::size_t at = 0; at < a.bytes.size(); at += 4) {
        unsigned char* u = a.bytes.data() + at;
        if (info.big_endian) std::reverse(u, u + 4);
        const std::uint32_t cp =
            u[0] | (std::uint32_t{u[1]} << 8) | (std::uint32_t{u[2]} << 16) | (std::uint32_t{u[3]} << 24);
        require(cp <= 0x10FFFF,
                "string element " + std::to_string(at / a.fixed_width) + " holds an invalid code point");
      }
    }
    return a;
  }
  if (info.type == ndresize::element_type::string) {
    const std::size_t unit = info.unicode ? 4 : 1;
    const std::size_t w = info.string_width * unit;
    a.strings.resize(l.count);
    for (std::size_t i = 0; i < l.count; ++i) {
      // NumPy pads with NUL and strips only trailing NULs: a NUL inside a string is data.
      std::size_t len = info.string_width;
      auto code_point = [&](std::size_t c) {
        const std::size_t at = i * w + c * unit;
        if (!info.unicode) return static_cast<std::uint32_t>(data[at]);
        std::uint32_t cp = 0;
        for (std::size_t k = 0; k < 4; ++k) cp = (cp << 8) | data[at + (info.big_endian ? k : 3 - k)];
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
        append_utf8(s, cp);
      }
      a.strings[i] = std::move(s);
    }
    return a;
  }
  const std::size_t es = element_size(info.type);
  a.bytes = std::move(data);
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

/// An open file descriptor, closed when it goes out of scope.
class file_descriptor {
 public:
  explicit file_descriptor(int fd) : fd_(fd) {}
  file_descriptor(const file_descriptor&) = delete;
  file_descriptor& operator=(const file_descriptor&) = delete;
  ~file_descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

/// What a file that is not a regular one is, for the message.
inline const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// Reads exactly `n` bytes into `out`; false when the file ends first.
inline bool read_exactly(int fd, char* out, std::size_t n) {
  while (n > 0) {
    const ssize_t got = ::read(fd, out, n);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw npy_error(std::string("npy: read failed: ") + std::strerror(errno));
    if (got == 0) return false;
    out += got;
    n -= static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace detail

/// Parses .npy bytes. Throws npy_error on anything malformed or unsupported. Bytes after the
/// data the header describes are ignored, as NumPy's reader ignores them.
inline array parse(std::string_view file, string_form form = string_form::text) {
  const detail::header_span h = detail::read_preamble(file.substr(0, 12));
  detail::require(h.length <= file.size() - h.offset, "truncated header");
  const std::size_t data_offset = h.offset + h.length;
  const detail::layout l = detail::read_header(std::string(file.substr(h.offset, h.length)), file.size() - data_offset);
  const std::string_view data = file.substr(data_offset, l.data_bytes);
  return detail::decode(l, std::vector<unsigned char>(data.begin(), data.end()), form);
}

/// Reads a .npy file. Only a regular file is read (a FIFO, a device such as /dev/zero or a
/// directory is refused before any read: their size is unknown, and reading one could block or
/// never end); the file is opened once and that descriptor checked, so nothing can swap the file
/// in between. Its header is read first, and then exactly the data the header describes, which
/// must be within the file's size; bytes after it are not read (as parse() ignores them). The data
/// is read into the array's own buffer (numeric data and fixed-width strings: no second copy).
inline array load(const std::string& path, string_form form = string_form::text) {
  const std::string where = " (" + quoted_path(path) + ")";
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
  const detail::file_descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) throw npy_error("npy: cannot open " + quoted_path(path) + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    throw npy_error("npy: cannot read " + quoted_path(path) + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw npy_error("npy: cannot read " + quoted_path(path) + ": " + detail::file_kind(st.st_mode) +
                    ", not a regular file");
  const auto size = static_cast<std::size_t>(st.st_size);
  const auto shrank = [&] { return npy_error("npy: the file became shorter while it was read" + where); };
  try {
    std::string head(std::min<std::size_t>(size, 12), '\0');
    if (!detail::read_exactly(fd.get(), head.data(), head.size())) throw shrank();
    const detail::header_span h = detail::read_preamble(head);
    detail::require(h.length <= size - h.offset, "truncated header");
    // a version 1.0 preamble is 10 bytes: go back to where the header starts
    if (::lseek(fd.get(), static_cast<off_t>(h.offset), SEEK_SET) < 0)
      throw npy_error(std::string("npy: cannot seek: ") + std::strerror(errno) + where);
    std::string header(h.length, '\0');
    if (!detail::read_exactly(fd.get(), header.data(), header.size())) throw shrank();
    const detail::layout l = detail::read_header(header, size - h.offset - h.length);
    std::vector<unsigned char> data(l.data_bytes);
    if (!detail::read_exactly(fd.get(), reinterpret_cast<char*>(data.data()), data.size())) throw shrank();
    return detail::decode(l, std::move(data), form);
  } catch (const npy_error& e) {
    if (std::string_view(e.what()).ends_with(where)) throw;
    throw npy_error(std::string(e.what()) + where);
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
    default: throw npy_error("npy: cannot write element type " + dtype_name(t));
  }
}

namespace detail {

/// The characters ('|S' bytes or '<U' code units) of fixed-width string `i`, trailing NULs
/// stripped (as NumPy reads it).
inline std::size_t fixed_width_length(const array& a, std::size_t i) {
  const std::size_t unit = a.byte_strings ? 1 : 4;
  const unsigned char* e = a.bytes.data() + i * a.fixed_width;
  std::size_t len = a.fixed_width / unit;
  while (len > 0 && std::all_of(e + (len - 1) * unit, e + len * unit, [](unsigned char b) { return b == 0; })) --len;
  return len;
}

/// Writes `a` as .npy version 1.0 (little-endian, C order) through `sink(const char*, size_t)`,
/// in pieces; `a` is checked before the first piece. Strings get the width of the longest
/// element (at least 1), whichever form holds them.
template <class Sink>
void write_npy(const array& a, Sink&& sink) {
  using ndresize::element_type;
  const std::int64_t n = a.size();
  if (n < 0) throw npy_error("npy: element count of shape " + a.shape.to_string() + " overflows");
  const std::size_t count = static_cast<std::size_t>(n);
  const bool fixed = a.fixed_width_strings();
  if (fixed ? a.fixed_width % (a.byte_strings ? 1 : 4) != 0 || count > a.bytes.size() / a.fixed_width ||
                  a.bytes.size() != count * a.fixed_width
      : a.type == element_type::string ? a.strings.size() != count
                                       : a.bytes.size() != count * element_size(a.type))
    throw npy_error("npy: the data does not match shape " + a.shape.to_string());
  std::size_t width = 0;
  std::vector<std::vector<std::uint32_t>> utf32;
  if (fixed) {
    for (std::size_t i = 0; i < count; ++i) width = std::max(width, fixed_width_length(a, i));
  } else if (a.type == element_type::string) {
    for (const auto& s : a.strings) {
      if (a.byte_strings) {
        width = std::max(width, s.size());
        continue;
      }
      utf32.push_back(utf8_to_utf32(s));
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
  constexpr std::size_t piece = std::size_t{1} << 20;  // data goes out in pieces of about 1 MiB
  const auto flush = [&](bool always) {
    if (always || out.size() >= piece) {
      sink(out.data(), out.size());
      out.clear();
    }
  };
  if (fixed && width * (a.byte_strings ? 1 : 4) == a.fixed_width) {
    flush(true);
    for (std::size_t at = 0; at < a.bytes.size(); at += piece)
      sink(reinterpret_cast<const char*>(a.bytes.data()) + at, std::min(piece, a.bytes.size() - at));
    return;
  }
  if (fixed) {  // each element's first `width` characters: all that is not NUL padding
    const std::size_t keep = width * (a.byte_strings ? 1 : 4);
    for (std::size_t i = 0; i < count; ++i) {
      out.append(reinterpret_cast<const char*>(a.bytes.data()) + i * a.fixed_width, keep);
      flush(false);
    }
  } else if (a.type == element_type::string && a.byte_strings) {
    for (const auto& s : a.strings) {
      out += s;
      out.append(width - s.size(), '\0');
      flush(false);
    }
  } else if (a.type == element_type::string) {
    for (const auto& cps : utf32) {
      for (std::size_t c = 0; c < width; ++c) {
        const std::uint32_t cp = c < cps.size() ? cps[c] : 0;
        for (int k = 0; k < 4; ++k) out += static_cast<char>((cp >> (8 * k)) & 0xFF);
      }
      flush(false);
    }
  } else {
    flush(true);
    for (std::size_t at = 0; at < a.bytes.size(); at += piece)
      sink(reinterpret_cast<const char*>(a.bytes.data()) + at, std::min(piece, a.bytes.size() - at));
    return;
  }
  flush(true);
}

}  // namespace detail

/// Serializes to .npy version 1.0 bytes (little-endian, C order).
inline std::string serialize(const array& a) {
  std::string out;
  detail::write_npy(a, [&](const char* p, std::size_t n) { out.append(p, n); });
  return out;
}

/// Writes `a` to `path`: the bytes go to a temporary file next to it, which is then renamed
/// over `path`. A failure leaves `path` as it was and removes the temporary file. The data is
/// written in pieces, never held whole a second time.
inline void save(const std::string& path, const array& a) {
  namespace fs = std::filesystem;
  static std::atomic<unsigned> counter{0};
  const auto stamp = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
  const fs::path target(path);
  const fs::path temp = target.string() + ".partial-" + std::to_string(stamp) + "-" + std::to_string(counter++);
  std::error_code ec;
  {
    std::ofstream f(temp, std::ios::binary | std::ios::trunc);
    if (!f) throw npy_error("npy: cannot create " + quoted_path(path));
    try {
      detail::write_npy(a, [&](const char* p, std::size_t n) { f.write(p, static_cast<std::streamsize>(n)); });
    } catch (...) {
      f.close();
      fs::remove(temp, ec);
      throw;
    }
    f.close();
    if (!f) {
      fs::remove(temp, ec);
      throw npy_error("npy: cannot write " + quoted_path(path));
    }
  }
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    throw npy_error("npy: cannot write " + quoted_path(path) + ": " + ec.message());
  }
}

}  // namespace npy
