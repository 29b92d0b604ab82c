// Small text helpers shared by the explore_*.cpp files (not part of the interface).
#pragma once

#include <cstring>
#include <string>
#include <vector>

namespace wgslemu::runspec::explore_detail {

inline std::vector<std::string> splitAt(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

// `s` as one shell word: unchanged when it has only harmless characters, else single-quoted.
inline std::string shellQuote(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) ||
                    (c != '\0' && std::strchr("_-./:=,+@%", c) != nullptr);
    plain = plain && ok;
  }
  if (plain) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace wgslemu::runspec::explore_detail
