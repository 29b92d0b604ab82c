// The diagnostics explain themselves: the offending call, then notes walking back the chain,
// each with its own location; and the tags of section "Analyzing the Uniformity Requirements
// of a Function" as --explain-uniformity prints them.
#include <gtest/gtest.h>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {

struct Note {
  std::string where;  // "line:col"
  std::string message;
};

std::vector<Note> notesOf(const Analysed& a, size_t i) {
  std::vector<Note> out;
  for (const auto& n : a.diags.at(i).notes) {
    auto p = a.parsed.file->position(n.range.begin);
    out.push_back({std::to_string(p.line) + ":" + std::to_string(p.column), n.message});
  }
  return out;
}

bool hasNote(const std::vector<Note>& notes, const std::string& where, const std::string& needle) {
  for (const auto& n : notes)
    if (n.where == where && n.message.find(needle) != std::string::npos) return true;
  return false;
}

std::string dump(const std::vector<Note>& notes) {
  std::string s;
  for (const auto& n : notes) s += n.where + ": " + n.message + "\n";
  return s;
}

TEST(UniformityDiagnostics, BarrierInNonUniformIf) {
  Analysed a = analyse(R"(@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 3u {
    workgroupBarrier();
  }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 4:5"}) << a.text();
  EXPECT_EQ(a.diags[0].message, "'workgroupBarrier' must only be called from uniform control flow");
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "3:6", "control flow depends on possibly non-uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "3:6", "built-in value 'local_invocation_index' (parameter 'lid')")) << dump(n);
  EXPECT_EQ(a.result.errors, 1u);
}

