// Execution speed: the five kernels of bench/kernels/ through wgslemu's C++ API at full size, timed
// against a plain C++ loop doing the same work on the same inputs in the same run (serial and on all
// threads), with wgslemu's output checked equal to the loop's; the speed-up from 1 thread to all;
// peak memory against the bound buffers; and, when bench/peers/wgpu_bench.js left its results file,
// wgslemu's time over wgpu's on lavapipe. Prints a table; --json FILE writes the figures.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench/exec_bench.h"
#include "bench/exec_cases.h"
#include "bench/exec_measure.h"
#include "bench/exec_peer.h"
#include "bench/exec_wgslemu.h"

namespace {

using namespace wgslemu::bench;
using json = nlohmann::json;

struct Options {
  std::string kernels_dir = WGSLEMU_SOURCE_DIR "/bench/kernels";
  std::string wgpu_file = WGSLEMU_BINARY_DIR "/bench/wgpu_results.jsonl";
  std::string json_file;
  std::string only;
  std::string memory_probe;  // internal: run one kernel once and print its peak memory
  std::string self_command;  // how this program runs the benchmark again ("" or "bench")
  int reps = 5;
  int loop_reps = 21;  // the plain loops take milliseconds: more runs steady their median
  double max_seconds = 30;  // per measured configuration: stop repeating past this
  unsigned threads = 0;     // "all threads": 0 means one per core
  unsigned subgroup_size = 0;  // 0: the device's default
  bool no_memory = false;
  bool races = false;  // measure with --races
  std::string float_mode = "ieee";
  std::string nonfinite = "propagate";
};

struct Row {
  std::string kernel;
  Timing loop1, loopN, emu1, emuN;
  double pipeline_ms = NAN;
  double peak_mib = NAN, bound_mib = 0;
  std::string memory_detail;
  std::optional<double> wgpu_ms;
  bool wgpu_ok = false;
  std::string loop_hash, wgpu_hash;  // FNV-1a of the outputs: the same when both did the same work
};

// Runs this program again as --memory-probe so the peak is the emulator's alone (no host copies).
void measureMemory(const Options& o, Row& row) {
  char exe[4096];
  const ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0) {
    row.memory_detail = "cannot find this program's path";
    return;
  }
  exe[len] = '\0';
  const std::string cmd = fmt::format("'{}' {} --memory-probe {} --kernels '{}' --threads {} --subgroup-size {}{}", exe,
                                      o.self_command, row.kernel, o.kernels_dir, o.threads, o.subgroup_size,
                                      o.races ? " --races" : "");
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    row.memory_detail = "cannot start the memory probe";
    return;
  }
  std::string text;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) text += buf;
  const int status = pclose(p);
  const json j = json::parse(text, nullptr, false);
  if (status != 0 || j.is_discarded() || !j.contains("peak_bytes")) {
    row.memory_detail = "the memory probe failed: " + text.substr(0, 200);
    return;
  }
  row.peak_mib = j["peak_bytes"].get<double>() / (1024.0 * 1024.0);
  if (!j.value("ok", false)) {
    const std::string d = j.value("detail", std::string("dispatch failed"));
    row.memory_detail = d.substr(0, d.find('\n'));
  }
}

std::string ms(double v) { return std::isnan(v) ? "-" : v < 10 ? fmt::format("{:.2f}", v) : fmt::format("{:.1f}", v); }
std::string ratio(double a, double b) {
  if (std::isnan(a) || std::isnan(b) || b <= 0) return "-";
  const double r = a / b;
  return fmt::format(r < 0.095 ? "{:.3f}x" : r < 0.95 ? "{:.2f}x" : "{:.1f}x", r);
}
json num(double v) { return std::isnan(v) ? json(nullptr) : json(v); }
json timingJson(const Timing& t) {
  return {{"ms", num(t.ms)},          {"runs", t.runs},
          {"cores_used", num(t.cores)}, {"ok", t.ok},
          {"detail", t.detail},        {"instructions", t.instructions}};
}
std::string loadAverage() {
  auto s = readFile("/proc/loadavg");
  return s ? s->substr(0, s->find(' ')) : "?";
}

}  // namespace

