// The execution benchmark's wgslemu side: a kernel set up on a wgsl::runtime::Device with its
// inputs written straight into device buffers, timed dispatches checked against the plain loop's
// output, and the --memory-probe child that reports the peak RSS of one dispatch.
#pragma once

#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/exec_cases.h"
#include "bench/exec_measure.h"
#include "runtime/runtime.h"

namespace wgslemu::bench {

struct EmuOptions {
  int reps = 5;
  double max_seconds = 30;
  unsigned threads = 1;        // for the memory probe
  unsigned subgroup_size = 0;  // 0: the device's default
  bool races = false;          // race detection on
  // Float modes to measure their cost (outputs must still match the plain loop).
  std::string float_mode = "ieee";
  std::string nonfinite = "propagate";
};

namespace rt = wgsl::runtime;

struct EmuSetup {
  std::unique_ptr<rt::Device> dev;
  rt::ComputePipeline pipe;
  std::vector<rt::Buffer> buffers;
  rt::BindGroup group;
  double pipeline_ms = NAN;
};

// Device, module, pipeline and buffers for one kernel; the buffers' contents are written by the
// bindings' fill functions straight into device memory (no host copy).
inline EmuSetup setUp(const EmuOptions& o, const ExecCase& c, const std::string& source, unsigned threads) {
  EmuSetup s;
  rt::DeviceOptions opts;
  opts.threads = threads;
  if (o.subgroup_size) opts.subgroup_size = o.subgroup_size;
  opts.races = o.races;
  opts.float_mode = o.float_mode;
  opts.nonfinite = o.nonfinite;
  s.dev = std::make_unique<rt::Device>(opts);
  const auto t0 = std::chrono::steady_clock::now();
  rt::ShaderModuleOptions mopts;
  mopts.allow_nonuniform = true;  // a benchmark measures speed; uniformity is `check`'s business
  rt::ShaderModule mod = s.dev->createShaderModule(source, c.name + ".wgsl", mopts);
  if (!mod.ok()) throw rt::Error(mod.diagnostics());
  s.pipe = s.dev->createComputePipeline(mod, "main");
  s.pipeline_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  for (size_t i = 0; i < c.bindings.size(); ++i) {
    s.buffers.push_back(s.dev->createBuffer(c.bindings[i].bytes));
    c.bindings[i].fill(s.buffers.back().data());
    s.group.bind(0, static_cast<uint32_t>(i), s.buffers.back());
  }
  return s;
}

// Times dispatches of `c` on `threads` threads; the output must equal `expected` (the plain loop's)
// before and after the timed runs.
inline Timing timeEmu(const EmuOptions& o, const ExecCase& c, const std::string& source, unsigned threads,
                      const std::vector<uint8_t>& expected, double* pipeline_ms) {
  Timing t;
  try {
    EmuSetup s = setUp(o, c, source, threads);
    if (pipeline_ms) *pipeline_ms = s.pipeline_ms;
    rt::Buffer& out = s.buffers[c.out];
    const auto& g = c.groups;
    rt::Report report;
    auto reset = [&] { c.bindings[c.out].fill(out.data()); };
    auto run = [&] { report = s.dev->dispatch(s.pipe, {s.group}, g[0], g[1], g[2]); };
    // Checked once before timing (a failure there skips the timing), and after the timed runs.
    auto check = [&] {
      if (!report.ok()) return "the dispatch reported: " + report.summary();
      return compareWords(out.read<uint8_t>(), expected);
    };
    reset();
    run();
    t.detail = check();
    if (t.detail.empty()) {
      timeRuns(o.reps, o.max_seconds, t, reset, run);
      t.detail = check();
    }
    t.instructions = report.stats.instructions;
  } catch (const std::exception& e) {
    t.detail = e.what();
  }
  t.ok = t.detail.empty();
  return t;
}

// The child process of --memory-probe: one kernel, one dispatch on all threads, then the peak RSS.
inline int memoryProbe(const EmuOptions& o, const ExecCase& c, const std::string& source) {
  nlohmann::json j{{"kernel", c.name}, {"bound_bytes", c.boundBytes()}};
  try {
    EmuSetup s = setUp(o, c, source, o.threads);
    const auto& g = c.groups;
    rt::Report r = s.dev->dispatch(s.pipe, {s.group}, g[0], g[1], g[2]);
    j["ok"] = r.ok();
    if (!r.ok()) j["detail"] = r.summary();
  } catch (const std::exception& e) {
    j["ok"] = false;
    j["detail"] = e.what();
  }
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  j["peak_bytes"] = static_cast<uint64_t>(u.ru_maxrss) * 1024;
  std::printf("%s\n", j.dump().c_str());
  return 0;
}

}  // namespace wgslemu::bench
