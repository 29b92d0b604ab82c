// Built-in function overloads and overload resolution (spec sections "Built-in Functions",
// "Overload Resolution" and "Conversion Rank"). Every expected result is read off the spec's
// overload tables, with the conversion ranks that decide between candidates worked out in the
// comments (AbstractFloat->f32 1, ->f16 2; AbstractInt->i32 3, ->u32 4, ->AbstractFloat 5,
// ->f32 6, ->f16 7).
#include "interp/sema/builtins.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "interp/sema/builtin_names.h"
#include "interp/sema/layout.h"

namespace wgsl::sema {
namespace {

using Exts = std::set<std::string>;
using Types = std::vector<const Type*>;

::testing::AssertionResult sameType(const Type* got, const Type* want) {
  if (got == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << (got ? got->name() : "null") << ", want "
                                       << (want ? want->name() : "null");
}

::testing::AssertionResult sameTypes(const Types& got, const Types& want) {
  auto list = [](const Types& ts) {
    std::string s;
    for (const Type* t : ts) s += (s.empty() ? "" : ", ") + (t ? t->name() : std::string("null"));
    return "(" + s + ")";
  };
  if (got == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << list(got) << ", want " << list(want);
}

class BuiltinOverloadTest : public ::testing::Test {
 protected:
  const Type* AI() { return tt.abstractInt(); }
  const Type* AF() { return tt.abstractFloat(); }
  const Type* i32() { return tt.i32(); }
  const Type* u32() { return tt.u32(); }
  const Type* f32() { return tt.f32(); }
  const Type* f16() { return tt.f16(); }
  const Type* boolean() { return tt.boolType(); }
  const Type* vec(uint32_t n, const Type* e) { return tt.vec(n, e); }
  const Type* mat(uint32_t c, uint32_t r, const Type* e) { return tt.mat(c, r, e); }
  const Type* ptr(AddressSpace as, const Type* t, AccessMode am) { return tt.ptr(as, t, am); }
  const Type* sampled(TextureDim d, const Type* t) { return tt.texture(TextureKind::Sampled, d, t); }
  const Type* depth(TextureDim d) { return tt.texture(TextureKind::Depth, d, tt.f32()); }
  const Type* storageTex(TextureDim d, const std::string& format, AccessMode am) {
    return tt.texture(TextureKind::Storage, d, nullptr, format, am);
  }
  const Type* sampler() { return tt.sampler(false); }
  const Type* samplerCmp() { return tt.sampler(true); }

  BuiltinMatch call(const std::string& name, const Types& args, const Exts& exts = {}) {
    return matchBuiltin(tt, name, {}, args, exts);
  }
  BuiltinMatch callT(const std::string& name, const Types& templ, const Types& args, const Exts& exts = {}) {
    return matchBuiltin(tt, name, templ, args, exts);
  }

  TypeTable tt;
};

// Expects a successful match with result `want` (and, if given, the chosen parameter types).
#define EXPECT_MATCH(m, want)                  \
  do {                                         \
    const BuiltinMatch& m_ = (m);              \
    EXPECT_TRUE(m_.ok) << m_.error;            \
    EXPECT_TRUE(sameType(m_.result, (want)));  \
  } while (0)

// ---------------------------------------------------------------------------------------------
// Numeric built-in functions.

TEST_F(BuiltinOverloadTest, MaxOfAbstractIntsStaysAbstract) {
  // max(T, T) with T in ALLNUMERICDECL: T = AbstractInt has ranks (0, 0); every other T is worse.
  BuiltinMatch m = call("max", {AI(), AI()});
  EXPECT_MATCH(m, AI());
  EXPECT_TRUE(sameTypes(m.params, {AI(), AI()}));
  EXPECT_TRUE(m.is_const);
  EXPECT_TRUE(m.must_use);
  EXPECT_TRUE(m.stages.empty());
}

TEST_F(BuiltinOverloadTest, MaxOfF32AndAbstractIntConvertsTheLiteral) {
  // Only T = f32 accepts the f32 argument: ranks (0, 6).
  BuiltinMatch m = call("max", {f32(), AI()});
  EXPECT_MATCH(m, f32());
  EXPECT_TRUE(sameTypes(m.params, {f32(), f32()}));
}

TEST_F(BuiltinOverloadTest, MaxOfI32AndU32HasNoOverload) {
  BuiltinMatch m = call("max", {i32(), u32()});
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("no overload of 'max'"), std::string::npos) << m.error;
  EXPECT_NE(m.error.find("(i32, u32)"), std::string::npos) << m.error;
  EXPECT_NE(m.error.find("max(T, T) -> T"), std::string::npos) << m.error;
}

TEST_F(BuiltinOverloadTest, MaxOfVectorsConvertsComponentwise) {
  EXPECT_MATCH(call("max", {vec(3, f32()), vec(3, AI())}), vec(3, f32()));
  EXPECT_FALSE(call("max", {vec(3, f32()), vec(2, f32())}).ok);
  EXPECT_FALSE(call("max", {vec(3, f32()), f32()}).ok);  // no scalar/vector mixing
}

TEST_F(BuiltinOverloadTest, ClampDoesNotMixVectorAndScalarBounds) {
  // clamp(e: T, low: T, high: T): all three of the same T.
  EXPECT_FALSE(call("clamp", {vec(3, f32()), f32(), f32()}).ok);
  EXPECT_MATCH(call("clamp", {vec(3, f32()), vec(3, f32()), vec(3, f32())}), vec(3, f32()));
}

TEST_F(BuiltinOverloadTest, ClampOfMixedAbstractsIsAbstractFloat) {
  // T = AbstractFloat: ranks (5, 0, 5); T = f32: (6, 1, 6); T = f16 not enabled.
  BuiltinMatch m = call("clamp", {AI(), AF(), AI()});
  EXPECT_MATCH(m, AF());
  EXPECT_TRUE(sameTypes(m.params, {AF(), AF(), AF()}));
}

TEST_F(BuiltinOverloadTest, AbsAcceptsUnsignedButSignDoesNot) {
  EXPECT_MATCH(call("abs", {u32()}), u32());
  EXPECT_FALSE(call("sign", {u32()}).ok);  // ALLSIGNEDNUMERICDECL has no u32
  EXPECT_MATCH(call("sign", {vec(2, i32())}), vec(2, i32()));
}

TEST_F(BuiltinOverloadTest, Log2OfAbstractIntIsAbstractFloat) {
  // The spec's own example: log2(32) converts AbstractInt to AbstractFloat.
  BuiltinMatch m = call("log2", {AI()});
  EXPECT_MATCH(m, AF());
  EXPECT_TRUE(sameTypes(m.params, {AF()}));
  EXPECT_MATCH(call("sqrt", {vec(4, AI())}), vec(4, AF()));
}

TEST_F(BuiltinOverloadTest, FloatFunctionsRejectConcreteIntegers) {
  EXPECT_FALSE(call("sqrt", {i32()}).ok);
  EXPECT_FALSE(call("floor", {vec(2, u32())}).ok);
}

TEST_F(BuiltinOverloadTest, BitFunctionsOfAbstractIntPickI32) {
  // countLeadingZeros: T is i32, u32 or vectors of them (no AbstractInt): i32 rank 3 < u32 rank 4.
  BuiltinMatch m = call("countLeadingZeros", {AI()});
  EXPECT_MATCH(m, i32());
  EXPECT_TRUE(sameTypes(m.params, {i32()}));
  EXPECT_MATCH(call("countOneBits", {vec(3, u32())}), vec(3, u32()));
  EXPECT_MATCH(call("reverseBits", {i32()}), i32());
}

TEST_F(BuiltinOverloadTest, ExtractBitsChoosesBetweenSignedAndUnsignedOverloads) {
  // Signed overload T = i32: ranks (3, 4, 4); unsigned T = u32: (4, 4, 4). Signed is preferred.
  BuiltinMatch m = call("extractBits", {AI(), AI(), AI()});
  EXPECT_MATCH(m, i32());
  EXPECT_TRUE(sameTypes(m.params, {i32(), u32(), u32()}));
  EXPECT_MATCH(call("extractBits", {vec(2, u32()), u32(), u32()}), vec(2, u32()));
  EXPECT_FALSE(call("extractBits", {i32(), i32(), u32()}).ok);  // offset is u32
}

TEST_F(BuiltinOverloadTest, InsertBitsAndFirstLeadingBit) {
  EXPECT_MATCH(call("insertBits", {vec(4, i32()), vec(4, i32()), AI(), AI()}), vec(4, i32()));
  EXPECT_MATCH(call("firstLeadingBit", {vec(2, u32())}), vec(2, u32()));
  EXPECT_MATCH(call("firstTrailingBit", {i32()}), i32());
}

TEST_F(BuiltinOverloadTest, DotOfAbstractIntVectorsIsAbstractInt) {
  // dot(vecN<T>, vecN<T>) -> T, T includes AbstractInt.
  BuiltinMatch m = call("dot", {vec(3, AI()), vec(3, AI())});
  EXPECT_MATCH(m, AI());
  EXPECT_TRUE(sameTypes(m.params, {vec(3, AI()), vec(3, AI())}));
  EXPECT_MATCH(call("dot", {vec(3, f32()), vec(3, AI())}), f32());
  EXPECT_FALSE(call("dot", {vec(2, f32()), vec(3, f32())}).ok);
  EXPECT_FALSE(call("dot", {f32(), f32()}).ok);
}

TEST_F(BuiltinOverloadTest, CrossOfAbstractIntsIsAbstractFloat) {
  // T is AbstractFloat, f32 or f16: AbstractInt -> AbstractFloat (5) beats -> f32 (6).
  EXPECT_MATCH(call("cross", {vec(3, AI()), vec(3, AI())}), vec(3, AF()));
  EXPECT_FALSE(call("cross", {vec(2, f32()), vec(2, f32())}).ok);
}

TEST_F(BuiltinOverloadTest, LengthAndDistanceReturnTheScalar) {
  BuiltinMatch m = call("length", {vec(3, f32())});
  EXPECT_MATCH(m, f32());
  EXPECT_TRUE(m.is_const);
  EXPECT_TRUE(m.must_use);
  EXPECT_MATCH(call("length", {f32()}), f32());
  EXPECT_MATCH(call("distance", {vec(2, AF()), vec(2, AF())}), AF());
}

TEST_F(BuiltinOverloadTest, DeterminantNeedsASquareMatrix) {
  EXPECT_MATCH(call("determinant", {mat(3, 3, f32())}), f32());
  EXPECT_FALSE(call("determinant", {mat(2, 3, f32())}).ok);
}

TEST_F(BuiltinOverloadTest, TransposeSwapsColumnsAndRows) {
  // transpose(e: matRxC<T>) -> matCxR<T>: 2 columns x 3 rows becomes 3 columns x 2 rows.
  EXPECT_MATCH(call("transpose", {mat(2, 3, f32())}), mat(3, 2, f32()));
  EXPECT_MATCH(call("transpose", {mat(4, 2, AF())}), mat(2, 4, AF()));
}

TEST_F(BuiltinOverloadTest, FrexpOfF32ReturnsItsResultStructure) {
  BuiltinMatch m = call("frexp", {f32()});
  ASSERT_TRUE(m.ok) << m.error;
  ASSERT_TRUE(m.result->isStruct());
  EXPECT_EQ(m.result->name(), "__frexp_result_f32");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_EQ(m.result->members[0].name, "fract");
  EXPECT_TRUE(sameType(m.result->members[0].type, f32()));
  EXPECT_EQ(m.result->members[1].name, "exp");
  EXPECT_TRUE(sameType(m.result->members[1].type, i32()));
  EXPECT_TRUE(m.is_const);
  // One structure type per shape: a second call yields the same type.
  EXPECT_EQ(call("frexp", {f32()}).result, m.result);
}

TEST_F(BuiltinOverloadTest, FrexpOfAbstractFloatIsTheAbstractStructure) {
  // frexp(1.5): the AbstractFloat overload (rank 0) beats f32 (rank 1).
  BuiltinMatch m = call("frexp", {AF()});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.result->name(), "__frexp_result_abstract");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_TRUE(sameType(m.result->members[0].type, AF()));
  EXPECT_TRUE(sameType(m.result->members[1].type, AI()));
  // ConversionRank(__frexp_result_abstract, __frexp_result_f32) = 1.
  const Type* f32_result = call("frexp", {f32()}).result;
  EXPECT_EQ(conversionRank(m.result, f32_result), std::optional<int>(1));
}

TEST_F(BuiltinOverloadTest, FrexpOfF16VectorNeedsF16) {
  BuiltinMatch m = call("frexp", {vec(3, f16())}, {"f16"});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.result->name(), "__frexp_result_vec3_f16");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_TRUE(sameType(m.result->members[0].type, vec(3, f16())));
  EXPECT_TRUE(sameType(m.result->members[1].type, vec(3, i32())));
  EXPECT_FALSE(call("frexp", {vec(3, f16())}).ok);
}

TEST_F(BuiltinOverloadTest, ResultStructuresBelongToTheirTypeTable) {
  // Each table gets its own structures, built from its own member types, and they live as long
  // as it does (tables created and destroyed one after another).
  for (int i = 0; i < 3; ++i) {
    TypeTable other;
    BuiltinMatch m = matchBuiltin(other, "modf", {}, {other.f32()}, {});
    ASSERT_TRUE(m.ok) << m.error;
    ASSERT_EQ(m.result->members.size(), 2u);
    EXPECT_EQ(m.result->members[0].type, other.f32());
    EXPECT_EQ(matchBuiltin(other, "modf", {}, {other.f32()}, {}).result, m.result);
  }
}

TEST_F(BuiltinOverloadTest, FrexpVec3F32ResultIsLaidOut) {
  // fract: vec3<f32> at 0 (align 16, size 12); exp: vec3<i32> at roundUp(16, 12) = 16;
  // struct size roundUp(16, 16 + 12) = 32.
  BuiltinMatch m = call("frexp", {vec(3, f32())});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.result->name(), "__frexp_result_vec3_f32");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_EQ(m.result->members[1].offset, 16u);
  EXPECT_EQ(sizeOf(m.result), 32u);
}

