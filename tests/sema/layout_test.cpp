// Memory layout (spec section "Memory Layout"). Every expected number is either quoted from the
// spec (its "Alignment and Size" table and the offsets written in comments of its examples) or
// hand-computed from the spec's formulas, with the arithmetic shown next to the assertion.
#include "interp/sema/layout.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace wgsl::sema {
namespace {

struct MemberSpec {
  std::string name;
  const Type* type;
  std::optional<uint32_t> align = std::nullopt;  // @align(n)
  std::optional<uint32_t> size = std::nullopt;   // @size(n)
};

class LayoutTest : public ::testing::Test {
 protected:
  const Type* b() { return tt.boolType(); }
  const Type* i32() { return tt.i32(); }
  const Type* u32() { return tt.u32(); }
  const Type* f32() { return tt.f32(); }
  const Type* f16() { return tt.f16(); }
  const Type* vec(uint32_t n, const Type* e) { return tt.vec(n, e); }
  const Type* mat(uint32_t c, uint32_t r, const Type* e) { return tt.mat(c, r, e); }
  const Type* arr(const Type* e, uint32_t n) { return tt.array(e, n); }
  const Type* rtarr(const Type* e) { return tt.runtimeArray(e); }

  // A struct declared with the given members, laid out the way the resolver does it.
  const Type* makeStruct(const std::string& name, const std::vector<MemberSpec>& members) {
    Type* s = tt.newStruct(name);
    std::vector<MemberLayoutRequest> requests;
    for (const auto& m : members) {
      StructMemberInfo info;
      info.name = m.name;
      info.type = m.type;
      s->members.push_back(info);
      requests.push_back(MemberLayoutRequest{m.align, m.size});
    }
    layoutStruct(s, requests);
    return s;
  }

  // The spec's struct S { x: f32 } of "Satisfying offset requirements for uniform address space".
  const Type* specS() { return makeStruct("S", {{"x", f32()}}); }
  // The spec's struct wrapped_f32 { @size(16) elem: f32 }.
  const Type* wrappedF32() { return makeStruct("wrapped_f32", {{"elem", f32(), std::nullopt, 16}}); }

