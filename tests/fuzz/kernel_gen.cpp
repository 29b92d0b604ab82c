#include "tests/fuzz/kernel_gen.h"

#include <string>
#include <vector>

namespace wgslemu::fuzz {
namespace {

const std::vector<std::string> kConsts = {"0u",  "1u",   "2u",          "3u",          "7u",   "31u", "32u",
                                          "63u", "64u",  "65u",         "255u",        "0xffffffffu",
                                          "0x80000000u", "1000u"};
const std::vector<std::string> kFloats = {"0.0", "1.0", "-1.0", "0.1", "1e30", "-1e-38", "3.4e38", "1.5e-45"};

class Generator {
 public:
  explicit Generator(ByteReader& in) : in_(in) {}

  GeneratedKernel run() {
    static const uint32_t kSizes[] = {1, 2, 3, 4, 8, 16, 32, 64};
    GeneratedKernel k;
    k.workgroup_size = kSizes[in_.below(8)];
    k.workgroups = 1 + in_.below(4);
    out_ += "enable subgroups;\n";
    out_ += "@group(0) @binding(0) var<storage, read_write> buf : array<u32>;\n";
    out_ += "@group(0) @binding(1) var<storage, read_write> acc : array<atomic<u32>>;\n";
    out_ += "var<workgroup> wg : array<u32, " + std::to_string(kWgWords) + ">;\n";
    out_ += "var<workgroup> wa : atomic<u32>;\n";
    out_ += "var<workgroup> wu : u32;\n";
    out_ += "fn helper(a : u32, b : u32) -> u32 {\n  if (a > b) { return a - b; }\n  return b / (a | 1u);\n}\n";
    out_ += "@compute @workgroup_size(" + std::to_string(k.workgroup_size) + ")\n";
    out_ += "fn main(@builtin(local_invocation_index) lid : u32, @builtin(global_invocation_id) gid : vec3<u32>,\n";
    out_ += "        @builtin(workgroup_id) wid : vec3<u32>) {\n";
    out_ += "  var x : u32 = lid;\n  var y : u32 = gid.x;\n  var s : i32 = i32(lid) - 3;\n";
    out_ += "  var f : f32 = f32(gid.x) * 0.5;\n";
    // Constants are `let`s, so expressions over them are evaluated at run time (a constant
    // expression that overflows would be a shader-creation error).
    for (size_t i = 0; i < kConsts.size(); ++i) out_ += "  let c" + std::to_string(i) + " = " + kConsts[i] + ";\n";
    for (size_t i = 0; i < kFloats.size(); ++i) out_ += "  let fc" + std::to_string(i) + " : f32 = " + kFloats[i] + ";\n";
    const uint32_t n = 1 + in_.below(12);
    for (uint32_t i = 0; i < n && !in_.empty(); ++i) stmt(1, /*uniform=*/true, /*in_loop=*/false);
    out_ += "  buf[gid.x % " + std::to_string(kBufWords) + "u] = x ^ y ^ u32(s) ^ bitcast<u32>(f);\n";
    out_ += "}\n";
    k.source = out_;
    k.lines = 1;
    for (char c : out_) k.lines += c == '\n';
    return k;
  }

 private:
  void indent(int depth) { out_.append(static_cast<size_t>(depth) * 2, ' '); }

  std::string constant() { return "c" + std::to_string(in_.below(static_cast<uint32_t>(kConsts.size()))); }

  std::string idx(const std::string& e, uint32_t words) {
    switch (in_.below(4)) {
      case 0: return e;  // may be out of bounds
      case 1: return "(" + e + ") & " + std::to_string(2 * words - 1) + "u";  // out of bounds half the time
      default: return "(" + e + ") % " + std::to_string(words) + "u";
    }
  }

