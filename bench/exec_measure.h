// The execution benchmark's measuring tools: timing with CPU share, output comparison and hashing,
// and the plain loops' runs (see exec_cases.h for the loops themselves).
#pragma once

#include <fmt/format.h>
#include <sys/resource.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench/exec_cases.h"

namespace wgslemu::bench {

// What one timed configuration gave.
struct Timing {
  double ms = NAN;
  int runs = 0;
  bool ok = false;
  std::string detail;  // why not ok
  uint64_t instructions = 0;
  double cores = NAN;  // process CPU time / wall time during the timed runs: the cores actually used
};

inline std::optional<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The initial contents of every binding, as host arrays.
inline std::vector<std::vector<uint8_t>> hostInputs(const ExecCase& c) {
  std::vector<std::vector<uint8_t>> in;
  for (const auto& b : c.bindings) {
    in.emplace_back(b.bytes);
    b.fill(in.back().data());
  }
  return in;
}

// "" when equal, else where the first 32-bit word differs.
inline std::string compareWords(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  if (got.size() != want.size()) return fmt::format("output has {} bytes, expected {}", got.size(), want.size());
  for (size_t i = 0; i + 4 <= got.size(); i += 4) {
    if (std::memcmp(&got[i], &want[i], 4) != 0) {
      uint32_t g = 0, w = 0;
      std::memcpy(&g, &got[i], 4);
      std::memcpy(&w, &want[i], 4);
      return fmt::format("word {} is 0x{:08x}, the plain loop gives 0x{:08x}", i / 4, g, w);
    }
  }
  return "";
}

inline double cpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Repeats `run` (after an untimed `reset`) until `reps` runs or `max_seconds` of runs, at least
// one; records the median wall time and the cores used (CPU time over wall time).
template <typename Reset, typename Run>
void timeRuns(int reps, double max_seconds, Timing& timing, Reset&& reset, Run&& run) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> t;
  double total = 0, cpu = 0;
  while (static_cast<int>(t.size()) < reps && (t.empty() || total < max_seconds)) {
    reset();
    const double c0 = cpuSeconds();
    const auto t0 = Clock::now();
    run();
    t.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    cpu += cpuSeconds() - c0;
    total += t.back();
  }
  timing.runs = static_cast<int>(t.size());
  timing.cores = total > 0 ? cpu / total : NAN;
  std::sort(t.begin(), t.end());
  timing.ms = t[t.size() / 2] * 1e3;
}

// The plain loop of `c` on `threads` threads; its result in `out`, compared with `expected` if given.
inline Timing timeLoop(int reps, double max_seconds, const ExecCase& c, const std::vector<std::vector<uint8_t>>& in,
                       unsigned threads, const std::vector<uint8_t>* expected, std::vector<uint8_t>& out) {
  Timing t;
  out.assign(c.bindings[c.out].bytes, 0);
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute([&] { c.loop(in, out.data(), threads); });  // warm-up (page faults, arena threads)
  timeRuns(
      reps, max_seconds, t, [&] { std::fill(out.begin(), out.end(), uint8_t{0}); },
      [&] { arena.execute([&] { c.loop(in, out.data(), threads); }); });
  t.detail = expected ? compareWords(out, *expected) : "";
  t.ok = t.detail.empty();
  return t;
}

// FNV-1a, 32 bits, as 8 hex digits (the same function as wgpu_bench.js).
inline std::string fnv1a(const std::vector<uint8_t>& bytes) {
  uint32_t h = 0x811c9dc5u;
  for (uint8_t b : bytes) h = (h ^ b) * 0x01000193u;
  return fmt::format("{:08x}", h);
}

}  // namespace wgslemu::bench