  TypeTable tt;
};

void expectLayout(const Type* t, uint32_t align, uint32_t size) {
  SCOPED_TRACE(t->name());
  EXPECT_EQ(alignOf(t), align);
  EXPECT_EQ(sizeOf(t), size);
}

void expectMember(const Type* s, size_t i, const std::string& name, uint32_t offset, uint32_t align, uint32_t size) {
  ASSERT_LT(i, s->members.size());
  const StructMemberInfo& m = s->members[i];
  SCOPED_TRACE(s->struct_name + "." + name);
  EXPECT_EQ(m.name, name);
  EXPECT_EQ(m.index, i);
  EXPECT_EQ(m.offset, offset);
  EXPECT_EQ(m.align, align);
  EXPECT_EQ(m.size, size);
}

void expectContains(const std::string& haystack, const std::string& needle) {
  EXPECT_NE(haystack.find(needle), std::string::npos) << "'" << needle << "' not in: " << haystack;
}

// ---------------------------------------------------------------------------------------------
// roundUp(k, n) = ceil(n / k) * k

TEST(RoundUp, SpecDefinition) {
  EXPECT_EQ(roundUp(16, 12), 16u);  // the vec3<f32> stride of the array layout examples
  EXPECT_EQ(roundUp(16, 16), 16u);
  EXPECT_EQ(roundUp(16, 32), 32u);  // PointLight stride: roundUp(16, 32)
  EXPECT_EQ(roundUp(8, 20), 24u);   // struct A of the spec: roundUp(8, 20)
  EXPECT_EQ(roundUp(4, 4), 4u);
  EXPECT_EQ(roundUp(1, 7), 7u);
  EXPECT_EQ(roundUp(16, 17), 32u);
}

// ---------------------------------------------------------------------------------------------
// The "Alignment and Size" table, row by row.

TEST_F(LayoutTest, TableBool) { expectLayout(b(), 4, 4); }

TEST_F(LayoutTest, TableI32U32F32) {
  expectLayout(i32(), 4, 4);
  expectLayout(u32(), 4, 4);
  expectLayout(f32(), 4, 4);
}

TEST_F(LayoutTest, TableF16) { expectLayout(f16(), 2, 2); }

TEST_F(LayoutTest, TableAtomic) {
  expectLayout(tt.atomic(i32()), 4, 4);
  expectLayout(tt.atomic(u32()), 4, 4);
}

TEST_F(LayoutTest, TableVec2) {
  for (const Type* e : {b(), i32(), u32(), f32()}) expectLayout(vec(2, e), 8, 8);
  expectLayout(vec(2, f16()), 4, 4);
}

TEST_F(LayoutTest, TableVec3) {
  for (const Type* e : {b(), i32(), u32(), f32()}) expectLayout(vec(3, e), 16, 12);
  expectLayout(vec(3, f16()), 8, 6);
}

TEST_F(LayoutTest, TableVec4) {
  for (const Type* e : {b(), i32(), u32(), f32()}) expectLayout(vec(4, e), 16, 16);
  expectLayout(vec(4, f16()), 8, 8);
}

TEST_F(LayoutTest, TableMatricesF32) {
  struct Row { uint32_t c, r, align, size; };
  // The mat rows of the table for f32.
  const Row rows[] = {{2, 2, 8, 16},  {3, 2, 8, 24},  {4, 2, 8, 32},  {2, 3, 16, 32}, {3, 3, 16, 48},
                      {4, 3, 16, 64}, {2, 4, 16, 32}, {3, 4, 16, 48}, {4, 4, 16, 64}};
  for (const Row& row : rows) expectLayout(mat(row.c, row.r, f32()), row.align, row.size);
}

TEST_F(LayoutTest, TableMatricesF16) {
  struct Row { uint32_t c, r, align, size; };
  // The mat rows of the table for f16.
  const Row rows[] = {{2, 2, 4, 8},  {3, 2, 4, 12}, {4, 2, 4, 16}, {2, 3, 8, 16}, {3, 3, 8, 24},
                      {4, 3, 8, 32}, {2, 4, 8, 16}, {3, 4, 8, 24}, {4, 4, 8, 32}};
  for (const Row& row : rows) expectLayout(mat(row.c, row.r, f16()), row.align, row.size);
}

// The table's array<E, N> row, with the spec's "Fixed-size array layout examples".
TEST_F(LayoutTest, TableFixedArraySpecExamples) {
  const Type* small_stride = arr(f32(), 8);  // align 4, stride 4, size 4 * 8 = 32
  expectLayout(small_stride, 4, 32);
  EXPECT_EQ(strideOf(small_stride), 4u);
  const Type* bigger_stride = arr(vec(3, f32()), 8);  // align 16, stride roundUp(16,12) = 16, size 128
  expectLayout(bigger_stride, 16, 128);
  EXPECT_EQ(strideOf(bigger_stride), 16u);
}

// The table's array<E> row, with the spec's "Runtime-sized array layout examples". SizeOf of a
// runtime-sized array is one stride (layout.h).
TEST_F(LayoutTest, TableRuntimeArraySpecExamples) {
  const Type* weights = rtarr(f32());
  EXPECT_EQ(alignOf(weights), 4u);
  EXPECT_EQ(strideOf(weights), 4u);
  EXPECT_EQ(sizeOf(weights), 4u);
  const Type* directions = rtarr(vec(3, f32()));
  EXPECT_EQ(alignOf(directions), 16u);
  EXPECT_EQ(strideOf(directions), 16u);
  EXPECT_EQ(sizeOf(directions), 16u);
}

TEST_F(LayoutTest, ArraysOfF16) {
  const Type* a = arr(f16(), 3);  // align 2, stride roundUp(2,2) = 2, size 6
  expectLayout(a, 2, 6);
  EXPECT_EQ(strideOf(a), 2u);
  const Type* v3 = arr(vec(3, f16()), 2);  // align 8, stride roundUp(8,6) = 8, size 16
  expectLayout(v3, 8, 16);
  EXPECT_EQ(strideOf(v3), 8u);
  const Type* v2 = arr(vec(2, f16()), 5);  // align 4, stride 4, size 20
  expectLayout(v2, 4, 20);
}

TEST_F(LayoutTest, ArraysOfMatrices) {
  const Type* m33 = arr(mat(3, 3, f32()), 2);  // align 16, stride roundUp(16,48) = 48, size 96
  expectLayout(m33, 16, 96);
  EXPECT_EQ(strideOf(m33), 48u);
  const Type* m23h = arr(mat(2, 3, f16()), 3);  // align 8, stride roundUp(8,16) = 16, size 48
  expectLayout(m23h, 8, 48);
  EXPECT_EQ(strideOf(m23h), 16u);
  const Type* m32h = arr(mat(3, 2, f16()), 2);  // align 4, stride roundUp(4,12) = 12, size 24
  expectLayout(m32h, 4, 24);
  EXPECT_EQ(strideOf(m32h), 12u);
}

TEST_F(LayoutTest, NestedArrays) {
  const Type* inner = arr(vec(3, f32()), 2);  // align 16, size 2 * 16 = 32
  const Type* outer = arr(inner, 3);          // align 16, stride roundUp(16,32) = 32, size 96
  expectLayout(inner, 16, 32);
  expectLayout(outer, 16, 96);
  EXPECT_EQ(strideOf(outer), 32u);
  const Type* atomics = arr(tt.atomic(u32()), 4);  // align 4, stride 4, size 16
  expectLayout(atomics, 4, 16);
}

// ---------------------------------------------------------------------------------------------
// "Structure Member Layout": the spec's worked examples.

// "Layout of structures using implicit member sizes and alignments".
TEST_F(LayoutTest, SpecImplicitStructA) {
  const Type* a = makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32()}});
  expectLayout(a, 8, 24);  // align(8) size(24)
  EXPECT_EQ(a->struct_align, 8u);
  EXPECT_EQ(a->struct_size, 24u);
  expectMember(a, 0, "u", 0, 4, 4);
  expectMember(a, 1, "v", 4, 4, 4);
  expectMember(a, 2, "w", 8, 8, 8);
  expectMember(a, 3, "x", 16, 4, 4);
}

