// Number parsing for the checks' option parsers.
#include "runtime/checks/parse_util.h"

#include <cmath>
#include <cstdlib>

namespace wgsl::checks {

std::optional<uint64_t> parseUnsigned(const std::string& s) {
  size_t i = 0;
  uint64_t base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  }
  if (i >= s.size()) return std::nullopt;
  uint64_t v = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    uint64_t d;
    if (c >= '0' && c <= '9') d = static_cast<uint64_t>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<uint64_t>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F') d = static_cast<uint64_t>(c - 'A' + 10);
    else return std::nullopt;
    if (v > (~uint64_t{0} - d) / base) return std::nullopt;
    v = v * base + d;
  }
  return v;
}

std::optional<double> parseProbability(const std::string& s) {
  if (s.empty()) return std::nullopt;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) return std::nullopt;
  if (s[0] == '-' || s[0] == '+') return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v) || v < 0.0 || v > 1.0) return std::nullopt;
  return v;
}

std::vector<std::string> splitAll(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t p = s.find(sep, start);
    if (p == std::string::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, p - start));
    start = p + 1;
  }
}

}  // namespace wgsl::checks
