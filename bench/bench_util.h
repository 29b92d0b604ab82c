// Shared by the benchmarks: the plain-loop baseline and robust timing.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstddef>
#include <string>
#include <vector>

namespace wgslemu::bench {

// The baseline: one pass over the bytes, counting runs of identifier characters, digits and
// punctuation, as the least a tokenizer must do.
inline size_t plainLoop(const std::string& s) {
  size_t runs = 0;
  int prev = 0;
  for (unsigned char c : s) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
    const int cls = word ? 1 : c <= ' ' ? 0 : 2;
    runs += cls != 0 && (cls != prev || cls == 2);
    prev = cls;
  }
  return runs;
}

// Median wall time of `reps` runs of f, in seconds.
template <typename F>
double medianSeconds(int reps, F&& f) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = Clock::now();
    f();
    t.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Median CPU time of the process over `reps` runs of f, in seconds: unlike wall time, not
// inflated when the machine is shared (the process only counts the time it really ran).
template <typename F>
double medianCpuSeconds(int reps, F&& f) {
  auto now = [] {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  };
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const double t0 = now();
    f();
    t.push_back(now() - t0);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Clocks in seconds: the calling thread's CPU time (not inflated when the machine is shared, and
// not counting other threads of the process), and wall time.
inline double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
inline double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The median of v (the upper one of the two middle values for an even count).
inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace wgslemu::bench