TEST_F(LayoutTest, SpecImplicitStructB) {
  const Type* a = makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32()}});
  const Type* g = arr(a, 3);
  EXPECT_EQ(strideOf(g), 24u);  // "element stride 24"
  const Type* bs = makeStruct("B", {{"a", vec(2, f32())},
                                    {"b", vec(3, f32())},
                                    {"c", f32()},
                                    {"d", f32()},
                                    {"e", a},
                                    {"f", vec(3, f32())},
                                    {"g", g},
                                    {"h", i32()}});
  expectLayout(bs, 16, 160);  // align(16) size(160)
  expectMember(bs, 0, "a", 0, 8, 8);
  expectMember(bs, 1, "b", 16, 16, 12);
  expectMember(bs, 2, "c", 28, 4, 4);
  expectMember(bs, 3, "d", 32, 4, 4);
  expectMember(bs, 4, "e", 40, 8, 24);
  expectMember(bs, 5, "f", 64, 16, 12);
  expectMember(bs, 6, "g", 80, 8, 72);
  expectMember(bs, 7, "h", 152, 4, 4);
}

// "Layout of structures with explicit member sizes and alignments".
TEST_F(LayoutTest, SpecExplicitStructA) {
  const Type* a =
      makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32(), std::nullopt, 16}});
  expectLayout(a, 8, 32);  // align(8) size(32)
  expectMember(a, 0, "u", 0, 4, 4);
  expectMember(a, 1, "v", 4, 4, 4);
  expectMember(a, 2, "w", 8, 8, 8);
  expectMember(a, 3, "x", 16, 4, 16);
}

TEST_F(LayoutTest, SpecExplicitStructB) {
  const Type* a =
      makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32(), std::nullopt, 16}});
  const Type* g = arr(a, 3);
  EXPECT_EQ(strideOf(g), 32u);  // "element stride 32"
  const Type* bs = makeStruct("B", {{"a", vec(2, f32())},
                                    {"b", vec(3, f32())},
                                    {"c", f32()},
                                    {"d", f32()},
                                    {"e", a, 16},
                                    {"f", vec(3, f32())},
                                    {"g", g},
                                    {"h", i32()}});
  expectLayout(bs, 16, 208);  // align(16) size(208)
  expectMember(bs, 0, "a", 0, 8, 8);
  expectMember(bs, 1, "b", 16, 16, 12);
  expectMember(bs, 2, "c", 28, 4, 4);
  expectMember(bs, 3, "d", 32, 4, 4);
  expectMember(bs, 4, "e", 48, 16, 32);
  expectMember(bs, 5, "f", 80, 16, 12);
  expectMember(bs, 6, "g", 96, 8, 96);
  expectMember(bs, 7, "h", 192, 4, 4);
}