TEST_F(BuiltinOverloadTest, ModfOfAbstractFloatVector) {
  BuiltinMatch m = call("modf", {vec(2, AF())});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.result->name(), "__modf_result_vec2_abstract");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_EQ(m.result->members[0].name, "fract");
  EXPECT_EQ(m.result->members[1].name, "whole");
  EXPECT_TRUE(sameType(m.result->members[0].type, vec(2, AF())));
  EXPECT_TRUE(sameType(m.result->members[1].type, vec(2, AF())));
  const Type* f32_result = call("modf", {vec(2, f32())}).result;
  ASSERT_NE(f32_result, nullptr);
  EXPECT_EQ(f32_result->name(), "__modf_result_vec2_f32");
  EXPECT_EQ(conversionRank(m.result, f32_result), std::optional<int>(1));
}

TEST_F(BuiltinOverloadTest, LdexpKeepsBothArgumentsAbstractOrBothConcrete) {
  // "T can only be abstract if I is also abstract and vice versa".
  BuiltinMatch both_abstract = call("ldexp", {AF(), AI()});
  EXPECT_MATCH(both_abstract, AF());
  EXPECT_TRUE(sameTypes(both_abstract.params, {AF(), AI()}));
  BuiltinMatch concrete_float = call("ldexp", {f32(), AI()});
  EXPECT_MATCH(concrete_float, f32());
  EXPECT_TRUE(sameTypes(concrete_float.params, {f32(), i32()}));
  // An i32 exponent forces T concrete: f32 (rank 1) rather than f16 (rank 2).
  BuiltinMatch concrete_exp = call("ldexp", {AF(), i32()});
  EXPECT_MATCH(concrete_exp, f32());
  EXPECT_TRUE(sameTypes(concrete_exp.params, {f32(), i32()}));
}

