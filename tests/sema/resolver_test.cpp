// Semantic analysis: each case is a small program written from a rule of the spec, with the
// rule's section in the name; valid ones must pass, invalid ones must fail with a message that
// names the rule.
#include <gtest/gtest.h>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

struct Case {
  const char* name;
  const char* source;
  const char* error;  // nullptr: valid; otherwise a substring of the (first) error message
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class Resolve : public ::testing::TestWithParam<Case> {};

TEST_P(Resolve, Verdict) {
  const Case& c = GetParam();
  test::Parsed p = test::check(c.source);
  if (c.error == nullptr) {
    EXPECT_TRUE(p.ok()) << c.source << "\n" << p.text();
    // A const_assert that was not evaluated would pass vacuously.
    EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{}) << c.source;
    return;
  }
  ASSERT_FALSE(p.ok()) << c.source << "\nexpected an error containing: " << c.error;
  bool found = false;
  for (const auto& e : p.errors()) found = found || e.find(c.error) != std::string::npos;
  EXPECT_TRUE(found) << c.source << "\nexpected an error containing: " << c.error << "\ngot:\n" << p.text();
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) { return info.param.name; }

// ---------------------------------------------------------------- "Declaration and Scope"
const Case kScope[] = {
    {"ModuleScopeOrderIndependent", "const a = b + 1; const b = 2; const_assert a == 3;", nullptr},
    {"FunctionUsesLaterFunction", "fn f() -> i32 { return g(); } fn g() -> i32 { return 1; }", nullptr},
    {"TypeDeclaredLater", "var<private> s: S; struct S { x: f32 }", nullptr},
    {"ModuleRedeclaration", "const a = 1; const a = 2;", "redeclaration of 'a' at module scope"},
    {"ModuleRedeclarationAcrossKinds", "struct a { x: f32 } fn a() {}", "redeclaration of 'a' at module scope"},
    {"ShadowPredeclaredTypeAtModuleScope", "alias vec3f = vec4<f32>; var<private> v: vec3f; const_assert true;", nullptr},
    {"ShadowBuiltinFunction", "fn max(a: i32) -> i32 { return a; } fn f() -> i32 { return max(1); }", nullptr},
    {"ShadowInNestedBlock", "fn f() { let x = 1; { let x = 2.0; } }", nullptr},
    {"ShadowModuleNameInFunction", "const x = 1; fn f() { let x = 2.0; }", nullptr},
    {"RedeclarationInSameBlock", "fn f() { let x = 1; let x = 2; }", "redeclaration of 'x' in the same scope"},
    {"RedeclareParameterAtFunctionTop", "fn f(x: i32) { var x: f32; }", "redeclaration of 'x' in the same scope"},
    {"DuplicateParameter", "fn f(x: i32, x: u32) {}", "duplicate parameter 'x'"},
    {"UnresolvedIdentifier", "fn f() { let y = nope + 1; }", "unresolved identifier 'nope'"},
    {"UseBeforeDeclarationInFunction", "fn f() { let y = x; let x = 1; }", "unresolved identifier 'x'"},
    {"ScopeEndsWithBlock", "fn f() { { let x = 1; } let y = x; }", "unresolved identifier 'x'"},
    {"CyclicConsts", "const a = b; const b = a;", "cyclic dependency"},
    {"CyclicAlias", "alias A = array<B, 2>; alias B = A;", "'A' -> 'B' -> 'A'"},
    // A cycle through an array size or a member attribute, with the alias then constructed.
    {"CyclicAliasThroughArraySize", "alias A = array<i32, T(1)>; alias T = A;", "'A' -> 'T' -> 'A'"},
    {"CyclicAliasThroughSizeAttribute", "struct S { @size(T(4)) a : f32 } alias T = S;", "'S' -> 'T' -> 'S'"},
    {"CyclicAliasThroughAlignAttribute", "struct S { @align(T(4)) a : f32 } alias T = S;", "'S' -> 'T' -> 'S'"},
    {"CyclicAliasThroughLocationAttribute", "struct S { @location(T(0)) a : f32 } alias T = S;", "'S' -> 'T' -> 'S'"},
    {"CyclicAliasThroughArraySizeOfStruct", "struct S { a: array<f32, T(2)> } alias T = S;", "'S' -> 'T' -> 'S'"},
    {"CyclicConstThroughArraySize", "const c = A(); alias A = array<i32, c[0]>;", "'c' -> 'A' -> 'c'"},
    // An alias whose target is not a type, then constructed: the alias is reported once.
    {"AliasOfUnknownTypeConstructed", "alias a = i16; fn f() { _ = a(); }", "unresolved type 'i16'"},
    {"AliasOfTypoConstructed", "alias a = nosuch; fn f() { _ = a(); let b = a(1); }", "unresolved type 'nosuch'"},
    {"AliasOfValueConstructed", "const x = 1; alias a = x; fn f() { _ = a(); }", "'x' is a constant, not a type"},
    {"DirectRecursion", "fn f() { f(); }", "recursion is not allowed"},
    {"IndirectRecursion", "fn f() { g(); } fn g() { h(); } fn h() { f(); }", "recursion is not allowed"},
    {"UnresolvedFunction", "fn f() { g(); }", "unresolved function 'g'"},
    {"CallAVariable", "var<private> v: i32; fn f() { v(); }", "is a variable, not a function"},
    {"FunctionUsedAsValue", "fn g() {} fn f() { let x = g; }", "is a function"},
    {"TypeUsedAsValue", "fn f() { let x = f32; }", "is a type, not a value"},
};
INSTANTIATE_TEST_SUITE_P(DeclarationAndScope, Resolve, ::testing::ValuesIn(kScope), caseName);

// ---------------------------------------------------------------- "Types"
const Case kTypes[] = {
    {"VectorAliases", "var<private> a: vec3f; var<private> b: vec2i; var<private> c: vec4u; var<private> d: vec2<bool>;", nullptr},
    {"MatrixAliases", "var<private> a: mat4x4f; var<private> b: mat2x3<f32>;", nullptr},
    {"F16NeedsEnable", "var<private> a: f16;", "requires 'enable f16;'"},
    {"F16AliasNeedsEnable", "var<private> a: vec3h;", "require 'enable f16;'"},
    {"F16LiteralNeedsEnable", "const a = 1.0h;", "requires 'enable f16;'"},
    {"F16WithEnable", "enable f16; var<private> a: vec3h = vec3h(1.0h); const b: f16 = 2.5;", nullptr},
    {"VectorOfVector", "var<private> a: vec3<vec2<f32>>;", "component type of a vector must be a scalar"},
    {"MatrixOfInt", "var<private> a: mat2x2<i32>;", "component type of a matrix must be f32 or f16"},
    {"AtomicOfFloat", "var<workgroup> a: atomic<f32>;", "atomic<i32> or atomic<u32>"},
    {"ArrayCountZero", "var<private> a: array<f32, 0>;", "must be positive"},
    {"ArrayCountNegative", "var<private> a: array<f32, -2>;", "must be positive"},
    {"ArrayCountFloat", "var<private> a: array<f32, 2.0>;", "must be an integer"},
    {"ArrayCountConstExpression", "const n = 4u; var<private> a: array<f32, n * 2u>;", nullptr},
    {"ArrayCountOverrideInWorkgroup", "override n: u32 = 64; var<workgroup> a: array<f32, n>;", nullptr},
    {"ArrayOfRuntimeArray", "@group(0) @binding(0) var<storage> a: array<array<f32>>;", "element type of an array"},
    {"UnknownType", "var<private> a: float4;", "unresolved type 'float4'"},
    {"VecNeedsTemplateList", "var<private> a: vec3;", "needs a template list"},
    {"TooManyTemplateArguments", "var<private> a: vec3<f32, f32>;", "takes 1 template argument"},
    {"ScalarWithTemplateList", "var<private> a: f32<u32>;", "does not take a template list"},
    {"PtrAccessModeOnlyForStorage", "fn f(p: ptr<function, i32, read>) {}", "only be written for the 'storage'"},
    {"PtrParameter", "fn f(p: ptr<function, array<f32, 4>>) -> f32 { return (*p)[0]; }", nullptr},
    {"StructDuplicateMember", "struct S { a: f32, a: i32 }", "duplicate member 'a'"},
    {"RuntimeArrayNotLast", "struct S { a: array<u32>, b: u32 }", "can only be the last member"},
    {"StructMemberAlignNotPowerOfTwo", "struct S { @align(3) a: f32 }", "must be a power of two"},
    {"StructMemberSizeTooSmall", "struct S { @size(2) a: f32 }", "is smaller than the size"},
    {"TextureTypes", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                     "@group(0) @binding(2) var st: texture_storage_2d<rgba8unorm, write>;"
                     "@group(0) @binding(3) var d: texture_depth_2d; @group(0) @binding(4) var e: texture_external;",
     nullptr},
    {"TextureSampledTypeMustBeScalar32", "@group(0) @binding(0) var t: texture_2d<bool>;", "must be f32, i32 or u32"},
    {"StorageTextureUnknownFormat", "@group(0) @binding(0) var t: texture_storage_2d<rgb9, write>;", "unknown texel format"},
};
INSTANTIATE_TEST_SUITE_P(Types, Resolve, ::testing::ValuesIn(kTypes), caseName);

