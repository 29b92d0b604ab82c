#include "interp/ast/literals.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cfenv>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace wgsl::ast {
namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "the significand is truncated after 20 decimal digits": digits right of the 20th significant
// digit become 0 (the spec lets the implementation choose this truncation).
std::string truncateDecimalSignificand(const std::string& s) {
  std::string out = s;
  int significant = 0;
  bool started = false;
  for (char& c : out) {
    if (c == 'e' || c == 'E') break;
    if (c < '0' || c > '9') continue;
    if (!started && c != '0') started = true;
    if (!started) continue;
    if (significant >= 20) c = '0';
    ++significant;
  }
  return out;
}

LiteralSuffix suffixOf(char c) {
  switch (c) {
    case 'i': return LiteralSuffix::I;
    case 'u': return LiteralSuffix::U;
    case 'f': return LiteralSuffix::F;
    case 'h': return LiteralSuffix::H;
    default: return LiteralSuffix::None;
  }
}

}  // namespace

double roundToF16(double v) {
  if (std::isnan(v) || v == 0 || std::isinf(v)) return v;
  const double a = std::fabs(v);
  if (a >= 65520.0) return std::copysign(std::numeric_limits<double>::infinity(), v);
  int e2 = 0;
  std::frexp(a, &e2);            // a = m * 2^e2, m in [0.5, 1)
  const int e = e2 - 1;          // a = 1.x * 2^e
  const double quantum = e < -14 ? std::ldexp(1.0, -24) : std::ldexp(1.0, e - 10);
  const double r = std::nearbyint(a / quantum) * quantum;  // exact division; round half even
  return std::copysign(r, v);
}

std::string evaluateIntLiteral(const std::string& spelling, LiteralExpr& lit) {
  lit.literal_kind = LiteralKind::Int;
  std::string digits = spelling;
  lit.suffix = LiteralSuffix::None;
  if (!digits.empty() && (digits.back() == 'i' || digits.back() == 'u')) {
    lit.suffix = suffixOf(digits.back());
    digits.pop_back();
  }
  const bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  uint64_t value = 0;
  bool overflow = false;
  for (size_t i = hex ? 2 : 0; i < digits.size(); ++i) {
    const int d = hex ? hexDigit(digits[i]) : digits[i] - '0';
    if (d < 0 || d > (hex ? 15 : 9)) return fmt::format("invalid integer literal '{}'", spelling);
    const uint64_t base = hex ? 16 : 10;
    if (value > (std::numeric_limits<uint64_t>::max() - static_cast<uint64_t>(d)) / base) overflow = true;
    value = value * base + static_cast<uint64_t>(d);
  }
  if (!overflow) lit.setIntValue(value);
  switch (lit.suffix) {
    case LiteralSuffix::I:
      if (overflow || value > 2147483647u) {
        return fmt::format("integer literal '{}' cannot be represented as i32: the largest i32 is "
                           "2147483647{}",
                           spelling,
                           !overflow && value == 2147483648u
                               ? " (literals have no sign: write i32(-2147483648) for the smallest i32)"
                               : "");
      }
      break;
    case LiteralSuffix::U:
      if (overflow || value > 4294967295u) {
        return fmt::format("integer literal '{}' cannot be represented as u32: the largest u32 is "
                           "4294967295",
                           spelling);
      }
      break;
    default:
      if (overflow || value > 9223372036854775807u) {
        return fmt::format("integer literal '{}' cannot be represented as AbstractInt (a 64-bit "
                           "signed integer): the largest is 9223372036854775807",
                           spelling);
      }
      break;
  }
  return {};
}