TEST_F(BuiltinOverloadTest, LdexpVectorShapesMustAgree) {
  EXPECT_MATCH(call("ldexp", {vec(2, f32()), vec(2, i32())}), vec(2, f32()));
  EXPECT_FALSE(call("ldexp", {vec(2, f32()), i32()}).ok);  // I is a vector iff T is
  EXPECT_FALSE(call("ldexp", {f32(), u32()}).ok);          // I is signed
}

TEST_F(BuiltinOverloadTest, MixWithScalarBlendFactor) {
  BuiltinMatch m = call("mix", {vec(3, f32()), vec(3, f32()), f32()});
  EXPECT_MATCH(m, vec(3, f32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(3, f32()), vec(3, f32()), f32()}));
  EXPECT_MATCH(call("mix", {vec(3, f32()), vec(3, f32()), vec(3, f32())}), vec(3, f32()));
  // mix(vec3<AbstractFloat>, vec3<AbstractFloat>, AbstractInt): second overload with
  // T = AbstractFloat: ranks (0, 0, 5).
  EXPECT_MATCH(call("mix", {vec(3, AF()), vec(3, AF()), AI()}), vec(3, AF()));
}

TEST_F(BuiltinOverloadTest, RefractTakesTheScalarOfItsVectors) {
  BuiltinMatch m = call("refract", {vec(3, f32()), vec(3, f32()), AF()});
  EXPECT_MATCH(m, vec(3, f32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(3, f32()), vec(3, f32()), f32()}));
  EXPECT_MATCH(call("reflect", {vec(2, AF()), vec(2, AF())}), vec(2, AF()));
  EXPECT_MATCH(call("faceForward", {vec(4, f32()), vec(4, f32()), vec(4, f32())}), vec(4, f32()));
  EXPECT_FALSE(call("normalize", {f32()}).ok);  // normalize takes vecN<T>
}

TEST_F(BuiltinOverloadTest, QuantizeToF16TakesOnlyF32) {
  BuiltinMatch m = call("quantizeToF16", {AF()});
  EXPECT_MATCH(m, f32());
  EXPECT_TRUE(sameTypes(m.params, {f32()}));
  EXPECT_FALSE(call("quantizeToF16", {f16()}, {"f16"}).ok);
}

TEST_F(BuiltinOverloadTest, PackedDotProducts) {
  EXPECT_MATCH(call("dot4I8Packed", {u32(), u32()}), i32());
  EXPECT_MATCH(call("dot4U8Packed", {AI(), u32()}), u32());
}

// ---------------------------------------------------------------------------------------------
// f16.

TEST_F(BuiltinOverloadTest, F16OverloadsNeedTheExtension) {
  BuiltinMatch without = call("abs", {f16()});
  EXPECT_FALSE(without.ok);
  EXPECT_NE(without.error.find("enable f16;"), std::string::npos) << without.error;
  EXPECT_MATCH(call("abs", {f16()}, {"f16"}), f16());
  EXPECT_MATCH(call("sqrt", {vec(2, f16())}, {"f16"}), vec(2, f16()));
}

TEST_F(BuiltinOverloadTest, AbstractArgumentsStayAbstractWithF16Enabled) {
  // AbstractFloat (0) beats f32 (1) and f16 (2), with or without the extension.
  EXPECT_MATCH(call("abs", {AF()}, {"f16"}), AF());
  EXPECT_MATCH(call("min", {f32(), AF()}, {"f16"}), f32());
}

// ---------------------------------------------------------------------------------------------
// Logical built-in functions.

