// The table of built-in functions (interp/sema/builtin_table.inc) against the spec: every function
// of the spec's "Built-in Functions" chapter has a row, each row is a function of the spec, and
// each row has the entries the spec requires (an accuracy row where the spec's accuracy table has
// one, a lowering wherever a compute shader may call it). The names are read from the spec file,
// independently of the table.
#include "interp/sema/builtin_fn.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "interp/math/accuracy.h"
#include "interp/sema/builtin_eval.h"
#include "interp/sema/builtins.h"

namespace wgsl::sema {
namespace {

// The names of the spec's built-in function sections (### `name` ###), from the "Built-in
// Functions" chapter to the end, without the value constructors and conversions (`vec3`,
// `mat2x2`, `array`, `i32`, ...), which are not functions of the table.
std::set<std::string> specFunctionNames() {
  std::ifstream in(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  std::set<std::string> names;
  std::string line;
  bool in_chapter = false;
  const std::regex heading(R"(^#{2,4} `(\w+)`)");
  const std::set<std::string> conversions{"bool", "f16", "f32", "i32", "u32", "array"};
  while (std::getline(in, line)) {
    if (line.rfind("# Built-in Functions #", 0) == 0) in_chapter = true;
    std::smatch m;
    if (!in_chapter || !std::regex_search(line, m, heading)) continue;
    const std::string n = m[1];
    const bool constructor = std::regex_match(n, std::regex(R"((vec[234]|mat[234]x[234]))"));
    if (!constructor && !conversions.count(n)) names.insert(n);
  }
  return names;
}

std::vector<BuiltinFn> allFns() {
  std::vector<BuiltinFn> v;
  for (size_t i = 1; i <= kBuiltinFnCount; ++i) v.push_back(static_cast<BuiltinFn>(i));
  return v;
}

TEST(BuiltinFns, EveryFunctionOfTheSpecHasARow) {
  const std::set<std::string> spec = specFunctionNames();
  ASSERT_GT(spec.size(), 140u);
  for (const std::string& n : spec) {
    const BuiltinFn fn = builtinFnFromName(n);
    EXPECT_NE(fn, BuiltinFn::None) << "no entry in builtin_table.inc: " << n;
    EXPECT_EQ(builtinFnName(fn), n);
  }
  for (BuiltinFn fn : allFns()) EXPECT_TRUE(spec.count(std::string(builtinFnName(fn)))) << "not a spec function: " << builtinFnName(fn);
  EXPECT_EQ(kBuiltinFnCount, spec.size());
}

TEST(BuiltinFns, NamesAndIdsRoundTrip) {
  EXPECT_EQ(builtinFnFromName("frobnicate"), BuiltinFn::None);
  EXPECT_EQ(builtinFnFromName("vec3"), BuiltinFn::None);  // a constructor, not a function
  EXPECT_EQ(builtinFnFromName(""), BuiltinFn::None);
  EXPECT_EQ(builtinFnFromName("workgroupBarrier"), BuiltinFn::WorkgroupBarrier);
  for (BuiltinFn fn : allFns()) EXPECT_EQ(builtinFnFromName(builtinFnName(fn)), fn) << builtinFnName(fn);
}

// The Accuracy column says "Acc" exactly for the functions of the spec's accuracy table for
// built-in functions (tests/math/accuracy_table_test.cpp checks that table against the spec).
TEST(BuiltinFns, AccuracyColumnMatchesTheAccuracyTable) {
  int rows = 0;
  for (BuiltinFn fn : allFns()) {
    const std::string n(builtinFnName(fn));
    EXPECT_EQ(builtinHasAccuracyRow(fn), math::findAccuracy(n) != nullptr) << n;
    rows += builtinHasAccuracyRow(fn);
  }
  EXPECT_GT(rows, 80);
}

// The first overload that accepts one of a few argument lists (every function whose
// parameters are scalars, vectors or matrices of f32, i32, u32 or bool).
BuiltinMatch someMatch(TypeTable& tt, const std::string& name) {
  const std::vector<const Type*> pool = {tt.f32(),           tt.i32(),           tt.u32(),
                                         tt.boolType(),      tt.vec(2, tt.f32()), tt.vec(3, tt.f32()),
                                         tt.vec(4, tt.f32()), tt.vec(4, tt.i32()), tt.vec(4, tt.u32()),
                                         tt.mat(3, 3, tt.f32())};
  const std::set<std::string> exts{"subgroups", "f16"};
  std::vector<std::vector<const Type*>> lists{{}};
  for (const Type* a : pool) {
    lists.push_back({a});
    lists.push_back({a, a});
    lists.push_back({a, a, a});
    lists.push_back({a, tt.u32()});
    lists.push_back({a, tt.i32()});
    lists.push_back({a, tt.u32(), tt.u32()});
    lists.push_back({a, a, tt.u32(), tt.u32()});
    lists.push_back({a, a, tt.f32()});
    lists.push_back({a, a, tt.boolType()});
  }
  for (const auto& args : lists) {
    BuiltinMatch m = matchBuiltin(tt, name, {}, args, exts);
    if (m.ok) return m;
    m = matchBuiltin(tt, name, {tt.f32()}, args, exts);  // bitcast<f32>(...)
    if (m.ok) return m;
  }
  return BuiltinMatch{};
}

// Every function a compute shader may call is lowered, except the texture and buffer-view
// functions, which wgslemu's interpreter does not run yet (a pipeline using one is rejected
// with a message that says so).
TEST(BuiltinFns, EveryComputeFunctionIsLowered) {
  TypeTable tt;
  for (BuiltinFn fn : allFns()) {
    const std::string n(builtinFnName(fn));
    if (builtinLowering(fn) != BuiltinLowering::Unsupported) continue;
    if (n.rfind("texture", 0) == 0 || n.rfind("buffer", 0) == 0) continue;
    const BuiltinMatch m = someMatch(tt, n);
    ASSERT_TRUE(m.ok) << n;
    const bool compute = m.stages.empty() || std::count(m.stages.begin(), m.stages.end(), "compute");
    EXPECT_FALSE(compute) << n << " may be called in a compute shader but has no lowering";
  }
  EXPECT_EQ(builtinLowering(BuiltinFn::TextureBarrier), BuiltinLowering::Custom);
}

// The functions the spec declares @const ("@const @must_use fn abs(e: T) -> T"), read from the
// spec's "Built-in Functions" chapter.
std::set<std::string> specConstFunctions() {
  std::ifstream in(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  std::set<std::string> names;
  std::string line;
  bool in_chapter = false;
  const std::regex decl(R"(@const\b.*\bfn +(\w+))");
  while (std::getline(in, line)) {
    if (line.rfind("# Built-in Functions #", 0) == 0) in_chapter = true;
    std::smatch m;
    if (in_chapter && std::regex_search(line, m, decl) && builtinFnFromName(m[1].str()) != BuiltinFn::None) names.insert(m[1]);
  }
  return names;
}

// Every @const function has an evaluator: called with zero values of the parameter types of one
// of its overloads, it gives a value or a const-expression error (never "not evaluated"); and
// the table marks @const exactly the functions the spec does.
TEST(BuiltinFns, EveryConstFunctionHasAnEvaluator) {
  const std::set<std::string> spec_const = specConstFunctions();
  ASSERT_GT(spec_const.size(), 75u);
  TypeTable tt;
  for (BuiltinFn fn : allFns()) {
    const std::string n(builtinFnName(fn));
    const BuiltinMatch m = someMatch(tt, n);
    if (!spec_const.count(n)) {
      EXPECT_FALSE(m.ok && m.is_const) << n << " is not @const in the spec";
      continue;
    }
    ASSERT_TRUE(m.ok) << n;
    EXPECT_TRUE(m.is_const) << n << " is @const in the spec";
    std::vector<ConstValue> args;
    for (const Type* p : m.params) args.push_back(ConstValue::zero(tt, p));
    const Eval e = evalBuiltin(tt, fn, args, m.result);
    EXPECT_TRUE(e.value || !e.error.empty()) << n << " is @const but has no evaluator";
  }
}

}  // namespace
}  // namespace wgsl::sema