std::string evaluateFloatLiteral(const std::string& spelling, bool hex, LiteralExpr& lit) {
  lit.literal_kind = LiteralKind::Float;
  std::string body = spelling;
  lit.suffix = LiteralSuffix::None;
  // A trailing 'f'/'h' is a suffix, except that a hex digit 'f' is only a suffix after 'p'.
  if (!body.empty() && (body.back() == 'f' || body.back() == 'h') &&
      (!hex || body.find_first_of("pP") != std::string::npos)) {
    lit.suffix = suffixOf(body.back());
    body.pop_back();
  }
  const char* type_name = lit.suffix == LiteralSuffix::F ? "f32"
                          : lit.suffix == LiteralSuffix::H ? "f16"
                                                           : "AbstractFloat";
  if (!hex) {
    const std::string t = truncateDecimalSignificand(body);
    const double d = std::strtod(t.c_str(), nullptr);
    // "Floating Point Rounding and Overflow": the literal's value X is rounded to T, and it
    // "overflows the target type" (a shader-creation error) when the rounded value X' is an
    // infinity. wgslemu rounds to nearest, ties to even, as IEEE-754 does: X' is infinite exactly
    // when |X| >= MAX(T) + ulp(MAX(T))/2 = 2^(EMAX+1) - 2^(EMAX-p), so a value a little above
    // MAX(T) (such as 3.4028234663852886e38f, the shortest decimal of MAX(f32) printed by any
    // binary64 formatter) becomes MAX(T). The threshold is a binary64 value, so comparing X
    // rounded toward zero against it decides exactly.
    const double overflow_at = lit.suffix == LiteralSuffix::F   ? 0x1.ffffffp127   // 2^128 - 2^103
                               : lit.suffix == LiteralSuffix::H ? 65520.0          // 2^16 - 2^4
                                                                : std::numeric_limits<double>::infinity();
    // X rounded toward zero is at most |X|, within half an ulp of |d|, so it can reach the
    // threshold only when d lies within a factor of two of it; only then is the second reading
    // (under another rounding mode) made.
    double toward_zero = d;
    if (std::fabs(d) >= overflow_at * 0.5) {
      const int saved_mode = std::fegetround();
      std::fesetround(FE_TOWARDZERO);
      toward_zero = std::strtod(t.c_str(), nullptr);
      std::fesetround(saved_mode);
    }
    // For AbstractFloat (binary64 itself) strtod's round-to-nearest result is X'.
    if (std::fabs(toward_zero) >= overflow_at || std::isinf(d)) {
      return fmt::format("floating point literal '{}' overflows {} (its value rounds to infinity; the "
                         "largest finite value is {})",
                         spelling, type_name,
                         lit.suffix == LiteralSuffix::F   ? "3.40282347e+38"
                         : lit.suffix == LiteralSuffix::H ? "65504"
                                                          : "1.7976931348623157e+308");
    }
    switch (lit.suffix) {
      case LiteralSuffix::F:
        lit.float_value = std::strtof(t.c_str(), nullptr);  // nearest; finite as checked above
        break;
      case LiteralSuffix::H:
        // d is X rounded to binary64; an X just below 65520 can round up to 65520 there, which
        // roundToF16 would take to infinity, though X itself rounds to MAX(f16).
        lit.float_value = std::fabs(d) >= 65520.0 ? std::copysign(65504.0, d) : roundToF16(d);
        break;
      default:
        lit.float_value = d;
    }
    return {};
  }

  // Hexadecimal: significand digits (at most 16 significant kept), optional '.', exponent 'p'.
  uint64_t mantissa = 0;
  int significant = 0;
  bool dropped_nonzero = false;
  int64_t exp2 = 0;
  bool seen_point = false;
  size_t i = 2;
  for (; i < body.size() && body[i] != 'p' && body[i] != 'P'; ++i) {
    if (body[i] == '.') {
      seen_point = true;
      continue;
    }
    const int d = hexDigit(body[i]);
    if (significant == 0 && d == 0) {
      if (seen_point) exp2 -= 4;
      continue;
    }
    if (significant < 16) {
      mantissa = mantissa * 16 + static_cast<uint64_t>(d);
      ++significant;
      if (seen_point) exp2 -= 4;
    } else {
      if (d != 0) dropped_nonzero = true;
      if (!seen_point) exp2 += 4;
    }
  }
  int64_t exponent = 0;
  if (i < body.size()) {
    ++i;
    bool negative = false;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) negative = body[i++] == '-';
    for (; i < body.size(); ++i) {
      exponent = std::min<int64_t>(exponent * 10 + (body[i] - '0'), 1000000000);
    }
    if (negative) exponent = -exponent;
  }
  exp2 += exponent;

  if (mantissa != 0) {
    const bool f32 = lit.suffix == LiteralSuffix::F, f16 = lit.suffix == LiteralSuffix::H;
    const int max_msb = f32 ? 127 : f16 ? 15 : 1023;
    const int min_lsb = f32 ? -149 : f16 ? -24 : -1074;
    const int max_bits = f32 ? 24 : f16 ? 11 : 53;
    uint64_t m = mantissa;
    int64_t lsb = exp2;
    while ((m & 1) == 0) {
      m >>= 1;
      ++lsb;
    }
    int bits = 0;
    for (uint64_t t = m; t != 0; t >>= 1) ++bits;
    const int64_t msb = lsb + bits - 1;
    // Above MAX(T) (all max_bits significand bits set at exponent max_msb)?
    const bool exceeds =
        msb > max_msb || (msb == max_msb && (bits > max_bits || dropped_nonzero) &&
                          (m >> (bits > max_bits ? bits - max_bits : 0)) == (uint64_t{1} << std::min(bits, max_bits)) - 1 &&
                          bits >= max_bits);
    if (exceeds) {
      return fmt::format("hexadecimal floating point literal '{}' is outside the finite range of {}", spelling,
                         type_name);
    }
    if (lit.suffix != LiteralSuffix::None && (lsb < min_lsb || bits > max_bits || dropped_nonzero)) {
      if (bits <= max_bits && !dropped_nonzero) {
        // Few enough bits, but the lowest is below the smallest subnormal.
        return fmt::format("hexadecimal floating point literal '{}' cannot be exactly represented as {}: it has a "
                           "bit below 2^{}, the smallest {} subnormal",
                           spelling, type_name, min_lsb, type_name);
      }
      return fmt::format("hexadecimal floating point literal '{}' cannot be exactly represented as {} "
                         "(it needs {} significant bits; {} has {})",
                         spelling, type_name, dropped_nonzero ? 64 : bits, type_name, max_bits);
    }
  }
  const double value = mantissa == 0 ? 0.0 : std::ldexp(static_cast<double>(mantissa),
                                                        static_cast<int>(std::clamp<int64_t>(exp2, -100000, 100000)));
  if (std::isinf(value)) {
    return fmt::format("hexadecimal floating point literal '{}' overflows {}", spelling, type_name);
  }
  lit.float_value = value;
  return {};
}

}  // namespace wgsl::ast