TEST_F(BuiltinOverloadTest, SelectWithScalarCondition) {
  BuiltinMatch m = call("select", {vec(3, f32()), vec(3, f32()), boolean()});
  EXPECT_MATCH(m, vec(3, f32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(3, f32()), vec(3, f32()), boolean()}));
  EXPECT_MATCH(call("select", {AI(), AI(), boolean()}), AI());
  EXPECT_MATCH(call("select", {boolean(), boolean(), boolean()}), boolean());
}

TEST_F(BuiltinOverloadTest, SelectWithVectorCondition) {
  BuiltinMatch m = call("select", {vec(3, f32()), vec(3, AI()), vec(3, boolean())});
  EXPECT_MATCH(m, vec(3, f32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(3, f32()), vec(3, f32()), vec(3, boolean())}));
  EXPECT_FALSE(call("select", {f32(), f32(), vec(2, boolean())}).ok);
  EXPECT_FALSE(call("select", {vec(2, f32()), vec(2, f32()), vec(3, boolean())}).ok);
}

TEST_F(BuiltinOverloadTest, AllAndAny) {
  EXPECT_MATCH(call("all", {vec(4, boolean())}), boolean());
  EXPECT_MATCH(call("all", {boolean()}), boolean());
  EXPECT_MATCH(call("any", {vec(2, boolean())}), boolean());
  EXPECT_FALSE(call("any", {vec(2, f32())}).ok);
}

// ---------------------------------------------------------------------------------------------
// Value constructors whose type is inferred.

TEST_F(BuiltinOverloadTest, Vec3OfAbstractIntsIsAbstract) {
  // vec3(1, 2, 3): T = AbstractInt with ranks (0, 0, 0).
  BuiltinMatch m = call("vec3", {AI(), AI(), AI()});
  EXPECT_MATCH(m, vec(3, AI()));
  EXPECT_TRUE(m.is_const);
  EXPECT_TRUE(m.must_use);
}

TEST_F(BuiltinOverloadTest, Vec3OfMixedAbstractsIsAbstractFloat) {
  // vec3(1.0, 2, 3): AbstractFloat (0, 5, 5) beats f32 (1, 6, 6).
  BuiltinMatch m = call("vec3", {AF(), AI(), AI()});
  EXPECT_MATCH(m, vec(3, AF()));
  EXPECT_TRUE(sameTypes(m.params, {AF(), AF(), AF()}));
}

TEST_F(BuiltinOverloadTest, Vec4FromVec2AndLiterals) {
  BuiltinMatch m = call("vec4", {vec(2, f32()), AI(), AI()});
  EXPECT_MATCH(m, vec(4, f32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(2, f32()), f32(), f32()}));
  EXPECT_MATCH(call("vec4", {vec(3, u32()), AI()}), vec(4, u32()));
  EXPECT_MATCH(call("vec4", {i32(), vec(2, i32()), i32()}), vec(4, i32()));
  EXPECT_MATCH(call("vec4", {vec(2, AF()), vec(2, AF())}), vec(4, AF()));
}

TEST_F(BuiltinOverloadTest, VectorSplatCopyAndZero) {
  EXPECT_MATCH(call("vec3", {AI()}), vec(3, AI()));
  EXPECT_MATCH(call("vec2", {f32()}), vec(2, f32()));
  EXPECT_MATCH(call("vec3", {vec(3, i32())}), vec(3, i32()));
  EXPECT_MATCH(call("vec2", {}), vec(2, AI()));  // vec2() is vec2(0, 0)
  EXPECT_MATCH(call("vec3", {boolean(), boolean(), boolean()}), vec(3, boolean()));
}

TEST_F(BuiltinOverloadTest, VectorConstructorRejectsMismatches) {
  EXPECT_FALSE(call("vec2", {i32(), u32()}).ok);
  EXPECT_FALSE(call("vec3", {f32(), f32()}).ok);
  EXPECT_FALSE(call("vec2", {vec(3, f32())}).ok);
  EXPECT_FALSE(call("vec2", {f16(), f16()}).ok);  // f16 not enabled
}

TEST_F(BuiltinOverloadTest, MatrixConstructors) {
  EXPECT_MATCH(call("mat2x2", {vec(2, f32()), vec(2, f32())}), mat(2, 2, f32()));
  // Six AbstractInts: AbstractFloat (rank 5 each) beats f32 (6).
  EXPECT_MATCH(call("mat2x3", Types(6, AI())), mat(2, 3, AF()));
  EXPECT_MATCH(call("mat3x3", {mat(3, 3, AF())}), mat(3, 3, AF()));
  EXPECT_MATCH(call("mat4x2", {vec(2, AF()), vec(2, f32()), vec(2, AI()), vec(2, f32())}), mat(4, 2, f32()));
  EXPECT_FALSE(call("mat2x2", {i32(), i32(), i32(), i32()}).ok);  // T is a float scalar
  EXPECT_FALSE(call("mat2x2", {vec(3, f32()), vec(3, f32())}).ok);
}

TEST_F(BuiltinOverloadTest, ArrayInfersElementTypeAndCount) {
  // array(1, 2.5): AbstractFloat (5, 0) beats f32 (6, 1).
  BuiltinMatch m = call("array", {AI(), AF()});
  EXPECT_MATCH(m, tt.array(AF(), 2));
  EXPECT_TRUE(sameTypes(m.params, {AF(), AF()}));
  EXPECT_TRUE(m.is_const);
  // array(1u, 2): only u32 accepts 1u.
  EXPECT_MATCH(call("array", {u32(), AI()}), tt.array(u32(), 2));
  EXPECT_MATCH(call("array", {AI()}), tt.array(AI(), 1));
}

TEST_F(BuiltinOverloadTest, ArrayOfVectorsAndArrays) {
  EXPECT_MATCH(call("array", {vec(2, AI()), vec(2, f32()), vec(2, AF())}), tt.array(vec(2, f32()), 3));
  EXPECT_MATCH(call("array", {tt.array(AI(), 2), tt.array(i32(), 2)}), tt.array(tt.array(i32(), 2), 2));
}

TEST_F(BuiltinOverloadTest, ArrayRejectsIncompatibleOrNoElements) {
  EXPECT_FALSE(call("array", {i32(), f32()}).ok);
  EXPECT_FALSE(call("array", {}).ok);
  // A pointer is not constructible.
  const Type* p = ptr(AddressSpace::Function, i32(), AccessMode::ReadWrite);
  EXPECT_FALSE(call("array", {p, p}).ok);
}