// ---------------------------------------------------------------- "var Declarations", "Address Spaces"
const Case kVars[] = {
    {"ModuleVarNeedsAddressSpace", "var a: i32;", "needs an address space"},
    {"FunctionAddressSpaceAtModuleScope", "var<function> a: i32;", "cannot be in the 'function' address space"},
    {"PrivateInFunction", "fn f() { var<private> a: i32; }", "must be in the 'function' address space"},
    {"FunctionVarExplicit", "fn f() { var<function> a: i32 = 1; a = 2; }", nullptr},
    {"AccessModeOnPrivate", "var<private, read> a: i32;", "only be written for the 'storage'"},
    {"StorageWriteOnly", "@group(0) @binding(0) var<storage, write> a: array<u32>;", "'read' or 'read_write'"},
    {"UniformNeedsBinding", "var<uniform> u: vec4<f32>;", "needs both @group and @binding"},
    {"PrivateWithBinding", "@group(0) @binding(0) var<private> p: i32;", "only allowed on resource variables"},
    {"WorkgroupRuntimeArray", "var<workgroup> a: array<f32>;", "runtime-sized arrays are only allowed in 'storage'"},
    {"WorkgroupInitializer", "var<workgroup> a: i32 = 1;", "cannot have an initializer"},
    {"UniformNotHostShareable", "@group(0) @binding(0) var<uniform> u: bool;", "must be host-shareable"},
    {"UniformArrayStride", "@group(0) @binding(0) var<uniform> u: array<f32, 4>;", "multiple of 16"},
    {"UniformArrayOfVec4", "@group(0) @binding(0) var<uniform> u: array<vec4<f32>, 4>;", nullptr},
    {"UniformRuntimeArray", "@group(0) @binding(0) var<uniform> u: array<vec4<f32>>;", "address space 'uniform'"},
    {"StorageRuntimeArrayStruct", "struct S { n: u32, data: array<f32> } @group(0) @binding(0) var<storage, read_write> s: S;", nullptr},
    {"AtomicInPrivate", "var<private> a: atomic<u32>;", "address space 'private'"},
    {"AtomicInReadOnlyStorage", "@group(0) @binding(0) var<storage> a: atomic<u32>;", "need access mode 'read_write'"},
    {"AtomicInWorkgroup", "var<workgroup> a: atomic<u32>;", nullptr},
    {"PrivateInitializerConst", "const c = 3; var<private> a: i32 = c * 2;", nullptr},
    {"PrivateInitializerOverride", "override o: i32 = 1; var<private> a: i32 = o;", nullptr},
    {"PrivateInitializerTypeMismatch", "var<private> a: u32 = 1.5;", "cannot initialize"},
    {"VarNeedsTypeOrInitializer", "fn f() { var a; }", "needs a type"},
    {"HandleAddressSpaceSpelled", "@group(0) @binding(0) var<uniform> s: sampler;", "cannot be written"},
};
INSTANTIATE_TEST_SUITE_P(Variables, Resolve, ::testing::ValuesIn(kVars), caseName);

// ---------------------------------------------------------------- "Value Declarations", overrides
const Case kValues[] = {
    {"ConstNeedsConstExpression", "fn f(x: i32) { const c = x; }", "must be a const-expression"},
    {"ConstFromOverride", "override o = 1; const c = o;", "must be a const-expression"},
    {"ConstTyped", "const c: f32 = 1;", nullptr},
    {"ConstTypedMismatch", "const c: i32 = 1.5;", "cannot initialize const 'c'"},
    {"ConstAbstractIntOutOfRangeForU32", "const c: u32 = -1;", "out of the range of u32"},
    {"LetImmutable", "fn f() { let x = 1; x = 2; }", "'let' declarations are immutable"},
    {"ConstImmutable", "fn f() { const x = 1; x = 2; }", "'const' declarations are immutable"},
    {"ParameterImmutable", "fn f(x: i32) { x = 2; }", "function parameters are immutable"},
    {"OverrideNeedsTypeOrInitializer", "override o;", "needs a type or an initializer"},
    {"OverrideMustBeScalar", "override o: vec2<f32>;", "concrete scalar type"},
    {"OverrideIdRange", "@id(70000) override o: i32;", "out of range"},
    {"OverrideDuplicateId", "@id(1) override a: i32; @id(1) override b: i32;", "already used"},
    {"OverrideInFunction", "fn f() { override o = 1; }", "unexpected 'override'"},  // not a statement
    {"OverrideFromOverride", "override a = 2; override b = a * 2;", nullptr},
};
INSTANTIATE_TEST_SUITE_P(Values, Resolve, ::testing::ValuesIn(kValues), caseName);

// ---------------------------------------------------------------- expressions
const Case kExprs[] = {
    {"AbstractArithmetic", "const a = 1 + 2.5; const_assert a == 3.5;", nullptr},
    {"MixedConcreteTypes", "fn f() { let a = 1i + 1u; }", "cannot be applied to 'i32' and 'u32'"},
    {"VectorScalarMix", "fn f() { let v = vec3<f32>(1.0) * 2.0; }", nullptr},
    {"VectorWidthMismatch", "fn f() { let v = vec3<f32>(1.0) + vec2<f32>(1.0); }", "cannot be applied"},
    {"LogicalNeedsBool", "fn f() { let b = 1 && true; }", "cannot be applied"},
    {"NegateUnsigned", "fn f() { let a = -1u; }", "cannot be applied to a value of type 'u32'"},
    {"ComplementFloat", "fn f() { let a = ~1.5; }", "cannot be applied"},
    {"NotOnInt", "fn f() { let a = !1; }", "cannot be applied"},
    {"ShiftBySigned", "fn f() { let a = 1u << 2i; }", "cannot be applied"},
    {"ConstIndexOutOfBounds", "fn f() { let v = vec3<f32>(1.0); let x = v[3]; }", "out of bounds"},
    {"IndexNonInteger", "fn f() { var a: array<f32, 4>; let x = a[1.5]; }", "must be of type i32 or u32"},
    {"IndexScalar", "fn f() { let x = 1.0; let y = x[0]; }", "cannot index"},
    {"UnknownMember", "struct S { a: f32 } fn f() { var s: S; let y = s.b; }", "has no member named 'b'"},
    {"Swizzles", "fn f() { let v = vec4<f32>(1.0); let a = v.xyz; let b = v.rgba; let c = v.x; let d = v.wzyx; }", nullptr},
    {"SwizzleMixesSets", "fn f() { let v = vec4<f32>(1.0); let a = v.xg; }", "invalid swizzle"},
    {"SwizzleOutOfRange", "fn f() { let v = vec2<f32>(1.0); let a = v.z; }", "invalid swizzle"},
    {"SwizzleTooLong", "fn f() { let v = vec4<f32>(1.0); let a = v.xxxxx; }", "invalid swizzle"},
    {"MemberOfScalar", "fn f() { let x = 1.0; let y = x.x; }", "has no members"},
    {"AddressOfValue", "fn f() { let x = 1; let p = &x; }", "must be a reference"},
    {"DerefNonPointer", "fn f() { var x = 1; let y = *x; }", "must be a pointer"},
    {"PointerRoundTrip", "fn f() { var x = 1; let p = &x; *p = 2; let y = *p + 1; }", nullptr},
    {"ConstructorComponentCount", "fn f() { let v = vec3<f32>(1.0, 2.0); }", "needs 3 components"},
    {"ConstructorSplat", "const v = vec3<f32>(1.0); const_assert v.z == 1.0;", nullptr},
    {"ConstructorFromParts", "const v = vec4<i32>(vec2<i32>(1i, 2i), 3i, 4i); const_assert v.w == 4i;", nullptr},
    {"StructConstructorCount", "struct S { a: f32, b: f32 } const s = S(1.0);", "has 2 members"},
    {"StructConstructorValues", "struct S { a: f32, b: i32 } const s = S(1.5, 2); const_assert s.b == 2i;", nullptr},
    {"ArrayConstructorCount", "const a = array<i32, 3>(1, 2);", "needs 3 elements"},
    // Matrix conversion constructors of const matrices have values: mat2x2<f16>(m) converts each
    // component (f32 -10 is exactly -10 in f16), and the result can be used inside an array
    // (regression: it had none, and array(...) of it read a missing value).
    {"MatrixConversionOfConst", "enable f16; const m = mat2x2<f16>(mat2x2(1.0f, -10.0f, -1.0f, 1.0f));"
                                "const b = array(m, mat2x2<f16>(mat2x2(2.0f, 3.0f, 4.0f, 5.0f)));"
                                "const_assert b[0][0][1] == -10.0h && b[1][1][0] == 4.0h;", nullptr},
    {"MatrixCopyOfConstInArray", "const b = array(mat2x2<f32>(mat2x2(1.0, 2.0, 3.0, 4.0)), mat2x2f());"
                                 "const_assert b[0][1][1] == 4.0f && b[1][0][0] == 0.0f;", nullptr},
    // 1e5 is outside f16's finite range [-65504, 65504]: a shader-creation error in a const.
    {"MatrixConversionOutOfRange", "enable f16; const m = mat2x2<f16>(mat2x2(1e5f, 0.0f, 0.0f, 0.0f));",
     "finite range"},

    {"ZeroValue", "const z = vec2<u32>(); const_assert z.x == 0u;", nullptr},
    {"ConversionOfConst", "const a = i32(3.9); const_assert a == 3i;", nullptr},
    {"MatrixTimesVector", "fn f(m: mat3x2<f32>, v: vec3<f32>) -> vec2<f32> { return m * v; }", nullptr},
    {"VectorTimesMatrix", "fn f(m: mat3x2<f32>, v: vec2<f32>) -> vec3<f32> { return v * m; }", nullptr},
    {"MatrixTimesMatrix", "fn f(a: mat2x3<f32>, b: mat4x2<f32>) -> mat4x3<f32> { return a * b; }", nullptr},
    {"MatrixShapeMismatch", "fn f(m: mat3x2<f32>, v: vec2<f32>) { let x = m * v; }", "cannot be applied"},
    {"MatrixPlusMatrixShapes", "fn f(a: mat2x2<f32>, b: mat3x3<f32>) { let x = a + b; }", "cannot be applied"},
    // Columns (1, 2) and (3, 4): m * (1, 1) = (1 + 3, 2 + 4).
    {"ConstMatrixProduct", "const m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0) * vec2<f32>(1.0, 1.0); const_assert m.x == 4.0;"
                           "const_assert m.y == 6.0;", nullptr},
    {"ConstMatrixProductChecked", "const m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0) * vec2<f32>(1.0, 1.0); const_assert m.x == 5.0;",
     "const assertion failed"},
    {"MatrixConstructorCount", "const m = mat2x2<f32>(1.0, 2.0, 3.0);", "needs 4 components"},
    {"ModuleVarInConstExpression", "var<private> v: i32; const c = v;", "cannot be used in a constant"},
};
INSTANTIATE_TEST_SUITE_P(Expressions, Resolve, ::testing::ValuesIn(kExprs), caseName);

