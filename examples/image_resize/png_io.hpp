// SPDX-License-Identifier: Apache-2.0
// 8-bit PNG reading and writing for the examples, through libpng's simplified API. An image
// is a row-major height x width x channels array of bytes (channels 1 gray, 2 gray+alpha,
// 3 RGB, 4 RGBA), which is exactly a rank-3 HWC tensor for ndresize.
#pragma once

#include <png.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace png_io {

struct image {
  int height = 0;
  int width = 0;
  int channels = 0;
  std::vector<std::uint8_t> pixels;  ///< height * width * channels bytes, row-major
};

inline png_uint_32 format_of(int channels) {
  switch (channels) {
    case 1: return PNG_FORMAT_GRAY;
    case 2: return PNG_FORMAT_GA;
    case 3: return PNG_FORMAT_RGB;
    case 4: return PNG_FORMAT_RGBA;
  }
  throw std::invalid_argument("PNG images have 1 to 4 channels, not " + std::to_string(channels));
}

/// Reads a PNG of any bit depth and colour type into 8-bit samples, keeping its channels
/// (a palette image becomes RGB or RGBA; 16-bit samples are reduced to 8 bits by libpng).
inline image read(const std::string& path) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&png, path.c_str())) throw std::runtime_error(path + ": " + png.message);
  image im;
  im.height = static_cast<int>(png.height);
  im.width = static_cast<int>(png.width);
  im.channels = ((png.format & PNG_FORMAT_FLAG_COLOR) ? 3 : 1) + ((png.format & PNG_FORMAT_FLAG_ALPHA) ? 1 : 0);
  png.format = format_of(im.channels);
  im.pixels.resize(PNG_IMAGE_SIZE(png));
  if (!png_image_finish_read(&png, nullptr, im.pixels.data(), 0, nullptr)) {
    const std::string message = png.message;
    png_image_free(&png);
    throw std::runtime_error(path + ": " + message);
  }
  return im;
}

/// Writes an 8-bit PNG (gray, gray+alpha, RGB or RGBA by `channels`).
inline void write(const std::string& path, const image& im) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(im.width);
  png.height = static_cast<png_uint_32>(im.height);
  png.format = format_of(im.channels);
  if (im.pixels.size() != PNG_IMAGE_SIZE(png)) throw std::invalid_argument(path + ": pixel buffer has the wrong size");
  if (!png_image_write_to_file(&png, path.c_str(), 0, im.pixels.data(), 0, nullptr))
    throw std::runtime_error(path + ": " + png.message);
}

}  // namespace png_io