// ---------------------------------------------------------------------------------------------
// bitcast.

TEST_F(BuiltinOverloadTest, BitcastVectorReinterpretation) {
  BuiltinMatch m = callT("bitcast", {vec(2, u32())}, {vec(2, f32())});
  EXPECT_MATCH(m, vec(2, u32()));
  EXPECT_TRUE(sameTypes(m.params, {vec(2, f32())}));
  EXPECT_TRUE(m.is_const);
}

TEST_F(BuiltinOverloadTest, BitcastF16PairToU32NeedsF16) {
  EXPECT_MATCH(callT("bitcast", {u32()}, {vec(2, f16())}, {"f16"}), u32());
  BuiltinMatch without = callT("bitcast", {u32()}, {vec(2, f16())});
  EXPECT_FALSE(without.ok);
  EXPECT_NE(without.error.find("enable f16;"), std::string::npos) << without.error;
  EXPECT_MATCH(callT("bitcast", {vec(2, f16())}, {u32()}, {"f16"}), vec(2, f16()));
  EXPECT_MATCH(callT("bitcast", {vec(2, i32())}, {vec(4, f16())}, {"f16"}), vec(2, i32()));
}

TEST_F(BuiltinOverloadTest, BitcastSizeMismatchFails) {
  BuiltinMatch m = callT("bitcast", {u32()}, {vec(3, f32())});
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("bitcast<u32>"), std::string::npos) << m.error;
}

TEST_F(BuiltinOverloadTest, BitcastOfAbstractInt) {
  // bitcast<u32>(AbstractInt) has its own overload (rank 0), preferred over the identity
  // overload (rank 4) and i32 -> u32 reinterpretation (rank 3).
  BuiltinMatch m = callT("bitcast", {u32()}, {AI()});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(sameTypes(m.params, {AI()}));
  // bitcast<i32>(AbstractInt): identity (rank 3) beats u32 (4) and f32 (6) sources.
  BuiltinMatch to_i32 = callT("bitcast", {i32()}, {AI()});
  EXPECT_MATCH(to_i32, i32());
  EXPECT_TRUE(sameTypes(to_i32.params, {i32()}));
  EXPECT_MATCH(callT("bitcast", {vec(3, u32())}, {vec(3, AI())}), vec(3, u32()));
}

TEST_F(BuiltinOverloadTest, BitcastNeedsItsTemplateArgument) {
  EXPECT_FALSE(call("bitcast", {f32()}).ok);
  BuiltinMatch m = callT("max", {f32()}, {f32(), f32()});
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("template"), std::string::npos) << m.error;
}

// ---------------------------------------------------------------------------------------------
// arrayLength.

TEST_F(BuiltinOverloadTest, ArrayLengthOfRuntimeSizedArray) {
  BuiltinMatch m = call("arrayLength", {ptr(AddressSpace::Storage, tt.runtimeArray(f32()), AccessMode::Read)});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(m.must_use);
  EXPECT_FALSE(m.is_const);
}

TEST_F(BuiltinOverloadTest, ArrayLengthRejectsFixedArraysAndOtherSpaces) {
  EXPECT_FALSE(call("arrayLength", {ptr(AddressSpace::Storage, tt.array(f32(), 4), AccessMode::Read)}).ok);
  EXPECT_FALSE(call("arrayLength", {ptr(AddressSpace::Private, tt.runtimeArray(f32()), AccessMode::ReadWrite)}).ok);
  EXPECT_FALSE(call("arrayLength", {tt.runtimeArray(f32())}).ok);  // needs a pointer
}

// ---------------------------------------------------------------------------------------------
// Atomic built-in functions.

TEST_F(BuiltinOverloadTest, AtomicAddOnStorage) {
  const Type* p = ptr(AddressSpace::Storage, tt.atomic(u32()), AccessMode::ReadWrite);
  BuiltinMatch m = call("atomicAdd", {p, u32()});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(sameTypes(m.params, {p, u32()}));
  EXPECT_FALSE(m.is_const);
  EXPECT_FALSE(m.must_use);  // the spec's atomic overloads carry no @must_use
  EXPECT_EQ(m.stages, (std::vector<std::string>{"fragment", "compute"}));
}

TEST_F(BuiltinOverloadTest, AtomicValueArgumentConverts) {
  const Type* p = ptr(AddressSpace::Workgroup, tt.atomic(i32()), AccessMode::ReadWrite);
  BuiltinMatch m = call("atomicMax", {p, AI()});
  EXPECT_MATCH(m, i32());
  EXPECT_TRUE(sameTypes(m.params, {p, i32()}));
  EXPECT_FALSE(call("atomicMax", {p, u32()}).ok);
}

TEST_F(BuiltinOverloadTest, AtomicLoadAndStore) {
  const Type* p = ptr(AddressSpace::Storage, tt.atomic(i32()), AccessMode::ReadWrite);
  BuiltinMatch load = call("atomicLoad", {p});
  EXPECT_MATCH(load, i32());
  EXPECT_FALSE(load.must_use);
  EXPECT_MATCH(call("atomicStore", {p, AI()}), tt.voidType());
}

TEST_F(BuiltinOverloadTest, AtomicPointerRequirements) {
  // read_write access, storage or workgroup space, and an atomic store type.
  EXPECT_FALSE(call("atomicAdd", {ptr(AddressSpace::Storage, tt.atomic(u32()), AccessMode::Read), u32()}).ok);
  EXPECT_FALSE(call("atomicAdd", {ptr(AddressSpace::Function, tt.atomic(u32()), AccessMode::ReadWrite), u32()}).ok);
  EXPECT_FALSE(call("atomicAdd", {ptr(AddressSpace::Storage, u32(), AccessMode::ReadWrite), u32()}).ok);
}

TEST_F(BuiltinOverloadTest, AtomicCompareExchangeWeakResult) {
  const Type* p = ptr(AddressSpace::Storage, tt.atomic(i32()), AccessMode::ReadWrite);
  BuiltinMatch m = call("atomicCompareExchangeWeak", {p, AI(), AI()});
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_TRUE(sameTypes(m.params, {p, i32(), i32()}));
  ASSERT_TRUE(m.result->isStruct());
  EXPECT_EQ(m.result->name(), "__atomic_compare_exchange_result_i32");
  ASSERT_EQ(m.result->members.size(), 2u);
  EXPECT_EQ(m.result->members[0].name, "old_value");
  EXPECT_TRUE(sameType(m.result->members[0].type, i32()));
  EXPECT_EQ(m.result->members[1].name, "exchanged");
  EXPECT_TRUE(sameType(m.result->members[1].type, boolean()));
}