// ---------------------------------------------------------------- statements and behaviors
const Case kStmts[] = {
    {"AssignTypeMismatch", "fn f() { var x: i32; x = 1.5; }", "cannot assign a value of type 'AbstractFloat'"},
    {"AssignToReadOnlyStorage", "@group(0) @binding(0) var<storage> b: array<u32>; fn f() { b[0] = 1u; }",
     "access mode 'read'"},
    {"AssignToUniform", "@group(0) @binding(0) var<uniform> u: vec4<f32>; fn f() { u.x = 1.0; }", "access mode 'read'"},
    {"IncrementFloat", "fn f() { var x = 1.0; x++; }", "only i32 and u32"},
    {"IncrementLet", "fn f() { let x = 1; x++; }", "'let' declarations are immutable"},
    {"IfConditionNotBool", "fn f() { if 1 { } }", "must be of type bool"},
    {"WhileConditionNotBool", "fn f() { while 1.0 { break; } }", "must be of type bool"},
    {"BreakOutsideLoop", "fn f() { break; }", "must be inside a loop or a switch"},
    {"ContinueOutsideLoop", "fn f() { continue; }", "must be inside a loop"},
    {"ContinueInSwitchInLoop", "fn f(x: bool) { loop { if x { break; } switch 1 { default { continue; } } } }", nullptr},
    {"ReturnInContinuing", "fn f() { loop { continuing { return; } } }", "not allowed in a 'continuing' block"},
    {"BreakInContinuing", "fn f() { var i = 0; loop { continuing { if i > 1 { break; } } } }", "not allowed in a 'continuing'"},
    {"BreakIfInContinuing", "fn f() { var i = 0; loop { continuing { i++; break if i > 3; } } }", nullptr},
    {"MissingReturn", "fn f() -> i32 { if true { return 1; } }", "can reach its end without returning"},
    {"ReturnInBothBranches", "fn f(c: bool) -> i32 { if c { return 1; } else { return 2; } }", nullptr},
    {"ReturnAfterLoop", "fn f() -> i32 { loop { return 1; } }", nullptr},
    {"InfiniteLoopWithoutBreak", "fn f() { loop { } }", "never exits"},
    {"ForLoopWithCondition", "fn f() { for (var i = 0; i < 4; i++) { } }", nullptr},
    {"ReturnValueFromVoid", "fn f() { return 1; }", "has no return type"},
    {"ReturnWithoutValue", "fn f() -> i32 { return; }", "must return a value"},
    {"ReturnTypeMismatch", "fn f() -> u32 { return 1.5; }", "cannot return a value of type"},
    {"DeadCodeAfterReturnAllowed", "fn f() -> i32 { return 0; let a = 1; }", nullptr},
    {"SwitchNeedsDefault", "fn f() { switch 1 { case 1 { } } }", "exactly one 'default'"},
    {"SwitchTwoDefaults", "fn f() { switch 1 { default { } case default { } } }", "found 2"},
    {"SwitchDuplicateSelector", "fn f() { switch 2 { case 1, 2 { } case 2 { } default { } } }", "duplicate case selector"},
    {"SwitchSelectorFloat", "fn f() { switch 1.5 { default { } } }", "must be of type i32 or u32"},
    {"SwitchSelectorTypeMismatch", "fn f(x: i32) { switch x { case 1u { } default { } } }", "does not match"},
    {"SwitchRuntimeCase", "fn f(x: i32, y: i32) { switch x { case y { } default { } } }", "const-expressions"},
    {"ConstAssertFails", "const_assert 1 > 2;", "const assertion failed"},
    {"ConstAssertNotConst", "fn f(x: bool) { const_assert x; }", "must be a const-expression"},
    {"CallArgumentCount", "fn g(a: i32) {} fn f() { g(); }", "takes 1 argument"},
    {"CallArgumentType", "fn g(a: i32) {} fn f() { g(1.5); }", "must be of type 'i32'"},
    {"CallVoidAsValue", "fn g() {} fn f() { let x = g(); }", "no return type"},
    {"MustUseIgnored", "@must_use fn g() -> i32 { return 1; } fn f() { g(); }", "must be used"},
    {"MustUsePhony", "@must_use fn g() -> i32 { return 1; } fn f() { _ = g(); }", nullptr},
};
INSTANTIATE_TEST_SUITE_P(Statements, Resolve, ::testing::ValuesIn(kStmts), caseName);

// ---------------------------------------------------------------- entry points, directives
const Case kEntry[] = {
    {"ComputeNeedsWorkgroupSize", "@compute fn main() {}", "needs a @workgroup_size"},
    {"WorkgroupSizeZero", "@compute @workgroup_size(0) fn main() {}", "must be positive"},
    {"WorkgroupSizeMixedTypes", "@compute @workgroup_size(8i, 8u) fn main() {}", "same type"},
    {"WorkgroupSizeFloat", "@compute @workgroup_size(1.5) fn main() {}", "must be i32 or u32"},
    {"WorkgroupSizeOverride", "override w: u32 = 64; @compute @workgroup_size(w, 1) fn main() {}", nullptr},
    {"WorkgroupSizeRuntime", "var<private> w: u32; @compute @workgroup_size(w) fn main() {}", "cannot be used in a constant"},
    {"WorkgroupSizeOnFragment", "@fragment @workgroup_size(1) fn main() {}", "only allowed on compute"},
    {"TwoStages", "@compute @fragment @workgroup_size(1) fn main() {}", "more than one shader stage"},
    {"WorkgroupSizeOnPlainFunction", "@workgroup_size(1) fn f() {}", "only allowed on compute"},
    // 65536 * 65536 = 2^32 invocations: one more than a 32-bit count holds; 65535 * 65537 = 2^32 - 1.
    {"WorkgroupInvocationsOver32Bits", "@compute @workgroup_size(65536, 65536) fn main() {}",
     "has 4294967296 invocations, more than 4294967295"},
    {"WorkgroupInvocations32Bits", "@compute @workgroup_size(65535, 65537) fn main() {}", nullptr},
    {"UnknownExtension", "enable f64;", "unknown extension 'f64'"},
    {"UnknownLanguageExtension", "requires teleportation;", "unknown language extension"},
    {"KnownExtensions", "enable f16, subgroups; requires pointer_composite_access;", nullptr},
    {"ComputeBuiltins", "@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) g: vec3<u32>,"
                        "@builtin(local_invocation_index) i: u32, @builtin(num_workgroups) n: vec3<u32>) {}", nullptr},
    {"ComputeBuiltinWrongType", "@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) g: vec3<i32>) {}",
     "has type 'vec3<u32>'"},
    {"ComputeBuiltinFromOtherStage", "@compute @workgroup_size(1) fn main(@builtin(vertex_index) v: u32) {}",
     "not available in compute shaders"},
    {"ComputeParameterWithoutAttribute", "@compute @workgroup_size(1) fn main(x: u32) {}", "needs a @builtin or @location"},
    {"ComputeLocation", "@compute @workgroup_size(1) fn main(@location(0) x: f32) {}", "@location is not allowed"},
    {"ComputeReturnsValue", "@compute @workgroup_size(1) fn main() -> @location(0) f32 { return 1.0; }",
     "cannot return a value"},
    {"ComputeBuiltinsInStruct", "struct In { @builtin(local_invocation_id) l: vec3<u32>, @builtin(workgroup_id) w: vec3<u32> }"
                                "@compute @workgroup_size(1) fn main(i: In) {}", nullptr},
    {"DuplicateBuiltin", "@compute @workgroup_size(1) fn main(@builtin(workgroup_id) a: vec3<u32>,"
                         "@builtin(workgroup_id) b: vec3<u32>) {}", "appears more than once"},
    {"SubgroupBuiltinNeedsEnable", "@compute @workgroup_size(32) fn main(@builtin(subgroup_size) s: u32) {}",
     "requires 'enable subgroups;'"},
    {"VertexFragmentPair", "struct V { @builtin(position) p: vec4<f32>, @location(0) c: vec3<f32> }"
                           "@vertex fn vs(@builtin(vertex_index) i: u32) -> V { return V(vec4<f32>(), vec3<f32>()); }"
                           "@fragment fn fs(v: V) -> @location(0) vec4<f32> { return vec4<f32>(v.c, 1.0); }", nullptr},
    {"VertexMustReturnPosition", "@vertex fn vs() -> @location(0) vec4<f32> { return vec4<f32>(); }",
     "must return the 'position' built-in"},
    {"DuplicateLocation", "@fragment fn fs(@location(0) a: f32, @location(0) b: f32) {}", "used more than once"},
    {"ConstAttributeOnUserFunction", "@const fn f() -> i32 { return 1; }", "must not be applied to a user-defined"},
    {"MustUseWithoutReturnType", "@must_use fn f() {}", "only allowed on functions with a return type"},
    {"DuplicateAttribute", "@compute @workgroup_size(1) @workgroup_size(2) fn main() {}", "more than once"},
    {"AlignOnVariable", "@align(16) var<private> v: f32;", "not allowed on a module-scope variable"},
    {"BindingOnMember", "struct S { @binding(0) a: f32 }", "not allowed on a structure member"},
    {"AttributeOnStatement", "fn f() { @compute { } }", "not allowed on a statement"},
    {"DiagnosticOnStatements", "fn f(x: bool) { @diagnostic(off, derivative_uniformity) if x { }"
                               "@diagnostic(off, derivative_uniformity) loop { break; } }", nullptr},
    {"ConflictingGlobalFilters", "diagnostic(off, derivative_uniformity); diagnostic(error, derivative_uniformity);",
     "conflicting diagnostic filters"},
    {"DuplicateGlobalFiltersAgree", "diagnostic(off, derivative_uniformity); diagnostic(off, derivative_uniformity);",
     nullptr},
    // "More than one diagnostic attribute may be specified on a syntactic form, but they must
    // specify different triggering rules": same rule twice is an error, even with one severity.
    {"ConflictingAttributeFilters", "@diagnostic(off, derivative_uniformity) @diagnostic(info, derivative_uniformity) fn f() {}",
     "must name different rules"},
    {"DuplicateAttributeFiltersOnAFunction",
     "@diagnostic(off, derivative_uniformity) @diagnostic(off, derivative_uniformity) fn f() {}",
     "must name different rules"},
    {"DuplicateAttributeFiltersOnABody",
     "fn f(x: bool) { while x @diagnostic(info, derivative_uniformity) @diagnostic(info, derivative_uniformity) { } }",
     "must name different rules"},
    {"AttributeFiltersOnOneFormWithDifferentRules",
     "@diagnostic(off, derivative_uniformity) @diagnostic(off, another_rule) fn f() {}", nullptr},
    {"SameRuleOnNestedForms",
     "@diagnostic(off, derivative_uniformity) fn f(x: bool) { @diagnostic(error, derivative_uniformity) if x { } }",
     nullptr},
    {"InterpolateNeedsLocation", "struct S { @interpolate(flat) a: f32 }", "only allowed together with @location"},
    {"InvariantNeedsPosition", "struct S { @invariant @location(0) a: vec4<f32> }", "only allowed together with @builtin(position)"},
    {"SubgroupSizeNeedsEnable", "@compute @workgroup_size(64) @subgroup_size(32) fn main() {}", "subgroup_size_control"},
    {"FragDepthIsAnOutput", "@fragment fn fs(@builtin(frag_depth) d: f32) {}", "is an output of fragment shaders"},
    {"BuiltinOnPlainFunction", "fn helper(@builtin(global_invocation_id) g: vec3<u32>) {}",
     "only allowed on entry point parameters"},
    {"BarrierInFragment", "fn sync() { workgroupBarrier(); } @fragment fn main() { sync(); }",
     "can only be used in compute shaders"},
    {"DerivativeInCompute", "@compute @workgroup_size(1) fn main() { let d = dpdx(1.0); }",
     "can only be used in fragment shaders"},
    {"BarrierInCompute", "@compute @workgroup_size(1) fn main() { workgroupBarrier(); }", nullptr},
    {"BuiltinOverloadMismatch", "fn f(x: f32, y: i32) { let m = max(x, y); }", "no overload of 'max'"},
    {"BuiltinConstDomainError", "const s = sqrt(-1.0);", "outside the domain of sqrt"},
    {"BuiltinConstValue", "const m = max(1, 2.5); const_assert m == 2.5;", nullptr},
    {"InferredVectorConstructor", "const v = vec3(1, 2, 3); const_assert v.y == 2;", nullptr},
    {"InferredArrayConstructor", "const a = array(1, 2.5); const_assert a[0] == 1.0;", nullptr},
    {"MustUseBuiltin", "@group(0) @binding(0) var<storage> a: array<u32>; fn f() { arrayLength(&a); }", "must be used"},
    {"SubgroupsNeedEnable", "fn f() { let x = subgroupAdd(1.0); }", "requires 'enable subgroups;'"},
    {"AtomicBuiltins", "@group(0) @binding(0) var<storage, read_write> c: atomic<u32>;"
                       "fn f() { atomicAdd(&c, 1u); let v = atomicLoad(&c); }", nullptr},
    {"FrexpResultConcretized", "fn f() -> f32 { let r = frexp(1.5); let e: i32 = r.exp; return r.fract; }", nullptr},
    // The let's type is the concretization __frexp_result_f32, whose exp is i32, not AbstractInt.
    {"FrexpResultIsConcrete", "fn f() { let r = frexp(1.5); let e: u32 = r.exp; }", "cannot initialize 'e'"},
    {"ModfResultConcretized", "fn f() -> vec2<f32> { var r = modf(vec2(1.5, 2.5)); return r.whole; }", nullptr},
    {"CallVoidBuiltinAsValue", "fn f() { let x = workgroupBarrier(); }", "has no result"},
};
INSTANTIATE_TEST_SUITE_P(EntryPoints, Resolve, ::testing::ValuesIn(kEntry), caseName);

