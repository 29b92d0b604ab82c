// The execution benchmark's peer results: what bench/peers/wgpu_bench.js wrote (JSON lines).
#pragma once

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

#include "bench/exec_measure.h"

namespace wgslemu::bench {

// bench/peers/wgpu_bench.js's output: an adapter line, then one line per kernel.
struct WgpuKernel {
  double ms = NAN;  // per dispatch
  bool ok = false;  // its output matched the JS reference
  std::string output_hash;
};
struct WgpuResults {
  std::string adapter;
  std::map<std::string, WgpuKernel> kernels;
};

inline std::optional<WgpuResults> readWgpu(const std::string& path) {
  auto text = readFile(path);
  if (!text) return std::nullopt;
  WgpuResults r;
  std::istringstream lines(*text);
  std::string line;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    if (j.contains("adapter") && j["adapter"].is_object()) r.adapter = j["adapter"].value("description", "");
    if (j.contains("kernel") && j["kernel"].is_string() && j.contains("ms_per_dispatch") &&
        j["ms_per_dispatch"].is_number())
      r.kernels[j["kernel"].get<std::string>()] = {j["ms_per_dispatch"].get<double>(), j.value("ok", false),
                                                   j.value("output_fnv1a", std::string())};
  }
  return r;
}

}  // namespace wgslemu::bench