// ---------------------------------------------------------------------------------------------
// Data packing and unpacking.

TEST_F(BuiltinOverloadTest, PackingFunctions) {
  BuiltinMatch m = call("pack4x8unorm", {vec(4, f32())});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(m.is_const);
  EXPECT_TRUE(m.must_use);
  BuiltinMatch abstract = call("pack4x8unorm", {vec(4, AF())});
  EXPECT_MATCH(abstract, u32());
  EXPECT_TRUE(sameTypes(abstract.params, {vec(4, f32())}));
  EXPECT_FALSE(call("pack2x16float", {vec(4, f32())}).ok);
  EXPECT_MATCH(call("pack4xI8", {vec(4, i32())}), u32());
}

TEST_F(BuiltinOverloadTest, UnpackingFunctions) {
  EXPECT_MATCH(call("unpack2x16float", {u32()}), vec(2, f32()));
  BuiltinMatch m = call("unpack4xI8", {AI()});
  EXPECT_MATCH(m, vec(4, i32()));
  EXPECT_TRUE(sameTypes(m.params, {u32()}));
  EXPECT_FALSE(call("unpack4x8snorm", {i32()}).ok);
}

// ---------------------------------------------------------------------------------------------
// Synchronization built-in functions.

TEST_F(BuiltinOverloadTest, WorkgroupBarrierIsComputeOnlyAndVoid) {
  BuiltinMatch m = call("workgroupBarrier", {});
  EXPECT_MATCH(m, tt.voidType());
  EXPECT_EQ(m.stages, std::vector<std::string>{"compute"});
  EXPECT_FALSE(m.must_use);
  EXPECT_FALSE(m.is_const);
  EXPECT_FALSE(call("workgroupBarrier", {u32()}).ok);
  EXPECT_MATCH(call("storageBarrier", {}), tt.voidType());
}

TEST_F(BuiltinOverloadTest, WorkgroupUniformLoad) {
  BuiltinMatch m = call("workgroupUniformLoad", {ptr(AddressSpace::Workgroup, u32(), AccessMode::ReadWrite)});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(m.must_use);
  EXPECT_EQ(m.stages, std::vector<std::string>{"compute"});
  EXPECT_MATCH(call("workgroupUniformLoad", {ptr(AddressSpace::Workgroup, tt.atomic(i32()), AccessMode::ReadWrite)}),
               i32());
  EXPECT_MATCH(call("workgroupUniformLoad", {ptr(AddressSpace::Workgroup, tt.array(f32(), 4), AccessMode::ReadWrite)}),
               tt.array(f32(), 4));
  EXPECT_FALSE(call("workgroupUniformLoad", {ptr(AddressSpace::Storage, u32(), AccessMode::ReadWrite)}).ok);
}

// ---------------------------------------------------------------------------------------------
// Subgroup and quad built-in functions.

TEST_F(BuiltinOverloadTest, SubgroupFunctionsNeedTheExtension) {
  BuiltinMatch without = call("subgroupAdd", {f32()});
  EXPECT_FALSE(without.ok);
  EXPECT_NE(without.error.find("enable subgroups;"), std::string::npos) << without.error;
  BuiltinMatch with = call("subgroupAdd", {f32()}, {"subgroups"});
  EXPECT_MATCH(with, f32());
  EXPECT_TRUE(with.must_use);
  EXPECT_FALSE(with.is_const);
  EXPECT_EQ(with.stages, (std::vector<std::string>{"fragment", "compute"}));
  EXPECT_FALSE(call("quadSwapX", {u32()}).ok);
  // `enable subgroup_size_control;` enables subgroups too.
  EXPECT_MATCH(call("subgroupElect", {}, {"subgroup_size_control"}), boolean());
}

TEST_F(BuiltinOverloadTest, SubgroupOperandTypes) {
  const Exts sg{"subgroups"};
  // Concrete numeric only: AbstractInt converts to i32 (rank 3).
  EXPECT_MATCH(call("subgroupAdd", {AI()}, sg), i32());
  EXPECT_FALSE(call("subgroupAnd", {f32()}, sg).ok);  // integral only
  EXPECT_MATCH(call("subgroupXor", {vec(2, u32())}, sg), vec(2, u32()));
  EXPECT_MATCH(call("subgroupBallot", {boolean()}, sg), vec(4, u32()));
  EXPECT_MATCH(call("subgroupElect", {}, sg), boolean());
  BuiltinMatch b = call("subgroupBroadcast", {vec(2, f32()), AI()}, sg);
  EXPECT_MATCH(b, vec(2, f32()));
  EXPECT_TRUE(sameTypes(b.params, {vec(2, f32()), i32()}));
  EXPECT_MATCH(call("quadSwapX", {u32()}, sg), u32());
  EXPECT_FALSE(call("subgroupAdd", {f16()}, sg).ok);  // f16 also needs `enable f16;`
  EXPECT_MATCH(call("subgroupAdd", {f16()}, {"subgroups", "f16"}), f16());
}

// ---------------------------------------------------------------------------------------------
// Derivative built-in functions.

TEST_F(BuiltinOverloadTest, DerivativesAreFragmentOnlyF32) {
  BuiltinMatch m = call("dpdx", {vec(2, f32())});
  EXPECT_MATCH(m, vec(2, f32()));
  EXPECT_EQ(m.stages, std::vector<std::string>{"fragment"});
  EXPECT_TRUE(m.must_use);
  EXPECT_FALSE(m.is_const);
  BuiltinMatch abstract = call("fwidthFine", {AF()});
  EXPECT_MATCH(abstract, f32());
  EXPECT_TRUE(sameTypes(abstract.params, {f32()}));
  EXPECT_FALSE(call("dpdy", {f16()}, {"f16"}).ok);
}

// ---------------------------------------------------------------------------------------------
// Texture built-in functions.

TEST_F(BuiltinOverloadTest, TextureSampleIsFragmentOnly) {
  BuiltinMatch m = call("textureSample", {sampled(TextureDim::D2, f32()), sampler(), vec(2, f32())});
  EXPECT_MATCH(m, vec(4, f32()));
  EXPECT_EQ(m.stages, std::vector<std::string>{"fragment"});
  EXPECT_TRUE(m.must_use);
  EXPECT_FALSE(m.is_const);
}