// ---------------------------------------------------------------- "Limits"
std::string nested(int depth) {
  std::string s = "fn f() ";
  for (int i = 0; i < depth; ++i) s += "{ ";
  for (int i = 0; i < depth; ++i) s += "} ";
  return s;
}

TEST(CyclicDependency, OneErrorNamingTheChain) {
  test::Parsed p = test::check("alias A = B; alias B = A;");
  ASSERT_EQ(p.errors().size(), 1u) << p.text();
  EXPECT_NE(p.errors()[0].find("'A' -> 'B' -> 'A'"), std::string::npos) << p.text();
}

// Diagnostics at one position keep the order of the rules that produce them: the entry point's
// attributes (checked with its signature) before its body's behavior.
TEST(EntryPointDiagnostics, AttributesBeforeBodyAtTheFunctionName) {
  test::Parsed p = test::check("@compute fn main() -> i32 { }");
  ASSERT_EQ(p.errors().size(), 3u) << p.text();
  EXPECT_NE(p.errors()[0].find("needs a @workgroup_size"), std::string::npos) << p.text();
  EXPECT_NE(p.errors()[1].find("can reach its end without returning"), std::string::npos) << p.text();
  EXPECT_NE(p.errors()[2].find("compute entry points cannot return a value"), std::string::npos) << p.text();
}

// "Switch Statement": "each case selector value must be distinct". Every repeated use of a value
// is reported once per earlier use, at the repeat, with a note at the earlier one; values compare
// after conversion to the selector's type, so an abstract `1` and `1u` are the same value.
TEST(SwitchSelectors, EachRepeatIsReportedAgainstEveryEarlierUse) {
  test::Parsed p = test::check("fn f(x: u32) { switch x { case 1, 2 { } case 1u { } case 3, 1 { } default { } } }");
  // Columns: the first `1` at 32, `1u` at 46, the last `1` at 61.
  EXPECT_EQ(p.located(), (std::vector<std::string>{"1:46: duplicate case selector value 1u",
                                                   "1:61: duplicate case selector value 1u",
                                                   "1:61: duplicate case selector value 1u"}))
      << p.text();
  EXPECT_NE(p.text().find("first used here"), std::string::npos) << p.text();
}

TEST(SwitchSelectors, DistinctValuesOfBothSignsAreAccepted) {
  test::Parsed p = test::check("fn f(x: i32) { switch x { case -1, 1, 0, -2147483648, 2147483647 { } default { } } }");
  EXPECT_TRUE(p.ok()) << p.text();
}

TEST(Limits, BraceNestingUpTo127IsFine) {
  // The function body is the first brace level.
  EXPECT_TRUE(test::check(nested(127)).ok()) << test::check(nested(127)).text();
  test::Parsed p = test::check(nested(128));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("nested more than 127 deep"), std::string::npos) << p.text();
}

TEST(Limits, StructMembers) {
  auto make = [](int n) {
    std::string s = "struct S {";
    for (int i = 0; i < n; ++i) s += " m" + std::to_string(i) + ": u32,";
    return s + " }";
  };
  EXPECT_TRUE(test::check(make(1023)).ok());
  EXPECT_NE(test::check(make(1024)).text().find("only have to support 1023"), std::string::npos);
}

TEST(Limits, FunctionParameters) {
  auto make = [](int n) {
    std::string s = "fn f(";
    for (int i = 0; i < n; ++i) s += (i ? ", p" : "p") + std::to_string(i) + ": u32";
    return s + ") {}";
  };
  EXPECT_TRUE(test::check(make(255)).ok());
  EXPECT_NE(test::check(make(256)).text().find("only have to support 255"), std::string::npos);
}

TEST(Limits, CompositeNestingDepth) {
  // NestDepth: vector 1, matrix 2, array 1 + element's, structure 1 + deepest member's; a
  // scalar is no composite (section "Composite Types"). array<...array<f32, 2>...> nested 14
  // times has depth 14, and the struct around it 15: the limit, supported. One more is 16.
  auto make = [](int arrays, const char* inner = "f32") {
    std::string t = inner;
    for (int i = 0; i < arrays; ++i) t = "array<" + t + ", 2>";
    return "struct S { m: " + t + " }";  // the struct adds one level
  };
  EXPECT_TRUE(test::check(make(14)).ok()) << test::check(make(14)).text();
  EXPECT_NE(test::check(make(15)).text().find("composite nesting depth 16"), std::string::npos)
      << test::check(make(15)).text();
  // A matrix counts 2: 12 arrays of mat2x2f (14) in a struct (15) is fine, 13 arrays are not.
  EXPECT_TRUE(test::check(make(12, "mat2x2f")).ok()) << test::check(make(12, "mat2x2f")).text();
  EXPECT_NE(test::check(make(13, "mat2x2f")).text().find("composite nesting depth 16"), std::string::npos);
  // The WebGPU CTS's execution limits case: S0 { a: u32 } (depth 1) ... S14 { a: S13 } (15).
  std::string chain = "struct S0 { a: u32 }\n";
  for (int i = 1; i <= 15; ++i) chain += "struct S" + std::to_string(i) + " { a: S" + std::to_string(i - 1) + " }\n";
  test::Parsed q = test::check(chain);
  ASSERT_EQ(q.errors().size(), 1u) << q.text();
  EXPECT_NE(q.errors()[0].find("'S15' has composite nesting depth 16"), std::string::npos) << q.text();
}

