// Text for lists of invocations in event messages (barrier divergence, checks).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

namespace wgsl::runtime {

// Local invocation indices as ranges: "0-31, 40, 42-43" ("none" when empty). `v` is ascending.
inline std::string listInvocations(const std::vector<uint32_t>& v) {
  std::string out;
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += j == i ? std::to_string(v[i]) : fmt::format("{}-{}", v[i], v[j]);
    i = j + 1;
  }
  return out.empty() ? "none" : out;
}

}  // namespace wgsl::runtime