namespace wgslemu::bench {

int execBenchMain(int argc, char** argv, const std::string& self_command) {
  Options o;
  o.self_command = self_command;
  CLI::App app{"wgslemu execution benchmark: wgslemu vs a plain C++ loop (and wgpu on lavapipe)"};
  app.add_option("--kernels", o.kernels_dir, "folder with the kernels' .wgsl files");
  app.add_option("--wgpu", o.wgpu_file, "results of bench/peers/wgpu_bench.js (JSON lines), read if present");
  app.add_option("--json", o.json_file, "also write the figures to this file");
  app.add_option("--only", o.only, "comma-separated kernel names");
  app.add_option("--reps", o.reps, "timed wgslemu dispatches per configuration (median reported)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--loop-reps", o.loop_reps, "timed runs of each plain loop (median reported)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--max-seconds", o.max_seconds, "stop repeating a configuration after this long");
  app.add_option("--threads", o.threads, "the 'all threads' configuration (0: one per core)");
  app.add_option("--subgroup-size", o.subgroup_size, "wgslemu's subgroup size (0: the device's default)");
  app.add_flag("--no-memory", o.no_memory, "skip the peak-memory probes");
  app.add_flag("--races", o.races, "run wgslemu with race detection on (to measure its cost)");
  app.add_option("--float", o.float_mode, "wgslemu's float mode, as `run --float` (cost of the modes)");
  app.add_option("--nonfinite", o.nonfinite, "wgslemu's non-finite policy, as `run --nonfinite`");
  app.add_option("--memory-probe", o.memory_probe)->group("");  // internal
  CLI11_PARSE(app, argc, argv);
  if (o.threads == 0) o.threads = std::max(1u, std::thread::hardware_concurrency());
  if (!o.memory_probe.empty()) o.only = o.memory_probe;

  std::vector<ExecCase> cases;
  for (auto& c : wgslemu::bench::allExecCases())
    if (o.only.empty() || ("," + o.only + ",").find("," + c.name + ",") != std::string::npos) cases.push_back(c);
  if (cases.empty()) {
    std::fprintf(stderr, "exec_bench: no kernel matches --only %s (kernels: vector_add, mandelbrot, reduce, "
                         "histogram, matmul)\n", o.only.c_str());
    return 2;
  }
  std::map<std::string, std::string> sources;
  for (const auto& c : cases) {
    const std::string path = o.kernels_dir + "/" + c.name + ".wgsl";
    auto s = readFile(path);
    if (!s) {
      std::fprintf(stderr, "exec_bench: cannot read %s (set --kernels to the folder of the benchmark kernels)\n",
                   path.c_str());
      return 2;
    }
    sources[c.name] = *s;
  }

  EmuOptions emu{o.reps, o.max_seconds, o.threads, o.subgroup_size};
  emu.races = o.races;
  emu.float_mode = o.float_mode;
  emu.nonfinite = o.nonfinite;
  if (!o.memory_probe.empty()) return memoryProbe(emu, cases.at(0), sources[cases.at(0).name]);

  const auto wgpu = readWgpu(o.wgpu_file);
  std::printf("threads: 1 and %u (of %u cores); subgroup size: %s; load average before: %s\n", o.threads,
              std::thread::hardware_concurrency(),
              o.subgroup_size ? std::to_string(o.subgroup_size).c_str() : "default", loadAverage().c_str());

  std::vector<Row> rows;
  bool all_ok = true;
  for (const auto& c : cases) {
    std::fprintf(stderr, "%s...\n", c.name.c_str());
    Row row;
    row.kernel = c.name;
    row.bound_mib = static_cast<double>(c.boundBytes()) / (1024.0 * 1024.0);
    const auto in = hostInputs(c);
    std::vector<uint8_t> expected, scratch;
    row.loop1 = timeLoop(o.loop_reps, o.max_seconds, c, in, 1, nullptr, expected);
    row.loopN = timeLoop(o.loop_reps, o.max_seconds, c, in, o.threads, &expected, scratch);
    row.emu1 = timeEmu(emu, c, sources[c.name], 1, expected, &row.pipeline_ms);
    row.emuN = timeEmu(emu, c, sources[c.name], o.threads, expected, nullptr);
    if (!o.no_memory && !std::isnan(row.emu1.ms)) measureMemory(o, row);
    row.loop_hash = fnv1a(expected);
    if (wgpu && wgpu->kernels.count(c.name)) {
      const WgpuKernel& k = wgpu->kernels.at(c.name);
      row.wgpu_ms = k.ms;
      row.wgpu_ok = k.ok;
      row.wgpu_hash = k.output_hash;
    }
    all_ok = all_ok && row.loopN.ok && row.emu1.ok && row.emuN.ok;
    rows.push_back(row);
  }

  const std::string N = std::to_string(o.threads);
  const std::string Nt = N + "t";
  std::printf("\nTime per dispatch (ms, median), wgslemu against the plain C++ loop:\n");
  std::printf("%-11s %9s %9s %8s | %9s %9s %8s\n", "kernel", "loop 1t", "emu 1t", "x loop", ("loop " + Nt).c_str(),
              ("emu " + Nt).c_str(), "x loop");
  for (const auto& r : rows)
    std::printf("%-11s %9s %9s %8s | %9s %9s %8s\n", r.kernel.c_str(), ms(r.loop1.ms).c_str(), ms(r.emu1.ms).c_str(),
                ratio(r.emu1.ms, r.loop1.ms).c_str(), ms(r.loopN.ms).c_str(), ms(r.emuN.ms).c_str(),
                ratio(r.emuN.ms, r.loopN.ms).c_str());

  std::printf("\nThreads: speed-up from 1 to %u threads (target for wgslemu: >= 1.7x on vector_add and "
              "mandelbrot),\nand the cores each run really got (CPU time / wall time):\n", o.threads);
  std::printf("%-11s %10s %10s | %12s %12s\n", "kernel", ("emu 1t/" + Nt).c_str(), ("loop 1t/" + Nt).c_str(),
              ("emu " + Nt + " cores").c_str(), ("loop " + Nt + " cores").c_str());
  auto cores = [](double c) { return std::isnan(c) ? std::string("-") : fmt::format("{:.2f}", c); };
  bool starved = false;
  for (const auto& r : rows) {
    std::printf("%-11s %10s %10s | %12s %12s\n", r.kernel.c_str(), ratio(r.emu1.ms, r.emuN.ms).c_str(),
                ratio(r.loop1.ms, r.loopN.ms).c_str(), cores(r.emuN.cores).c_str(), cores(r.loopN.cores).c_str());
    if (r.kernel == "mandelbrot" && o.threads > 1 && r.loop1.ms / r.loopN.ms < 1.5) starved = true;
  }
  if (starved)
    std::printf("note: the parallel plain loop of mandelbrot (embarrassingly parallel) did not get 1.5x: the machine "
                "is busy,\n      so thread speed-ups measured now say little (load average %s).\n",
                loadAverage().c_str());

  double log_sum = 0;
  int log_n = 0;
  double worst = 0;
  if (wgpu) {
    std::printf("\nwgpu on %s (%s):\n", wgpu->adapter.empty() ? "an unknown adapter" : wgpu->adapter.c_str(),
                o.wgpu_file.c_str());
    std::printf("%-11s %9s %9s %10s %12s  %s\n", "kernel", "wgpu ms", ("emu " + Nt).c_str(), "emu/wgpu",
                ("wgpu/loop " + Nt).c_str(), "wgpu output = loop output");
    for (const auto& r : rows) {
      const double w = r.wgpu_ms ? *r.wgpu_ms : NAN;
      const char* same = r.wgpu_hash.empty()           ? "-"
                         : r.wgpu_hash == r.loop_hash    ? "yes"
                         : r.kernel == "mandelbrot" ? "no (fused multiply-adds move boundary pixels)"
                                                         : "NO: not the same inputs or work";
      std::printf("%-11s %9s %9s %10s %12s  %s\n", r.kernel.c_str(),
                  r.wgpu_ms ? (ms(w) + (r.wgpu_ok ? "" : "!")).c_str() : "-", ms(r.emuN.ms).c_str(),
                  ratio(r.emuN.ms, w).c_str(), ratio(w, r.loopN.ms).c_str(), same);
      if (r.emuN.ok && !std::isnan(r.emuN.ms) && r.wgpu_ms && *r.wgpu_ms > 0) {
        log_sum += std::log(r.emuN.ms / w);
        ++log_n;
        worst = std::max(worst, r.emuN.ms / w);
      }
    }
    if (std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.wgpu_ms && !r.wgpu_ok; }))
      std::printf("'!': wgpu's output did not verify\n");
    if (log_n)
      std::printf("wgslemu (%u threads) / wgpu: geometric mean %.2fx (target <= 1.5), worst %.1fx (target <= 8)\n",
                  o.threads, std::exp(log_sum / log_n), worst);
  } else {
    std::printf("\nwgpu: no results at %s (run bench/run.sh, or bench/peers/wgpu_bench.js --out FILE)\n",
                o.wgpu_file.c_str());
  }
  const double geomean = log_n ? std::exp(log_sum / log_n) : NAN;

  if (!o.no_memory) {
    std::printf("\nPeak memory of one dispatch on %u threads (RSS of a process that only runs it):\n", o.threads);
    std::printf("%-11s %10s %10s %12s\n", "kernel", "peak MiB", "bound MiB", "limit MiB");
    for (const auto& r : rows) {
      const double limit = 1.5 * r.bound_mib + 64;
      std::printf("%-11s %10s %10.1f %12.1f %s\n", r.kernel.c_str(), ms(r.peak_mib).c_str(), r.bound_mib, limit,
                  !r.memory_detail.empty() ? r.memory_detail.substr(0, 120).c_str()
                  : std::isnan(r.peak_mib) ? ""
                  : r.peak_mib <= limit   ? "ok"
                                          : "OVER");
    }
    std::printf("(limit: 1.5x the bound buffers + 64 MiB)\n");
  }
  for (const auto& r : rows) {
    if (!r.emu1.ok && r.emu1.detail == r.emuN.detail) {
      std::printf("%s: wgslemu (1 and %u threads): %s\n", r.kernel.c_str(), o.threads, r.emu1.detail.c_str());
      continue;
    }
    if (!r.emu1.ok) std::printf("%s: wgslemu (1 thread): %s\n", r.kernel.c_str(), r.emu1.detail.c_str());
    if (!r.emuN.ok) std::printf("%s: wgslemu (%u threads): %s\n", r.kernel.c_str(), o.threads, r.emuN.detail.c_str());
  }
  for (const auto& r : rows)
    if (!r.loopN.ok) std::printf("%s: the parallel plain loop disagrees with the serial one: %s\n", r.kernel.c_str(),
                                 r.loopN.detail.c_str());

  if (!o.json_file.empty()) {
    json j{{"threads", o.threads}, {"subgroup_size", o.subgroup_size}, {"cores", std::thread::hardware_concurrency()}, {"load_average", loadAverage()},
           {"wgpu_adapter", wgpu ? json(wgpu->adapter) : json(nullptr)},
           {"geomean_wgslemu_over_wgpu", num(geomean)}, {"kernels", json::array()}};
    for (const auto& r : rows) {
      j["kernels"].push_back({{"kernel", r.kernel},
                              {"loop_1t", timingJson(r.loop1)},
                              {"loop_nt", timingJson(r.loopN)},
                              {"wgslemu_1t", timingJson(r.emu1)},
                              {"wgslemu_nt", timingJson(r.emuN)},
                              {"pipeline_ms", num(r.pipeline_ms)},
                              {"speedup_1t_to_nt", num(r.emu1.ms / r.emuN.ms)},
                              {"wgpu_ms", r.wgpu_ms ? json(*r.wgpu_ms) : json(nullptr)},
                              {"wgpu_ok", r.wgpu_ok},
                              {"wgpu_same_output_as_loop", r.wgpu_hash.empty() ? json(nullptr)
                                                                               : json(r.wgpu_hash == r.loop_hash)},
                              {"wgslemu_over_wgpu", r.wgpu_ms ? num(r.emuN.ms / *r.wgpu_ms) : json(nullptr)},
                              {"peak_mib", num(r.peak_mib)},
                              {"bound_mib", r.bound_mib},
                              {"memory_detail", r.memory_detail}});
    }
    std::ofstream f(o.json_file);
    f << j.dump(2) << "\n";
    if (!f) {
      std::fprintf(stderr, "exec_bench: cannot write %s\n", o.json_file.c_str());
      return 2;
    }
  }
  return all_ok ? 0 : 1;
}

}  // namespace wgslemu::bench