// "Buffer Binding Determines Runtime-Sized Array Element Count": PointLight / LightStorage.
TEST_F(LayoutTest, SpecPointLightRuntimeArrayLastMember) {
  const Type* pl = makeStruct("PointLight", {{"position", vec(3, f32())}, {"color", vec(3, f32())}});
  expectLayout(pl, 16, 32);  // align(16) size(32)
  expectMember(pl, 0, "position", 0, 16, 12);
  expectMember(pl, 1, "color", 16, 16, 12);
  const Type* point = rtarr(pl);
  EXPECT_EQ(strideOf(point), 32u);  // roundUp(16, 32) = 32
  const Type* ls = makeStruct("LightStorage", {{"pointCount", u32()}, {"point", point}});
  EXPECT_EQ(alignOf(ls), 16u);                  // align(16)
  expectMember(ls, 0, "pointCount", 0, 4, 4);
  expectMember(ls, 1, "point", 16, 16, 32);     // offset(16) align(16) elementsize(32)
  // With one element (the convention of layout.h): roundUp(16, 16 + 32) = 48.
  EXPECT_EQ(sizeOf(ls), 48u);
}

// The uniform examples' structs (their layout; the constraints are tested further down).
TEST_F(LayoutTest, SpecUniformOffsetExampleStructs) {
  const Type* s = specS();
  expectLayout(s, 4, 4);
  const Type* invalid = makeStruct("Invalid", {{"a", s}, {"b", f32()}});
  expectMember(invalid, 0, "a", 0, 4, 4);
  expectMember(invalid, 1, "b", 4, 4, 4);  // "offset between a and b is 4 bytes"
  expectLayout(invalid, 4, 8);
  const Type* valid = makeStruct("Valid", {{"a", s}, {"b", f32(), 16}});
  expectMember(valid, 1, "b", 16, 16, 4);  // "offset between a and b is 16 bytes"
  expectLayout(valid, 16, 32);             // roundUp(16, 16 + 4) = 32
}

TEST_F(LayoutTest, SpecUniformStrideExampleStructs) {
  const Type* small = makeStruct("small_stride", {{"a", arr(f32(), 8)}});
  EXPECT_EQ(strideOf(small->members[0].type), 4u);  // "stride 4"
  expectLayout(small, 4, 32);
  const Type* w = wrappedF32();
  expectMember(w, 0, "elem", 0, 4, 16);
  expectLayout(w, 4, 16);
  const Type* big = makeStruct("big_stride", {{"a", arr(w, 8)}});
  EXPECT_EQ(strideOf(big->members[0].type), 16u);  // "stride 16"
  expectLayout(big, 4, 128);
}

// ---------------------------------------------------------------------------------------------
// More structures, hand-computed from the formulas.

TEST_F(LayoutTest, Vec3FollowedByScalarUsesItsPadding) {
  // a: offset 0 size 12; b: roundUp(4, 12) = 12; size roundUp(16, 16) = 16.
  const Type* s = makeStruct("S", {{"a", vec(3, f32())}, {"b", f32()}});
  expectMember(s, 1, "b", 12, 4, 4);
  expectLayout(s, 16, 16);
  // A vec3 after a scalar is pushed to 16: roundUp(16, 4) = 16; size roundUp(16, 28) = 32.
  const Type* t = makeStruct("T", {{"a", f32()}, {"b", vec(3, f32())}});
  expectMember(t, 1, "b", 16, 16, 12);
  expectLayout(t, 16, 32);
}

TEST_F(LayoutTest, ArrayOfVec3Member) {
  // a: array<vec3<f32>, 3> offset 0 size 48; b at 48; size roundUp(16, 52) = 64.
  const Type* s = makeStruct("S", {{"a", arr(vec(3, f32()), 3)}, {"b", f32()}});
  expectMember(s, 0, "a", 0, 16, 48);
  expectMember(s, 1, "b", 48, 4, 4);
  expectLayout(s, 16, 64);
}

TEST_F(LayoutTest, AlignAttributeLargerThanNatural) {
  // b: roundUp(64, 4) = 64; align max(4, 64) = 64; size roundUp(64, 68) = 128.
  const Type* s = makeStruct("S", {{"a", u32()}, {"b", u32(), 64}});
  expectMember(s, 0, "a", 0, 4, 4);
  expectMember(s, 1, "b", 64, 64, 4);
  expectLayout(s, 64, 128);
}

TEST_F(LayoutTest, AlignAttributeSmallerThanNaturalIsStillApplied) {
  // AlignOfMember is the attribute: b at roundUp(2, 2) = 2; align 2; size roundUp(2, 6) = 6.
  const Type* s = makeStruct("S", {{"a", f16()}, {"b", f32(), 2}});
  expectMember(s, 1, "b", 2, 2, 4);
  expectLayout(s, 2, 6);
}

