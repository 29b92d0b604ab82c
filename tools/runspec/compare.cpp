// Comparing a buffer's final contents with its expectation.
#include "tools/runspec/compare.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "interp/math/scalar_math.h"

namespace wgslemu::runspec {

namespace {

double elementAt(const std::vector<uint8_t>& bytes, uint64_t i, ElemType t) {
  const uint8_t* p = bytes.data() + i * elemSize(t);
  switch (t) {
    case ElemType::U8: return p[0];
    case ElemType::U32: {
      uint32_t u;
      std::memcpy(&u, p, 4);
      return u;
    }
    case ElemType::I32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ElemType::F32: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case ElemType::F16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return wgsl::math::f32FromF16(h);
    }
  }
  return 0;
}

std::string text(double v, ElemType t) {
  if (t == ElemType::F32 || t == ElemType::F16) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    // Shortest text that reads back to the same value in the element type.
    for (int digits = 1; digits <= 17; ++digits) {
      std::string s = fmt::format("{:.{}g}", v, digits);
      double back = std::strtod(s.c_str(), nullptr);
      if (t == ElemType::F32 ? static_cast<float>(back) == static_cast<float>(v) : back == v) return s;
    }
    return fmt::format("{}", v);
  }
  return fmt::format("{}", static_cast<int64_t>(v));
}

// Position of a finite value on the number line of the format: consecutive representable values
// have consecutive positions, +0 and -0 share position 0.
int64_t ordinal(double v, bool half) {
  if (half) {
    uint16_t h = wgsl::math::f16FromF64(v);
    int64_t mag = h & 0x7fff;
    return (h & 0x8000) ? -mag : mag;
  }
  float f = static_cast<float>(v);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  int64_t mag = u & 0x7fffffffu;
  return (u & 0x80000000u) ? -mag : mag;
}

}  // namespace

uint64_t ulpDistance(double a, double b, bool half) {
  int64_t d = ordinal(a, half) - ordinal(b, half);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

std::optional<Mismatch> compareBuffer(const std::string& name, const DataSpec& expect,
                                      const std::vector<uint8_t>& expected, const std::vector<uint8_t>& actual,
                                      const std::optional<Tolerance>& tolerance, size_t keep_first) {
  Mismatch m;
  m.buffer = name;
  const bool raw = expect.kind == DataSpec::File || expect.kind == DataSpec::Zero;
  m.type = raw ? ElemType::U8 : expect.type;
  const uint32_t esz = elemSize(m.type);
  const uint64_t n = std::min<uint64_t>(expected.size(), actual.size()) / esz;
  m.compared = n;
  const bool is_float = m.type == ElemType::F32 || m.type == ElemType::F16;
  for (uint64_t i = 0; i < n; ++i) {
    const double e = elementAt(expected, i, m.type), g = elementAt(actual, i, m.type);
    bool same;
    if (!is_float) {
      same = e == g;
    } else if (std::isnan(e) || std::isnan(g)) {
      same = std::isnan(e) && std::isnan(g);
    } else if (std::isinf(e) || std::isinf(g) || !tolerance) {
      same = e == g;
    } else if (tolerance->kind == Tolerance::Ulps) {
      same = ulpDistance(e, g, m.type == ElemType::F16) <= tolerance->ulps;
    } else {
      same = std::fabs(g - e) <= tolerance->abs + tolerance->rel * std::fabs(e);
    }
    if (same) continue;
    ++m.count;
    if (m.first.size() < keep_first) m.first.push_back({i, text(e, m.type), text(g, m.type)});
  }
  if (m.count == 0) return std::nullopt;
  return m;
}

std::string describe(const Mismatch& m) {
  std::string s = fmt::format("buffer '{}': {} of {} {} element{} differ{}", m.buffer, m.count, m.compared,
                              m.type == ElemType::U8 ? "byte" : toString(m.type), m.compared == 1 ? "" : "s",
                              m.count == 1 ? "s" : "");
  s += "; first:";
  for (const auto& e : m.first) s += fmt::format(" [{}] expected {}, got {};", e.index, e.expected, e.got);
  if (!s.empty() && s.back() == ';') s.pop_back();
  if (m.count > m.first.size()) s += fmt::format(" (and {} more)", m.count - m.first.size());
  return s;
}

}  // namespace wgslemu::runspec