// The module accepts what the most generous device can run (65536 bytes, the adapter's
// maxComputeWorkgroupStorageSize); the device's own limit is checked at pipeline creation
// (WebGPU's createComputePipeline), so a module over WGSL's minimum of 16384 still compiles.
TEST(Limits, WorkgroupStoragePerEntryPoint) {
  const char* ok = "var<workgroup> a: array<f32, 4096>; @compute @workgroup_size(1) fn main() { a[0] = 1.0; }";
  EXPECT_TRUE(test::check(ok).ok()) << test::check(ok).text();
  const char* over_minimum = "var<workgroup> a: array<f32, 4096>; var<workgroup> b: array<f32, 4>;"
                             "@compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 2.0; }";
  EXPECT_TRUE(test::check(over_minimum).ok()) << test::check(over_minimum).text();
  const char* big = "var<workgroup> a: array<f32, 16384>; var<workgroup> b: array<f32, 4>;"
                    "@compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 2.0; }";
  EXPECT_NE(test::check(big).text().find("65552 bytes"), std::string::npos) << test::check(big).text();
  EXPECT_NE(test::check(big).text().find("at most 65536"), std::string::npos) << test::check(big).text();
  // Not statically accessed by the entry point: no limit applies.
  const char* unused = "var<workgroup> a: array<f32, 16384>; var<workgroup> b: array<f32, 4>;"
                       "@compute @workgroup_size(1) fn main() { a[0] = 1.0; }";
  EXPECT_TRUE(test::check(unused).ok()) << test::check(unused).text();
}

// Section "Limits": implementations support 8192 bytes of private variables per shader and of
// function variables per function, and may support more. wgslemu runs up to 65536 with a
// portability warning, and rejects more.
TEST(Limits, PrivateStorageThroughCalls) {
  const char* at_minimum = "var<private> a: array<f32, 2048>; fn g() { a[0] = 1.0; }"
                           "@compute @workgroup_size(1) fn main() { g(); }";
  EXPECT_TRUE(test::check(at_minimum).ok()) << test::check(at_minimum).text();
  EXPECT_EQ(test::check(at_minimum).text().find("warning"), std::string::npos) << test::check(at_minimum).text();
  const char* beyond = "var<private> a: array<f32, 2049>; fn g() { a[0] = 1.0; }"
                       "@compute @workgroup_size(1) fn main() { g(); }";
  EXPECT_TRUE(test::check(beyond).ok()) << test::check(beyond).text();
  EXPECT_NE(test::check(beyond).text().find("warning: entry point 'main' uses 8196 bytes of 'private' variables, more "
                                            "than the 8192 WGSL guarantees"),
            std::string::npos)
      << test::check(beyond).text();
  const char* too_big = "var<private> a: array<f32, 16385>; fn g() { a[0] = 1.0; }"
                        "@compute @workgroup_size(1) fn main() { g(); }";
  EXPECT_FALSE(test::check(too_big).ok());
  EXPECT_NE(test::check(too_big).text().find("65540 bytes of 'private' variables: wgslemu supports at most 65536"),
            std::string::npos)
      << test::check(too_big).text();
}

TEST(Limits, FunctionStorage) {
  // The CTS's execution test declares 8192 bytes of arrays and a loop counter: 8196 bytes.
  const char* beyond = "@compute @workgroup_size(1) fn main() { var a: array<u32, 2048>; "
                       "for (var i = 0u; i < 2048u; i++) { a[i] = i; } }";
  EXPECT_TRUE(test::check(beyond).ok()) << test::check(beyond).text();
  EXPECT_NE(test::check(beyond).text().find("function 'main' declares 8196 bytes of 'function' variables, more than "
                                            "the 8192 WGSL guarantees"),
            std::string::npos)
      << test::check(beyond).text();
  const char* too_big = "@compute @workgroup_size(1) fn main() { var a: array<u32, 16385>; a[0] = 1u; }";
  EXPECT_FALSE(test::check(too_big).ok());
  EXPECT_NE(test::check(too_big).text().find("declares 65540 bytes of 'function' variables: wgslemu supports at most"),
            std::string::npos)
      << test::check(too_big).text();
}

// ---------------------------------------------------------------- found by differential testing
// against Tint and checked against the spec (each failed before its fix).
const Case kRegressions[] = {
    // "the right-hand side is not evaluated" when the left side decides (Logical Expressions).
    {"ShortCircuitAndSkipsEvaluation", "const_assert !(false && (10i < i32(5 * 1000 * 1000 * 1000)));", nullptr},
    {"ShortCircuitOrSkipsEvaluation", "const_assert true || (sqrt(-1.0) == 0.0);", nullptr},
    {"NoShortCircuitEvaluates", "const_assert true && (10i < i32(5 * 1000 * 1000 * 1000));", "out of the range of i32"},
    {"DualSourceBlendingSharesLocation0", "enable dual_source_blending;"
                                          "struct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }"
                                          "@fragment fn fs() -> O { return O(); }", nullptr},
    {"BreakInLoopInsideContinuing", "fn f() { var i = 0; loop { continuing { loop { break; } i++; break if i > 2; } } }", nullptr},
    {"ContinueInLoopInsideContinuing", "fn f() { var i = 0; loop { continuing { var j = 0; loop { j++; if j < 2 { continue; } "
                                       "break; } i++; break if i > 2; } } }", nullptr},
    {"OverrideSizedBufferInWorkgroup", "requires buffer_view; override n = 64; var<workgroup> b: buffer<n>;", nullptr},
    {"BufferSizeMultipleOfFour", "requires buffer_view; @group(0) @binding(0) var<storage> b: buffer<6>;", "multiple of 4"},
    {"AbstractIntRangeInLet", "fn f() { let x: i32 = 3000000000; }", "out of the range of i32"},
    {"AbstractFloatRangeWhenConcretized", "fn f() { let x = 1e39; }", "outside the finite range of f32"},
    // An `f` literal rounds to f32 ("Floating Point Rounding and Overflow"; nearest: values below
    // MAX + half an ULP become MAX), but an AbstractFloat converted to f32 is under "Floating
    // Point Conversion", where a value above MAX(f32) "lies outside the finite range" and a
    // const-expression is a shader-creation error. 3.4028235e38 is a binary64 value above MAX.
    {"F32LiteralJustAboveMaxRoundsToMax", "const x = 3.4028235e38f; const_assert x == 0x1.fffffep127f;", nullptr},
    {"AbstractFloatJustAboveF32MaxDoesNotConvert", "const x: f32 = 3.4028235e38;", "outside the finite range of f32"},
    // 3.4028234663852886e38 as binary64 is exactly MAX(f32), so it converts.
    {"AbstractFloatAtF32MaxConverts", "const x: f32 = 3.4028234663852886e38; const_assert x == 0x1.fffffep127f;", nullptr},
    {"AbstractIntRangeInArgument", "fn g(u: u32) {} const a = -1; fn f() { g(a); }", "out of the range of u32"},
    {"AbstractIntRangeInReturn", "fn f() -> u32 { return -1; }", "out of the range of u32"},
    {"InferredConstructorIsTyped", "fn f() { let a = vec3(1i, 2i, 3i); let b: f32 = a.x; }", "with a value of type 'i32'"},
    {"InferredArrayBounds", "fn f() { let a = array(1, 2, 3)[3]; }", "out of bounds"},
    {"InferredVectorConditionNotBool", "fn f() { if vec2(true) { } }", "must be of type bool"},
    {"ConstructorAsStatement", "fn f() { vec2f(); }", "is evaluated but its value is not used"},
    {"RuntimeDivisionByConstZero", "fn f(x: i32) -> i32 { return x / 0; }", "division by zero"},
    {"RuntimeRemainderByConstZeroVector", "fn f(x: vec2i) -> vec2i { return x % vec2i(1, 0); }", "division by zero"},
    {"FloatDivisionByConstZeroIsFine", "fn f(x: f32) -> f32 { return x / 0.0; }", nullptr},
    {"RuntimeShiftByConst32", "fn f(s: u32) -> u32 { return s << 32u; }", "must be less than the bit width"},
    {"NegativeConstIndexIntoRuntimeArray", "@group(0) @binding(0) var<storage> s: array<u32>;"
                                           "fn f() -> u32 { return s[-1]; }", "never negative"},
    {"AddressOfVectorComponent", "fn f() { var v: vec4f; let p = &v.x; }", "address of a vector component"},
    {"PhonyAssignmentOfAtomic", "var<workgroup> w: atomic<i32>; fn f() { _ = w; }", "must be constructible"},
    {"DiscardInCompute", "@compute @workgroup_size(1) fn m() { discard; }", "only be used in fragment shaders"},
    {"CallingAnEntryPoint", "@compute @workgroup_size(1) fn m() {} fn f() { m(); }", "is an entry point"},
    {"SameBindingInOneEntryPoint", "@group(0) @binding(0) var<storage> a: i32; @group(0) @binding(0) var<storage> b: i32;"
                                   "@compute @workgroup_size(1) fn m() { _ = a; _ = b; }", "both use @group(0) @binding(0)"},
    {"ClampConstBoundsReversed", "fn f(x: i32) -> i32 { return clamp(x, 3, 2); }", "low (3) is greater than high (2)"},
    {"ClampConstBoundsFine", "fn f(x: i32) -> i32 { return clamp(x, 2, 3); }", nullptr},
    {"ExtractBitsConstRange", "fn f(x: u32) -> u32 { return extractBits(x, 30u, 5u); }", "greater than 32"},
    {"SubgroupBroadcastIdNotConst", "enable subgroups; fn f(x: f32, i: u32) -> f32 { return subgroupBroadcast(x, i); }",
     "must be a const-expression"},
    {"QuadBroadcastIdRange", "enable subgroups; fn f(x: f32) -> f32 { return quadBroadcast(x, 4u); }", "id argument (4) must be in the range [0, 4)"},
    {"TextureGatherComponentNotConst", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                                       "fn f(c: i32) -> vec4f { return textureGather(c, t, s, vec2f()); }",
     "must be a const-expression"},
    {"TextureOffsetRange", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                           "fn f() -> vec4f { return textureSampleLevel(t, s, vec2f(), 0.0, vec2i(8, 0)); }",
     "must be in -8 to 7"},
    {"TextureOffsetFine", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                          "fn f() -> vec4f { return textureSampleLevel(t, s, vec2f(), 0.0, vec2i(7, -8)); }", nullptr},
    // "Each component of offset must be at least -8 and at most 7", also for an AbstractInt
    // vector argument (it converts to vec2<i32>).
    {"TextureOffsetRangeAbstract", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                                   "fn f() -> vec4f { return textureSample(t, s, vec2f(), vec2(-9, 0)); }",
     "must be in -8 to 7"},
    {"TextureGatherOffsetRangeAbstract",
     "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
     "fn f() -> vec4f { return textureGather(0, t, s, vec2f(), vec2(8, 8)); }",
     "must be in -8 to 7"},
    // An AbstractInt vector in last position that is not an offset (textureSampleGrad's ddy).
    {"TextureGradAbstractDerivative", "@group(0) @binding(0) var t: texture_2d<f32>; @group(0) @binding(1) var s: sampler;"
                                      "fn f() -> vec4f { return textureSampleGrad(t, s, vec2f(), vec2f(), vec2(9, 9)); }",
     nullptr},
    {"PointerWriteOnlyStorage", "fn f(p: ptr<storage, i32, write>) {}", "not 'write'"},
    {"PointerToPointer", "fn f(p: ptr<function, ptr<function, i32>>) {}", "not storable"},
    {"PointerToReadOnlyAtomic", "fn g(p: ptr<storage, atomic<u32>, read>) {}", "atomics can only be reached"},
    {"PointerToOverrideArrayInPrivate", "override n: u32 = 2; fn g(p: ptr<private, array<i32, n>>) {}", "not constructible"},
    {"PointerToWorkgroupOverrideArray", "override n: u32 = 2; fn g(p: ptr<workgroup, array<i32, n>>) {}", nullptr},
    {"OverrideArrayInStruct", "override n: u32 = 2; struct S { a: array<i32, n> }", "cannot be an override-sized array"},
    {"WorkgroupVariableInFragment", "var<workgroup> a: i32; @fragment fn fs() { a = 1; }", "exists only in compute shaders"},
    {"WritableStorageInVertex", "@group(0) @binding(0) var<storage, read_write> s: i32;"
                                "@vertex fn vs() -> @builtin(position) vec4f { s = 1; return vec4f(); }",
     "vertex shaders cannot write"},
    {"NegativeLocation", "@fragment fn fs(@location(-1) a: f32) {}", "must not be negative"},
    {"LoneBlendSrc", "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4f }"
                     "@fragment fn fs() -> O { return O(); }", "uses @blend_src"},
    {"IntegerVertexOutputNeedsFlat", "struct V { @builtin(position) p: vec4f, @location(0) i: u32 }"
                                     "@vertex fn vs() -> V { return V(vec4f(), 0u); }", "must be declared @interpolate(flat)"},
    {"IntegerVertexOutputFlat", "struct V { @builtin(position) p: vec4f, @location(0) @interpolate(flat) i: u32 }"
                                "@vertex fn vs() -> V { return V(vec4f(), 0u); }", nullptr},
    {"PerspectiveWithFirst", "@fragment fn fs(@location(0) @interpolate(perspective, first) a: f32) {}",
     "not allowed with 'perspective'"},
    {"FlatWithEither", "@fragment fn fs(@location(0) @interpolate(flat, either) a: i32) {}", nullptr},
    {"AlignBelowRequired", "struct S { @align(1) a: i32 }", "must be a multiple of 4"},
    {"AlignAboveRequired", "struct S { @align(32) a: vec3<f32> }", nullptr},
    {"CompoundAssignMixedTypes", "fn f() { var a: i32; a += 1u; }", "cannot be applied to 'i32' and 'u32'"},
    {"CompoundAssignBool", "fn f() { var b = true; b += true; }", "cannot be applied"},
    {"CompoundAssignVectorByScalar", "fn f() { var v = vec2<f32>(); v *= 2.0; v += vec2<f32>(1.0); }", nullptr},
    {"CompoundShiftBySigned", "fn f() { var x = 1i; x <<= 2i; }", "cannot be applied"},
    {"CompoundShiftByAbstract", "fn f() { var x = 1i; x <<= 2; x >>= 1u; }", nullptr},
    {"ConstructorFromTwoVec2ForVec3", "fn f(v: vec2f) { let a = vec3<f32>(v, v); }", "needs 3 components, but 4"},
    {"ConversionFromVectorToScalar", "fn f(v: vec2u) { let a = i32(v); }", "no value constructor 'i32(vec2<u32>)'"},
    {"StructConstructorRuntime", "struct S { a: i32, b: i32 } fn f(x: i32) { let s = S(x); }", "has 2 members"},
    {"VectorConversionAcrossTypes", "fn f(v: vec3<i32>) -> vec3<f32> { return vec3<f32>(v); }", nullptr},
    {"SameBindingInDifferentEntryPoints", "@group(0) @binding(0) var<storage> a: i32; @group(0) @binding(0) var<storage> b: i32;"
                                          "@compute @workgroup_size(1) fn m1() { _ = a; }"
                                          "@compute @workgroup_size(1) fn m2() { _ = b; }", nullptr},
};
INSTANTIATE_TEST_SUITE_P(Regressions, Resolve, ::testing::ValuesIn(kRegressions), caseName);

