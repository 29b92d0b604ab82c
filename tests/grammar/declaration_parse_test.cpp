// Module scope (spec sections "Directives", "Variable and Value Declarations", "Type Aliases",
// "Structure Types", "Functions", "Attributes", "Entry Points", "Identifiers"): directives and
// declarations checked through the module dump of interp/ast/ast_dump.cpp (one line per
// directive or declaration). Expected dumps are written by hand from the spec's grammar and the
// documented dump format; invalid forms are checked by a substring of their message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/test_support.h"

namespace {

using wgsl::test::dumpModule;
using wgsl::test::parse;
using wgsl::test::Parsed;

// Succeeds if `source` is rejected with an error whose message contains `needle` (any error if
// `needle` is empty).
::testing::AssertionResult rejected(const std::string& source, const std::string& needle = "") {
  return wgsl::test::rejectedWith(source, needle);
}

// The first error diagnostic whose message contains `needle`, or null.
const wgsl::Diagnostic* findError(const Parsed& p, const std::string& needle) {
  for (const wgsl::Diagnostic& d : p.diags.all())
    if (d.severity == wgsl::Severity::Error && d.message.find(needle) != std::string::npos) return &d;
  return nullptr;
}

// ------------------------------------------------------------------ directives

TEST(DirectiveParse, EnableWithTrailingComma) {
  EXPECT_EQ(dumpModule("enable f16;"), "(enable f16)\n");
  EXPECT_EQ(dumpModule("enable f16, subgroups;"), "(enable f16 subgroups)\n");
  EXPECT_EQ(dumpModule("enable f16, subgroups,;"), "(enable f16 subgroups)\n");
  EXPECT_EQ(dumpModule("enable f16,;"), "(enable f16)\n");
}

TEST(DirectiveParse, Requires) {
  EXPECT_EQ(dumpModule("requires readonly_and_readwrite_storage_textures;"),
            "(requires readonly_and_readwrite_storage_textures)\n");
  EXPECT_EQ(dumpModule("requires packed_4x8_integer_dot_product, pointer_composite_access,;"),
            "(requires packed_4x8_integer_dot_product pointer_composite_access)\n");
}

TEST(DirectiveParse, DiagnosticSeverities) {
  EXPECT_EQ(dumpModule("diagnostic(off, derivative_uniformity);"), "(diagnostic off derivative_uniformity)\n");
  EXPECT_EQ(dumpModule("diagnostic(error, derivative_uniformity,);"), "(diagnostic error derivative_uniformity)\n");
  EXPECT_EQ(dumpModule("diagnostic(info, subgroup_uniformity);"), "(diagnostic info subgroup_uniformity)\n");
  EXPECT_TRUE(rejected("diagnostic(loud, derivative_uniformity);", "unknown diagnostic severity 'loud'"));
}

TEST(DirectiveParse, DiagnosticTwoPartRuleName) {
  EXPECT_EQ(dumpModule("diagnostic(warning, chromium.unreachable_code);"),
            "(diagnostic warning chromium.unreachable_code)\n");
  const Parsed p = parse("diagnostic(warning, chromium.unreachable_code);");
  ASSERT_TRUE(p.ok()) << p.text();
  const auto& dc = *p.module->directives.at(0).diagnostic;
  EXPECT_EQ(dc.severity, wgsl::ast::Severity::Warning);
  EXPECT_EQ(dc.rule.name, "chromium");
  ASSERT_TRUE(dc.rule_member.has_value());
  EXPECT_EQ(dc.rule_member->name, "unreachable_code");
}

TEST(DirectiveParse, SeveralDirectivesThenDeclarations) {
  EXPECT_EQ(dumpModule("enable f16;\n"
                       "requires readonly_and_readwrite_storage_textures;\n"
                       "diagnostic(off, derivative_uniformity);\n"
                       "const a = 1;\n"
                       "fn f() {}\n"),
            "(enable f16)\n"
            "(requires readonly_and_readwrite_storage_textures)\n"
            "(diagnostic off derivative_uniformity)\n"
            "(const a = 1)\n"
            "(fn f () { })\n");
}

TEST(DirectiveParse, DirectiveAfterDeclaration) {
  const Parsed p = parse("const a = 1;\nenable f16;\n");
  EXPECT_FALSE(p.ok());
  const wgsl::Diagnostic* d = findError(p, "directives must appear before any declaration");
  ASSERT_NE(d, nullptr) << p.text();
  EXPECT_EQ(p.file->position(d->range.begin).line, 2u);
  ASSERT_EQ(d->notes.size(), 1u);
  EXPECT_NE(d->notes[0].message.find("first declaration is here"), std::string::npos) << d->notes[0].message;
  EXPECT_EQ(d->notes[0].range.begin, 0u);
}

TEST(DirectiveParse, DirectiveAfterFunctionOrConstAssert) {
  EXPECT_TRUE(rejected("fn f() {}\ndiagnostic(off, derivative_uniformity);",
                       "directives must appear before any declaration"));
  EXPECT_TRUE(rejected("const_assert true;\nrequires readonly_and_readwrite_storage_textures;",
                       "directives must appear before any declaration"));
  EXPECT_TRUE(rejected("enable f16;\nstruct S { a: f32 }\nenable subgroups;",
                       "directives must appear before any declaration"));
}

TEST(DirectiveParse, DirectiveAfterEmptyGlobalDeclaration) {
  // translation_unit is `global_directive* global_decl*` and `';'` is a global_decl, so no
  // directive may follow a module-scope ';'.
  // Regression: `;` counts as a declaration (it is a global_decl alternative).
  EXPECT_TRUE(rejected(";\nenable f16;"));
}

TEST(DirectiveParse, InvalidForms) {
  EXPECT_TRUE(rejected("enable;"));
  EXPECT_TRUE(rejected("enable f16"));
  EXPECT_TRUE(rejected("enable f16 subgroups;"));
  EXPECT_TRUE(rejected("enable ,f16;"));
  EXPECT_TRUE(rejected("requires;"));
  EXPECT_TRUE(rejected("diagnostic(off);"));
  EXPECT_TRUE(rejected("diagnostic off, derivative_uniformity;"));
  EXPECT_TRUE(rejected("diagnostic(off, derivative_uniformity)\nfn f() {}", "expected ';'"));
  EXPECT_TRUE(rejected("@diagnostic(off, derivative_uniformity);"));
}

// ------------------------------------------------------------------ var

TEST(GlobalVarParse, ResourceBindings) {
  EXPECT_EQ(dumpModule("@group(0) @binding(1) var<storage, read_write> buf: array<u32>;"),
            "(var buf<storage, read_write> : array<u32> @group(0) @binding(1))\n");
  EXPECT_EQ(dumpModule("@group(0) @binding(0) var<uniform> params: Params;"),
            "(var params<uniform> : Params @group(0) @binding(0))\n");
  EXPECT_EQ(dumpModule("@group(1) @binding(2) var t: texture_2d<f32>;"),
            "(var t : texture_2d<f32> @group(1) @binding(2))\n");
  EXPECT_EQ(dumpModule("@binding(3) @group(0) var s: sampler;"), "(var s : sampler @binding(3) @group(0))\n");
}

TEST(GlobalVarParse, AccessModes) {
  EXPECT_EQ(dumpModule("var<storage> a: array<f32>;"), "(var a<storage> : array<f32>)\n");
  EXPECT_EQ(dumpModule("var<storage, read> b: array<f32>;"), "(var b<storage, read> : array<f32>)\n");
  EXPECT_EQ(dumpModule("var<storage, read,> c: u32;"), "(var c<storage, read> : u32)\n");
  // `>>` closing two template lists at once.
  EXPECT_EQ(dumpModule("@group(0) @binding(0) var<storage, read_write> n: array<atomic<u32>>;"),
            "(var n<storage, read_write> : array<atomic<u32>> @group(0) @binding(0))\n");
}

TEST(GlobalVarParse, PrivateAndWorkgroup) {
  EXPECT_EQ(dumpModule("var<private> p: f32 = 1.0;"), "(var p<private> : f32 = 1.0)\n");
  EXPECT_EQ(dumpModule("var<private> q = vec2<i32>(1, 2);"), "(var q<private> = (call vec2<i32> 1 2))\n");
  EXPECT_EQ(dumpModule("var<workgroup> tile: array<array<f32, 16>, 16>;"),
            "(var tile<workgroup> : array<array<f32, 16>, 16>)\n");
}

TEST(GlobalVarParse, InvalidForms) {
  EXPECT_TRUE(rejected("var<private> x: i32 = 1\nfn f() {}", "expected ';' after declaration"));
  EXPECT_TRUE(rejected("var<private> x: i32\nfn f() {}", "';'"));  // '=' could also follow
  EXPECT_TRUE(rejected("var<> x: i32;"));
  EXPECT_TRUE(rejected("var<private> : i32;"));
  EXPECT_TRUE(rejected("let x = 1;"));  // let is function-scope only
  EXPECT_TRUE(rejected("@group(0) @binding(0) var<uniform> u: U"));
}

// ------------------------------------------------------------------ const and override

TEST(GlobalConstParse, Forms) {
  EXPECT_EQ(dumpModule("const a = 1;\nconst b: f32 = 2.0;"), "(const a = 1)\n(const b : f32 = 2.0)\n");
  EXPECT_EQ(dumpModule("const m = mat2x2<f32>(1.0, 0.0, 0.0, 1.0);"),
            "(const m = (call mat2x2<f32> 1.0 0.0 0.0 1.0))\n");
}

TEST(GlobalConstParse, InvalidForms) {
  EXPECT_TRUE(rejected("const c: i32;"));
  EXPECT_TRUE(rejected("const c;"));
  EXPECT_TRUE(rejected("@id(0) const a = 1;", "attributes are not allowed on 'const' declarations"));
}

TEST(OverrideParse, WithAndWithoutTypeOrInitializer) {
  // The example "Module constants, pipeline-overrideable" of section "override Declarations".
  EXPECT_EQ(dumpModule("@id(0)    override has_point_light: bool = true;\n"
                       "@id(1200) override specular_param: f32 = 2.3;\n"
                       "@id(1300) override gain: f32;\n"
                       "          override width: f32 = 0.0;\n"
                       "          override depth: f32;\n"
                       "          override height = 2 * depth;\n"),
            "(override has_point_light : bool = true @id(0))\n"
            "(override specular_param : f32 = 2.3 @id(1200))\n"
            "(override gain : f32 @id(1300))\n"
            "(override width : f32 = 0.0)\n"
            "(override depth : f32)\n"
            "(override height = (* 2 depth))\n");
  EXPECT_EQ(dumpModule("@id(7) override scale = 1.5;"), "(override scale = 1.5 @id(7))\n");
}

TEST(OverrideParse, InvalidForms) {
  EXPECT_TRUE(rejected("@id(1) override;"));
  EXPECT_TRUE(rejected("@id() override x: f32;", "attribute '@id' takes 1 argument, found 0"));
  EXPECT_TRUE(rejected("override x: f32 = 1.0\nfn f() {}", "expected ';' after declaration"));
}

// ------------------------------------------------------------------ alias

TEST(AliasParse, Forms) {
  EXPECT_EQ(dumpModule("alias Arr = array<vec4<f32>, 4>;"), "(alias Arr = array<vec4<f32>, 4>)\n");
  EXPECT_EQ(dumpModule("alias single = f32;"), "(alias single = f32)\n");
  EXPECT_EQ(dumpModule("alias P = ptr<storage, array<u32>, read_write>;"),
            "(alias P = ptr<storage, array<u32>, read_write>)\n");
}

TEST(AliasParse, InvalidForms) {
  EXPECT_TRUE(rejected("@size(4) alias A = u32;", "attributes are not allowed on type aliases"));
  EXPECT_TRUE(rejected("alias A;"));
  EXPECT_TRUE(rejected("alias A = ;"));
  EXPECT_TRUE(rejected("alias A = 1;"));   // a type_specifier is an identifier
  EXPECT_TRUE(rejected("alias A: u32;"));
  EXPECT_TRUE(rejected("alias A = u32"));
}

// ------------------------------------------------------------------ struct

TEST(StructParse, MemberAttributes) {
  EXPECT_EQ(dumpModule("struct S {\n"
                       "  @align(16) @size(32) a: f32,\n"
                       "  @location(0) @interpolate(flat, first) b: u32,\n"
                       "  @builtin(position) @invariant p: vec4<f32>,\n"
                       "  @location(1) @interpolate(linear) c: vec2<f32>,\n"
                       "}"),
            "(struct S (a : f32 @align(16) @size(32)) (b : u32 @location(0) @interpolate(flat, first)) "
            "(p : vec4<f32> @builtin(position) @invariant) (c : vec2<f32> @location(1) @interpolate(linear)))\n");
}

TEST(StructParse, TrailingCommaIsOptional) {
  EXPECT_EQ(dumpModule("struct P { x: f32, y: f32 }"), "(struct P (x : f32) (y : f32))\n");
  EXPECT_EQ(dumpModule("struct P { x: f32, y: f32, }"), "(struct P (x : f32) (y : f32))\n");
  EXPECT_EQ(dumpModule("struct One { v: array<u32, 4> }"), "(struct One (v : array<u32, 4>))\n");
  EXPECT_EQ(dumpModule("struct S { a: f32 };"), "(struct S (a : f32))\n");
}

TEST(StructParse, SemicolonSeparatorIsAnError) {
  EXPECT_TRUE(rejected("struct S { a: f32; b: f32; }", "structure members are separated by ',', not ';'"));
  EXPECT_TRUE(rejected("struct S { a: f32, b: f32; }", "structure members are separated by ',', not ';'"));
}

TEST(StructParse, AttributesOnStructRejected) {
  EXPECT_TRUE(rejected("@align(16) struct S { a: f32 }", "attributes are not allowed on structure declarations"));
}

TEST(StructParse, InvalidForms) {
  EXPECT_TRUE(rejected("struct S {}"));          // at least one member
  EXPECT_TRUE(rejected("struct S { , }"));
  EXPECT_TRUE(rejected("struct S { a }"));
  EXPECT_TRUE(rejected("struct S { a: f32 b: f32 }"));
  EXPECT_TRUE(rejected("struct { a: f32 }"));
  EXPECT_TRUE(rejected("struct S { a: f32, , b: f32 }"));
  EXPECT_TRUE(rejected("struct S { @align a: f32 }", "attribute '@align' takes 1 argument, found 0"));
}

// ------------------------------------------------------------------ functions

TEST(FunctionParse, Parameters) {
  EXPECT_EQ(dumpModule("fn f() {}"), "(fn f () { })\n");
  EXPECT_EQ(dumpModule("fn g() -> i32 { return 1; }"), "(fn g () -> i32 { (return 1) })\n");
  EXPECT_EQ(dumpModule("fn add(a: i32, b: i32) -> i32 { return a + b; }"),
            "(fn add ((a : i32) (b : i32)) -> i32 { (return (+ a b)) })\n");
  EXPECT_EQ(dumpModule("fn h(a: f32,) {}"), "(fn h ((a : f32)) { })\n");
  EXPECT_EQ(dumpModule("fn p(x: ptr<function, array<f32, 4>>) -> vec4<f32> { return vec4<f32>(); }"),
            "(fn p ((x : ptr<function, array<f32, 4>>)) -> vec4<f32> { (return (call vec4<f32>)) })\n");
}

TEST(FunctionParse, ParameterAndReturnAttributes) {
  EXPECT_EQ(dumpModule("@fragment fn fs(@builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat, first) id: u32)"
                       " -> @location(0) vec4<f32> { return pos; }"),
            "(fn fs ((pos : vec4<f32> @builtin(position)) (id : u32 @location(0) @interpolate(flat, first))) "
            "-> vec4<f32> @location(0) { (return pos) } @fragment)\n");
  EXPECT_EQ(dumpModule("@fragment fn d() -> @builtin(frag_depth, greater) f32 { return 0.5; }"),
            "(fn d () -> f32 @builtin(frag_depth, greater) { (return 0.5) } @fragment)\n");
}

TEST(FunctionParse, MustUseAndDiagnostic) {
  EXPECT_EQ(dumpModule("@must_use fn g() -> i32 { return 1; }"), "(fn g () -> i32 { (return 1) } @must_use)\n");
  EXPECT_TRUE(rejected("@must_use(1) fn g() -> i32 { return 1; }", "attribute '@must_use' takes no arguments"));
  EXPECT_EQ(dumpModule("@diagnostic(off, derivative_uniformity) fn f() {}"),
            "(fn f () { } @diagnostic(off, derivative_uniformity))\n");
}

TEST(FunctionParse, ConstAttributeIsAccepted) {
  // `@const` is in the attribute grammar (`const` is a keyword, but `'@' 'const'` is const_attr);
  // that it may not be applied to user functions is not a parse matter.
  EXPECT_EQ(dumpModule("@const fn f() {}"), "(fn f () { } @const)\n");
  EXPECT_TRUE(rejected("@const() fn f() {}", "attribute '@const' takes no arguments"));
}

TEST(FunctionParse, InvalidForms) {
  EXPECT_TRUE(rejected("fn f();"));               // no declarations without a body
  EXPECT_TRUE(rejected("fn f() -> {}"));
  EXPECT_TRUE(rejected("fn f() -> @location(0) {}"));
  EXPECT_TRUE(rejected("fn f(a) {}"));            // parameters need a type
  EXPECT_TRUE(rejected("fn f(a: i32 b: i32) {}"));
  EXPECT_TRUE(rejected("fn f(,) {}"));
  EXPECT_TRUE(rejected("fn (a: i32) {}"));
  EXPECT_TRUE(rejected("fn f() { fn g() {} }"));  // no nested functions
  EXPECT_TRUE(rejected("fn f() i32 {}"));
}

TEST(FunctionParse, OrderIndependenceIsNotAParseMatter) {
  EXPECT_EQ(dumpModule("fn a() { b(); }\nfn b() {}"), "(fn a () { (call b) })\n(fn b () { })\n");
}

// ------------------------------------------------------------------ entry points and attributes

TEST(EntryPointParse, VertexFragmentCompute) {
  EXPECT_EQ(dumpModule("struct VertexOut {\n"
                       "  @builtin(position) pos: vec4<f32>,\n"
                       "  @location(0) @interpolate(perspective, centroid) uv: vec2<f32>,\n"
                       "}\n"
                       "@vertex fn vs(@builtin(vertex_index) vi: u32) -> VertexOut { var o: VertexOut; return o; }\n"
                       "@fragment fn fs(v: VertexOut) -> @location(0) vec4<f32> { return vec4<f32>(v.uv, 0.0, 1.0); }\n"
                       "@compute @workgroup_size(64) fn cs(@builtin(global_invocation_id) id: vec3<u32>) { }\n"),
            "(struct VertexOut (pos : vec4<f32> @builtin(position)) (uv : vec2<f32> @location(0) "
            "@interpolate(perspective, centroid)))\n"
            "(fn vs ((vi : u32 @builtin(vertex_index))) -> VertexOut { (var o : VertexOut) (return o) } @vertex)\n"
            "(fn fs ((v : VertexOut)) -> vec4<f32> @location(0) { (return (call vec4<f32> (. v uv) 0.0 1.0)) } "
            "@fragment)\n"
            "(fn cs ((id : vec3<u32> @builtin(global_invocation_id))) { } @compute @workgroup_size(64))\n");
}

TEST(EntryPointParse, WorkgroupSizeArguments) {
  EXPECT_EQ(dumpModule("@compute @workgroup_size(64) fn m() {}"), "(fn m () { } @compute @workgroup_size(64))\n");
  EXPECT_EQ(dumpModule("@compute @workgroup_size(8, 8) fn m() {}"),
            "(fn m () { } @compute @workgroup_size(8, 8))\n");
  EXPECT_EQ(dumpModule("@compute @workgroup_size(8, 8, 1) fn m() {}"),
            "(fn m () { } @compute @workgroup_size(8, 8, 1))\n");
  EXPECT_EQ(dumpModule("@compute @workgroup_size(4,) fn m() {}"), "(fn m () { } @compute @workgroup_size(4))\n");
  EXPECT_EQ(dumpModule("@compute @workgroup_size(8, 8,) fn m() {}"),
            "(fn m () { } @compute @workgroup_size(8, 8))\n");
  EXPECT_EQ(dumpModule("@compute @workgroup_size(8, 8, 1,) fn m() {}"),
            "(fn m () { } @compute @workgroup_size(8, 8, 1))\n");
  EXPECT_EQ(dumpModule("@workgroup_size(wg_x, 2 * 2, 1u) @compute fn m() {}"),
            "(fn m () { } @workgroup_size(wg_x, (* 2 2), 1u) @compute)\n");
}

TEST(EntryPointParse, WorkgroupSizeArityErrors) {
  EXPECT_TRUE(rejected("@compute @workgroup_size() fn m() {}",
                       "attribute '@workgroup_size' takes 1 to 3 arguments, found 0"));
  EXPECT_TRUE(rejected("@compute @workgroup_size(1, 2, 3, 4) fn m() {}",
                       "attribute '@workgroup_size' takes 1 to 3 arguments, found 4"));
  EXPECT_TRUE(rejected("@compute @workgroup_size fn m() {}", "attribute '@workgroup_size' takes 1 to 3 arguments"));
}

TEST(EntryPointParse, StageAttributesTakeNoArguments) {
  EXPECT_TRUE(rejected("@compute() @workgroup_size(1) fn m() {}", "attribute '@compute' takes no arguments"));
  EXPECT_TRUE(rejected("@vertex(1) fn v() -> @builtin(position) vec4<f32> { return vec4<f32>(); }",
                       "attribute '@vertex' takes no arguments"));
  EXPECT_TRUE(rejected("@fragment() fn f() {}", "attribute '@fragment' takes no arguments"));
}

TEST(AttributeParse, UnknownAttribute) {
  EXPECT_TRUE(rejected("@foo fn f() {}", "unknown attribute '@foo'"));
  EXPECT_TRUE(rejected("@foo(1, 2) var<private> x: i32;", "unknown attribute '@foo'"));
  EXPECT_TRUE(rejected("struct S { @bar a: f32 }", "unknown attribute '@bar'"));
  EXPECT_TRUE(rejected("fn f(@baz a: f32) {}", "unknown attribute '@baz'"));
}

TEST(AttributeParse, ArityErrors) {
  EXPECT_TRUE(rejected("@group(0, 1) @binding(0) var<uniform> u: f32;", "attribute '@group' takes 1 argument, found 2"));
  EXPECT_TRUE(rejected("fn f(@location() a: f32) {}", "attribute '@location' takes 1 argument, found 0"));
  EXPECT_TRUE(rejected("struct S { @interpolate() a: f32 }", "attribute '@interpolate' takes 1 to 2 arguments"));
  EXPECT_TRUE(rejected("struct S { @invariant(1) @builtin(position) a: vec4<f32> }",
                       "attribute '@invariant' takes no arguments"));
}

TEST(AttributeParse, TrailingCommaAndDiagnosticControl) {
  EXPECT_EQ(dumpModule("struct S { @align(16,) @location(2,) @interpolate(flat, either,) a: u32 }"),
            "(struct S (a : u32 @align(16) @location(2) @interpolate(flat, either)))\n");
  EXPECT_TRUE(rejected("@diagnostic fn f() {}"));
  EXPECT_TRUE(rejected("@diagnostic() fn f() {}"));
}

// ------------------------------------------------------------------ const_assert, ';'

TEST(ModuleConstAssertParse, Forms) {
  EXPECT_EQ(dumpModule("const_assert 1 < 2;"), "(const_assert (< 1 2))\n");
  EXPECT_EQ(dumpModule("const x = 1;\nconst_assert (x == 1);\n"), "(const x = 1)\n(const_assert (paren (== x 1)))\n");
  EXPECT_TRUE(rejected("const_assert 1 < 2\nfn f() {}", "expected ';'"));
  EXPECT_TRUE(rejected("const_assert;"));
  EXPECT_TRUE(rejected("@must_use const_assert true;"));
}

TEST(EmptyDeclarationParse, SemicolonsAreAllowed) {
  EXPECT_EQ(dumpModule(""), "");
  EXPECT_EQ(dumpModule(";"), "");
  EXPECT_EQ(dumpModule(";;fn f() {};;const a = 1;;"), "(fn f () { })\n(const a = 1)\n");
  EXPECT_EQ(dumpModule("enable f16;;"), "(enable f16)\n");
}

// ------------------------------------------------------------------ identifiers

TEST(IdentifierParse, UnicodeAndUnderscoreNames) {
  EXPECT_EQ(dumpModule("const Δέλτα = 1;\n"
                       "fn 朝焼け(réflexion: f32) -> f32 { let Кызыл = réflexion; return Кызыл; }\n"
                       "struct 검정 { سلام: i32 }\n"),
            "(const Δέλτα = 1)\n"
            "(fn 朝焼け ((réflexion : f32)) -> f32 { (let Кызыл = réflexion) (return Кызыл) })\n"
            "(struct 검정 (سلام : i32))\n");
  EXPECT_EQ(dumpModule("const _a = 1;\nconst a_ = 2;\nconst _1 = 3;"), "(const _a = 1)\n(const a_ = 2)\n(const _1 = 3)\n");
}

TEST(IdentifierParse, SingleUnderscoreIsNotAnIdentifier) {
  EXPECT_TRUE(rejected("const _ = 1;"));
  EXPECT_TRUE(rejected("fn _() {}"));
  EXPECT_TRUE(rejected("fn f(_: i32) {}"));
  EXPECT_TRUE(rejected("fn f() { let _ = 1; }"));
  EXPECT_TRUE(rejected("struct S { _: i32 }"));
}

TEST(IdentifierParse, DoubleUnderscorePrefixRejected) {
  EXPECT_TRUE(rejected("const __x = 1;", "identifier '__x' must not start with two underscores"));
  EXPECT_TRUE(rejected("fn f() { var __y: i32; }", "identifier '__y' must not start with two underscores"));
}

TEST(IdentifierParse, ReservedWordsAndKeywordsRejected) {
  EXPECT_TRUE(rejected("fn f() { let class = 1; }", "'class' is a reserved word and cannot be used as an identifier"));
  EXPECT_TRUE(rejected("const static = 1;", "'static' is a reserved word"));
  EXPECT_TRUE(rejected("fn f(typedef: i32) {}", "'typedef' is a reserved word"));
  EXPECT_TRUE(rejected("const loop = 1;"));
  EXPECT_TRUE(rejected("fn struct() {}"));
  EXPECT_TRUE(rejected("var<private> if: i32;"));
  EXPECT_TRUE(rejected("alias fn = i32;"));
}

// ------------------------------------------------------------------ context-dependent names

TEST(ContextDependentNames, BuiltinValueNamesAreChecked) {
  EXPECT_TRUE(parse("@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) {}").ok());
  EXPECT_TRUE(parse("@fragment fn f() -> @builtin(frag_depth, greater) f32 { return 0.0; }").ok());
  Parsed p = parse("@compute @workgroup_size(1) fn main(@builtin(global_id) g: vec3<u32>) {}");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("unknown built-in value 'global_id'"), std::string::npos) << p.text();
  EXPECT_FALSE(parse("@fragment fn f() -> @builtin(frag_depth, sideways) f32 { return 0.0; }").ok());
  EXPECT_FALSE(parse("@compute @workgroup_size(1) fn main(@builtin(1) g: u32) {}").ok());
}

TEST(ContextDependentNames, InterpolationNamesAreChecked) {
  EXPECT_TRUE(parse("struct S { @location(0) @interpolate(linear, centroid) a: f32 }").ok());
  Parsed p = parse("struct S { @location(0) @interpolate(curved) a: f32 }");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("unknown interpolation type 'curved'"), std::string::npos) << p.text();
  EXPECT_FALSE(parse("struct S { @location(0) @interpolate(flat, middle) a: f32 }").ok());
}

TEST(ContextDependentNames, UnknownSingleTokenDiagnosticRuleIsAWarning) {
  // "Using an unrecognized triggering rule consisting of a single diagnostic name-token should
  // trigger a warning" -- a warning, so the module stays valid.
  Parsed p = parse("diagnostic(off, derivative_uniformty);");
  EXPECT_TRUE(p.ok());
  ASSERT_EQ(p.diags.all().size(), 1u);
  EXPECT_EQ(p.diags.all()[0].severity, wgsl::Severity::Warning);
  // Two-part names are implementation-defined and pass silently.
  EXPECT_TRUE(parse("diagnostic(off, vendor.some_rule);").diags.empty());
}

}  // namespace
