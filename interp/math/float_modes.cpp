// Floating point mode helpers (see float_modes.h): multiply-add, indeterminate values,
// non-finite records, and the option parsers.
#include "interp/math/float_modes.h"

#include <cmath>
#include <vector>

#include "interp/math/scalar_math.h"

namespace wgsl::math {

float fusedMulAddF32(float a, float b, float c) { return std::fma(a, b, c); }

uint16_t fusedMulAddF16(uint16_t a, uint16_t b, uint16_t c) {
  // The product of two binary16 values is exact in binary64 (22 significant bits). The sum
  // with a third binary16 value may need more than 53 bits only when the two addends are far
  // apart in magnitude; then the smaller one lies far below half a binary16 ULP of the larger
  // and cannot move the final rounding, so rounding once to binary64 and then to binary16 is
  // the single correctly rounded result.
  const double r = std::fma(static_cast<double>(f32FromF16(a)), static_cast<double>(f32FromF16(b)),
                            static_cast<double>(f32FromF16(c)));
  return f16FromF64(r);
}

float unfusedMulAddF32(float a, float b, float c) {
  volatile float p = a * b;  // rounded to binary32 before the addition, whatever the compiler's contraction
  return p + c;
}

uint16_t unfusedMulAddF16(uint16_t a, uint16_t b, uint16_t c) { return addF16(mulF16(a, b), c); }

// ---- indeterminate values ------------------------------------------------------------------

float indeterminateF32(uint64_t seed, uint64_t site, uint64_t lane) {
  static const uint32_t kSpecial[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u,
                                      0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x80800000u};
  const uint64_t h = mixSeed(seed, site, lane);
  if ((h & 1u) == 0) return floatOf(kSpecial[(h >> 1) & 7u]);
  uint32_t bits = static_cast<uint32_t>(h >> 32);
  if ((bits & 0x7f800000u) == 0x7f800000u) bits &= 0xff7fffffu;  // keep it finite
  return floatOf(bits);
}

uint16_t indeterminateF16(uint64_t seed, uint64_t site, uint64_t lane) {
  static const uint16_t kSpecial[] = {0x0000u, 0x8000u, 0x3c00u, 0xbc00u, 0x7bffu, 0xfbffu, 0x0400u, 0x8400u};
  const uint64_t h = mixSeed(seed, site, lane);
  if ((h & 1u) == 0) return kSpecial[(h >> 1) & 7u];
  uint16_t bits = static_cast<uint16_t>(h >> 48);
  if ((bits & 0x7c00u) == 0x7c00u) bits = static_cast<uint16_t>(bits & 0xfbffu);
  return bits;
}

// ---- non-finite records --------------------------------------------------------------------

bool isNonFiniteOrigin(const double* operands, int n, double result) {
  if (std::isfinite(result)) return false;
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(operands[i])) return false;
  return true;
}