// ---------------------------------------------------------------- rules the WebGPU CTS exercises
// (each written from the spec clause quoted; each failed before its fix).
const Case kSpecClauses[] = {
    // "Unless explicitly permitted in an attribute's description, an attribute must not be
    // specified more than once per object or type" (section "Attributes").
    {"BindingTwice", "@binding(1) @binding(1) @group(1) var<storage> a: i32;", "more than once"},
    {"GroupTwice", "@group(1) @group(1) @binding(1) var<storage> a: i32;", "more than once"},
    {"IdTwice", "@id(1) @id(1) override a = 4;", "more than once"},
    {"OtherAttributeOnOverride", "@align(4) override a = 4;", "not allowed on an override declaration"},
    {"OtherAttributeOnVariable", "@id(1) var<private> a: i32;", "not allowed on a module-scope variable"},
    // @location: "Must be a const-expression that resolves to an i32 or u32."
    {"LocationF32", "@fragment fn fs(@location(1f) a: f32) {}", "must be a const-expression of type i32 or u32"},
    {"LocationAbstractFloat", "@fragment fn fs(@location(1.0) a: f32) {}", "must be a const-expression of type i32 or u32"},
    {"LocationVector", "@fragment fn fs(@location(vec2(1, 1)) a: f32) {}", "must be a const-expression of type i32 or u32"},
    {"LocationOverride", "override z = 7; @fragment fn fs(@location(z) a: f32) {}", "not an override-expression"},
    {"LocationOfReturnFromFunctionCall", "fn g() -> i32 { return 4; } @fragment fn fs() -> @location(g()) vec4f { "
                                         "return vec4f(); }",
     "must be a const-expression"},
    {"LocationConstExpression", "const a = 5; @fragment fn fs(@location(a + 1) x: f32) {}", nullptr},
    // @size: "The member type must have creation-fixed footprint."
    {"SizeOnRuntimeArray", "struct S { @size(64) a: array<f32> }", "creation-fixed footprint"},
    {"SizeOnFixedArray", "struct S { @size(64) a: array<f32, 4> }", nullptr},
    // "An array element type must be one of: ... an array type having a creation-fixed footprint".
    {"OverrideSizedArrayAsElement", "override x: u32; alias T = array<array<u32, x>, 4>;", "creation-fixed footprint"},
    {"OverrideSizedOuterArray", "override x: u32 = 2; var<workgroup> w: array<array<u32, 4>, x>;", nullptr},
    // A pointer type "must also be valid to declare a variable ... with the pointer type's address
    // space, store type, and access mode".
    {"PointerToSampler", "alias T = ptr<storage, sampler>;", "cannot be the store type of a pointer"},
    {"PointerToTexture", "alias T = ptr<function, texture_2d<f32>>;", "cannot be the store type of a pointer"},
    {"PointerToWorkgroupRuntimeArray", "alias T = ptr<workgroup, array<i32>>;", "runtime-sized"},
    {"PointerToUniformRuntimeArray", "alias T = ptr<uniform, array<i32>>;", "runtime-sized"},
    {"PointerToStorageRuntimeArray", "alias T = ptr<storage, array<i32>>;", nullptr},
    // The predeclared vector aliases are vecNi, vecNu, vecNf and vecNh; there is no vecNb.
    {"NoBoolVectorAlias", "const c: vec2b = vec2<bool>();", "unresolved type 'vec2b'"},
    {"UserBoolVectorAlias", "alias vec2b = vec2<bool>; const c: vec2b = vec2<bool>();", nullptr},
    // "A continue statement must not be placed such that it would transfer control past a
    // declaration used in the targeted continuing statement" (the spec's example).
    {"ContinueBypassesDeclarationUsedInContinuing",
     "fn f() { var i: i32 = 0; loop { if i >= 4 { break; } if i % 2 == 0 { continue; } let step: i32 = 2; "
     "continuing { i = i + step; } } }",
     "skips the declaration of 'step'"},
    {"ContinueBypassesDeclarationUsedInBreakIf",
     "fn f() { loop { continue; let cond = false; continuing { break if cond; } } }", "skips the declaration of 'cond'"},
    {"ContinueAfterTheDeclaration",
     "fn f() { var i: i32 = 0; loop { let step: i32 = 2; if i % 2 == 0 { continue; } continuing { i = i + step; "
     "break if i > 4; } } }",
     nullptr},
    {"ContinueBeforeADeclarationTheContinuingDoesNotUse",
     "fn f() { var i: i32 = 0; loop { if i % 2 == 0 { continue; } let unused = 2; continuing { i = i + 1; "
     "break if i > 4; } } }",
     nullptr},
    {"ContinueOfAnInnerLoopDoesNotTargetTheOuter",
     "fn f() { var i: i32 = 0; loop { for (var j = 0; j < 2; j++) { continue; } let step = 1; continuing { "
     "i = i + step; break if i > 4; } } }",
     nullptr},
    // The continuing statement "must not contain a return at any compound statement nesting level".
    {"ReturnInALoopInsideContinuing",
     "fn f() { var a = 0; loop { if a == 4 { break; } continuing { for (; a < 4;) { return; } } } }",
     "'return' is not allowed in a 'continuing' block"},
};
INSTANTIATE_TEST_SUITE_P(SpecClauses, Resolve, ::testing::ValuesIn(kSpecClauses), caseName);