TEST_F(LayoutTest, AlignAndSizeOnTheSameMember) {
  // a: offset 0 align 16 size 20; b: roundUp(4, 20) = 20; size roundUp(16, 24) = 32.
  const Type* s = makeStruct("S", {{"a", f32(), 16, 20}, {"b", f32()}});
  expectMember(s, 0, "a", 0, 16, 20);
  expectMember(s, 1, "b", 20, 4, 4);
  expectLayout(s, 16, 32);
}

TEST_F(LayoutTest, SizeAttributeOnLastMemberExtendsStruct) {
  // b: roundUp(4, 12) = 12, size 8 -> ends at 20; size roundUp(16, 20) = 32.
  const Type* s = makeStruct("S", {{"a", vec(3, f32())}, {"b", f32(), std::nullopt, 8}});
  expectMember(s, 1, "b", 12, 4, 8);
  expectLayout(s, 16, 32);
  // The spec's buffer_view example struct: strided_u32 { @size(32) a: u32 } -> size 32, align 4.
  const Type* strided = makeStruct("strided_u32", {{"a", u32(), std::nullopt, 32}});
  expectLayout(strided, 4, 32);
}

TEST_F(LayoutTest, F16Members) {
  // a f16: 0..2; b vec3<f16> (align 8, size 6): 8..14; c f16: 14..16; d vec2<f16> (align 4): 16..20;
  // e f32: 20..24; f f16: 24..26; align 8; size roundUp(8, 26) = 32.
  const Type* s = makeStruct(
      "H", {{"a", f16()}, {"b", vec(3, f16())}, {"c", f16()}, {"d", vec(2, f16())}, {"e", f32()}, {"f", f16()}});
  expectMember(s, 0, "a", 0, 2, 2);
  expectMember(s, 1, "b", 8, 8, 6);
  expectMember(s, 2, "c", 14, 2, 2);
  expectMember(s, 3, "d", 16, 4, 4);
  expectMember(s, 4, "e", 20, 4, 4);
  expectMember(s, 5, "f", 24, 2, 2);
  expectLayout(s, 8, 32);
}

TEST_F(LayoutTest, AllF16StructHasAlignmentTwo) {
  // a: 0..2, b: 2..4; align 2, size 4.
  const Type* s = makeStruct("P", {{"a", f16()}, {"b", f16()}});
  expectMember(s, 1, "b", 2, 2, 2);
  expectLayout(s, 2, 4);
}

TEST_F(LayoutTest, MatrixMembers) {
  // a f32: 0..4; b mat3x3<f32> (16, 48): 16..64; c mat2x2<f16> (4, 8): 64..72; d f16: 72..74;
  // e mat4x2<f32> (8, 32): roundUp(8, 74) = 80..112; align 16; size roundUp(16, 112) = 112.
  const Type* s = makeStruct("M", {{"a", f32()},
                                   {"b", mat(3, 3, f32())},
                                   {"c", mat(2, 2, f16())},
                                   {"d", f16()},
                                   {"e", mat(4, 2, f32())}});
  expectMember(s, 0, "a", 0, 4, 4);
  expectMember(s, 1, "b", 16, 16, 48);
  expectMember(s, 2, "c", 64, 4, 8);
  expectMember(s, 3, "d", 72, 2, 2);
  expectMember(s, 4, "e", 80, 8, 32);
  expectLayout(s, 16, 112);
}

TEST_F(LayoutTest, NestedStructs) {
  // Inner: a vec3<f32> 0..12; b f16 12..14; align 16; size roundUp(16, 14) = 16.
  const Type* inner = makeStruct("Inner", {{"a", vec(3, f32())}, {"b", f16()}});
  expectMember(inner, 1, "b", 12, 2, 2);
  expectLayout(inner, 16, 16);
  // Outer: x f16 0..2; inner roundUp(16, 2) = 16..32; y f16 32..34;
  // z array<Inner, 2> (align 16, stride 16, size 32): roundUp(16, 34) = 48..80; size 80.
  const Type* outer =
      makeStruct("Outer", {{"x", f16()}, {"inner", inner}, {"y", f16()}, {"z", arr(inner, 2)}});
  expectMember(outer, 0, "x", 0, 2, 2);
  expectMember(outer, 1, "inner", 16, 16, 16);
  expectMember(outer, 2, "y", 32, 2, 2);
  expectMember(outer, 3, "z", 48, 16, 32);
  expectLayout(outer, 16, 80);
  // Two levels: Wrap { p: f32, o: Outer } -> o at roundUp(16, 4) = 16, size roundUp(16, 96) = 96.
  const Type* wrap = makeStruct("Wrap", {{"p", f32()}, {"o", outer}});
  expectMember(wrap, 1, "o", 16, 16, 80);
  expectLayout(wrap, 16, 96);
}

