// Arguments of the debugger's commands, shared by its front ends (the prompt, the DAP server's
// REPL): words, unsigned numbers, workgroup and invocation ids.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace wgslemu::debug {

inline std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

inline bool parseU32(const std::string& s, uint32_t& out) {
  if (s.empty() || s.size() > 10) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v > 0xffffffffu) return false;
  out = static_cast<uint32_t>(v);
  return true;
}

// "X[,Y[,Z]]" (also with spaces or parentheses).
inline bool parseTriple(std::string s, uint32_t v[3]) {
  for (char& c : s)
    if (c == '(' || c == ')' || c == ' ') c = ',';
  std::vector<std::string> parts;
  std::stringstream ss(s);
  std::string p;
  while (std::getline(ss, p, ','))
    if (!p.empty()) parts.push_back(p);
  if (parts.empty() || parts.size() > 3) return false;
  v[0] = v[1] = v[2] = 0;
  for (size_t i = 0; i < parts.size(); ++i)
    if (!parseU32(parts[i], v[i])) return false;
  return true;
}

}  // namespace wgslemu::debug