TEST(ResolveCorpus, EveryCorpusKernelResolvesCleanly) {
  auto files = test::listFiles(std::string(WGSLEMU_SOURCE_DIR) + "/corpus", ".wgsl");
  auto more = test::listFiles(std::string(WGSLEMU_SOURCE_DIR) + "/tests/data/valid", ".wgsl");
  files.insert(files.end(), more.begin(), more.end());
  ASSERT_GE(files.size(), 20u);
  for (const auto& f : files) {
    test::Parsed p = test::check(test::readFile(f), f);
    EXPECT_TRUE(p.ok()) << p.text();
  }
}

}  // namespace
}  // namespace wgsl

namespace wgsl {
namespace {

// Pipeline creation (section "Shader Lifecycle"): override-expressions are evaluated with the
// pipeline's override values, and what fails then is a pipeline-creation error.
struct PipelineResult {
  std::unique_ptr<sema::Program> program;
  std::vector<std::string> errors;
};

PipelineResult pipeline(const std::string& src, std::map<std::string, double> values, std::string entry = {}) {
  PipelineResult r;
  SourceFile file("p.wgsl", src);
  DiagnosticList diags;
  auto module = ast::parseModule(file, diags);
  EXPECT_TRUE(module) << renderText(file, diags.all());
  if (!module) return r;
  sema::ResolveOptions opts;
  opts.pipeline = true;
  opts.override_values = std::move(values);
  opts.entry_point = std::move(entry);
  r.program = sema::resolve(*module, diags, opts);
  for (const auto& d : diags.all())
    if (d.severity == Severity::Error) r.errors.push_back(d.message);
  return r;
}

const char* kOverrides = R"(
  @id(3) override block: u32 = 64;
  override scale: f32;
  override twice = block * 2u;
  @compute @workgroup_size(twice, block / 32u) fn main() {}
)";


// Const values are shared and zero values and splats compact: these would take gigabytes or
// exponential time if materialised element by element (shared/bugs 08-11).
TEST(ConstEvalMemory, HugeZeroArraysAreIndexedWithoutMaterialising) {
  test::Parsed p = test::check(
      "const a = array<i32, 636109182>()[636109181];\nconst_assert a == 0;\n"
      "const v = array<vec4<f32>, 10000000>();\nconst_assert v[9999999].w == 0.0;\n"
      "const m = array<mat4x4<f32>, 1000000>()[5][3];\nconst_assert all(m == vec4<f32>());\n"
      "@compute @workgroup_size(1) fn f() { for (var i = array<vec4<f32>, 10000000>()[0]; false;) {} }");
  EXPECT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{});
}

TEST(ConstEvalMemory, DoublingArraysShareTheirHalves) {
  // c30 has 2^31 elements.
  test::Parsed p = test::check("const c0 = array(1, 2);\n" "const c1 = array(c0, c0);\nconst c2 = array(c1, c1);\nconst c3 = array(c2, c2);\nconst c4 = array(c3, c3);\nconst c5 = array(c4, c4);\nconst c6 = array(c5, c5);\nconst c7 = array(c6, c6);\nconst c8 = array(c7, c7);\nconst c9 = array(c8, c8);\nconst c10 = array(c9, c9);\nconst c11 = array(c10, c10);\nconst c12 = array(c11, c11);\nconst c13 = array(c12, c12);\nconst c14 = array(c13, c13);\nconst c15 = array(c14, c14);\nconst c16 = array(c15, c15);\nconst c17 = array(c16, c16);\nconst c18 = array(c17, c17);\nconst c19 = array(c18, c18);\nconst c20 = array(c19, c19);\nconst c21 = array(c20, c20);\nconst c22 = array(c21, c21);\nconst c23 = array(c22, c22);\nconst c24 = array(c23, c23);\nconst c25 = array(c24, c24);\nconst c26 = array(c25, c25);\nconst c27 = array(c26, c26);\nconst c28 = array(c27, c27);\nconst c29 = array(c28, c28);\nconst c30 = array(c29, c29);\n"
                               "const_assert c30[1][0][1][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
                               "[0][0][0][0][0][1] == 2;\n"
                               "const d: array<array<array<i32, 2>, 2>, 2> = c2;\nconst_assert d[1][1][1] == 2;\n"
                               "@compute @workgroup_size(1) fn main() { _ = c30[0]; }");
  EXPECT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{});
}

TEST(ConstEvalMemory, NestedStructureZeroValuesAreBuiltOncePerType) {
  test::Parsed p = test::check("struct S0 { a: i32, b: i32 }\nstruct S1 { a: S0, b: S0 }\nstruct S2 { a: S1, b: S1 }\nstruct S3 { a: S2, b: S2 }\nstruct S4 { a: S3, b: S3 }\nstruct S5 { a: S4, b: S4 }\nstruct S6 { a: S5, b: S5 }\nstruct S7 { a: S6, b: S6 }\nstruct S8 { a: S7, b: S7 }\nstruct S9 { a: S8, b: S8 }\nstruct S10 { a: S9, b: S9 }\nstruct S11 { a: S10, b: S10 }\nstruct S12 { a: S11, b: S11 }\nstruct S13 { a: S12, b: S12 }\n" "const_assert S13().b.a.b.a.b.a.b.a.b.a.b.a.b.b == 0;\n");
  EXPECT_TRUE(p.ok()) << p.text();
  // Deeper than the composite nesting limit (S0 has depth 1, S15 16): reported once, and the
  // structures built from it are not walked (S40 has 2^40 scalars).
  std::string more = "struct S0 { a: i32, b: i32 }\nstruct S1 { a: S0, b: S0 }\nstruct S2 { a: S1, b: S1 }\nstruct S3 { a: S2, b: S2 }\nstruct S4 { a: S3, b: S3 }\nstruct S5 { a: S4, b: S4 }\nstruct S6 { a: S5, b: S5 }\nstruct S7 { a: S6, b: S6 }\nstruct S8 { a: S7, b: S7 }\nstruct S9 { a: S8, b: S8 }\nstruct S10 { a: S9, b: S9 }\nstruct S11 { a: S10, b: S10 }\nstruct S12 { a: S11, b: S11 }\nstruct S13 { a: S12, b: S12 }\n";
  for (int i = 14; i <= 40; ++i) {
    more += "struct S" + std::to_string(i) + " { a: S" + std::to_string(i - 1) + ", b: S" + std::to_string(i - 1) + " }\n";
  }
  test::Parsed q = test::check(more + "@compute @workgroup_size(1) fn main() { const s = S40(); _ = s.a; }");
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.errors()[0].find("'S15' has composite nesting depth 16"), std::string::npos) << q.text();
}

// Structures of 30 structures of 30 ... (30^8 scalars in S7): the type predicates (fixed
// footprint, constructible, host-shareable, contains an array or atomic) and the zero value are
// computed once per structure, not once per path to it.
TEST(ConstEvalMemory, WideNestedStructuresAreWalkedOncePerStructure) {
  std::string decls = "struct S0 { ";
  for (int j = 0; j < 30; ++j) decls += "m" + std::to_string(j) + ": f32, ";
  decls += "}\n";
  for (int i = 1; i < 8; ++i) {
    decls += "struct S" + std::to_string(i) + " { ";
    for (int j = 0; j < 30; ++j) decls += "m" + std::to_string(j) + ": S" + std::to_string(i - 1) + ", ";
    decls += "}\n";
  }
  test::Parsed p = test::check(decls +
                               "@group(0) @binding(0) var<storage, read_write> b: S3;\n"
                               "const z = S7();\nconst_assert z.m1.m2.m3.m4.m5.m6.m7.m8 == 0.0;\n"
                               "@compute @workgroup_size(1) fn main() { b.m1.m2.m3.m4 = z.m0.m0.m0.m0.m0.m0.m0.m0; }");
  EXPECT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{});
}

// Twelve levels of four distinct arrays, each made of the four arrays of the level below in a
// different order: 4^12 paths to the 16 leaves. Converting the top one to concrete i32 converts
// each distinct part once.
TEST(ConstEvalMemory, ConversionConvertsEachSharedPartOnce) {
  std::string src = "const L0_0 = array(0, 1, 2, 3);\nconst L0_1 = array(1, 2, 3, 0);\n"
                    "const L0_2 = array(2, 3, 0, 1);\nconst L0_3 = array(3, 0, 1, 2);\n";
  std::string type = "array<i32, 4>";
  for (int k = 1; k <= 12; ++k) {
    for (int i = 0; i < 4; ++i) {
      src += "const L" + std::to_string(k) + "_" + std::to_string(i) + " = array(";
      for (int j = 0; j < 4; ++j) {
        src += (j ? ", L" : "L") + std::to_string(k - 1) + "_" + std::to_string((i + j) % 4);
      }
      src += ");\n";
    }
    type = "array<" + type + ", 4>";
  }
  // t[3][0]...[0] is L11_3[0][0]... = ... = L0_3[0] = 3; then [1] of L0_(3+0)... picks 0.
  src += "const t: " + type + " = L12_0;\nconst_assert t[3][0][0][0][0][0][0][0][0][0][0][0][0] == 3i;\n";
  test::Parsed p = test::check(src);
  EXPECT_TRUE(p.ok()) << p.text().substr(0, 2000);
  EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{});
}

TEST(ConstEvalMemory, LargeArrayConstructorIsLinear) {
  std::string elems;
  for (int i = 0; i < 100000; ++i) elems += (i ? "," : "") + std::to_string(i);
  test::Parsed p = test::check("const a = array(" + elems + ");\nconst_assert a[99999] == 99999;\n"
                               "const b = array<u32, 100000>(" + elems + ");\nconst_assert b[4] == 4u;\n");
  EXPECT_TRUE(p.ok()) << p.text().substr(0, 2000);
}

TEST(ConstEvalMemory, LongValuesAreCutShortInMessages) {
  test::Parsed p = test::check("const a = array<i32, 100000>();\nconst_assert a[0] == 1;\n");
  ASSERT_FALSE(p.ok());
  for (const auto& e : p.errors()) EXPECT_LT(e.size(), 2000u) << e.substr(0, 200);
}