TEST_F(LayoutTest, RuntimeArrayLastMember) {
  // data: array<vec2<f32>> (align 8, stride 8) at roundUp(8, 4) = 8; one element: size 16.
  const Type* s = makeStruct("S", {{"n", u32()}, {"data", rtarr(vec(2, f32()))}});
  expectMember(s, 1, "data", 8, 8, 8);
  expectLayout(s, 8, 16);
  // A runtime array of f32 packs into the padding of a vec3: rt at 12; align 16; roundUp(16, 16).
  const Type* t = makeStruct("T", {{"a", vec(3, f32())}, {"rt", rtarr(f32())}});
  expectMember(t, 1, "rt", 12, 4, 4);
  expectLayout(t, 16, 16);
}

TEST_F(LayoutTest, AtomicAndBoolMembers) {
  // count atomic<u32>: 0..4; arr array<atomic<i32>, 4>: 4..20; align 4, size 20.
  const Type* s = makeStruct("Counters", {{"count", tt.atomic(u32())}, {"arr", arr(tt.atomic(i32()), 4)}});
  expectMember(s, 1, "arr", 4, 4, 16);
  expectLayout(s, 4, 20);
  // bool has size and alignment 4; vec3<bool> 16/12: a 0..4, b 16..28; size roundUp(16, 28) = 32.
  const Type* t = makeStruct("Flags", {{"a", b()}, {"b", vec(3, b())}});
  expectMember(t, 1, "b", 16, 16, 12);
  expectLayout(t, 16, 32);
}

TEST_F(LayoutTest, MissingRequestsMeanNoAttributes) {
  Type* s = tt.newStruct("A");
  for (const char* n : {"u", "v"}) {
    StructMemberInfo m;
    m.name = n;
    m.type = f32();
    s->members.push_back(m);
  }
  StructMemberInfo w;
  w.name = "w";
  w.type = vec(2, f32());
  s->members.push_back(w);
  layoutStruct(s, {});
  expectMember(s, 2, "w", 8, 8, 8);
  expectLayout(s, 8, 16);  // roundUp(8, 16) = 16
}

TEST_F(LayoutTest, ArrayOfStructUsesStructLayout) {
  // S { a: vec3<f32>, b: f16 }: align 16, size 16 -> array<S, 4>: stride 16, size 64.
  const Type* s = makeStruct("S", {{"a", vec(3, f32())}, {"b", f16()}});
  const Type* a = arr(s, 4);
  EXPECT_EQ(strideOf(a), 16u);
  expectLayout(a, 16, 64);
  // Explicit struct with @align(32) on its only member: align 32, size roundUp(32, 4) = 32.
  const Type* big = makeStruct("Big", {{"x", f32(), 32}});
  expectLayout(big, 32, 32);
  expectLayout(arr(big, 3), 32, 96);
}

// ---------------------------------------------------------------------------------------------
// "Address Space Layout Constraints", uniform address space (uniform_buffer_standard_layout not
// supported).

TEST_F(LayoutTest, UniformSpecInvalidStructMemberGap) {
  const Type* invalid = makeStruct("Invalid", {{"a", specS()}, {"b", f32()}});
  EXPECT_EQ(checkUniformLayout(invalid),
            "member 'b' of 'Invalid' is at offset 4, only 4 bytes after the start of member 'a' of structure type "
            "'S', but in the uniform address space it must be at least 16 bytes after it (roundUp(16, SizeOf(S)))");
}

TEST_F(LayoutTest, UniformSpecValidStructMemberGap) {
  const Type* valid = makeStruct("Valid", {{"a", specS()}, {"b", f32(), 16}});
  EXPECT_EQ(checkUniformLayout(valid), "");
}

TEST_F(LayoutTest, UniformSpecSmallStrideInvalid) {
  const Type* small = makeStruct("small_stride", {{"a", arr(f32(), 8)}});
  std::string msg = checkUniformLayout(small);
  expectContains(msg, "member 'a' of 'small_stride'");
  expectContains(msg, "'array<f32, 8>'");
  expectContains(msg, "element stride 4");
  expectContains(msg, "multiple of 16");
}

