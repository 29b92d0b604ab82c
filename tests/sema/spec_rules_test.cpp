// Rules of the spec checked at shader creation that the main resolver tables do not cover:
// the `immediate` address space, built-in argument values that are const-expressions in calls
// that are not, the buffer view built-ins, overload resolution details and diagnostic filters.
// Each case is written from the spec text named in its table's comment.
#include <map>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "tests/sema/verdict_case.h"

namespace wgsl {
namespace {

using test::VerdictCase;

class SpecRule : public ::testing::TestWithParam<VerdictCase> {};
TEST_P(SpecRule, Verdict) { test::expectVerdict(GetParam()); }

#define CS "@compute @workgroup_size(1) fn main() "

// ---------------------------------------------------------------- "Address Spaces": immediate
// "Its store type must be a host-shareable constructible type, excluding arrays and structures
// that contain array members. Each entry point must statically access at most one immediate
// data variable." Limits: maximum byte-size of an immediate data variable 64.
const VerdictCase kImmediate[] = {
    {"Scalar", "var<immediate> a: u32;" CS "{ _ = a; }", nullptr},
    {"Vector", "var<immediate> a: vec4u;" CS "{ _ = a; }", nullptr},
    {"Matrix64Bytes", "var<immediate> a: mat4x4f;" CS "{ _ = a; }", nullptr},
    {"Structure", "struct S { x: u32, y: vec3f } var<immediate> a: S;" CS "{ _ = a.x; }", nullptr},
    {"F16Structure", "enable f16; struct S { x: f16, y: u32 } var<immediate> a: S;" CS "{ _ = a.x; }", nullptr},
    {"PointerParameterDefaultsToRead",  // the default access mode of 'immediate' is read
     "fn f(p: ptr<immediate, u32>) -> u32 { return *p; } var<immediate> a: u32;" CS "{ _ = f(&a); }", nullptr},
    {"PointerParameterRead",
     "fn f(p: ptr<immediate, u32, read>) -> u32 { return *p; }", "only be written for the 'storage'"},
    {"OnePerEntryPoint",
     "var<immediate> a: u32; var<immediate> b: u32;" CS "{ _ = a; } @compute @workgroup_size(1) fn main2() { _ = b; }",
     nullptr},
    {"Array", "var<immediate> a: array<u32, 4>;" CS "{ _ = a[0]; }", "immediate data excludes arrays"},
    {"StructureWithArray", "struct S { x: u32, y: array<u32, 2> } var<immediate> a: S;" CS "{ _ = a.x; }",
     "immediate data excludes arrays"},
    {"NestedStructureWithArray",
     "struct T { y: array<u32, 2> } struct S { x: u32, t: T } var<immediate> a: S;" CS "{ _ = a.x; }",
     "immediate data excludes arrays"},
    {"Bool", "var<immediate> a: bool;" CS "{ _ = a; }", "must be host-shareable and constructible"},
    {"Atomic", "var<immediate> a: atomic<u32>;", "must be host-shareable and constructible"},
    {"Initializer", "var<immediate> a: u32 = 1;", "'immediate' address space cannot have an initializer"},
    {"Binding", "@group(0) @binding(0) var<immediate> a: u32;", "only allowed on resource variables"},
    {"AccessMode", "var<immediate, read> a: u32;", "only be written for the 'storage'"},
    {"ReadOnly", "var<immediate> a: u32; fn f() { a = 1u; }", "access mode 'read'"},
    {"TwoInOneEntryPoint", "var<immediate> a: u32; var<immediate> b: u32;" CS "{ _ = a; _ = b; }",
     "statically accesses two immediate data variables"},
    {"TwoInOneEntryPointThroughACall",
     "var<immediate> a: u32; var<immediate> b: u32; fn g() -> u32 { return b; }" CS "{ _ = a; _ = g(); }",
     "statically accesses two immediate data variables"},
    {"LargerThanTheLimit", "struct S { x: vec4f, y: vec4f, z: mat4x4f } var<immediate> a: S;" CS "{ _ = a.x; }",
     "maxImmediateSize"},
};
INSTANTIATE_TEST_SUITE_P(Immediate, SpecRule, ::testing::ValuesIn(kImmediate), test::verdictCaseName);

// ---------------------------------------------------------------- "Built-in Functions"
// Rules on argument values that apply when those arguments are const-expressions, even if the
// call is not (other arguments are runtime values): "It is a shader-creation error if ... are
// const-expressions".
#define SG "enable subgroups; @compute @workgroup_size(64) fn f(@builtin(subgroup_invocation_id) i: u32) "
const VerdictCase kArgumentValues[] = {
    {"SmoothstepEqualEdges", "fn f(x: f32) -> f32 { return smoothstep(1.0, 1.0, x); }", "edge0 (1.0) equals edge1"},
    {"SmoothstepEqualEdgeComponent", "fn f(x: vec2f) -> vec2f { return smoothstep(vec2f(0, 1), vec2f(1, 1), x); }",
     "equals edge1"},
    {"SmoothstepDistinctEdges", "fn f(x: f32) -> f32 { return smoothstep(1.0, 0.0, x); }", nullptr},
    {"SmoothstepRuntimeEdge", "fn f(x: f32, e: f32) -> f32 { return smoothstep(e, e, x); }", nullptr},
    {"LdexpF32ExponentAboveBiasPlusOne", "fn f(x: f32) -> f32 { return ldexp(x, 129); }",
     "e2 (129) is greater than 128"},
    {"LdexpF32ExponentBiasPlusOne", "fn f(x: f32) -> f32 { return ldexp(x, 128); }", nullptr},
    {"LdexpF16ExponentAboveBiasPlusOne", "enable f16; fn f(x: f16) -> f16 { return ldexp(x, 17); }",
     "is greater than 16"},
    {"LdexpF16ExponentBiasPlusOne", "enable f16; fn f(x: f16) -> f16 { return ldexp(x, 16); }", nullptr},
    {"LdexpVectorExponentComponent", "fn f(x: vec2f) -> vec2f { return ldexp(x, vec2i(1, 200)); }",
     "is greater than 128"},
    {"LdexpLargeNegativeExponent", "fn f(x: f32) -> f32 { return ldexp(x, -1000); }", nullptr},
    {"LdexpRuntimeExponent", "fn f(e: i32) -> f32 { return ldexp(1.5, e); }", nullptr},
    {"ClampLowAboveHigh", "fn f(x: f32) -> f32 { return clamp(x, 2.0, 1.0); }", "low (2.0) is greater than high"},
    {"ExtractBitsOffsetPlusCount", "fn f(x: u32) -> u32 { return extractBits(x, 20u, 13u); }", "greater than 32"},
    {"ExtractBitsRuntimeOffset", "fn f(x: u32, o: u32) -> u32 { return extractBits(x, o, 33u); }", nullptr},
    {"ShuffleUpDelta128", SG "{ _ = subgroupShuffleUp(i, 128u); }", "delta argument (128) must be in the range [0, 128)"},
    {"ShuffleDownDelta127", SG "{ _ = subgroupShuffleDown(i, 127u); }", nullptr},
    {"ShuffleXorMask128", SG "{ _ = subgroupShuffleXor(i, 128u); }", "mask argument (128)"},
    {"ShuffleNegativeId", SG "{ _ = subgroupShuffle(i, -1); }", "id argument (-1)"},
    {"ShuffleId127", SG "{ _ = subgroupShuffle(i, 127); }", nullptr},
};
INSTANTIATE_TEST_SUITE_P(BuiltinArgumentValues, SpecRule, ::testing::ValuesIn(kArgumentValues), test::verdictCaseName);

// ---------------------------------------------------------------- "Buffer View Built-in Functions"
// Offsets and sizes that are const-expressions: not negative, offset a multiple of
// RequiredAlignOf(T, AS), size - ArrayOffset(T) a multiple of the stride, MinTypeSize(T) within
// the size and the fixed-size buffer.
#define BV "requires buffer_view; @group(0) @binding(0) var<storage, read_write> b: buffer; "
#define BV64 "requires buffer_view; @group(0) @binding(0) var<storage, read_write> b: buffer<64>; "
#define TRA "struct T { a: vec3f, d: array<f32> } "
const VerdictCase kBufferView[] = {
    {"RuntimeOffset", BV "fn f(o: u32) -> vec4u { return *bufferView<vec4u>(&b, o); }", nullptr},
    {"AlignedOffset", BV "fn f() -> vec4u { return *bufferView<vec4u>(&b, 16); }", nullptr},
    {"MisalignedOffset", BV "fn f() -> vec4u { return *bufferView<vec4u>(&b, 8); }", "offset 8 is not a multiple of 16"},
    {"Vec3Alignment", BV "fn f() -> vec3f { return *bufferView<vec3f>(&b, 12); }", "not a multiple of 16"},
    {"NegativeOffset", BV "fn f() -> vec4u { return *bufferView<vec4u>(&b, -16i); }", "offset -16 is negative"},
    {"SizedLastFit", BV64 "fn f() -> vec4u { return *bufferView<vec4u>(&b, 48); }", nullptr},
    {"SizedPastTheEnd", BV64 "fn f() -> vec4u { return *bufferView<vec4u>(&b, 64); }",
     "MinTypeSize(vec4<u32>) (16) + offset (64) is greater than the buffer size 64"},
    {"SizedTypeLargerThanBuffer", BV64 "fn f(o: u32) -> array<vec4u, 5> { return *bufferView<array<vec4u, 5>>(&b, o); }",
     "needs at least 80 bytes (MinTypeSize) but the buffer has 64"},
    {"ArrayView", BV "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 4, 16))[0]; }", nullptr},
    {"ArrayViewMisalignedOffset", BV "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 2, 16))[0]; }",
     "offset 2 is not a multiple of 4"},
    {"ArrayViewSizeNotWholeElements", BV "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 4, 14))[0]; }",
     "is not a multiple of the array stride 4"},
    {"ArrayViewRuntimeOffsetSizeNotWhole", BV "fn f(o: u32) -> u32 { return (*bufferArrayView<array<u32>>(&b, o, 5))[0]; }",
     "is not a multiple of the array stride 4"},
    {"ArrayViewSizeBelowOneElement", BV "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 4, 2))[0]; }",
     "smaller than MinTypeSize"},
    {"ArrayViewNegativeSize", BV "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 4, -4))[0]; }",
     "size -4 is negative"},
    {"ArrayViewPastTheSizedEnd", BV64 "fn f() -> u32 { return (*bufferArrayView<array<u32>>(&b, 32, 36))[0]; }",
     "offset (32) + size (36) is greater than the buffer size 64"},
    {"ArrayViewConstOffsetPastTheSizedEnd",  // "using 0 if a parameter is not" a const-expression
     BV64 "fn f(s: u32) -> u32 { return (*bufferArrayView<array<u32>>(&b, 68, s))[0]; }", "greater than the buffer size 64"},
    {"ArrayViewStructure", BV TRA "fn f() -> f32 { return (*bufferArrayView<T>(&b, 0, 20)).d[0]; }", nullptr},
    {"ArrayViewStructureSizeMinusArrayOffset", BV TRA "fn f() -> f32 { return (*bufferArrayView<T>(&b, 0, 22)).d[0]; }",
     "minus ArrayOffset(T) (12) is not a multiple of the array stride 4"},
    {"ArrayViewStructureBelowMinTypeSize", BV TRA "fn f() -> f32 { return (*bufferArrayView<T>(&b, 0, 12)).d[0]; }",
     "smaller than MinTypeSize(T) (16)"},
    {"ArrayViewStructureAlignment", BV TRA "fn f() -> f32 { return (*bufferArrayView<T>(&b, 8, 20)).d[0]; }",
     "offset 8 is not a multiple of 16"},
    // Uniform without uniform_buffer_standard_layout: structures align to roundUp(16, AlignOf).
    {"UniformStructureAlignment",
     "requires buffer_view; struct T { a: f32 } @group(0) @binding(0) var<uniform> b: buffer<256>;"
     "fn f() -> f32 { return (*bufferView<T>(&b, 4)).a; }",
     "RequiredAlignOf(T, uniform)"},
    {"UniformStructureStandardLayout",
     "requires buffer_view, uniform_buffer_standard_layout; struct T { a: f32 }"
     "@group(0) @binding(0) var<uniform> b: buffer<256>; fn f() -> f32 { return (*bufferView<T>(&b, 4)).a; }",
     nullptr},
    {"UniformArrayStrideConstraint",
     "requires buffer_view; @group(0) @binding(0) var<uniform> b: buffer<64>;"
     "fn g() -> f32 { return (*bufferView<array<f32, 2>>(&b, 0))[0]; }",
     "uniform address space layout constraints"},
    {"UniformArrayOfVec4",
     "requires buffer_view; @group(0) @binding(0) var<uniform> b: buffer<64>;"
     "fn g() -> f32 { return (*bufferView<array<vec4f, 2>>(&b, 16))[0].x; }",
     nullptr},
    {"UniformRuntimeArrayOfVec4View",
     "requires buffer_view; @group(0) @binding(0) var<uniform> b: buffer<64>;"
     "fn g() -> f32 { return (*bufferArrayView<array<vec4f>>(&b, 16, 32))[0].x; }",
     nullptr},
    {"UniformScalar",
     "requires buffer_view; @group(0) @binding(0) var<uniform> b: buffer<256>; fn f() -> f32 { return *bufferView<f32>(&b, 4); }",
     nullptr},
};
INSTANTIATE_TEST_SUITE_P(BufferView, SpecRule, ::testing::ValuesIn(kBufferView), test::verdictCaseName);

// ---------------------------------------------------------------- "Overload Resolution"
// Step 2: "Eliminate any candidate where one of its subexpressions resolves to an abstract type
// after feasible automatic conversions, but another of the candidate's subexpressions is not a
// const-expression." With a runtime condition, select(1, 2, c) has T = i32 (the next best
// rank), so the abstract arguments must fit i32; step 3 prefers i32 over u32 and f32.
const VerdictCase kOverloads[] = {
    {"SelectRuntimeConditionIsI32", "fn f(c: bool) { let x = select(1, 2, c); let y: i32 = x; }", nullptr},
    {"SelectRuntimeConditionIsNotU32", "fn f(c: bool) -> u32 { return select(1, 2, c); }", "return type 'u32'"},
    {"SelectRuntimeConditionValueMustFitI32", "fn f(c: bool) -> i32 { return select(3000000000, 1, c); }",
     "3000000000"},
    {"SelectOverrideConditionValueMustFitI32", "override c: bool; fn f() { let x = select(3000000000, 1, c); }",
     "3000000000"},
    {"SelectRuntimeConditionVectorValueMustFitI32",
     "fn f(c: bool) { let x = select(vec2(1, 2), vec2(3000000000, 1), c); }", "3000000000"},
    {"SelectRuntimeConditionFloatMustFitF32", "fn f(c: bool) -> f32 { return select(1e300, 2.0, c); }", "f32"},
    {"SelectConstConditionStaysAbstract", "const x = select(3000000000, 1, true); const_assert x == 1;", nullptr},
    {"ExtractBitsRuntimeOffsetValueMustFitI32", "fn f(o: u32) { let x = extractBits(3000000000, o, 1u); }",
     "3000000000"},
    {"ExtractBitsRuntimeOffsetNegative", "fn f(o: u32) { let x = extractBits(-1, o, 1u); let y: i32 = x; }", nullptr},
    {"InsertBitsRuntimeOffset", "fn f(o: u32) -> i32 { return insertBits(1, 2, o, 1u); }", nullptr},
    {"SelectMixedAbstractRuntimeCondition", "fn f(c: bool) { let x = select(1.0, 2, c); let y: f32 = x; }", nullptr},
};
INSTANTIATE_TEST_SUITE_P(OverloadResolution, SpecRule, ::testing::ValuesIn(kOverloads), test::verdictCaseName);

// ---------------------------------------------------------------- Extensions and sizes
// "dual_source_blending: ... Otherwise, using blend_src will result in a shader-creation error."
// Array byte-sizes must fit in 32 bits (Tint's rule; the layout's SizeOf is a 32-bit quantity).
const VerdictCase kMisc[] = {
    {"BlendSrcNeedsEnable",
     "struct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }"
     "@fragment fn fs() -> O { return O(); }",
     "requires 'enable dual_source_blending;'"},
    {"BlendSrcWithEnable",
     "enable dual_source_blending; struct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }"
     "@fragment fn fs() -> O { return O(); }",
     nullptr},
    // Predeclared enumerants can be shadowed by module-scope declarations, wherever they are.
    {"AddressSpaceShadowedBySelf", "var<private> private: i32;", "cyclic dependency"},
    {"AddressSpaceShadowedByLaterConst", "var<private> x: i32; const private = 1;", "'private' refers to a constant"},
    {"AccessModeShadowedByLaterConst", "@group(0) @binding(0) var<storage, read_write> b: i32; const read_write = 1;",
     "'read_write' refers to a constant"},
    {"EnumerantShadowedOnlyInAFunction", "fn f() { let read = 1; } @group(0) @binding(0) var<storage, read> b: i32;",
     nullptr},
    {"ArrayOf4GiB", "var<private> a: array<vec4f, 268435456>;", "more than 4294967295"},
    {"ArrayJustBelow4GiB", "alias A = array<u32, 1073741823>;", nullptr},
};
INSTANTIATE_TEST_SUITE_P(ExtensionsAndSizes, SpecRule, ::testing::ValuesIn(kMisc), test::verdictCaseName);

// ---------------------------------------------------------------- Conversions of const operands
// A const-expression operand of an operation that is not const undergoes the feasible automatic
// conversion to the concrete operand type ("Conversion Rank"); a value the type cannot represent
// is a shader-creation error (section "Floating Point Conversion", "Integer conversion": an
// AbstractInt value outside the target's range, an AbstractFloat outside its finite range).
const VerdictCase kConstOperands[] = {
    {"UnsignedPlusNegative", "fn f(i: u32) -> u32 { return i + -1; }", "u32"},
    {"I32ComparedWithTooLarge", "fn f(i: i32) -> bool { return i == 3000000000; }", "3000000000"},
    {"F32PlusTooLarge", "fn f(x: f32) -> f32 { return x + 1e40; }", "f32"},
    {"F32ConversionTimesTooLarge", "fn f(i: i32) -> f32 { return f32(i) * 1e39; }", "f32"},
    {"F16PlusTooLarge", "enable f16; fn f(x: f16) -> f16 { return x + 70000.0; }", "f16"},
    {"F16TimesMax", "enable f16; fn f(x: f16) -> f16 { return x * 65504.0; }", nullptr},
    {"MatrixTimesTooLarge", "fn f(x: mat2x2f) -> mat2x2f { return x * 1e40; }", "f32"},
    {"VectorTimesTooLargeComponent", "fn f(x: vec2f) -> vec2f { return x * vec2(1e40, 1); }", "f32"},
    {"U32AndAllOnes", "fn f(x: u32) -> u32 { return x & 0xFFFFFFFF; }", nullptr},
    {"I32AndAllOnes", "fn f(x: i32) -> i32 { return x & 0xFFFFFFFF; }", "i32"},
    {"OverridePlusNegative", "override o: u32; fn f() -> u32 { return o + -1; }", "u32"},
    {"AbstractArrayIndexedAtRuntime", "fn f(i: i32) -> i32 { return array(1, 3000000000)[i]; }", "3000000000"},
    {"AbstractVectorIndexedAtRuntime", "fn f(i: i32) -> i32 { return vec2(1, 2)[i]; }", nullptr},
    {"ConstructorComponent", "fn f(x: f32) -> vec2f { return vec2f(x, 1e40); }", "f32"},
    {"InferredConstructorComponent", "fn f(x: f32) -> vec2f { return vec2(x, 1e40); }", "f32"},
    {"InferredArrayElement", "fn f(x: u32) -> array<u32, 2> { return array(x, -1); }", "u32"},
    {"CompoundAddTooLarge", "fn f(x: f32) -> f32 { var a = x; a += 1e40; return a; }", "f32"},
    {"CompoundSubtractNegative", "fn f(x: u32) -> u32 { var a = x; a -= -1; return a; }", "u32"},
    {"CompoundVectorTimesScalar", "fn f(x: vec2f) -> vec2f { var a = x; a *= 1e40; return a; }", "f32"},
    {"CompoundShiftTooFar", "fn f(x: u32) -> u32 { var a = x; a <<= 33u; return a; }", "shift amount 33"},
    {"CompoundShiftVectorComponent", "fn f(x: vec2u) -> vec2u { var a = x; a >>= vec2(1u, 32u); return a; }",
     "shift amount 32"},
    {"CompoundShift31", "fn f(x: u32) -> u32 { var a = x; a <<= 31; return a; }", nullptr},
    {"CompoundDivideByZero", "fn f(x: u32) -> u32 { var a = x; a /= 0u; return a; }", "division by zero"},
    {"CompoundRemainderVectorZero", "fn f(x: vec2u) -> vec2u { var a = x; a %= vec2(1u, 0u); return a; }",
     "division by zero"},
    // Attribute arguments "resolve to i32 or u32": an AbstractInt argument becomes i32.
    {"BindingAbstractTooLargeForI32", "@group(0) @binding(3000000000) var<storage> b: array<u32>;", "does not fit i32"},
    {"BindingU32Large", "@group(0) @binding(3000000000u) var<storage> b: array<u32>;", nullptr},
    {"GroupAbstractTooLargeForI32", "@group(3000000000) @binding(0) var<storage> b: array<u32>;", "does not fit i32"},
    {"WorkgroupSizeAbstractTooLargeForI32", "@compute @workgroup_size(8, 3000000000) fn main() {}", "3000000000"},
    {"WorkgroupSizeAbstractWithU32", "@compute @workgroup_size(1u, 3000000000) fn main() {}", nullptr},
    {"WorkgroupSizeTotalAbove32Bits", "@compute @workgroup_size(8u, 3000000000) fn main() {}", "more than 4294967295"},
    {"RuntimeArrayIndexTooLargeForI32",
     "@group(0) @binding(0) var<storage, read_write> b: array<u32>; fn f() { b[3000000000] = 1; }", "3000000000"},
    {"RuntimeArrayIndexU32", "@group(0) @binding(0) var<storage, read_write> b: array<u32>; fn f() { b[3000000000u] = 1; }",
     nullptr},
    {"CompoundFloatDivideByZero", "fn f(x: f32) -> f32 { var a = x; a /= 0.0; return a; }", nullptr},
};
INSTANTIATE_TEST_SUITE_P(ConstOperandConversions, SpecRule, ::testing::ValuesIn(kConstOperands), test::verdictCaseName);

// ---------------------------------------------------------------- "Diagnostics"
// "Using an unrecognized triggering rule consisting of a single diagnostic name-token should
// trigger a warning"; the multiple-token form belongs to implementations (no warning needed).
std::vector<std::string> warnings(const test::Parsed& p) {
  std::vector<std::string> out;
  for (const auto& d : p.diags.all())
    if (d.severity == Severity::Warning) out.push_back(d.message);
  return out;
}

TEST(DiagnosticRules, UnrecognizedSingleTokenRuleWarns) {
  for (const char* src : {"diagnostic(off, not_a_rule);", "@diagnostic(warning, made_up) fn f() {}",
                          "fn f() { @diagnostic(off, nope) { } }"}) {
    test::Parsed p = test::check(src);
    EXPECT_TRUE(p.ok()) << src << "\n" << p.text();
    auto w = warnings(p);
    ASSERT_EQ(w.size(), 1u) << src << "\n" << p.text();
    EXPECT_NE(w[0].find("unknown diagnostic rule"), std::string::npos) << w[0];
  }
}

TEST(DiagnosticRules, KnownAndMultipleTokenRulesDoNotWarn) {
  for (const char* src : {"diagnostic(off, derivative_uniformity);", "diagnostic(info, subgroup_uniformity);",
                          "diagnostic(off, vendor.some_rule);", "@diagnostic(off, chromium.unreachable_code) fn f() {}"}) {
    test::Parsed p = test::check(src);
    EXPECT_TRUE(p.ok()) << src << "\n" << p.text();
    EXPECT_EQ(warnings(p), std::vector<std::string>{}) << src;
  }
}

// ---------------------------------------------------------------- Pipeline creation
// The same argument rules with override-expression arguments: "It is a pipeline-creation error
// if ... are override-expressions" (clamp, smoothstep, ldexp, extractBits, subgroup shuffles,
// buffer views). At shader creation they are not errors; at pipeline creation, with values, they are.
std::vector<std::string> pipelineErrors(const std::string& src, std::map<std::string, double> values) {
  std::vector<std::string> errors;
  SourceFile file("p.wgsl", src);
  DiagnosticList diags;
  auto module = ast::parseModule(file, diags);
  EXPECT_TRUE(module) << renderText(file, diags.all());
  if (!module) return errors;
  sema::ResolveOptions opts;
  opts.pipeline = true;
  opts.override_values = std::move(values);
  sema::resolve(*module, diags, opts);
  for (const auto& d : diags.all())
    if (d.severity == Severity::Error) errors.push_back(d.message);
  return errors;
}

struct PipelineCase {
  const char* name;
  const char* source;  // valid at shader creation; `o` is an override given the value `value`
  double bad_value;    // a value that breaks the rule
  double good_value;   // a value that keeps it
  const char* error;
};
void PrintTo(const PipelineCase& c, std::ostream* os) { *os << c.name; }
class PipelineRule : public ::testing::TestWithParam<PipelineCase> {};
TEST_P(PipelineRule, ErrorOnlyWithTheBadValue) {
  const PipelineCase& c = GetParam();
  EXPECT_TRUE(test::check(c.source).ok()) << c.source << "\n" << test::check(c.source).text();
  EXPECT_EQ(pipelineErrors(c.source, {{"o", c.good_value}}), std::vector<std::string>{}) << c.source;
  auto errors = pipelineErrors(c.source, {{"o", c.bad_value}});
  ASSERT_FALSE(errors.empty()) << c.source;
  EXPECT_NE(errors[0].find("pipeline-creation error"), std::string::npos) << errors[0];
  EXPECT_NE(errors[0].find(c.error), std::string::npos) << errors[0];
}
const PipelineCase kPipeline[] = {
    {"ClampBounds", "override o: f32; fn f(x: f32) -> f32 { return clamp(x, o, 1.0); }", 2, 0, "greater than high"},
    {"SmoothstepEdges", "override o: f32; fn f(x: f32) -> f32 { return smoothstep(o, 1.0, x); }", 1, 0, "equals edge1"},
    {"LdexpExponent", "override o: i32; fn f(x: f32) -> f32 { return ldexp(x, o); }", 129, 128, "greater than 128"},
    {"ExtractBitsCount", "override o: u32; fn f(x: u32) -> u32 { return extractBits(x, 20u, o); }", 13, 12,
     "greater than 32"},
    {"ShuffleXorMask",
     "enable subgroups; override o: u32; @compute @workgroup_size(64) fn f(@builtin(subgroup_invocation_id) i: u32) "
     "{ _ = subgroupShuffleXor(i, o); }",
     128, 127, "must be in the range [0, 128)"},
    {"BufferViewOffset",
     "requires buffer_view; override o: u32; @group(0) @binding(0) var<storage> b: buffer;"
     "fn f() -> vec4u { return *bufferView<vec4u>(&b, o); }",
     8, 16, "not a multiple of 16"},
    // Value constructors and conversions of override-expressions have values at pipeline
    // creation too, so what is built from them is evaluated (the WebGPU CTS's override stage
    // writes `acos(f32(o))`, `vec2(o, o) / vec2(0, 1)`).
    {"ConstructedDomain", "override o: f32; var<private> v = acos(f32(o));", -2, 0.5, "outside the domain of acos"},
    {"VectorDivisionByZero", "override o: i32; var<private> v = vec2(42, 1) / vec2(o, 1);", 0, 3, "division by zero"},
};
std::string pipelineCaseName(const ::testing::TestParamInfo<PipelineCase>& info) { return info.param.name; }
INSTANTIATE_TEST_SUITE_P(OverrideArguments, PipelineRule, ::testing::ValuesIn(kPipeline), pipelineCaseName);

}  // namespace
}  // namespace wgsl
