// SPDX-License-Identifier: Apache-2.0
// image_resize: resizes a PNG with any ONNX Resize-19 attribute combination given as flags.
// The image is a height x width x channels uint8 tensor; the resize runs on axes [0, 1]
// (`axes` attribute), so channels are never mixed. Samples are resized as stored (sRGB-encoded,
// straight alpha), as most image tools do by default.
#include <ndresize/ndresize.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "png_io.hpp"

namespace {

constexpr const char* usage = R"(usage: image_resize IN.png OUT.png (--size WxH | --scale S | --scale SXxSY) [options]
Resizes a PNG with ONNX Resize-19 semantics on the height and width axes.
  --size WxH                          output width and height in pixels (input 'sizes')
  --scale S, --scale SXxSY            scale factors (input 'scales'); out = floor(in * scale)
  --mode nearest|linear|cubic         interpolation (default: linear; ONNX's default is nearest)
  --coordinate-transformation-mode M  half_pixel (default), half_pixel_symmetric, pytorch_half_pixel,
                                      align_corners, asymmetric, tf_crop_and_resize
  --nearest-mode M                    round_prefer_floor (default), round_prefer_ceil, floor, ceil
  --cubic-coeff-a A                   cubic kernel parameter (default -0.75; PIL/OpenCV use -0.5/-0.75)
  --exclude-outside                   drop taps outside the image and renormalize
  --antialias                         widen the filter when shrinking (linear, cubic)
  --keep-aspect-ratio-policy P        stretch (default), not_larger, not_smaller (with --size)
  --roi TOP,LEFT,BOTTOM,RIGHT         crop box in [0, 1] for tf_crop_and_resize
  --extrapolation-value V             value (0..255) outside the crop box (tf_crop_and_resize)
)";

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "image_resize: %s\n%s", message.c_str(), usage);
  std::exit(2);
}

template <class E>
E parse_enum(const std::string& flag, const std::string& value) {
  if (auto e = ndresize::parse<E>(value)) return *e;
  fail(flag + ": unknown value '" + value + "'");
}

/// "AxB" -> {A, B}; "A" -> {A, A}.
std::vector<double> pair_of(const std::string& flag, const std::string& s) {
  const auto x = s.find('x');
  try {
    if (x == std::string::npos) return {std::stod(s), std::stod(s)};
    return {std::stod(s.substr(0, x)), std::stod(s.substr(x + 1))};
  } catch (const std::exception&) {
    fail(flag + ": cannot read '" + s + "'");
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<std::string> files;
  ndresize::resize_attributes a;
  a.mode = ndresize::enums::mode::linear;
  a.axes = std::vector<std::int64_t>{0, 1};
  std::vector<float> scales;        // [height, width]
  std::vector<std::int64_t> sizes;  // [height, width]
  std::vector<double> roi;          // [top, left, bottom, right]

  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) fail(flag + " needs a value");
      return args[++i];
    };
    if (flag == "-h" || flag == "--help") {
      std::fputs(usage, stdout);
      return 0;
    } else if (flag == "--size") {
      const auto wh = pair_of(flag, value());
      sizes = {static_cast<std::int64_t>(wh[1]), static_cast<std::int64_t>(wh[0])};
    } else if (flag == "--scale") {
      const auto xy = pair_of(flag, value());
      scales = {static_cast<float>(xy[1]), static_cast<float>(xy[0])};
    } else if (flag == "--mode") {
      a.mode = parse_enum<ndresize::enums::mode>(flag, value());
    } else if (flag == "--coordinate-transformation-mode") {
      a.coordinate_transformation_mode = parse_enum<ndresize::enums::coordinate_transformation_mode>(flag, value());
    } else if (flag == "--nearest-mode") {
      a.nearest_mode = parse_enum<ndresize::enums::nearest_mode>(flag, value());
    } else if (flag == "--keep-aspect-ratio-policy") {
      a.keep_aspect_ratio_policy = parse_enum<ndresize::enums::keep_aspect_ratio_policy>(flag, value());
    } else if (flag == "--cubic-coeff-a") {
      a.cubic_coeff_a = std::stof(value());
    } else if (flag == "--extrapolation-value") {
      a.extrapolation_value = std::stof(value());
    } else if (flag == "--exclude-outside") {
      a.exclude_outside = 1;
    } else if (flag == "--antialias") {
      a.antialias = 1;
    } else if (flag == "--roi") {
      const std::string& s = value();
      roi.clear();
      for (std::size_t start = 0, comma; start <= s.size(); start = comma + 1) {
        comma = s.find(',', start);
        if (comma == std::string::npos) comma = s.size();
        roi.push_back(std::stod(s.substr(start, comma - start)));
      }
      // TOP,LEFT,BOTTOM,RIGHT is already ONNX's order: the starts of axes [0, 1], then their ends.
      if (roi.size() != 4) fail("--roi needs four values TOP,LEFT,BOTTOM,RIGHT");
    } else if (flag.starts_with("--")) {
      fail("unknown option " + flag);
    } else {
      files.push_back(flag);
    }
  }
  if (files.size() != 2) fail("expected IN.png and OUT.png");
  if (scales.empty() == sizes.empty()) fail("give exactly one of --size and --scale");

  try {
    png_io::image in = png_io::read(files[0]);
    const ndresize::tensor_view<const std::uint8_t> x(in.pixels.data(), {in.height, in.width, in.channels});
    // All validation (attribute combinations, roi length, limits) happens here, before any output.
    const ndresize::resize_plan plan = ndresize::make_plan(x.extents(), a, {roi, scales, sizes});
    png_io::image out;
    out.height = static_cast<int>(plan.output_shape()[0]);
    out.width = static_cast<int>(plan.output_shape()[1]);
    out.channels = in.channels;
    out.pixels.resize(static_cast<std::size_t>(out.height) * static_cast<std::size_t>(out.width) *
                      static_cast<std::size_t>(out.channels));
    ndresize::execute<std::uint8_t>(plan, x,
                                    ndresize::tensor_view<std::uint8_t>(out.pixels.data(), plan.output_shape()));
    png_io::write(files[1], out);
    std::printf("%s %dx%d -> %s %dx%d (%d channels, mode %s, %s%s)\n", files[0].c_str(), in.width, in.height,
                files[1].c_str(), out.width, out.height, out.channels, std::string(ndresize::to_string(a.mode)).c_str(),
                std::string(ndresize::to_string(a.coordinate_transformation_mode)).c_str(),
                a.antialias ? ", antialias" : "");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "image_resize: %s\n", e.what());
    return 1;
  }
  return 0;
}