TEST_F(LayoutTest, UniformSpecBigStrideValid) {
  const Type* big = makeStruct("big_stride", {{"a", arr(wrappedF32(), 8)}});
  EXPECT_EQ(checkUniformLayout(big), "");
}

// The explicit-layout B of the spec is declared var<uniform>: it satisfies the constraints
// (e at 48 = 3 * 16; f is 32 = roundUp(16, 32) bytes after e; g at 96 with stride 32).
TEST_F(LayoutTest, UniformSpecExplicitBValid) {
  const Type* a =
      makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32(), std::nullopt, 16}});
  const Type* bs = makeStruct("B", {{"a", vec(2, f32())},
                                    {"b", vec(3, f32())},
                                    {"c", f32()},
                                    {"d", f32()},
                                    {"e", a, 16},
                                    {"f", vec(3, f32())},
                                    {"g", arr(a, 3)},
                                    {"h", i32()}});
  EXPECT_EQ(checkUniformLayout(bs), "");
}

// The implicit-layout B (used by the spec only as storage) breaks the uniform rules: e, a struct,
// is at offset 40, not a multiple of RequiredAlignOf(A, uniform) = roundUp(16, 8) = 16.
TEST_F(LayoutTest, UniformSpecImplicitBInvalid) {
  const Type* a = makeStruct("A", {{"u", f32()}, {"v", f32()}, {"w", vec(2, f32())}, {"x", f32()}});
  const Type* bs = makeStruct("B", {{"a", vec(2, f32())},
                                    {"b", vec(3, f32())},
                                    {"c", f32()},
                                    {"d", f32()},
                                    {"e", a},
                                    {"f", vec(3, f32())},
                                    {"g", arr(a, 3)},
                                    {"h", i32()}});
  EXPECT_EQ(checkUniformLayout(bs),
            "member 'e' of 'B' is at offset 40, but in the uniform address space a member of type 'A' must be at an "
            "offset that is a multiple of 16");
}

TEST_F(LayoutTest, UniformArrayMemberOffsetMustBeMultipleOf16) {
  // array<wrapped_f32, 2>: align 4, stride 16. As member b it lands at 4; RequiredAlignOf is
  // roundUp(16, 4) = 16.
  const Type* elems = arr(wrappedF32(), 2);
  const Type* bad = makeStruct("U", {{"a", f32()}, {"b", elems}});
  std::string msg = checkUniformLayout(bad);
  expectContains(msg, "member 'b' of 'U' is at offset 4");
  expectContains(msg, "'array<wrapped_f32, 2>'");
  expectContains(msg, "multiple of 16");
  const Type* good = makeStruct("U", {{"a", f32()}, {"b", elems, 16}});
  EXPECT_EQ(checkUniformLayout(good), "");
}

TEST_F(LayoutTest, UniformStructMemberOffsetMustBeMultipleOf16) {
  const Type* bad = makeStruct("U", {{"a", f32()}, {"s", specS()}});  // s at 4
  std::string msg = checkUniformLayout(bad);
  expectContains(msg, "member 's' of 'U' is at offset 4");
  expectContains(msg, "type 'S'");
  // As the last member, a struct-typed member needs no following gap.
  const Type* good = makeStruct("U", {{"a", f32()}, {"s", specS(), 16}});
  EXPECT_EQ(checkUniformLayout(good), "");
}

TEST_F(LayoutTest, UniformGapAfterStructMemberIsRoundedSize) {
  // S5: five f32, size 20, align 4. roundUp(16, 20) = 32 bytes are needed after it.
  const Type* s5 =
      makeStruct("S5", {{"a", f32()}, {"b", f32()}, {"c", f32()}, {"d", f32()}, {"e", f32()}});
  expectLayout(s5, 4, 20);
  const Type* bad = makeStruct("U", {{"s", s5, 16}, {"t", f32()}});  // t at 20
  std::string msg = checkUniformLayout(bad);
  expectContains(msg, "member 't' of 'U' is at offset 20, only 20 bytes after the start of member 's'");
  expectContains(msg, "at least 32 bytes");
  const Type* fixed = makeStruct("U", {{"s", s5, 16}, {"t", f32(), 16}});
  EXPECT_EQ(fixed->members[1].offset, 32u);  // roundUp(16, 20) = 32
  EXPECT_EQ(checkUniformLayout(fixed), "");
}

