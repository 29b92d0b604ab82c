// Front-end throughput on realistic input: the corpus kernels, concatenated to a few megabytes,
// like a large generated module.
//
// Reported as ratios to a plain C++ loop that reads the same text once and counts
// token-like runs (the physical floor for anything that must look at every byte), measured in
// the same run, so the figures are comparable across machines.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "bench/bench_util.h"
#include "base/diagnostics.h"
#include "grammar/parse.h"
#include "base/source_text.h"
#include "grammar/token_pipeline.h"
#include "interp/ast/ast_builder.h"

#include "Token.h"

namespace {

using wgslemu::bench::medianCpuSeconds;
using wgslemu::bench::plainLoop;


std::string buildInput(size_t target_bytes) {
  std::vector<std::string> kernels;
  for (const auto& e : std::filesystem::directory_iterator(std::string(WGSLEMU_SOURCE_DIR) + "/corpus")) {
    if (e.path().extension() != ".wgsl") continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    // Directives may only appear once, at the top; drop them from the copies.
    text = std::regex_replace(text, std::regex(R"((^|\n)\s*(enable|requires|diagnostic)[^;]*;)"), "\n");
    kernels.push_back(text);
  }
  std::sort(kernels.begin(), kernels.end());
  std::string out = "enable f16;\nenable subgroups;\n";
  // Repeated names do not matter to the parse stage (they would to the resolver).
  while (out.size() < target_bytes) {
    for (const auto& k : kernels) out += k;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  // `parse_bench MiB` measures; `parse_bench MiB --profile-parse N` only runs the parse + AST
  // stage N times (for `perf record`, without the other stages in the profile).
  const size_t mb = argc > 1 ? static_cast<size_t>(std::atoi(argv[1])) : 2;
  const std::string src = buildInput(mb << 20);
  wgsl::SourceFile file("bench.wgsl", src);
  if (argc > 3 && std::string(argv[2]) == "--profile-parse") {
    size_t decls = 0;
    for (int i = 0; i < std::atoi(argv[3]); ++i) {
      wgsl::DiagnosticList d;
      auto m = wgsl::ast::parseModule(file, d);
      decls += m ? m->decls.size() : 0;
    }
    std::printf("%zu declarations\n", decls);
    return 0;
  }

  size_t sink = 0;
  const double base = medianCpuSeconds(15, [&] { sink += plainLoop(src); });

  size_t tokens = 0;
  const double lex = medianCpuSeconds(3, [&] {
    wgsl::DiagnosticList d;
    auto prepared = wgsl::prepareSource(file, d);
    auto ts = wgsl::buildTokenStream(prepared.text, d);
    tokens = ts.tokens.size();
  });
  bool ok = false;
  size_t decls = 0;
  const double full = medianCpuSeconds(3, [&] {
    wgsl::DiagnosticList d;
    auto m = wgsl::ast::parseModule(file, d);
    ok = m != nullptr;
    decls = m ? m->decls.size() : 0;
    if (!ok) std::fputs(wgsl::renderText(file, d.all()).substr(0, 2000).c_str(), stderr);
  });

  const double mbytes = static_cast<double>(src.size()) / (1 << 20);
  std::printf("input: %.1f MiB, %zu tokens, %zu declarations, valid=%s (checksum %zu)\n", mbytes, tokens, decls,
              ok ? "yes" : "NO", sink);
  std::printf("%-34s %10s %12s %14s   (CPU time)\n", "stage", "MiB/s", "ns/token", "x plain loop");
  auto row = [&](const char* name, double s) {
    std::printf("%-34s %10.1f %12.0f %14.1f\n", name, mbytes / s, s * 1e9 / static_cast<double>(tokens), s / base);
  };
  row("plain C++ loop (one pass)", base);
  row("tokens (lex + templates)", lex);
  row("parse + AST (check --stage=parse)", full);

  // Where the parser's prediction goes (ANTLR's profiling simulator; profiling itself slows the
  // parse, so only the proportions mean something).
  auto profile = wgsl::profileDecisions(file);
  std::sort(profile.begin(), profile.end(),
            [](const auto& a, const auto& b) { return a.prediction_ns > b.prediction_ns; });
  int64_t total_ns = 0, total_invocations = 0;
  for (const auto& d : profile) {
    total_ns += d.prediction_ns;
    total_invocations += d.invocations;
  }
  std::printf("\nparser decisions (SLL): %lld predictions over %zu tokens; the 8 costliest:\n",
              static_cast<long long>(total_invocations), tokens);
  std::printf("%9s %-28s %12s %10s %9s %11s %8s\n", "decision", "rule", "invocations", "avg look", "max look",
              "% of time", "LL fallb");
  for (size_t i = 0; i < profile.size() && i < 8; ++i) {
    const auto& d = profile[i];
    std::printf("%9zu %-28s %12lld %10.2f %9lld %10.1f%% %8lld\n", d.decision, d.rule.c_str(),
                static_cast<long long>(d.invocations),
                static_cast<double>(d.total_lookahead) / static_cast<double>(d.invocations),
                static_cast<long long>(d.max_lookahead),
                100.0 * static_cast<double>(d.prediction_ns) / static_cast<double>(std::max<int64_t>(total_ns, 1)),
                static_cast<long long>(d.ll_fallbacks));
  }
  return ok ? 0 : 1;
}