  // A u32 expression; `uniform`: only workgroup-uniform operands (for conditions of ifs and
  // loops that contain barriers).
  std::string u32expr(int depth, bool uniform) {
    if (uniform) {
      switch (in_.below(4)) {
        case 0: return "wid.x";
        case 1: return constant();
        case 2: return "workgroupUniformLoad(&wu)";
        default: return depth < 3 ? "(" + u32expr(depth + 1, true) + " + " + constant() + ")" : constant();
      }
    }
    const uint32_t choice = depth >= 3 ? in_.below(6) : in_.below(20);
    switch (choice) {
      case 0: return "x";
      case 1: return "y";
      case 2: return "lid";
      case 3: return constant();
      case 4: return "gid.x";
      case 5: return "u32(s)";
      case 6: return "buf[" + idx(u32expr(depth + 1, false), kBufWords) + "]";
      case 7: return "wg[" + idx(u32expr(depth + 1, false), kWgWords) + "]";
      case 8: return "atomicLoad(&acc[" + idx(u32expr(depth + 1, false), kAccWords) + "])";
      case 9: return "atomicLoad(&wa)";
      case 10: return "u32(f)";
      case 11: return "bitcast<u32>(f)";
      case 12: return "helper(" + u32expr(depth + 1, false) + ", " + u32expr(depth + 1, false) + ")";
      case 13: return "select(" + u32expr(depth + 1, false) + ", " + u32expr(depth + 1, false) + ", " +
                      cond(depth + 1, false) + ")";
      case 14: return "countOneBits(" + u32expr(depth + 1, false) + ")";
      default: {
        static const char* kOps[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"};
        const char* op = kOps[in_.below(10)];
        return "(" + u32expr(depth + 1, false) + " " + op + " " + u32expr(depth + 1, false) + ")";
      }
    }
  }

  std::string f32expr(int depth) {
    const uint32_t choice = depth >= 3 ? in_.below(3) : in_.below(10);
    switch (choice) {
      case 0: return "f";
      case 1: return "f32(" + u32expr(depth + 1, false) + ")";
      case 2: return "fc" + std::to_string(in_.below(static_cast<uint32_t>(kFloats.size())));
      case 3: return "sqrt(" + f32expr(depth + 1) + ")";
      case 4: return "exp(" + f32expr(depth + 1) + ")";
      case 5: return "fma(" + f32expr(depth + 1) + ", " + f32expr(depth + 1) + ", " + f32expr(depth + 1) + ")";
      case 6: return "bitcast<f32>(" + u32expr(depth + 1, false) + ")";
      default: {
        static const char* kOps[] = {"+", "-", "*", "/"};
        return "(" + f32expr(depth + 1) + " " + kOps[in_.below(4)] + " " + f32expr(depth + 1) + ")";
      }
    }
  }

  std::string cond(int depth, bool uniform) {
    static const char* kCmp[] = {"<", "<=", "==", "!=", ">", ">="};
    if (!uniform && in_.below(4) == 0) return "(f " + std::string(kCmp[in_.below(6)]) + " " + f32expr(depth + 1) + ")";
    return "(" + u32expr(depth + 1, uniform) + " " + kCmp[in_.below(6)] + " " + u32expr(depth + 1, uniform) + ")";
  }

  void block(int depth, bool uniform, bool in_loop) {
    const uint32_t n = 1 + in_.below(4);
    for (uint32_t i = 0; i < n && !in_.empty(); ++i) stmt(depth + 1, uniform, in_loop);
  }

  void stmt(int depth, bool uniform, bool in_loop) {
    const bool nest = depth < 5;
    const uint32_t choice = in_.below(nest ? 18 : 12);
    indent(depth);
    switch (choice) {
      case 0: out_ += "x = " + u32expr(0, false) + ";\n"; return;
      case 1: out_ += "y = " + u32expr(0, false) + ";\n"; return;
      case 2: out_ += "s = s * i32(" + u32expr(0, false) + ") + " + std::to_string(static_cast<int>(in_.below(9)) - 4) + ";\n"; return;
      case 3: out_ += "f = " + f32expr(0) + ";\n"; return;
      case 4: out_ += "buf[" + idx(u32expr(0, false), kBufWords) + "] = " + u32expr(0, false) + ";\n"; return;
      case 5: out_ += "wg[" + idx(u32expr(0, false), kWgWords) + "] = " + u32expr(0, false) + ";\n"; return;
      case 6: {
        static const char* kAtomics[] = {"atomicAdd", "atomicSub", "atomicMax", "atomicMin", "atomicAnd",
                                         "atomicOr", "atomicXor", "atomicExchange"};
        const char* a = kAtomics[in_.below(8)];
        if (in_.below(2) == 0)
          out_ += "x = " + std::string(a) + "(&acc[" + idx(u32expr(0, false), kAccWords) + "], " + u32expr(0, false) + ");\n";
        else
          out_ += "y = " + std::string(a) + "(&wa, " + u32expr(0, false) + ");\n";
        return;
      }
      case 7:
        out_ += "x = atomicCompareExchangeWeak(&acc[" + idx(u32expr(0, false), kAccWords) + "], " + u32expr(0, false) +
                ", " + u32expr(0, false) + ").old_value;\n";
        return;
      case 8:
        if (uniform) {
          static const char* kBarriers[] = {"workgroupBarrier();", "storageBarrier();",
                                            "wu = workgroupUniformLoad(&wu) + 1u;"};
          // workgroupUniformLoad is a barrier too; the store to wu after it races unless one
          // invocation does it, which is what --races should report.
          // Subgroup and quad operations: uniform control flow here is workgroup-uniform, so
          // it is subgroup-uniform too.
          static const char* kCollectives[] = {
              "x = subgroupAdd(x);", "y = subgroupMax(y ^ lid);", "x = subgroupBroadcast(x, 1u);",
              "x = subgroupBroadcastFirst(y);", "x = subgroupBallot(x > 3u).x;", "y = subgroupShuffle(y, x);",
              "x = subgroupShuffleXor(x, 1u);", "x = subgroupExclusiveAdd(y);", "f = subgroupMin(f);",
              "if (subgroupElect()) { y = y + 1u; }", "x = quadBroadcast(x, 2u);", "y = quadSwapX(y);",
              "s = subgroupInclusiveMul(s);", "x = select(0u, 1u, subgroupAny(x == 0u));"};
          const uint32_t k = in_.below(3 + 14);
          out_ += k < 3 ? kBarriers[k] : kCollectives[k - 3];
          out_ += "\n";
        } else {
          out_ += "x = x + 1u;\n";
        }
        return;
      case 9:
        if (in_loop && !uniform) {
          out_ += in_.below(2) ? "if " + cond(0, false) + " { break; }\n" : "if " + cond(0, false) + " { continue; }\n";
        } else {
          out_ += "_ = " + u32expr(0, false) + ";\n";
        }
        return;
      case 10: out_ += "if (lid == 0u) { wu = " + u32expr(0, false) + "; }\n"; return;
      case 11: {
        const std::string v = "val" + std::to_string(vars_++);
        out_ += "let " + v + " = " + u32expr(0, false) + ";\n";
        indent(depth);
        out_ += "x = x + " + v + ";\n";
        return;
      }
      case 12:
      case 13: {  // if: uniform condition keeps barriers allowed inside
        const bool u = uniform && in_.below(2) == 0;
        out_ += "if " + cond(0, u) + " {\n";
        block(depth, u, in_loop);
        indent(depth);
        if (in_.below(2)) {
          out_ += "} else {\n";
          block(depth, u, in_loop);
          indent(depth);
        }
        out_ += "}\n";
        return;
      }
      case 14:
      case 15: {  // bounded loop; a break or continue only in non-uniform loops
        const bool u = uniform && in_.below(2) == 0;
        const std::string i = "it" + std::to_string(vars_++);  // not "i32" when vars_ is 32
        out_ += "for (var " + i + " = 0u; " + i + " < " + std::to_string(1 + in_.below(4)) + "u; " + i + "++) {\n";
        block(depth, u, !u);
        indent(depth);
        out_ += "}\n";
        return;
      }
      case 16: {  // loop with continuing and a bounded break-if
        const bool u = uniform && in_.below(2) == 0;
        const std::string i = "it" + std::to_string(vars_++);  // not "i32" when vars_ is 32
        out_ += "var " + i + " = 0u;\n";
        indent(depth);
        out_ += "loop {\n";
        block(depth, u, !u);
        indent(depth + 1);
        out_ += "continuing {\n";
        indent(depth + 2);
        out_ += i + " += 1u;\n";
        indent(depth + 2);
        out_ += "break if " + i + " >= " + std::to_string(1 + in_.below(4)) + "u;\n";
        indent(depth + 1);
        out_ += "}\n";
        indent(depth);
        out_ += "}\n";
        return;
      }
      default: {  // switch on a non-uniform value
        out_ += "switch (" + u32expr(0, false) + " % 4u) {\n";
        indent(depth + 1);
        out_ += "case 0u, 1u: {\n";
        block(depth + 1, false, in_loop);
        indent(depth + 1);
        out_ += "}\n";
        indent(depth + 1);
        out_ += "default: {\n";
        block(depth + 1, false, in_loop);
        indent(depth + 1);
        out_ += "}\n";
        indent(depth);
        out_ += "}\n";
        return;
      }
    }
  }

  ByteReader& in_;
  std::string out_;
  int vars_ = 0;
};

std::string seeded(const char* name, ByteReader& in) { return std::string(name) + ":" + std::to_string(in.below(1000)); }

}  // namespace

GeneratedKernel generateKernel(ByteReader& in) { return Generator(in).run(); }

wgsl::runtime::DeviceOptions generateOptions(ByteReader& in, const GeneratedKernel& k) {
  wgsl::runtime::DeviceOptions o;
  o.threads = 1;
  o.max_instructions_per_workgroup = 200000;
  o.max_steps = 200000;
  o.hang_window = 1u << (8 + in.below(8));
  static const uint32_t kSubgroupSizes[] = {4, 8, 16, 32, 64, 128};
  o.subgroup_size = kSubgroupSizes[in.below(6)];
  if (in.below(8) == 0) {
    o.random_subgroup_size = true;
    o.subgroup_size_seed = in.below(1000);
  }
  switch (in.below(9)) {
    case 0: o.scheduler = "fair"; break;
    case 1: o.scheduler = "round-robin"; break;
    case 2: o.scheduler = "obe"; break;
    case 3: o.scheduler = "lobe"; break;
    case 4: o.scheduler = "hsa"; break;
    case 5: o.scheduler = "hsa-obe"; break;
    case 6: o.scheduler = "unfair"; break;
    default: o.scheduler = seeded("random", in); break;
  }
  o.occupancy = in.below(4);
  switch (in.below(3)) {
    case 0: o.admission = "id"; break;
    case 1: o.admission = "reverse"; break;
    default: o.admission = seeded("random", in); break;
  }
  switch (in.below(5)) {
    case 0: o.subgroup_scheduler = "round-robin"; break;
    case 1: o.subgroup_scheduler = seeded("random", in); break;
    case 2: o.subgroup_scheduler = "adversarial"; break;
    default: o.subgroup_scheduler = "lockstep"; break;
  }
  o.preempt_every = in.below(4) == 0 ? 1 + in.below(16) : 0;
  switch (in.below(8)) {
    case 0: o.oob = "zero"; break;
    case 1: o.oob = "clamp"; break;
    case 2: o.oob = "discard"; break;
    case 3: o.oob = seeded("random", in); break;
    case 4: o.oob = seeded("random", in) + ":terminate"; break;
    case 5: o.oob = "trap"; break;
    default: o.oob = "report"; break;
  }
  for (uint32_t n = in.below(4) == 0 ? 1 + in.below(3) : 0; n > 0; --n) {
    std::string rule = in.below(2) ? "oob:" : "poison:";
    if (in.below(4) == 0) {
      rule += "prob=0." + std::to_string(in.below(10)) + ":seed=" + std::to_string(in.below(100));
    } else {
      rule += std::to_string(1 + in.below(k.lines));
      if (in.below(2)) rule += ":nth=" + std::to_string(1 + in.below(4));
      if (in.below(3) == 0) rule += ":workgroup=" + std::to_string(in.below(k.workgroups)) + ",0,0";
    }
    o.inject.push_back(rule);
  }
  o.races = in.below(3) == 0;
  o.check_collectives = in.below(4) == 0;
  static const char* kFloat[] = {"ieee", "ftz", "fma", "ulp-max", "ulp-random:3", "ftz,fma", "ftz,ulp-max"};
  o.float_mode = kFloat[in.below(7)];
  switch (in.below(4)) {
    case 0: o.nonfinite = seeded("indeterminate", in); break;
    case 1: o.nonfinite = "report"; break;
    default: o.nonfinite = "propagate"; break;
  }
  o.record_schedule = in.below(8) == 0;
  return o;
}

}  // namespace wgslemu::fuzz
