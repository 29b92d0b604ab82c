// wgslemu's front end against Tint's on the same inputs in the same run (issue: front-end speed).
//
// Inputs: every corpus kernel, check_bench's 5 000-line generated module, and a generated module
// of a few MiB. wgslemu: `check` in-process (parse + AST, resolve, uniformity analysis), warm
// (one run first), median of --reps runs. Times are CPU time of the process (the machine may be
// shared: wall time then measures the neighbours), wall time is printed too. Tint: Dawn's compiler through the npm package
// 'webgpu' (null backend), createShaderModule + getCompilationInfo, warm, median of --reps runs
// (bench/peers/tint_front_end.js, run with node). Reports wgslemu time / Tint time per input,
// the geometric mean and the worst ratio, and parse + AST throughput on the large module.
//
// Usage: frontend_bench [--reps N] [--big-mib N] [--tint-module DIR] [--only SUBSTRING]
//   --tint-module: the installed 'webgpu' package (bench/peers/install_tint.sh prints it);
//   without it, or if node fails, only wgslemu's column is printed.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "bench/generated_module.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"

namespace {

namespace fs = std::filesystem;
using wgslemu::bench::medianCpuSeconds;
using wgslemu::bench::medianSeconds;

struct Input {
  std::string name;
  fs::path path;
  std::string text;
};

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `wgslemu check`'s pipeline; returns whether the module is valid.
bool check(const wgsl::SourceFile& file) {
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  if (!module) return false;
  auto program = wgsl::sema::resolve(*module, diags);
  if (diags.hasErrors()) return false;
  wgsl::uniformity::Options uo;
  uo.file = &file;
  wgsl::uniformity::analyze(*program, diags, uo);
  return !diags.hasErrors();
}

struct TintResult {
  double first = 0;  // CPU milliseconds
  double wall = 0;
  int errors = 0;
};

// Runs the Tint script on all inputs at once; file path -> median milliseconds (and errors).
std::map<std::string, TintResult> runTint(const std::string& module_dir, const std::vector<Input>& inputs,
                                                      int reps) {
  std::map<std::string, TintResult> out;
  std::string cmd = "WEBGPU_NODE_MODULE='" + module_dir + "' node '" + WGSLEMU_SOURCE_DIR +
                    "/bench/peers/tint_front_end.js' --reps " + std::to_string(reps);
  for (const auto& in : inputs) cmd += " '" + in.path.string() + "'";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return out;
  char line[8192];
  while (std::fgets(line, sizeof line, p) != nullptr) {
    try {
      auto j = nlohmann::json::parse(line);
      out[j["file"].get<std::string>()] = {j["ms"].get<double>(), j["wall_ms"].get<double>(), j["errors"].get<int>()};
    } catch (const std::exception&) {
    }
  }
  const int status = pclose(p);
  if (status != 0) std::fprintf(stderr, "frontend_bench: the Tint script failed (status %d)\n", status);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 7;
  int big_mib = 3;
  std::string tint_module, only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--reps") reps = std::max(1, std::atoi(next().c_str()));
    else if (a == "--big-mib") big_mib = std::max(1, std::atoi(next().c_str()));
    else if (a == "--tint-module") tint_module = next();
    else if (a == "--only") only = next();
    else {
      std::fprintf(stderr, "usage: frontend_bench [--reps N] [--big-mib N] [--tint-module DIR] [--only TEXT]\n");
      return 2;
    }
  }