TEST_F(BuiltinOverloadTest, TextureSampleOverloads) {
  // Only f32 sampled textures.
  EXPECT_FALSE(call("textureSample", {sampled(TextureDim::D2, i32()), sampler(), vec(2, f32())}).ok);
  EXPECT_MATCH(call("textureSample", {depth(TextureDim::D2), sampler(), vec(2, f32()), vec(2, i32())}), f32());
  BuiltinMatch arr =
      call("textureSample", {sampled(TextureDim::D2Array, f32()), sampler(), vec(2, f32()), AI()});
  EXPECT_MATCH(arr, vec(4, f32()));
  ASSERT_EQ(arr.params.size(), 4u);
  EXPECT_TRUE(sameType(arr.params[3], i32()));  // array_index: i32 (rank 3) over u32 (4)
  EXPECT_MATCH(call("textureSample", {sampled(TextureDim::Cube, f32()), sampler(), vec(3, f32())}), vec(4, f32()));
  EXPECT_FALSE(call("textureSample", {sampled(TextureDim::D2, f32()), samplerCmp(), vec(2, f32())}).ok);
}

TEST_F(BuiltinOverloadTest, TextureSampleLevelAnyStage) {
  BuiltinMatch m = call("textureSampleLevel", {sampled(TextureDim::D2, f32()), sampler(), vec(2, f32()), AF()});
  EXPECT_MATCH(m, vec(4, f32()));
  EXPECT_TRUE(m.stages.empty());
  BuiltinMatch d = call("textureSampleLevel", {depth(TextureDim::D2), sampler(), vec(2, f32()), AI()});
  EXPECT_MATCH(d, f32());
  ASSERT_EQ(d.params.size(), 4u);
  EXPECT_TRUE(sameType(d.params[3], i32()));  // the depth level is i32 or u32
  EXPECT_EQ(call("textureSampleBias", {sampled(TextureDim::D2, f32()), sampler(), vec(2, f32()), f32()}).stages,
            std::vector<std::string>{"fragment"});
}

TEST_F(BuiltinOverloadTest, TextureLoadSampledAndMultisampled) {
  EXPECT_MATCH(call("textureLoad", {sampled(TextureDim::D2, u32()), vec(2, i32()), i32()}), vec(4, u32()));
  BuiltinMatch m = call("textureLoad", {sampled(TextureDim::D2, f32()), vec(2, AI()), AI()});
  EXPECT_MATCH(m, vec(4, f32()));
  ASSERT_EQ(m.params.size(), 3u);
  EXPECT_TRUE(sameType(m.params[1], vec(2, i32())));
  EXPECT_TRUE(sameType(m.params[2], i32()));
  const Type* ms = tt.texture(TextureKind::Multisampled, TextureDim::D2, i32());
  EXPECT_MATCH(call("textureLoad", {ms, vec(2, i32()), u32()}), vec(4, i32()));
  const Type* ext = tt.texture(TextureKind::External, TextureDim::D2, nullptr);
  EXPECT_MATCH(call("textureLoad", {ext, vec(2, u32())}), vec(4, f32()));
  EXPECT_FALSE(call("textureLoad", {sampled(TextureDim::D2, f32()), vec(2, i32())}).ok);  // level missing
}

TEST_F(BuiltinOverloadTest, TextureLoadStorageUsesTheChannelFormat) {
  // r32uint has channel format u32; loads need read or read_write access.
  EXPECT_MATCH(call("textureLoad", {storageTex(TextureDim::D2, "r32uint", AccessMode::Read), vec(2, u32())}),
               vec(4, u32()));
  EXPECT_MATCH(call("textureLoad", {storageTex(TextureDim::D1, "rgba8snorm", AccessMode::ReadWrite), i32()}),
               vec(4, f32()));
  EXPECT_FALSE(call("textureLoad", {storageTex(TextureDim::D2, "rgba8unorm", AccessMode::Write), vec(2, u32())}).ok);
}

TEST_F(BuiltinOverloadTest, TextureDimensions) {
  EXPECT_MATCH(call("textureDimensions", {sampled(TextureDim::D2, f32())}), vec(2, u32()));
  BuiltinMatch level = call("textureDimensions", {sampled(TextureDim::D2, f32()), AI()});
  EXPECT_MATCH(level, vec(2, u32()));
  ASSERT_EQ(level.params.size(), 2u);
  EXPECT_TRUE(sameType(level.params[1], i32()));
  EXPECT_MATCH(call("textureDimensions", {sampled(TextureDim::D1, i32())}), u32());
  EXPECT_MATCH(call("textureDimensions", {storageTex(TextureDim::D3, "rgba8unorm", AccessMode::Write)}), vec(3, u32()));
  EXPECT_MATCH(call("textureDimensions", {sampled(TextureDim::Cube, f32())}), vec(2, u32()));
  EXPECT_MATCH(call("textureDimensions", {tt.texture(TextureKind::External, TextureDim::D2, nullptr)}), vec(2, u32()));
  // Multisampled textures have no level parameter.
  const Type* ms = tt.texture(TextureKind::Multisampled, TextureDim::D2, f32());
  EXPECT_FALSE(call("textureDimensions", {ms, i32()}).ok);
  EXPECT_TRUE(call("textureDimensions", {sampled(TextureDim::D2, f32())}).must_use);
}

TEST_F(BuiltinOverloadTest, TextureStore) {
  BuiltinMatch m =
      call("textureStore", {storageTex(TextureDim::D2, "rgba8unorm", AccessMode::Write), vec(2, i32()), vec(4, f32())});
  EXPECT_MATCH(m, tt.voidType());
  EXPECT_FALSE(m.must_use);
  // r32sint stores vec4<i32>.
  EXPECT_FALSE(
      call("textureStore", {storageTex(TextureDim::D2, "r32sint", AccessMode::Write), vec(2, i32()), vec(4, f32())}).ok);
  BuiltinMatch conv = call("textureStore",
                           {storageTex(TextureDim::D2, "r32sint", AccessMode::ReadWrite), vec(2, u32()), vec(4, AI())});
  ASSERT_TRUE(conv.ok) << conv.error;
  ASSERT_EQ(conv.params.size(), 3u);
  EXPECT_TRUE(sameType(conv.params[2], vec(4, i32())));
  EXPECT_FALSE(
      call("textureStore", {storageTex(TextureDim::D2, "rgba8unorm", AccessMode::Read), vec(2, i32()), vec(4, f32())})
          .ok);
  EXPECT_MATCH(call("textureStore", {storageTex(TextureDim::D2Array, "rgba32uint", AccessMode::Write), vec(2, i32()),
                                     u32(), vec(4, u32())}),
               tt.voidType());
}