// The const-evaluation budget (kMaxConstEvalElements = 2^22 value components created per module,
// limits.h) bounds what sharing cannot: each argument of `array<array<f32, N>, M>(a, a, ...)`
// converts the abstract `a` on its own. Created: `a` stores N elements, each of the M converted
// copies N, the outer array M: N + M * N + M. With N = 2047: M = 2047 makes 2047 * 2049 =
// 2^22 - 1 (accepted), M = 2048 makes 2^22 + 2047 (the error, at the initializer of `b`).
std::string convertedCopies(int n, int m) {
  std::string src = "const a = array(";
  for (int i = 0; i < n; ++i) src += (i ? "," : "") + std::to_string(i);
  src += ");\nconst b = array<array<f32, " + std::to_string(n) + ">, " + std::to_string(m) + ">(";
  for (int i = 0; i < m; ++i) src += i ? ",a" : "a";
  return src + ");\nconst_assert b[" + std::to_string(m - 1) + "][2046] == 2046.0;\n";
}

TEST(ConstEvalBudget, ConvertedCopiesJustUnderTheLimitAreAccepted) {
  ASSERT_EQ(sema::kMaxConstEvalElements, 4194304u);
  test::Parsed p = test::check(convertedCopies(2047, 2047));
  EXPECT_TRUE(p.ok()) << p.text().substr(0, 2000);
  EXPECT_EQ(test::unevaluatedConstAsserts(p), std::vector<std::string>{});
}

TEST(ConstEvalBudget, ConvertedCopiesJustOverTheLimitAreAnErrorAtTheExpression) {
  test::Parsed p = test::check(convertedCopies(2047, 2048));
  ASSERT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u) << p.text().substr(0, 2000);
  EXPECT_EQ(p.located()[0],
            "2:11: const-expression needs more than 4194304 elements of evaluation: the const-expressions of a module "
            "may create at most 4194304 value components (an implementation limit of wgslemu)");
}

// Override-expressions are evaluated at pipeline creation only, so the same module is accepted
// at shader creation and fails at pipeline creation (with the budget lowered to make it small:
// `vec4<f32>(o, o, o, o)` stores 4 components, the array of three 3, so 15 in all).
TEST(ConstEvalBudget, OverrideExpressionsOverTheBudgetFailAtPipelineCreation) {
  const std::string src =
      "override o: f32 = 1.0;\n"
      "@compute @workgroup_size(1) fn main() {\n"
      "  let v = array(vec4<f32>(o, o, o, o), vec4<f32>(o, o, o, o), vec4<f32>(o, o, o, o));\n"
      "  _ = v;\n"
      "}\n";
  auto resolveWith = [&](bool pipeline, uint64_t budget) {
    SourceFile file("p.wgsl", src);
    DiagnosticList diags;
    auto module = ast::parseModule(file, diags);
    EXPECT_TRUE(module) << renderText(file, diags.all());
    sema::ResolveOptions opts;
    opts.pipeline = pipeline;
    opts.const_eval_budget = budget;
    if (module) sema::resolve(*module, diags, opts);
    std::vector<std::string> errors;
    for (const auto& d : diags.all()) {
      if (d.severity == Severity::Error) {
        const SourcePos lc = file.position(d.range.begin);
        errors.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message);
      }
    }
    return errors;
  };
  EXPECT_EQ(resolveWith(false, 14), std::vector<std::string>{});
  EXPECT_EQ(resolveWith(true, 15), std::vector<std::string>{});
  EXPECT_EQ(resolveWith(true, 14),
            std::vector<std::string>{"3:11: pipeline-creation error: this expression needs more than 14 elements of "
                                     "evaluation: the const- and override-expressions of a pipeline may create at most "
                                     "14 value components (an implementation limit of wgslemu)"});
}

TEST(PipelineCreation, DefaultsAndGivenValuesFlowThroughOverrideExpressions) {
  auto r = pipeline(kOverrides, {{"scale", 1.5}});
  ASSERT_TRUE(r.errors.empty()) << ::testing::PrintToString(r.errors);
  const auto& ep = r.program->entry_points.at(0);
  EXPECT_EQ(ep.workgroup_size[0].value, 128);  // twice = 64 * 2
  EXPECT_EQ(ep.workgroup_size[1].value, 2);    // 64 / 32
  EXPECT_EQ(ep.workgroup_size[2].value, 1);
  auto by_id = pipeline(kOverrides, {{"3", 96}, {"scale", 0}});  // by @id
  EXPECT_EQ(by_id.program->entry_points.at(0).workgroup_size[0].value, 192);
}

TEST(PipelineCreation, MissingValueForOverrideWithoutDefault) {
  auto r = pipeline(kOverrides, {});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("override 'scale' has no initializer"), std::string::npos) << r.errors[0];
}

TEST(PipelineCreation, NonPositiveWorkgroupSizeIsAPipelineError) {
  auto r = pipeline(kOverrides, {{"scale", 1}, {"block", 16}});  // block / 32 = 0
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("pipeline-creation error: @workgroup_size arguments must be positive"), std::string::npos)
      << r.errors[0];
}

TEST(PipelineCreation, NonPositiveOverrideArrayCountIsAPipelineError) {
  const char* src = "override n: i32;\nvar<workgroup> a: array<u32, n>;\n"
                    "@compute @workgroup_size(1) fn main() { a[0] = 1u; }";
  for (double v : {0.0, -3.0}) {
    auto r = pipeline(src, {{"n", v}});
    ASSERT_FALSE(r.errors.empty()) << v;
    EXPECT_NE(r.errors[0].find("pipeline-creation error: the element count of an array must be positive, but 'n' is"),
              std::string::npos)
        << r.errors[0];
  }
  EXPECT_TRUE(pipeline(src, {{"n", 4}}).errors.empty());
  // Through an override-expression.
  auto r = pipeline("override n: i32 = 2;\nvar<workgroup> a: array<u32, n - 2>;\n"
                    "@compute @workgroup_size(1) fn main() { a[0] = 1u; }",
                    {});
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("must be positive"), std::string::npos) << r.errors[0];
}

TEST(PipelineCreation, DivisionByZeroInOverrideExpression) {
  auto r = pipeline("override d: i32 = 0; override q = 10 / d;", {});
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("pipeline-creation error"), std::string::npos) << r.errors[0];
  EXPECT_NE(r.errors[0].find("override-expression"), std::string::npos) << r.errors[0];
}

TEST(PipelineCreation, ValueThatDoesNotFitTheOverrideType) {
  auto r = pipeline("override u: u32 = 1;", {{"u", -5}});
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors[0].find("does not fit its type 'u32'"), std::string::npos) << r.errors[0];
}

// Pipeline-creation errors "are only triggered for code present in the shader of the entry
// point being compiled" (section "Errors"): clamp's low > high with override bounds is an error
// for an entry point that calls the function, not for one that does not.
TEST(PipelineCreation, ErrorsOnlyInTheEntryPointsShader) {
  const char* src = "override lo: f32 = 1.0;\noverride hi: f32 = 0.0;\n"
                    "fn foo(v: f32) -> f32 { return clamp(v, lo, hi); }\n"
                    "fn bar(v: f32) -> f32 { return foo(v); }\n"
                    "@compute @workgroup_size(1) fn calls() { _ = bar(1.0); }\n"
                    "@compute @workgroup_size(1) fn other() {}\n";
  auto calls = pipeline(src, {}, "calls");
  ASSERT_EQ(calls.errors.size(), 1u);
  EXPECT_NE(calls.errors[0].find("pipeline-creation error: clamp"), std::string::npos) << calls.errors[0];
  EXPECT_TRUE(pipeline(src, {}, "other").errors.empty());
  EXPECT_TRUE(pipeline(src, {{"hi", 2.0}}, "calls").errors.empty());
  // Without an entry point every function counts (as `wgslemu reflect` resolves).
  EXPECT_EQ(pipeline(src, {}).errors.size(), 1u);
}

// With a runtime left operand: "If e2 is zero: ... It is a pipeline-creation error if e2 is an
// override-expression" (integer division and remainder), likewise a shift amount not less than
// the bit width; and an override-expression index outside the array "is a pipeline-creation
// error" (Array Access Expression), a negative one also for a runtime-sized array.
TEST(PipelineCreation, OverrideOperandsOfRuntimeExpressions) {
  const std::string decls = "override d: i32 = 0;\noverride s: u32 = 32u;\noverride i: i32 = -1;\n"
                            "@group(0) @binding(0) var<storage> v: array<u32>;\n";
  struct C {
    const char* body;
    const char* error;
  } cases[] = {
      {"var x = 1; _ = x / d;", "integer division by zero"},
      {"var x = 1; _ = x % d;", "integer division by zero"},
      {"var x = 1; x /= d;", "integer division by zero"},
      {"var x = 1; _ = x << s;", "shift amount 32"},
      {"var x = 1u; x >>= s;", "shift amount 32"},
      {"let t = array(1, 2, 3)[i];", "index -1 is out of bounds"},
      {"let t = v[i];", "index -1 is out of bounds"},
  };
  for (const C& c : cases) {
    const std::string src = decls + "@compute @workgroup_size(1) fn main() { " + c.body + " }";
    auto r = pipeline(src, {}, "main");
    ASSERT_EQ(r.errors.size(), 1u) << c.body;
    EXPECT_NE(r.errors[0].find("pipeline-creation error"), std::string::npos) << r.errors[0];
    EXPECT_NE(r.errors[0].find(c.error), std::string::npos) << r.errors[0];
    // At shader creation the overrides have no value: valid.
    EXPECT_TRUE(test::check(src).ok()) << c.body;
    // With good values, no error.
    EXPECT_TRUE(pipeline(src, {{"d", 2}, {"s", 3}, {"i", 1}}, "main").errors.empty()) << c.body;
  }
}

TEST(PipelineCreation, ShaderCreationLeavesOverridesUnevaluated) {
  // Without pipeline creation the same module is valid: 10 / d is an override-expression.
  EXPECT_TRUE(test::check("override d: i32 = 0; override q = 10 / d;").ok());
}

}  // namespace
}  // namespace wgsl