TEST_F(LayoutTest, UniformTopLevelArrays) {
  std::string msg = checkUniformLayout(arr(f32(), 4));
  expectContains(msg, "the array type 'array<f32, 4>' has element stride 4");
  expectContains(msg, "multiple of 16");
  EXPECT_NE(checkUniformLayout(arr(vec(2, f32()), 2)), "");  // stride 8
  EXPECT_NE(checkUniformLayout(arr(vec(4, f16()), 2)), "");  // stride 8
  EXPECT_EQ(checkUniformLayout(arr(vec(4, f32()), 4)), "");  // stride 16
  EXPECT_EQ(checkUniformLayout(arr(vec(3, f32()), 2)), "");  // stride roundUp(16, 12) = 16
  EXPECT_EQ(checkUniformLayout(arr(mat(2, 2, f32()), 3)), "");  // stride 16
  EXPECT_NE(checkUniformLayout(arr(mat(3, 2, f32()), 3)), "");  // stride 24
}

TEST_F(LayoutTest, UniformNestedArrayInnerStride) {
  // Outer stride = SizeOf(array<f32, 4>) = 16 is fine; the inner stride 4 is not.
  std::string msg = checkUniformLayout(arr(arr(f32(), 4), 2));
  expectContains(msg, "'array<f32, 4>'");
  expectContains(msg, "element stride 4");
  EXPECT_EQ(checkUniformLayout(arr(arr(vec(4, f32()), 1), 2)), "");
}

TEST_F(LayoutTest, UniformViolationInsideNestedStructNamesInnerMember) {
  const Type* inner = makeStruct("Inner", {{"vals", arr(u32(), 4)}});
  const Type* outer = makeStruct("Outer", {{"x", inner}});
  std::string msg = checkUniformLayout(outer);
  expectContains(msg, "member 'vals' of 'Inner'");
  expectContains(msg, "element stride 4");
}

TEST_F(LayoutTest, UniformViolationInsideArrayElementStruct) {
  // Elem { v: vec4<f32>, pair: array<f32, 2>, w: vec4<f32> }: size 48, stride 48 (fine), but its
  // member `pair` (at 16) has stride 4.
  const Type* elem = makeStruct("Elem", {{"v", vec(4, f32())}, {"pair", arr(f32(), 2)}, {"w", vec(4, f32())}});
  expectMember(elem, 2, "w", 32, 16, 16);
  std::string msg = checkUniformLayout(arr(elem, 2));
  expectContains(msg, "member 'pair' of 'Elem'");
}

TEST_F(LayoutTest, UniformScalarsVectorsMatricesF16NeedNothingExtra) {
  // H's members are all scalars and vectors: RequiredAlignOf = AlignOf, satisfied by layout.
  const Type* h = makeStruct(
      "H", {{"a", f16()}, {"b", vec(3, f16())}, {"c", f16()}, {"d", vec(2, f16())}, {"e", f32()}, {"f", f16()}});
  EXPECT_EQ(checkUniformLayout(h), "");
  // Matrices: mat3x2<f32> at 0, vec2<f16> at 24, mat2x2<f16> at 28.
  const Type* m = makeStruct("M", {{"m", mat(3, 2, f32())}, {"v", vec(2, f16())}, {"n", mat(2, 2, f16())}});
  expectMember(m, 2, "n", 28, 4, 8);
  EXPECT_EQ(checkUniformLayout(m), "");
  EXPECT_EQ(checkUniformLayout(mat(2, 2, f16())), "");
  EXPECT_EQ(checkUniformLayout(f32()), "");
}

TEST_F(LayoutTest, UniformAlignAttributeBelowNaturalAlignment) {
  // @align(2) puts the f32 at offset 2; RequiredAlignOf(f32, uniform) = AlignOf(f32) = 4.
  const Type* s = makeStruct("S", {{"a", f16()}, {"b", f32(), 2}});
  std::string msg = checkUniformLayout(s);
  expectContains(msg, "member 'b' of 'S' is at offset 2");
  expectContains(msg, "multiple of 4");
}

// Runtime-sized arrays reach uniform only through bufferArrayView; the stride rule still holds
// (the spec's strided_u32 example uses @size(32) for exactly this).
TEST_F(LayoutTest, UniformRuntimeArrayStride) {
  const Type* strided = makeStruct("strided_u32", {{"a", u32(), std::nullopt, 32}});
  EXPECT_EQ(checkUniformLayout(rtarr(strided)), "");
  std::string msg = checkUniformLayout(rtarr(u32()));
  expectContains(msg, "'array<u32>' has element stride 4");
}

}  // namespace
}  // namespace wgsl::sema
