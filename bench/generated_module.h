// The generated module of check_bench and frontend_bench: a shader in the style compilers emit
// (many small functions, index arithmetic, loops, built-in calls), valid WGSL (Tint accepts it).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace wgslemu::bench {

// About `target_lines` lines (11 per function); 5 000 lines are about 174 KiB.
inline std::string generate(int target_lines) {
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

}  // namespace wgslemu::bench
