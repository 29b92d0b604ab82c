// Section "Alias Analysis": each case is written from the rules of "Root Identifier" and
// "Aliasing" (the spec's own example first); invalid ones must name the aliasing rule.
#include "tests/sema/verdict_case.h"

namespace wgsl {
namespace {

using test::VerdictCase;

class Aliasing : public ::testing::TestWithParam<VerdictCase> {};
TEST_P(Aliasing, Verdict) { test::expectVerdict(GetParam()); }

constexpr const char* kSameRoot = "have the same root identifier";
constexpr const char* kModuleVar = "points into the module-scope variable";

const VerdictCase kCases[] = {
    // The spec's example "Alias analysis".
    {"SpecF3SameRootWrittenBySubfunction",
     "fn f1(p1: ptr<function, i32>, p2: ptr<function, i32>) { *p1 = *p2; }"
     "fn f2(p1: ptr<function, i32>, p2: ptr<function, i32>) { f1(p1, p2); }"
     "fn f3() { var a: i32 = 0; f2(&a, &a); }",
     kSameRoot},
    {"SpecF5BothOnlyRead",
     "fn f4(p1: ptr<function, i32>, p2: ptr<function, i32>) -> i32 { return *p1 + *p2; }"
     "fn f5() { var a: i32 = 0; let b = f4(&a, &a); }",
     nullptr},
    {"SpecF6GlobalWrittenParameterRead",
     "var<private> x: i32 = 0; fn f6(p: ptr<private, i32>) { x = *p; } fn f8() { f6(&x); }", kModuleVar},
    {"SpecF7GlobalAndParameterOnlyRead",
     "var<private> x: i32 = 0; fn f7(p: ptr<private, i32>) -> i32 { return x + *p; } fn f8() { let b = f7(&x); }",
     nullptr},
    // Two pointer arguments with the same root identifier, either parameter written.
    {"DifferentMembersOfOneVariableShareTheRoot",
     "struct S { a: i32, b: i32 } fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = 1; _ = *q; }"
     "fn g() { var s: S; f(&s.a, &s.b); }",
     kSameRoot},
    {"ArrayAndItsElementShareTheRoot",
     "fn f(p: ptr<function, array<i32, 4>>, q: ptr<function, i32>) { (*p)[0] = *q; }"
     "fn g() { var a: array<i32, 4>; f(&a, &a[1]); }",
     kSameRoot},
    {"VectorAndComponentOnlyRead",
     "fn f(p: ptr<function, vec4f>, q: ptr<function, vec4f>) -> f32 { return (*p).x + (*q).y; }"
     "fn g() { var a: vec4f; _ = f(&a, &a); }",
     nullptr},
    {"DifferentVariablesDoNotAlias",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = *q; } fn g() { var a: i32; var b: i32; f(&a, &b); }",
     nullptr},
    {"LetNamesTheSameRoot",  // "an identifier resolving to a let-declaration: the root of its initializer"
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = *q; }"
     "fn g() { var a: i32; let pa = &a; f(pa, &a); }",
     kSameRoot},
    {"LetOfLetNamesTheSameRoot",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = *q; }"
     "fn g() { var a: i32; let p1 = &a; let p2 = p1; f(p1, p2); }",
     kSameRoot},
    {"IncrementIsAWrite",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { (*p)++; _ = *q; } fn g() { var a: i32; f(&a, &a); }",
     kSameRoot},
    {"CompoundAssignmentIsAWrite",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p += *q; } fn g() { var a: i32; f(&a, &a); }", kSameRoot},
    // "must not potentially access memory through aliased root identifiers, where one access is
    // a write and the other is a read or a write": a parameter the callee never accesses makes
    // no access, so a write through the other one is fine (the call-site list's "either
    // parameter is written" taken alone would reject these; the rule above it does not).
    {"WrittenParameterAliasedWithUnusedOne",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = 1; } fn g() { var a: i32; f(&a, &a); }", nullptr},
    {"WrittenParameterAliasedWithOneOnlyReborrowed",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { *p = 1; { let r = &*&*q; } } fn g() { var a: i32; f(&a, &a); }",
     nullptr},
    {"WrittenParameterAliasedWithOnePassedToANonAccessingFunction",
     "var<private> x: i32; fn n(p: ptr<private, i32>) { let pp = &*p; }"
     "fn f(p: ptr<private, i32>, q: ptr<private, i32>) { *p = 1; n(q); } fn g() { f(&x, &x); }",
     nullptr},
    {"WrittenParameterAliasedWithOneReadInASubcall",
     "var<private> x: i32; fn r(p: ptr<private, i32>) -> i32 { return *p + 1; }"
     "fn f(p: ptr<private, i32>, q: ptr<private, i32>) { *p = 1; _ = r(q); } fn g() { f(&x, &x); }",
     kSameRoot},
    // `q.zyx` on a pointer is `(*q).zyx`: the swizzle of a loaded vector reads through q.
    {"SwizzleThroughAPointerIsARead",
     "fn f(p: ptr<function, vec4i>, q: ptr<function, vec4i>) { *p += vec4i(1); let v = q.zyx; }"
     "fn g() { var a: vec4i; f(&a, &a); }",
     kSameRoot},
    {"SwizzleThroughADereferenceIsARead",
     "fn f(p: ptr<function, vec4i>, q: ptr<function, vec4i>) { *p += vec4i(1); let v = (*q).zyx; }"
     "fn g() { var a: vec4i; f(&a, &a); }",
     kSameRoot},
    {"SecondParameterWrittenFirstRead",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { _ = *p; *q = 1; } fn g() { var a: i32; f(&a, &a); }",
     kSameRoot},
    {"TakingAPointerIsNotAnAccess",
     "fn f(p: ptr<function, i32>, q: ptr<function, i32>) { let r = p; _ = q; } fn g() { var a: i32; f(&a, &a); }",
     nullptr},
    {"WriteInCalleeOfCalleeThroughParameters",
     "fn f(p: ptr<function, i32>) { *p = 1; } fn g(p: ptr<function, i32>, q: ptr<function, i32>) { f(p); _ = *q; }"
     "fn h() { var a: i32; g(&a, &a); }",
     kSameRoot},
    {"SameModuleVariableTwiceOnlyRead",
     "var<private> x: i32; fn f(p: ptr<private, i32>, q: ptr<private, i32>) -> i32 { return *p + *q; }"
     "fn g() { _ = f(&x, &x); }",
     nullptr},
    {"SameModuleVariableTwiceWritten",
     "var<private> x: i32; fn f(p: ptr<private, i32>, q: ptr<private, i32>) { *p = *q; } fn g() { f(&x, &x); }",
     kSameRoot},
    // A pointer argument rooted at a module-scope variable the callee accesses.
    {"ParameterWrittenGlobalRead",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { let y = x; *p = 2; } fn g() { f(&x); }", kModuleVar},
    {"ParameterReadGlobalWritten",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { let y = *p; x = 2; } fn g() { f(&x); }", kModuleVar},
    {"ParameterWrittenGlobalWritten",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { *p = 1; x = 2; } fn g() { f(&x); }", kModuleVar},
    {"GlobalWrittenInACalledFunction",
     "var<private> x: i32; fn h() { x = 2; } fn f(p: ptr<private, i32>) -> i32 { h(); return *p; }"
     "fn g() { _ = f(&x); }",
     kModuleVar},
    {"GlobalReadInACalledFunction",
     "var<private> x: i32; fn h() -> i32 { return x; } fn f(p: ptr<private, i32>) { *p = h(); } fn g() { f(&x); }",
     kModuleVar},
    {"OtherGlobalIsFine",
     "var<private> x: i32; var<private> y: i32; fn f(p: ptr<private, i32>) { *p = y; y = 1; } fn g() { f(&x); }",
     nullptr},
    {"GlobalWrittenButParameterNeverUsed",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { x = 1; } fn g() { f(&x); }", nullptr},
    {"GlobalWrittenThroughALocalPointer",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { let r = &x; *r = *p; } fn g() { f(&x); }", kModuleVar},
    {"GlobalComponentWritten",
     "var<private> x: vec4f; fn f(p: ptr<private, vec4f>) { x.y = (*p).x; } fn g() { f(&x); }", kModuleVar},
    {"OtherElementOfTheSameGlobal",  // root identifiers, not memory locations, are compared
     "var<private> x: array<i32, 4>; fn f(p: ptr<private, i32>) { x[1] = *p; } fn g() { f(&x[0]); }", kModuleVar},
    {"AddressOfAGlobalIsNotAnAccess",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { _ = &x; *p = 1; } fn g() { f(&x); }", nullptr},
    {"AccessesInTheCallerDoNotCount",
     "var<private> x: i32; fn f(p: ptr<private, i32>) { *p = 2; } fn g() { f(&x); x = 3; }", nullptr},
    {"PropagatedThroughAPointerParameter",  // k reads x and writes through q (via f): k(&x) aliases
     "var<private> x: i32; fn f(p: ptr<private, i32>) { *p += 1; } fn k(q: ptr<private, i32>) { f(q); _ = x; }"
     "fn g() { k(&x); }",
     kModuleVar},
    // Built-ins with pointer parameters: atomicLoad and workgroupUniformLoad read, atomicStore
    // writes, the other atomics read and write; arrayLength does not access the elements.
    {"AtomicStoreWritesAtomicLoadReads",
     "var<workgroup> x: atomic<i32>;"
     "fn f(p: ptr<workgroup, atomic<i32>>) { atomicStore(p, 1); let y = atomicLoad(&x); }"
     "fn g() { f(&x); }",
     kModuleVar},
    {"AtomicLoadsOnly",
     "var<workgroup> x: atomic<i32>;"
     "fn f(p: ptr<workgroup, atomic<i32>>) { let z = atomicLoad(p); let y = atomicLoad(&x); }"
     "fn g() { f(&x); }",
     nullptr},
    {"AtomicAddWrites",
     "var<workgroup> x: atomic<i32>;"
     "fn f(p: ptr<workgroup, atomic<i32>>) { let z = atomicAdd(p, 1); let y = atomicLoad(&x); }"
     "fn g() { f(&x); }",
     kModuleVar},
    {"WorkgroupUniformLoadReads",
     "var<workgroup> w: i32; fn f(p: ptr<workgroup, i32>) -> i32 { w = 1; return workgroupUniformLoad(p); }"
     "@compute @workgroup_size(1) fn g() { _ = f(&w); }",
     kModuleVar},
    {"ArrayLengthIsNotAnAccess",
     "@group(0) @binding(0) var<storage, read_write> s: array<u32>;"
     "fn f(p: ptr<storage, array<u32>, read_write>) -> u32 { s[0] = 1; return arrayLength(p); } fn g() { _ = f(&s); }",
     nullptr},
};
INSTANTIATE_TEST_SUITE_P(AliasAnalysis, Aliasing, ::testing::ValuesIn(kCases), test::verdictCaseName);

}  // namespace
}  // namespace wgsl