TEST(UniformityDiagnostics, StorageReadThroughVariable) {
  Analysed a = analyse(R"(@group(0) @binding(0) var<storage, read_write> buf: array<u32>;
@compute @workgroup_size(64)
fn main() {
  var x = buf[0];
  x = x + 1u;
  if x > 0u { storageBarrier(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 6:15"}) << a.text();
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "6:6", "control flow depends")) << dump(n);
  EXPECT_TRUE(hasNote(n, "5:3", "'x' is assigned a possibly non-uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "4:7", "'x' is initialized with a possibly non-uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "4:11", "reading from read_write storage buffer 'buf' may result in a non-uniform value"))
      << dump(n);
}

TEST(UniformityDiagnostics, WorkgroupAndPrivateReads) {
  Analysed a = analyse(R"(var<workgroup> w: u32;
var<private> p: u32;
@compute @workgroup_size(64)
fn main() {
  if w > 0u { workgroupBarrier(); }
  if p > 0u { workgroupBarrier(); }
})");
  ASSERT_EQ(a.summary(), (std::vector<std::string>{"error 5:15", "error 6:15"})) << a.text();
  EXPECT_TRUE(hasNote(notesOf(a, 0), "5:6", "reading from workgroup variable 'w'"));
  EXPECT_TRUE(hasNote(notesOf(a, 1), "6:6", "reading from module-scope private variable 'p'"));
}

TEST(UniformityDiagnostics, CallChainNotesAtEachCallSite) {
  Analysed a = analyse(R"(fn inner() { storageBarrier(); }
fn middle() { inner(); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 0u { middle(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 1:14"}) << a.text();
  auto n = notesOf(a, 0);
  ASSERT_GE(n.size(), 4u) << dump(n);
  // From the builtin outwards: inner's call in middle, middle's call in main, then main's path.
  EXPECT_EQ(n[0].where, "2:15");
  EXPECT_NE(n[0].message.find("'inner' must only be called from uniform control flow, because it calls 'storageBarrier'"),
            std::string::npos);
  EXPECT_EQ(n[1].where, "5:17");
  EXPECT_NE(n[1].message.find("'middle' must only be called from uniform control flow"), std::string::npos);
  EXPECT_TRUE(hasNote(n, "5:6", "control flow depends on possibly non-uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "5:6", "built-in value 'local_invocation_index'")) << dump(n);
}

TEST(UniformityDiagnostics, ParameterRequirementNotes) {
  Analysed a = analyse(R"(fn helper(n: u32) {
  if n > 3u {
    workgroupBarrier();
  }
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  helper(lid);
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 3:5"}) << a.text();
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "2:6", "control flow depends")) << dump(n);
  EXPECT_TRUE(hasNote(n, "8:10", "parameter 'n' of 'helper' must be a uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "8:10", "built-in value 'local_invocation_index'")) << dump(n);
}

TEST(UniformityDiagnostics, ReturnValueNotesExplainTheCallee) {
  Analysed a = analyse(R"(@group(0) @binding(0) var<storage, read_write> s: u32;
fn read() -> u32 { return s; }
fn twice(x: u32) -> u32 { return read() * x; }
@compute @workgroup_size(64)
fn main() {
  if twice(2u) > 0u { workgroupBarrier(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 6:23"}) << a.text();
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "6:6", "the return value of 'twice' may be non-uniform")) << dump(n);
  EXPECT_TRUE(hasNote(n, "3:34", "the return value of 'read' may be non-uniform")) << dump(n);
  EXPECT_TRUE(hasNote(n, "2:27", "reading from read_write storage buffer 's'")) << dump(n);
}

TEST(UniformityDiagnostics, PointerContentsAfterCall) {
  Analysed a = analyse(R"(@group(0) @binding(0) var<storage, read_write> s: u32;
fn load(p: ptr<function, u32>) { *p = s; }
@compute @workgroup_size(64)
fn main() {
  var x = 0u;
  load(&x);
  if x > 0u { workgroupBarrier(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 7:15"}) << a.text();
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "6:8", "after this call, the value pointed to by parameter 'p' of 'load' may be non-uniform"))
      << dump(n);
  EXPECT_TRUE(hasNote(n, "2:34", "'p' is assigned a possibly non-uniform value")) << dump(n);
  EXPECT_TRUE(hasNote(n, "2:39", "reading from read_write storage buffer 's'")) << dump(n);
}

TEST(UniformityDiagnostics, PointerArgumentInNonUniformControlFlowExplained) {
  Analysed a = analyse(R"(fn touch(p: ptr<function, u32>) { }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if lid > 3u { touch(&x); }
  if x > 0u { workgroupBarrier(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 6:15"}) << a.text();
  auto n = notesOf(a, 0);
  EXPECT_TRUE(hasNote(n, "5:17", "a pointer to this variable is passed to 'touch' in possibly non-uniform control flow"))
      << dump(n);
  EXPECT_TRUE(hasNote(n, "5:6", "built-in value 'local_invocation_index'")) << dump(n);
}

TEST(UniformityDiagnostics, AtomicResultNote) {
  Analysed a = analyse(R"(var<workgroup> c: atomic<u32>;
@compute @workgroup_size(64)
fn main() {
  if atomicLoad(&c) > 0u { workgroupBarrier(); }
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 4:28"}) << a.text();
  EXPECT_TRUE(hasNote(notesOf(a, 0), "4:6", "the result of 'atomicLoad' may be non-uniform (atomic operations"));
}

TEST(UniformityDiagnostics, FilterableRulesSayHowToFilter) {
  Analysed a = analyse(R"(@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  if v > 0.0 { return textureSample(t, s, vec2f(v)); }
  return vec4f(0.0);
})");
  ASSERT_EQ(a.summary(), std::vector<std::string>{"error 5:23"}) << a.text();
  EXPECT_TRUE(hasNote(notesOf(a, 0), "5:23", "'derivative_uniformity' diagnostic"));
  EXPECT_TRUE(hasNote(notesOf(a, 0), "5:6", "user-defined input 'v' may be non-uniform"));

  Analysed b = analyse(R"(@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 0u { workgroupBarrier(); }
})");
  for (const auto& n : notesOf(b, 0)) EXPECT_EQ(n.message.find("diagnostic filter"), std::string::npos) << n.message;
}

// A diagnostic filter on a function applies to the function (section "Diagnostic Filtering":
// its affected range is the function), written before `fn` or before the body.
TEST(UniformityDiagnostics, FilterOnTheFunctionOrBeforeItsBody) {
  const std::string decls = "@group(0) @binding(0) var t: texture_2d<f32>;\n@group(0) @binding(1) var s: sampler;\n";
  const std::string body = "{\n  if v > 0.0 { return textureSample(t, s, vec2f(v)); }\n  return vec4f(0.0);\n}";
  const std::string sig = "fn main(@location(0) v: f32) -> @location(0) vec4f";
  Analysed before_fn = analyse(decls + "@diagnostic(warning, derivative_uniformity) @fragment\n" + sig + " " + body);
  EXPECT_EQ(before_fn.summary(), std::vector<std::string>{"warning 5:23"}) << before_fn.text();
  Analysed before_body = analyse(decls + "@fragment\n" + sig + " @diagnostic(warning, derivative_uniformity) " + body);
  EXPECT_EQ(before_body.summary(), std::vector<std::string>{"warning 5:23"}) << before_body.text();
  Analysed off = analyse(decls + "@fragment\n" + sig + " @diagnostic(off, derivative_uniformity) " + body);
  EXPECT_EQ(off.summary(), std::vector<std::string>{}) << off.text();
  // Only that function: another one without the filter still reports the error.
  Analysed other = analyse(decls + "@fragment\n" + sig + " @diagnostic(off, derivative_uniformity) " + body +
                           "\n@fragment\nfn g(@location(0) v: f32) -> @location(0) vec4f {\n  if v > 0.0 { return textureSample(t, s, vec2f(v)); }\n"
                           "  return vec4f(0.0);\n}");
  EXPECT_EQ(other.summary(), std::vector<std::string>{"error 10:23"}) << other.text();
}

TEST(UniformityDiagnostics, ParameterOfBuiltinMessage) {
  Analysed a = analyse(R"(enable subgroups;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  _ = subgroupShuffleUp(1u, lid);
  _ = subgroupShuffleXor(1u, lid);
})");
  ASSERT_EQ(a.summary(), (std::vector<std::string>{"error 4:29", "error 5:30"})) << a.text();
  EXPECT_EQ(a.diags[0].message, "parameter 'delta' of 'subgroupShuffleUp' must be a uniform value");
  EXPECT_EQ(a.diags[1].message, "parameter 'mask' of 'subgroupShuffleXor' must be a uniform value");
}

TEST(UniformityDiagnostics, WorkgroupUniformLoadReportedOncePerCall) {
  // Both the call's control flow and its pointer argument are non-uniform for the same reason.
  Analysed a = analyse(R"(var<workgroup> w: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 0u { _ = workgroupUniformLoad(&w); }
})");
  EXPECT_EQ(a.summary(), std::vector<std::string>{"error 4:21"}) << a.text();
}

TEST(UniformityDiagnostics, EveryIndependentViolationInEveryFunction) {
  Analysed a = analyse(R"(var<private> p: u32;
fn f() { if p > 0u { workgroupBarrier(); } }
fn g() { if p > 1u { storageBarrier(); } }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  f();
  g();
  if lid > 0u { workgroupBarrier(); }
  if lid > 1u { textureBarrier(); }
})");
  EXPECT_EQ(a.summary(), (std::vector<std::string>{"error 2:22", "error 3:22", "error 8:17", "error 9:17"})) << a.text();
  EXPECT_EQ(a.result.errors, 4u);
}

TEST(UniformityDiagnostics, SeverityCounts) {
  Analysed a = analyse(R"(enable subgroups;
diagnostic(warning, derivative_uniformity);
diagnostic(info, subgroup_uniformity);
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  if v > 0.0 {
    _ = subgroupAdd(1u);
    return textureSample(t, s, vec2f(v));
  }
  return vec4f(0.0);
})");
  EXPECT_EQ(a.summary(), (std::vector<std::string>{"info 9:9", "warning 10:12"})) << a.text();
  EXPECT_EQ(a.result.errors, 0u);
  EXPECT_EQ(a.result.warnings, 1u);
  EXPECT_EQ(a.result.infos, 1u);
}

// ------------------------------------------------------------------ tags (--explain-uniformity)

std::string explain(const std::string& src) {
  uniformity::Options o;
  o.explain = true;
  Analysed a = analyse(src, o);
  EXPECT_TRUE(a.resolved) << a.text();
  return a.result.explanation;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

TEST(UniformityTags, CallSiteAndParameterTags) {
  std::string e = explain(R"(fn helper(n: u32, m: u32) -> u32 {
  if n > 3u { workgroupBarrier(); }
  return m;
}
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3u) { _ = helper(wid.x, wid.y); })");
  EXPECT_TRUE(contains(e, "call site: CallSiteRequiredToBeUniform.error")) << e;
  EXPECT_TRUE(contains(e, "function: NoRestriction")) << e;
  EXPECT_TRUE(contains(e, "parameter 'n': ParameterRequiredToBeUniform.error; ParameterReturnNoRestriction")) << e;
  EXPECT_TRUE(contains(e, "parameter 'm': ParameterNoRestriction; ParameterReturnContentsRequiredToBeUniform")) << e;
  EXPECT_TRUE(contains(e, "entry point 'main'")) << e;
}

TEST(UniformityTags, NoRestrictionFunction) {
  std::string e = explain(R"(fn pure(x: u32) -> u32 { return 1u; }
@compute @workgroup_size(64)
fn main() { _ = pure(1u); })");
  EXPECT_TRUE(contains(e, "call site: CallSiteNoRestriction")) << e;
  EXPECT_TRUE(contains(e, "parameter 'x': ParameterNoRestriction; ParameterReturnNoRestriction")) << e;
}

TEST(UniformityTags, ReturnValueMayBeNonUniform) {
  std::string e = explain(R"(var<workgroup> w: u32;
fn read() -> u32 { return w; }
@compute @workgroup_size(64)
fn main() { _ = read(); })");
  EXPECT_TRUE(contains(e, "function: ReturnValueMayBeNonUniform")) << e;
}

TEST(UniformityTags, PointerParameterTags) {
  std::string e = explain(R"(var<workgroup> w: u32;
fn spoil(p: ptr<function, u32>) { *p = w; }
fn keep(p: ptr<function, u32>) { }
fn need(p: ptr<function, u32>) { if *p > 0u { workgroupBarrier(); } }
@compute @workgroup_size(64)
fn main() { var x = 0u; spoil(&x); keep(&x); })");
  EXPECT_TRUE(contains(e, "function 'spoil'")) << e;
  EXPECT_TRUE(contains(e, "PointerParameterMayBeNonUniform")) << e;
  EXPECT_TRUE(contains(e, "PointerParameterNoRestriction")) << e;
  EXPECT_TRUE(contains(e, "parameter 'p': ParameterContentsRequiredToBeUniform.error")) << e;
}

TEST(UniformityTags, WarningSeverityTags) {
  std::string e = explain(R"(diagnostic(warning, derivative_uniformity);
fn helper(v: f32) -> f32 { if v > 0.0 { return dpdx(v); } return 0.0; }
@fragment fn main() -> @location(0) vec4f { return vec4f(helper(1.0)); })");
  EXPECT_TRUE(contains(e, "call site: CallSiteRequiredToBeUniform.warning")) << e;
  EXPECT_TRUE(contains(e, "parameter 'v': ParameterRequiredToBeUniform.warning")) << e;
  EXPECT_TRUE(contains(e, "function: ReturnValueMayBeNonUniform")) << e;
}

TEST(UniformityTags, ExplanationNamesViolationsAndSatisfiedRequirements) {
  std::string e = explain(R"(@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  workgroupBarrier();
  if lid > 0u { storageBarrier(); }
})");
  EXPECT_TRUE(contains(e, "'workgroupBarrier' at 3:3")) << e;
  EXPECT_TRUE(contains(e, "satisfied")) << e;
  EXPECT_TRUE(contains(e, "'storageBarrier' at 4:17")) << e;
  EXPECT_TRUE(contains(e, "VIOLATED")) << e;
  EXPECT_TRUE(contains(e, "4:6: control flow depends on possibly non-uniform value")) << e;
}

}  // namespace
}  // namespace wgsl::test