  // The inputs, as files (Tint reads the same files).
  const fs::path dir = fs::path(WGSLEMU_BINARY_DIR) / "bench" / "frontend_inputs";
  fs::create_directories(dir);
  std::vector<Input> inputs;
  std::vector<fs::path> corpus;
  for (const auto& e : fs::directory_iterator(fs::path(WGSLEMU_SOURCE_DIR) / "corpus"))
    if (e.path().extension() == ".wgsl") corpus.push_back(e.path());
  std::sort(corpus.begin(), corpus.end());
  for (const auto& p : corpus) inputs.push_back({p.stem().string(), p, readText(p)});
  auto addGenerated = [&](const std::string& name, int lines) {
    const fs::path p = dir / (name + ".wgsl");
    const std::string text = wgslemu::bench::generate(lines);
    std::ofstream(p, std::ios::binary) << text;
    inputs.push_back({name, p, text});
  };
  addGenerated("generated_5k_lines", 5000);
  // 5 000 lines are about 174 KiB.
  addGenerated(fmt::format("generated_{}_mib", big_mib), static_cast<int>(big_mib * 5000 * 1024 / 174));
  if (!only.empty()) {
    inputs.erase(std::remove_if(inputs.begin(), inputs.end(),
                                [&](const Input& in) { return in.name.find(only) == std::string::npos; }),
                 inputs.end());
  }

  std::map<std::string, TintResult> tint;
  if (!tint_module.empty()) tint = runTint(tint_module, inputs, reps);

  std::printf("front end: wgslemu check (parse + resolve + uniformity) vs Tint (createShaderModule + "
              "getCompilationInfo), warm, median of %d runs, CPU milliseconds (wall in parentheses)\n",
              reps);
  std::printf("%-32s %8s %22s %22s %7s %s\n", "input", "KiB", "wgslemu ms", "Tint ms", "ratio", "");
  double log_sum = 0, worst = 0, wall_log_sum = 0, wall_worst = 0;
  int rated = 0;
  std::string worst_name;
  for (const auto& in : inputs) {
    wgsl::SourceFile file(in.name + ".wgsl", in.text);
    bool valid = check(file);  // warm-up
    const int n = in.text.size() > (1u << 20) ? std::min(reps, 3) : reps;
    const double wall = medianSeconds(n, [&] { valid = check(file); }) * 1e3;
    const double ms = medianCpuSeconds(n, [&] { valid = check(file); }) * 1e3;
    std::string note = valid ? "" : "wgslemu: invalid";
    std::string tint_ms = "-", ratio = "-";
    const auto it = tint.find(in.path.string());
    if (it != tint.end()) {
      tint_ms = fmt::format("{:.3f} ({:.3f})", it->second.first, it->second.wall);
      if ((it->second.errors == 0) != valid) note += (note.empty() ? "" : "; ") + std::string("verdicts differ");
      if (it->second.errors != 0) note += (note.empty() ? "" : "; ") + std::string("Tint: invalid");
      const double r = ms / it->second.first;  // CPU time over CPU time
      ratio = fmt::format("{:.2f}", r);
      log_sum += std::log(r);
      wall_log_sum += std::log(wall / it->second.wall);
      wall_worst = std::max(wall_worst, wall / it->second.wall);
      ++rated;
      if (r > worst) {
        worst = r;
        worst_name = in.name;
      }
    }
    const std::string ours = fmt::format("{:.3f} ({:.3f})", ms, wall);
    std::printf("%-32s %8.1f %22s %22s %7s %s\n", in.name.c_str(), static_cast<double>(in.text.size()) / 1024,
                ours.c_str(), tint_ms.c_str(), ratio.c_str(), note.c_str());
    std::fflush(stdout);
  }
  if (rated > 0) {
    std::printf("wgslemu / Tint over %d inputs (CPU time): geometric mean %.2f, worst %.2f (%s); target: both <= 1.0\n",
                rated, std::exp(log_sum / rated), worst, worst_name.c_str());
    std::printf("(by wall time: geometric mean %.2f, worst %.2f)\n", std::exp(wall_log_sum / rated), wall_worst);
  } else {
    std::printf("(no Tint column: pass --tint-module, see bench/peers/install_tint.sh)\n");
  }

  // Parse + AST throughput on the large module (target: >= 10 MiB/s).
  const Input& big = inputs.back();
  wgsl::SourceFile file(big.name + ".wgsl", big.text);
  const double s = medianCpuSeconds(3, [&] {
    wgsl::DiagnosticList d;
    wgsl::ast::parseModule(file, d);
  });
  std::printf("parse + AST on %s: %.2f MiB/s of CPU time (target >= 10)\n", big.name.c_str(),
              static_cast<double>(big.text.size()) / (1 << 20) / s);
  return 0;
}
