// The typed AST records what each identifier, call and member expression resolved to: the
// uniformity analysis and the lowering read these instead of re-resolving names.
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace wgsl::test {
namespace {

using sema::CallKind;
using sema::DeclRef;

// Finds the (first) recorded expression whose source text is `text`.
const sema::ExprInfo* find(const Parsed& p, const std::string& source, const std::string& text,
                           const ast::Expr** out = nullptr) {
  const sema::ExprInfo* best = nullptr;
  size_t best_begin = SIZE_MAX;
  for (const auto& [e, info] : p.program->exprs) {
    if (source.substr(e->range.begin, e->range.end - e->range.begin) != text) continue;
    if (e->range.begin < best_begin) {
      best_begin = e->range.begin;
      best = &info;
      if (out) *out = e;
    }
  }
  return best;
}

TEST(ResolutionRecords, IdentifiersNameTheirDeclarations) {
  const std::string src = R"(
const K = 4;
override O: u32 = 2;
var<private> g: f32;
fn f(a: i32, b: f32) -> f32 {
  let l = a + 1;
  var v = b * g;
  return v + f32(l) + f32(K) + f32(O);
}
)";
  Parsed p = check(src);
  ASSERT_TRUE(p.ok()) << p.text();
  const sema::ExprInfo* b = find(p, src, "b");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->ref, DeclRef::Param);
  EXPECT_EQ(b->param_index, 1);
  ASSERT_NE(b->function, nullptr);
  EXPECT_EQ(b->function->name.name, "f");
  EXPECT_EQ(find(p, src, "a")->param_index, 0);
  EXPECT_EQ(find(p, src, "g")->ref, DeclRef::Var);
  EXPECT_EQ(find(p, src, "K")->ref, DeclRef::Const);
  EXPECT_EQ(find(p, src, "O")->ref, DeclRef::Override);
  const sema::ExprInfo* v = find(p, src, "v");
  ASSERT_NE(v->decl, nullptr);
  EXPECT_EQ(v->decl->name.name, "v");
  const sema::DeclInfo* vd = p.program->declInfo(v->decl);
  ASSERT_NE(vd, nullptr);
  EXPECT_EQ(vd->kind, DeclRef::Var);
  EXPECT_FALSE(vd->module_scope);
  EXPECT_EQ(vd->type->name(), "f32");
  const sema::DeclInfo* gd = p.program->declInfo(find(p, src, "g")->decl);
  ASSERT_NE(gd, nullptr);
  EXPECT_TRUE(gd->module_scope);
  EXPECT_EQ(gd->space, sema::AddressSpace::Private);
  const sema::DeclInfo* kd = p.program->declInfo(find(p, src, "K")->decl);
  ASSERT_TRUE(kd && kd->value);
  EXPECT_EQ(kd->value->i, 4);
  EXPECT_EQ(find(p, src, "l")->ref, DeclRef::Let);
}

TEST(ResolutionRecords, CallsRecordTheirKindAndParameterTypes) {
  const std::string src = R"(
fn h(x: f32, y: u32) -> f32 { return x + f32(y); }
fn f(p: f32) -> f32 {
  let a = h(p, 3);
  let b = max(p, 1);
  let c = vec3(p, 2, 3);
  return a + b + c.x;
}
)";
  Parsed p = check(src);
  ASSERT_TRUE(p.ok()) << p.text();
  const sema::ExprInfo* h = find(p, src, "h(p, 3)");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->call, CallKind::Function);
  ASSERT_NE(h->callee, nullptr);
  EXPECT_EQ(h->callee->name.name, "h");
  ASSERT_EQ(h->params.size(), 2u);
  EXPECT_EQ(h->params[1]->name(), "u32");
  const sema::ExprInfo* m = find(p, src, "max(p, 1)");
  EXPECT_EQ(m->call, CallKind::Builtin);
  ASSERT_EQ(m->params.size(), 2u);
  EXPECT_EQ(m->params[1]->name(), "f32");  // the abstract 1 converts to f32
  const sema::ExprInfo* c = find(p, src, "vec3(p, 2, 3)");
  EXPECT_EQ(c->call, CallKind::Constructor);
  EXPECT_EQ(c->type->name(), "vec3<f32>");
  EXPECT_EQ(find(p, src, "f32(y)")->call, CallKind::Constructor);
  const sema::FunctionInfo& fi = p.program->functions.at(h->callee);
  EXPECT_EQ(fi.ret->name(), "f32");
}

TEST(ResolutionRecords, MembersRecordIndexOrSwizzle) {
  const std::string src = R"(
struct S { a: f32, b: vec4<f32> }
fn f(s: S) -> vec2<f32> { return s.b.wy * s.a; }
)";
  Parsed p = check(src);
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(find(p, src, "s.b")->member_index, 1);
  EXPECT_EQ(find(p, src, "s.a")->member_index, 0);
  const sema::ExprInfo* sw = find(p, src, "s.b.wy");
  ASSERT_EQ(sw->swizzle.size(), 2u);
  EXPECT_EQ(sw->swizzle[0], 3);
  EXPECT_EQ(sw->swizzle[1], 1);
}

}  // namespace
}  // namespace wgsl::test

namespace wgsl::test {
namespace {

// Regression: the pipeline-creation wording of an evaluation error read "in a override-expression".
TEST(PipelineCreationWording, OverrideExpressionErrorsReadAsEnglish) {
  auto r = runCommand(std::string(WGSLEMU_BINARY) + " reflect --override d=0 -",
                      "override d: i32 = 1;\noverride e = 1 / d;\n"
                      "@compute @workgroup_size(1) fn main() { _ = e; }\n");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("division by zero in an override-expression"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wgsl::test