namespace {

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

std::string describe(const NonFiniteRecord& r, const std::string& location) {
  std::string s = location.empty() ? std::string() : location + ": ";
  s += r.operation;
  s += r.type == FloatType::F32 ? " (f32)" : " (f16)";
  s += " produced " + number(r.result) + " from finite operands (";
  for (int i = 0; i < r.num_operands; ++i) {
    if (i) s += ", ";
    s += number(r.operands[i]);
  }
  s += ") in invocation " + std::to_string(r.local_index) + " of workgroup (" + std::to_string(r.workgroup[0]) +
       "," + std::to_string(r.workgroup[1]) + "," + std::to_string(r.workgroup[2]) + ")";
  return s;
}

// ---- options -------------------------------------------------------------------------------

std::string FloatMode::floatString() const {
  if (isIeee()) return "ieee";
  std::string s;
  auto add = [&](const std::string& item) { s += (s.empty() ? "" : ",") + item; };
  if (ftz) add("ftz");
  if (fma) add("fma");
  if (ulp == Ulp::Max) add("ulp-max");
  if (ulp == Ulp::Random) add("ulp-random:" + std::to_string(ulp_seed));
  return s;
}

std::string FloatMode::nonfiniteString() const {
  switch (nonfinite) {
    case NonFinite::Propagate: return "propagate";
    case NonFinite::Indeterminate: return "indeterminate:" + std::to_string(nonfinite_seed);
    case NonFinite::Report: return "report";
  }
  return "?";
}

namespace {

std::vector<std::string_view> splitCommas(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// A decimal seed that fits 64 bits.
bool parseSeed(std::string_view s, uint64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

// Splits "name:value"; `has_value` tells whether a colon was present.
void splitValue(std::string_view item, std::string_view& name, std::string_view& value, bool& has_value) {
  const size_t colon = item.find(':');
  has_value = colon != std::string_view::npos;
  name = item.substr(0, colon);
  value = has_value ? item.substr(colon + 1) : std::string_view();
}

const char* const kFloatExpected = "expected ieee, ftz, fma, ulp-max or ulp-random:SEED, combined with commas "
                                   "(e.g. --float=ftz,fma)";
const char* const kNonFiniteExpected = "expected propagate, indeterminate:SEED or report";

}  // namespace

bool parseFloatOption(std::string_view text, FloatMode& mode, std::string& error) {
  if (text.empty()) {
    error = std::string("--float needs a value: ") + kFloatExpected;
    return false;
  }
  FloatMode m = mode;
  m.ftz = m.fma = false;
  m.ulp = FloatMode::Ulp::Exact;
  m.ulp_seed = 0;
  bool seen_ieee = false, seen_ulp = false;
  std::string first_other;
  for (std::string_view item : splitCommas(text)) {
    if (item.empty()) {
      error = "--float=" + std::string(text) + ": empty item between commas; " + kFloatExpected;
      return false;
    }
    std::string_view name, value;
    bool has_value = false;
    splitValue(item, name, value, has_value);
    const std::string it(item), nm(name);
    if (name != "ulp-random" && has_value) {
      if (name == "ieee" || name == "ftz" || name == "fma" || name == "ulp-max") {
        error = "--float: `" + nm + "` takes no value (got `" + it + "`)";
        return false;
      }
    }
    bool duplicate = false;
    if (name == "ieee") {
      duplicate = seen_ieee;
      seen_ieee = true;
    } else if (name == "ftz") {
      duplicate = m.ftz;
      m.ftz = true;
    } else if (name == "fma") {
      duplicate = m.fma;
      m.fma = true;
    } else if (name == "ulp-max" || name == "ulp-random") {
      if (seen_ulp) {
        const bool same = (name == "ulp-max") == (m.ulp == FloatMode::Ulp::Max);
        error = same ? "--float: `" + nm + "` given twice"
                     : std::string("--float: `ulp-max` and `ulp-random` exclude each other (each decides every "
                                   "bounded built-in's result); choose one");
        return false;
      }
      seen_ulp = true;
      if (name == "ulp-max") {
        m.ulp = FloatMode::Ulp::Max;
      } else {
        if (!has_value || value.empty()) {
          error = "--float: `ulp-random` needs a seed: ulp-random:SEED with SEED a decimal integer (e.g. ulp-random:1)";
          return false;
        }
        if (!parseSeed(value, m.ulp_seed)) {
          error = "--float: the seed of `" + it + "` is not a decimal integer below 2^64";
          return false;
        }
        m.ulp = FloatMode::Ulp::Random;
      }
    } else if (name == "propagate" || name == "indeterminate" || name == "report") {
      error = "--float: `" + it + "` is a non-finite policy: use --nonfinite=" + it;
      return false;
    } else {
      error = "--float: unknown mode `" + it + "`; " + kFloatExpected;
      return false;
    }
    if (duplicate) {
      error = "--float: `" + nm + "` given twice";
      return false;
    }
    if (name != "ieee" && first_other.empty()) first_other = nm;
  }
  if (seen_ieee && !first_other.empty()) {
    error = "--float: `ieee` (exact IEEE-754 behaviour, the default) cannot be combined with `" + first_other +
            "`; leave `ieee` out";
    return false;
  }
  mode = m;
  return true;
}

bool parseFloatDimension(std::string_view text, const FloatMode& base, std::vector<FloatMode>& out,
                         std::string& error) {
  std::vector<FloatMode> modes;
  if (text.empty()) {
    error = "--float needs a list of modes, e.g. --float=ieee,ftz,fma,ulp-max,ulp-random:1-5";
    return false;
  }
  for (std::string_view alt : splitCommas(text)) {
    if (alt.empty()) {
      error = "--float=" + std::string(text) + ": empty alternative between commas";
      return false;
    }
    // `+` joins the parts of one mode; the single-mode parser checks the combination.
    std::string joined(alt);
    for (char& c : joined)
      if (c == '+') c = ',';
    // A seed range `ulp-random:A-B` expands into one mode per seed.
    const size_t at = joined.find("ulp-random:");
    const size_t dash = at == std::string::npos ? std::string::npos : joined.find('-', at + 11);
    const size_t end = dash == std::string::npos ? std::string::npos : joined.find(',', dash);
    std::vector<std::string> expanded;
    if (dash != std::string::npos) {
      uint64_t a = 0, b = 0;
      const std::string_view js(joined);
      if (!parseSeed(js.substr(at + 11, dash - at - 11), a) ||
          !parseSeed(js.substr(dash + 1, end == std::string::npos ? std::string::npos : end - dash - 1), b) || b < a) {
        error = "--float: `" + std::string(alt) + "`: a seed range is ulp-random:A-B with decimal A <= B";
        return false;
      }
      if (b - a >= kMaxFloatAlternatives) {
        error = "--float: `" + std::string(alt) + "` gives more than " + std::to_string(kMaxFloatAlternatives) +
                " alternatives";
        return false;
      }
      for (uint64_t s = a;; ++s) {
        expanded.push_back(joined.substr(0, at + 11) + std::to_string(s) +
                           (end == std::string::npos ? std::string() : joined.substr(end)));
        if (s == b) break;
      }
    } else {
      expanded.push_back(joined);
    }
    for (const std::string& e : expanded) {
      FloatMode m = base;
      std::string err;
      if (!parseFloatOption(e, m, err)) {
        error = err + " (in the alternative `" + std::string(alt) + "`)";
        return false;
      }
      for (const FloatMode& prev : modes) {
        if (prev == m) {
          error = "--float: the alternative `" + m.floatString() + "` is listed twice";
          return false;
        }
      }
      modes.push_back(m);
      if (modes.size() > kMaxFloatAlternatives) {
        error = "--float: more than " + std::to_string(kMaxFloatAlternatives) + " alternatives";
        return false;
      }
    }
  }
  out = std::move(modes);
  return true;
}

bool parseNonFiniteOption(std::string_view text, FloatMode& mode, std::string& error) {
  if (text.empty()) {
    error = std::string("--nonfinite needs a value: ") + kNonFiniteExpected;
    return false;
  }
  if (text.find(',') != std::string_view::npos) {
    error = "--nonfinite=" + std::string(text) + ": only one policy applies; " + kNonFiniteExpected;
    return false;
  }
  std::string_view name, value;
  bool has_value = false;
  splitValue(text, name, value, has_value);
  const std::string it(text), nm(name);
  if (name == "propagate" || name == "report") {
    if (has_value) {
      error = "--nonfinite: `" + nm + "` takes no value (got `" + it + "`)";
      return false;
    }
    mode.nonfinite = name == "report" ? FloatMode::NonFinite::Report : FloatMode::NonFinite::Propagate;
    mode.nonfinite_seed = 0;
    return true;
  }
  if (name == "indeterminate") {
    uint64_t seed = 0;
    if (!has_value || value.empty()) {
      error = "--nonfinite: `indeterminate` needs a seed: indeterminate:SEED with SEED a decimal integer";
      return false;
    }
    if (!parseSeed(value, seed)) {
      error = "--nonfinite: the seed of `" + it + "` is not a decimal integer below 2^64";
      return false;
    }
    mode.nonfinite = FloatMode::NonFinite::Indeterminate;
    mode.nonfinite_seed = seed;
    return true;
  }
  if (name == "ieee" || name == "ftz" || name == "fma" || name == "ulp-max" || name == "ulp-random") {
    error = "--nonfinite: `" + it + "` is a float mode: use --float=" + it;
    return false;
  }
  error = "--nonfinite: unknown policy `" + it + "`; " + kNonFiniteExpected;
  return false;
}

}  // namespace wgsl::math
