// `wgslemu check` (parse + resolve) on a 5 000-line generated shader in the style compilers emit
// (many small functions, index arithmetic, loops, built-in calls), against a plain C++ loop over
// the same text, measured in the same run.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "grammar/diagnostics.h"
#include "grammar/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"

namespace {

using wgslemu::bench::medianSeconds;
using wgslemu::bench::plainLoop;


std::string generate(int target_lines) {
  std::string s =
      "@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n"
      "@group(0) @binding(1) var<storage> input: array<vec4<f32>>;\n"
      "var<workgroup> scratch: array<f32, 256>;\n";
  int lines = 3, k = 0;
  while (lines < target_lines - 12) {
    s += fmt::format(
        "fn gen_fun_{0}(a: u32, b: vec4<f32>, p: ptr<function, f32>) -> f32 {{\n"
        "  var acc = 0.0;\n"
        "  for (var i = 0u; i < a % 16u; i++) {{\n"
        "    let idx = (i * 7u + {0}u) & 3u;\n"
        "    acc += max(b[idx], 0.5) * f32(i) - min(acc, 2.0);\n"
        "  }}\n"
        "  let t = clamp(acc, -1.0, 1.0) + dot(b, vec4<f32>(1.0, 2.0, 3.0, {0}.0));\n"
        "  *p = *p + t;\n"
        "  if (t > 0.25 && a != {0}u) {{ return t * 0.5; }}\n"
        "  return select(t, -t, a > 3u);\n"
        "}}\n",
        k);
    lines += 11;
    ++k;
  }
  s += "@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n"
       "  var p = 0.0;\n  let i = gid.x;\n";
  for (int j = 0; j < std::min(k, 8); ++j) s += fmt::format("  p += gen_fun_{}(i, input[i], &p);\n", j);
  s += "  out[i] = p;\n}\n";
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int lines = argc > 1 ? std::atoi(argv[1]) : 5000;
  const std::string src = generate(lines);
  wgsl::SourceFile file("generated.wgsl", src);
  {
    // Warm-up: the ANTLR runtime builds its prediction caches on the first parse in a process.
    wgsl::DiagnosticList d;
    wgsl::ast::parseModule(file, d);
  }
  size_t sink = 0;
  const double base = medianSeconds(21, [&] { sink += plainLoop(src); });
  bool ok = false;
  const double parse = medianSeconds(5, [&] {
    wgsl::DiagnosticList d;
    ok = wgsl::ast::parseModule(file, d) != nullptr;
  });
  size_t errors = 0;
  const double check = medianSeconds(5, [&] {
    wgsl::DiagnosticList d;
    auto m = wgsl::ast::parseModule(file, d);
    if (m) wgsl::sema::resolve(*m, d);
    errors = d.errorCount();
    if (errors) std::fputs(wgsl::renderText(file, d.all()).substr(0, 1500).c_str(), stderr);
  });
  std::printf("input: %zu lines, %.0f KiB, valid=%s (checksum %zu)\n", static_cast<size_t>(file.lineCount()),
              static_cast<double>(src.size()) / 1024, ok && errors == 0 ? "yes" : "NO", sink);
  std::printf("%-30s %12s %14s\n", "stage", "ms", "x plain loop");
  std::printf("%-30s %12.3f %14.1f\n", "plain C++ loop (one pass)", base * 1e3, 1.0);
  std::printf("%-30s %12.1f %14.0f\n", "check --stage=parse", parse * 1e3, parse / base);
  std::printf("%-30s %12.1f %14.0f\n", "check (parse + resolve)", check * 1e3, check / base);
  return ok && errors == 0 ? 0 : 1;
}