TEST_F(BuiltinOverloadTest, TextureGatherAndCompare) {
  BuiltinMatch m = call("textureGather", {AI(), sampled(TextureDim::D2, u32()), sampler(), vec(2, f32())});
  EXPECT_MATCH(m, vec(4, u32()));
  ASSERT_FALSE(m.params.empty());
  EXPECT_TRUE(sameType(m.params[0], i32()));
  EXPECT_MATCH(call("textureGather", {depth(TextureDim::D2), sampler(), vec(2, f32())}), vec(4, f32()));
  EXPECT_MATCH(call("textureGatherCompare", {depth(TextureDim::D2), samplerCmp(), vec(2, f32()), f32()}),
               vec(4, f32()));
  EXPECT_FALSE(call("textureSampleCompare", {depth(TextureDim::D2), sampler(), vec(2, f32()), f32()}).ok);
  EXPECT_MATCH(call("textureSampleCompareLevel", {depth(TextureDim::Cube), samplerCmp(), vec(3, f32()), AF()}), f32());
}

TEST_F(BuiltinOverloadTest, TextureQueries) {
  EXPECT_MATCH(call("textureNumLayers", {sampled(TextureDim::D2Array, f32())}), u32());
  EXPECT_FALSE(call("textureNumLayers", {sampled(TextureDim::D2, f32())}).ok);
  EXPECT_MATCH(call("textureNumSamples", {tt.texture(TextureKind::DepthMultisampled, TextureDim::D2, f32())}), u32());
  EXPECT_MATCH(call("textureNumLevels", {depth(TextureDim::CubeArray)}), u32());
  EXPECT_MATCH(call("textureSampleBaseClampToEdge",
                    {tt.texture(TextureKind::External, TextureDim::D2, nullptr), sampler(), vec(2, f32())}),
               vec(4, f32()));
}

// ---------------------------------------------------------------------------------------------
// Buffer view built-in functions.

TEST_F(BuiltinOverloadTest, BufferLength) {
  const Type* unsized = ptr(AddressSpace::Storage, tt.buffer(std::nullopt), AccessMode::ReadWrite);
  EXPECT_MATCH(call("bufferLength", {unsized}), u32());
  // A pointer to a fixed-size buffer matches the sized overload exactly (rank 0) rather than
  // converting to the runtime-sized one (rank 1).
  const Type* sized = ptr(AddressSpace::Storage, tt.buffer(64), AccessMode::Read);
  BuiltinMatch m = call("bufferLength", {sized});
  EXPECT_MATCH(m, u32());
  EXPECT_TRUE(sameTypes(m.params, {sized}));
}

TEST_F(BuiltinOverloadTest, BufferViews) {
  const Type* buf = ptr(AddressSpace::Storage, tt.buffer(std::nullopt), AccessMode::Read);
  EXPECT_MATCH(callT("bufferView", {vec(4, u32())}, {buf, u32()}),
               ptr(AddressSpace::Storage, vec(4, u32()), AccessMode::Read));
  EXPECT_FALSE(callT("bufferView", {tt.atomic(u32())}, {buf, u32()}).ok);
  const Type* rw = ptr(AddressSpace::Storage, tt.buffer(std::nullopt), AccessMode::ReadWrite);
  EXPECT_MATCH(callT("bufferArrayView", {tt.runtimeArray(u32())}, {rw, u32(), AI()}),
               ptr(AddressSpace::Storage, tt.runtimeArray(u32()), AccessMode::ReadWrite));
  // bufferArrayView needs a type without a fixed footprint.
  EXPECT_FALSE(callT("bufferArrayView", {vec(4, u32())}, {rw, u32(), u32()}).ok);
}

// ---------------------------------------------------------------------------------------------
// The table against the spec.

TEST_F(BuiltinOverloadTest, UnknownNames) {
  EXPECT_FALSE(isBuiltinCallName("frobnicate"));
  EXPECT_FALSE(isBuiltinCallName("vec3f"));  // explicit-type constructors are not the table's
  BuiltinMatch m = call("frobnicate", {});
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("frobnicate"), std::string::npos);
}

// The names of the spec's built-in function sections (### `name` ###), from the "Built-in
// Functions" chapter to the end.
std::vector<std::string> specFunctionNames() {
  std::ifstream in(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  std::vector<std::string> names;
  std::string line;
  bool in_chapter = false;
  const std::regex heading(R"(^#{2,4} `(\w+)`)");
  while (std::getline(in, line)) {
    if (line.rfind("# Built-in Functions #", 0) == 0) in_chapter = true;
    std::smatch m;
    if (in_chapter && std::regex_search(line, m, heading)) names.push_back(m[1]);
  }
  return names;
}

TEST_F(BuiltinOverloadTest, EveryBuiltinFunctionOfTheSpecIsInTheTable) {
  const std::vector<std::string> names = specFunctionNames();
  ASSERT_GT(names.size(), 150u);
  // The scalar conversions are written with their type (`i32(e)`): the resolver's.
  const std::set<std::string> explicit_type{"bool", "f16", "f32", "i32", "u32"};
  for (const auto& n : names) {
    if (explicit_type.count(n)) continue;
    EXPECT_TRUE(isBuiltinCallName(n)) << n;
    const bool constructor = n == "array" || n.rfind("vec", 0) == 0 || n.rfind("mat", 0) == 0;
    if (!constructor) {
      EXPECT_TRUE(isBuiltinFunctionName(n)) << n;
    }
  }
}

// No call with scalar or vector arguments is ambiguous: for every function of the table and
// every combination of up to three argument types from a representative set, overload
// resolution either fails to match or picks a single preferred candidate.
TEST_F(BuiltinOverloadTest, NoCallIsAmbiguous) {
  const Types pool = {AI(), AF(), i32(), u32(), f32(), f16(), boolean(), vec(3, AI()), vec(3, AF()), vec(3, f32())};
  const Exts all{"f16", "subgroups"};
  int matched = 0;
  for (const auto& n : specFunctionNames()) {
    if (!isBuiltinCallName(n)) continue;
    std::vector<Types> arg_lists{{}};
    for (const Type* a : pool) {
      arg_lists.push_back({a});
      for (const Type* b : pool) {
        arg_lists.push_back({a, b});
        for (const Type* c : pool) arg_lists.push_back({a, b, c});
      }
    }
    for (const auto& args : arg_lists) {
      BuiltinMatch m = call(n, args, all);
      matched += m.ok;
      EXPECT_EQ(m.error.find("ambiguous"), std::string::npos) << m.error;
    }
  }
  EXPECT_GT(matched, 1000);
}

}  // namespace
}  // namespace wgsl::sema
