// SPDX-License-Identifier: Apache-2.0
// aliasing_demo: renders a zone plate (concentric rings whose frequency grows with the radius,
// up to the Nyquist limit at the corners) and shrinks it 4x four ways, side by side in one
// PNG: NEAREST, LINEAR, LINEAR+AA (antialias), CUBIC+AA. Without antialias the rings beyond
// the new Nyquist limit fold back into false rings (moire); with antialias they fade to flat
// grey, as they should. Usage: aliasing_demo [OUT.png] (default aliasing.png).
#include <ndresize/ndresize.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <numbers>
#include <string>
#include <vector>

#include "png_io.hpp"

namespace {

constexpr int source_size = 768;  // the zone plate
constexpr int factor = 4;         // shrink factor
constexpr int panel = source_size / factor;
constexpr int gap = 8;
constexpr int label_height = 24;

/// 5x7 glyphs of the few characters the labels use.
const std::array<const char*, 7>* glyph(char c) {
  static const std::array<const char*, 7> n = {"10001", "11001", "10101", "10011", "10001", "10001", "10001"};
  static const std::array<const char*, 7> e = {"11111", "10000", "10000", "11110", "10000", "10000", "11111"};
  static const std::array<const char*, 7> a = {"01110", "10001", "10001", "11111", "10001", "10001", "10001"};
  static const std::array<const char*, 7> r = {"11110", "10001", "10001", "11110", "10100", "10010", "10001"};
  static const std::array<const char*, 7> s = {"01111", "10000", "10000", "01110", "00001", "00001", "11110"};
  static const std::array<const char*, 7> t = {"11111", "00100", "00100", "00100", "00100", "00100", "00100"};
  static const std::array<const char*, 7> l = {"10000", "10000", "10000", "10000", "10000", "10000", "11111"};
  static const std::array<const char*, 7> i = {"01110", "00100", "00100", "00100", "00100", "00100", "01110"};
  static const std::array<const char*, 7> c_ = {"01110", "10001", "10000", "10000", "10000", "10001", "01110"};
  static const std::array<const char*, 7> u = {"10001", "10001", "10001", "10001", "10001", "10001", "01110"};
  static const std::array<const char*, 7> b = {"11110", "10001", "10001", "11110", "10001", "10001", "11110"};
  static const std::array<const char*, 7> plus = {"00000", "00100", "00100", "11111", "00100", "00100", "00000"};
  switch (c) {
    case 'N': return &n;
    case 'E': return &e;
    case 'A': return &a;
    case 'R': return &r;
    case 'S': return &s;
    case 'T': return &t;
    case 'L': return &l;
    case 'I': return &i;
    case 'C': return &c_;
    case 'U': return &u;
    case 'B': return &b;
    case '+': return &plus;
  }
  return nullptr;  // space
}

/// Draws `text` in black at (x, y) with each glyph pixel as a 2x2 block.
void draw_text(png_io::image& im, int x, int y, const std::string& text) {
  for (char ch : text) {
    if (const auto* g = glyph(ch))
      for (int gy = 0; gy < 7; ++gy)
        for (int gx = 0; gx < 5; ++gx)
          if ((*g)[static_cast<std::size_t>(gy)][gx] == '1')
            for (int d = 0; d < 4; ++d)
              im.pixels[static_cast<std::size_t>((y + 2 * gy + d / 2) * im.width + x + 2 * gx + d % 2)] = 0;
    x += 12;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string out_path = argc > 1 ? argv[1] : "aliasing.png";

  // Zone plate: phase k r^2 has local frequency k r / pi cycles per pixel; k is chosen so that
  // the corners (r = size / sqrt 2) reach the source's Nyquist limit of 0.5.
  std::vector<float> plate(static_cast<std::size_t>(source_size) * source_size);
  const double k = std::numbers::pi / (std::numbers::sqrt2 * source_size);
  for (int y = 0; y < source_size; ++y)
    for (int x = 0; x < source_size; ++x) {
      const double dx = x + 0.5 - source_size / 2.0, dy = y + 0.5 - source_size / 2.0;
      plate[static_cast<std::size_t>(y) * source_size + static_cast<std::size_t>(x)] =
          static_cast<float>(0.5 + 0.5 * std::cos(k * (dx * dx + dy * dy)));
    }
  const ndresize::tensor_view<const float> x(plate.data(), {source_size, source_size});

  struct variant {
    const char* label;
    ndresize::enums::mode mode;
    bool antialias;
  };
  const variant variants[] = {{"NEAREST", ndresize::enums::mode::nearest, false},
                              {"LINEAR", ndresize::enums::mode::linear, false},
                              {"LINEAR+AA", ndresize::enums::mode::linear, true},
                              {"CUBIC+AA", ndresize::enums::mode::cubic, true}};

  png_io::image canvas;
  canvas.channels = 1;
  canvas.width = 4 * panel + 5 * gap;
  canvas.height = label_height + panel + gap;
  canvas.pixels.assign(static_cast<std::size_t>(canvas.width) * static_cast<std::size_t>(canvas.height), 255);

  try {
    int left = gap;
    for (const variant& v : variants) {
      ndresize::resize_attributes a;  // Resize-19: half_pixel coordinates
      a.mode = v.mode;
      a.antialias = v.antialias ? 1 : 0;
      std::vector<float> small(static_cast<std::size_t>(panel) * panel);
      ndresize::resize<float>(x, ndresize::tensor_view<float>(small.data(), {panel, panel}), a);
      for (int y = 0; y < panel; ++y)
        for (int c = 0; c < panel; ++c) {
          const float value =
              std::fmin(std::fmax(small[static_cast<std::size_t>(y * panel + c)], 0.0f), 1.0f);  // cubic overshoots
          canvas.pixels[static_cast<std::size_t>((label_height + y) * canvas.width + left + c)] =
              static_cast<std::uint8_t>(std::lround(value * 255.0f));
        }
      draw_text(canvas, left, 5, v.label);
      left += panel + gap;
    }
    png_io::write(out_path, canvas);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aliasing_demo: %s\n", e.what());
    return 1;
  }
  std::printf("wrote %s: %dx%d zone plate shrunk %dx to %dx%d: NEAREST | LINEAR | LINEAR+AA | CUBIC+AA\n",
              out_path.c_str(), source_size, source_size, factor, panel, panel);
  return 0;
}
