// Statements (spec section "Statements" and "Const Assertion Statement"): every statement form,
// written as the body of `fn f() { ... }` and checked through the S-expression dump of
// interp/ast/ast_dump.cpp. Expected dumps are written by hand from the spec's grammar and the
// documented dump format; invalid forms are checked by a substring of their message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/test_support.h"

namespace {

using wgsl::test::dumpStatements;
using wgsl::test::parse;
using wgsl::test::Parsed;

std::string inFunction(const std::string& body) { return "fn f() {\n" + body + "\n}\n"; }

// Succeeds if `body`, as the body of a function, is rejected with an error whose message
// contains `needle` (any error if `needle` is empty).
::testing::AssertionResult bodyRejected(const std::string& body, const std::string& needle = "") {
  return wgsl::test::rejectedWith(inFunction(body), needle);
}

const wgsl::ast::Stmt& firstStatement(const Parsed& p) {
  return *p.module->decls.at(0).function->body->body.at(0);
}

// ------------------------------------------------------------------ compound statements

TEST(CompoundParse, EmptyAndNestedBlocks) {
  EXPECT_EQ(dumpStatements(""), "");
  EXPECT_EQ(dumpStatements("{}"), "{ }");
  EXPECT_EQ(dumpStatements("{ { let a = 1; { } } { } }"), "{ { (let a = 1) { } } { } }");
  EXPECT_EQ(dumpStatements("{{{{}}}}"), "{ { { { } } } }");
  EXPECT_TRUE(bodyRejected("{ let a = 1;"));  // unclosed
}

TEST(CompoundParse, EmptyStatementsAreDropped) {
  EXPECT_EQ(dumpStatements(";"), "");
  EXPECT_EQ(dumpStatements(";;; let a = 1; ; {;} ;"), "(let a = 1) { }");
  EXPECT_EQ(dumpStatements("if a { ; } else { ;; }"), "(if a { } (else { }))");
}

TEST(CompoundParse, DiagnosticAttributeOnBlock) {
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) { }"),
            "{ } @diagnostic(off, derivative_uniformity)");
  EXPECT_EQ(dumpStatements("@diagnostic(warning, chromium.unreachable_code) { return; }"),
            "{ (return) } @diagnostic(warning, chromium.unreachable_code)");
  // diagnostic_control allows a trailing comma.
  EXPECT_EQ(dumpStatements("@diagnostic(info, derivative_uniformity,) {}"),
            "{ } @diagnostic(info, derivative_uniformity)");
}

// ------------------------------------------------------------------ return

TEST(ReturnParse, WithAndWithoutValue) {
  EXPECT_EQ(dumpStatements("return;"), "(return)");
  EXPECT_EQ(dumpStatements("return 1;"), "(return 1)");
  EXPECT_EQ(dumpStatements("return a + b * 2;"), "(return (+ a (* b 2)))");
  EXPECT_EQ(dumpStatements("return (x);"), "(return (paren x))");
  EXPECT_EQ(dumpStatements("return vec2<f32>(1.0, 2.0);"), "(return (call vec2<f32> 1.0 2.0))");
}

TEST(ReturnParse, MissingSemicolon) {
  EXPECT_TRUE(bodyRejected("return a", "expected ';' after statement"));
  EXPECT_TRUE(bodyRejected("return", ""));
}

// ------------------------------------------------------------------ if

TEST(IfParse, IfAndIfElse) {
  EXPECT_EQ(dumpStatements("if a { }"), "(if a { })");
  EXPECT_EQ(dumpStatements("if (a) { x = 1; }"), "(if (paren a) { (= x 1) })");
  EXPECT_EQ(dumpStatements("if a < b && c { }"), "(if (&& (< a b) c) { })");
  EXPECT_EQ(dumpStatements("if a { x = 1; } else { x = 2; }"), "(if a { (= x 1) } (else { (= x 2) }))");
}

TEST(IfParse, ElseIfChains) {
  EXPECT_EQ(dumpStatements("if a { x = 1; } else if b { x = 2; } else if c { } else { x = 3; }"),
            "(if a { (= x 1) } (elif b { (= x 2) }) (elif c { }) (else { (= x 3) }))");
  EXPECT_EQ(dumpStatements("if a {} else if (b) {}"), "(if a { } (elif (paren b) { }))");
}

TEST(IfParse, LongElseIfChain) {
  std::string src = "if c0 { r = 0; }";
  std::string want = "(if c0 { (= r 0) }";
  for (int i = 1; i < 200; ++i) {
    src += " else if c" + std::to_string(i) + " { r = " + std::to_string(i) + "; }";
    want += " (elif c" + std::to_string(i) + " { (= r " + std::to_string(i) + ") })";
  }
  src += " else { r = -1; }";
  want += " (else { (= r (- 1)) }))";
  EXPECT_EQ(dumpStatements(src), want);
}

TEST(IfParse, NestedIfInElse) {
  // `else { if ... }` is a block holding an if, not an else-if clause.
  EXPECT_EQ(dumpStatements("if a {} else { if b {} else {} }"), "(if a { } (else { (if b { } (else { })) }))");
}

TEST(IfParse, DiagnosticAttributes) {
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) if x {}"),
            "(if x { } @diagnostic(off, derivative_uniformity))");
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) @diagnostic(info, chromium.unreachable_code) "
                           "if x {} else {}"),
            "(if x { } (else { }) @diagnostic(off, derivative_uniformity) @diagnostic(info, "
            "chromium.unreachable_code))");
  // if_clause ends in a compound_statement, which may carry attributes of its own.
  EXPECT_EQ(dumpStatements("if x { } else @diagnostic(off, derivative_uniformity) { }"),
            "(if x { } (else { } @diagnostic(off, derivative_uniformity)))");
}

TEST(IfParse, ElseWithoutIf) {
  EXPECT_TRUE(bodyRejected("else { }", "'else'"));
  EXPECT_TRUE(bodyRejected("x = 1; else if a { }", "'else'"));
}

TEST(IfParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("if a {} else {} else {}"));        // two else clauses
  EXPECT_TRUE(bodyRejected("if a {} else {} else if b {}"));   // else-if after else
  EXPECT_TRUE(bodyRejected("if a return;"));                   // body must be a block
  EXPECT_TRUE(bodyRejected("if a {} else return;"));
  EXPECT_TRUE(bodyRejected("if {}"));                          // missing condition
  EXPECT_TRUE(bodyRejected("if a {} elif b {}"));
}

// ------------------------------------------------------------------ switch

TEST(SwitchParse, OptionalColonsAndTrailingCommas) {
  EXPECT_EQ(dumpStatements("switch x { case 1: { a = 1; } case 2 { a = 2; } default: { } }"),
            "(switch x (case 1 { (= a 1) }) (case 2 { (= a 2) }) (default { }))");
  EXPECT_EQ(dumpStatements("switch x { case 1, 2, 3 { } case 4, { } case 5, 6,: { } default { } }"),
            "(switch x (case 1 2 3 { }) (case 4 { }) (case 5 6 { }) (default { }))");
}

TEST(SwitchParse, SelectorExpressions) {
  EXPECT_EQ(dumpStatements("switch (x) { case 1 + 2, c, -1i, u32(4) { } default { } }"),
            "(switch (paren x) (case (+ 1 2) c (- 1i) (call u32 4) { }) (default { }))");
}

TEST(SwitchParse, DefaultAlone) {
  EXPECT_EQ(dumpStatements("switch x { default { } }"), "(switch x (default { }))");
  EXPECT_EQ(dumpStatements("switch x { default: { return; } }"), "(switch x (default { (return) }))");
}

TEST(SwitchParse, CaseDefaultCombined) {
  EXPECT_EQ(dumpStatements("switch x { case default, 1 { } }"), "(switch x (case default 1 { }))");
  EXPECT_EQ(dumpStatements("switch x { case 0: { } case 3, default, { a = 4; } }"),
            "(switch x (case 0 { }) (case 3 default { (= a 4) }))");
  EXPECT_EQ(dumpStatements("switch x { case default { } }"), "(switch x (case default { }))");
}

TEST(SwitchParse, DefaultInTheMiddle) {
  // The example "WGSL Switch" of section "Switch Statement".
  EXPECT_EQ(dumpStatements("switch x {\n"
                           "  case 0: { a = 1; }\n"
                           "  default { a = 2; }\n"
                           "  case 1, 2, { a = 3; }\n"
                           "  case 3, { a = 4; }\n"
                           "  case 4 { a = 5; }\n"
                           "}"),
            "(switch x (case 0 { (= a 1) }) (default { (= a 2) }) (case 1 2 { (= a 3) }) (case 3 { (= a 4) }) "
            "(case 4 { (= a 5) }))");
}

TEST(SwitchParse, ClauseBodiesAndAttributes) {
  EXPECT_EQ(dumpStatements("switch x { case 1 { let y = 2; break; } default { if y { break; } } }"),
            "(switch x (case 1 { (let y = 2) (break) }) (default { (if y { (break) }) }))");
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) switch x { default {} }"),
            "(switch x (default { }) @diagnostic(off, derivative_uniformity))");
  EXPECT_EQ(dumpStatements("switch x @diagnostic(info, derivative_uniformity) { default {} }"),
            "(switch x (default { }) @diagnostic(info, derivative_uniformity))");
  EXPECT_EQ(dumpStatements("switch x { case 1 @diagnostic(off, derivative_uniformity) { } default { } }"),
            "(switch x (case 1 { } @diagnostic(off, derivative_uniformity)) (default { }))");
  const Parsed p = parse(inFunction("@diagnostic(off, a) switch x @diagnostic(warning, b.c) { default {} }"));
  ASSERT_TRUE(p.ok()) << p.text();
  const auto* sw = firstStatement(p).as<wgsl::ast::SwitchStmt>();
  ASSERT_NE(sw, nullptr);
  ASSERT_EQ(sw->attributes.size(), 1u);
  ASSERT_EQ(sw->body_attributes.size(), 1u);
  EXPECT_EQ(sw->attributes[0].diagnostic->rule.name, "a");
  EXPECT_EQ(sw->body_attributes[0].diagnostic->rule.name, "b");
  ASSERT_TRUE(sw->body_attributes[0].diagnostic->rule_member.has_value());
  EXPECT_EQ(sw->body_attributes[0].diagnostic->rule_member->name, "c");
  EXPECT_EQ(sw->body_attributes[0].diagnostic->severity, wgsl::ast::Severity::Warning);
}

TEST(SwitchParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("switch x { }", "a switch statement must have at least one clause"));
  EXPECT_TRUE(bodyRejected("switch x { case: { } }"));              // no selector
  EXPECT_TRUE(bodyRejected("switch x { case 1 a = 1; }"));          // body is not a block
  EXPECT_TRUE(bodyRejected("switch x { default: a = 1; }"));
  EXPECT_TRUE(bodyRejected("switch x { case 1, , 2 { } }"));        // empty selector
  EXPECT_TRUE(bodyRejected("switch x { default, 1 { } }"));         // default-alone takes no list
  EXPECT_TRUE(bodyRejected("switch { default { } }"));              // no selector expression
  EXPECT_TRUE(bodyRejected("switch x { a = 1; default { } }"));     // statements outside clauses
  EXPECT_TRUE(bodyRejected("switch x default { }"));                // no braces
}

// ------------------------------------------------------------------ loop

TEST(LoopParse, WithoutContinuing) {
  EXPECT_EQ(dumpStatements("loop { if i >= 4 { break; } a = a * 2; i++; }"),
            "(loop { (if (>= i 4) { (break) }) (= a (* a 2)) (++ i) })");
  EXPECT_EQ(dumpStatements("loop { }"), "(loop { })");
}

TEST(LoopParse, WithContinuing) {
  EXPECT_EQ(dumpStatements("loop { if i % 2 == 0 { continue; } continuing { i = i + step; } }"),
            "(loop { (if (== (% i 2) 0) { (continue) }) } (continuing { (= i (+ i step)) }))");
  EXPECT_EQ(dumpStatements("loop { continuing { } }"), "(loop { } (continuing { }))");
}

TEST(LoopParse, BreakIfAtEndOfContinuing) {
  EXPECT_EQ(dumpStatements("loop { continuing { i++; break if i > 3; } }"),
            "(loop { } (continuing { (++ i) } (break-if (> i 3))))");
  EXPECT_EQ(dumpStatements("loop { a++; continuing { break if (a == b); } }"),
            "(loop { (++ a) } (continuing { } (break-if (paren (== a b)))))");
}

TEST(LoopParse, BreakIfNotLastInContinuing) {
  EXPECT_TRUE(bodyRejected("loop { continuing { break if a; i++; } }",
                           "'break if' must be the last statement of a 'continuing' block"));
  EXPECT_TRUE(bodyRejected("loop { continuing { break if a; break if b; } }",
                           "'break if' must be the last statement of a 'continuing' block"));
}

TEST(LoopParse, BreakIfFollowedByEmptyStatement) {
  // continuing_compound_statement is `attribute* '{' statement* break_if_statement? '}'`: nothing,
  // not even an empty statement, may follow the break-if.
  // Regression: the check looks at the statements as written, before empty ones are dropped.
  EXPECT_TRUE(bodyRejected("loop { continuing { break if a; ; } }", "'break if'"));
}

TEST(LoopParse, BreakIfOutsideContinuing) {
  EXPECT_TRUE(bodyRejected("{ break if true; }", "'break if' must be the last statement of a 'continuing' block"));
  EXPECT_TRUE(bodyRejected("loop { break if true; }", "'break if' must be the last statement of a 'continuing' block"));
  EXPECT_TRUE(bodyRejected("loop { a++; break if a > 2; continuing { } }", "'break if'"));
  EXPECT_TRUE(bodyRejected("loop { continuing { if c { break if true; } } }", "'break if'"));
  EXPECT_TRUE(bodyRejected("loop { continuing { { break if true; } } }", "'break if'"));
  EXPECT_TRUE(bodyRejected("for (;;) { break if true; }", "'break if'"));
  EXPECT_TRUE(bodyRejected("while c { break if true; }", "'break if'"));
  EXPECT_TRUE(bodyRejected("switch x { default { break if true; } }", "'break if'"));
  EXPECT_TRUE(bodyRejected("if c { break if true; }", "'break if'"));
}

TEST(LoopParse, BreakIfDirectlyInFunctionBody) {
  // Regression: function bodies are checked for a misplaced `break if` too.
  EXPECT_TRUE(bodyRejected("break if true;", "'break if' must be the last statement of a 'continuing' block"));
}

TEST(LoopParse, StatementsAfterContinuingAreAnError) {
  EXPECT_TRUE(bodyRejected("loop { continuing { } i++; }"));
  EXPECT_TRUE(bodyRejected("loop { continuing { } continuing { } }"));
}

TEST(LoopParse, Attributes) {
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) loop { break; }"),
            "(loop { (break) } @diagnostic(off, derivative_uniformity))");
  EXPECT_EQ(dumpStatements("loop @diagnostic(info, derivative_uniformity) { break; }"),
            "(loop { (break) } @diagnostic(info, derivative_uniformity))");
  const Parsed p = parse(inFunction("@diagnostic(off, a) loop @diagnostic(off, b) { continuing "
                                    "@diagnostic(off, c) { break if true; } }"));
  ASSERT_TRUE(p.ok()) << p.text();
  const auto* loop = firstStatement(p).as<wgsl::ast::LoopStmt>();
  ASSERT_NE(loop, nullptr);
  ASSERT_EQ(loop->attributes.size(), 1u);
  EXPECT_EQ(loop->attributes[0].diagnostic->rule.name, "a");
  ASSERT_EQ(loop->body_attributes.size(), 1u);
  EXPECT_EQ(loop->body_attributes[0].diagnostic->rule.name, "b");
  ASSERT_NE(loop->continuing, nullptr);
  ASSERT_EQ(loop->continuing->attributes.size(), 1u);
  EXPECT_EQ(loop->continuing->attributes[0].diagnostic->rule.name, "c");
  ASSERT_NE(loop->continuing->break_if, nullptr);
  EXPECT_TRUE(loop->continuing->body.empty());
}

// ------------------------------------------------------------------ for

TEST(ForParse, OptionalPartsAndSpecExample) {
  for (int mask = 0; mask < 8; ++mask) {
    const bool init = (mask & 1) != 0, cond = (mask & 2) != 0, update = (mask & 4) != 0;
    const std::string src = std::string("for (") + (init ? "var i = 0" : "") + ";" + (cond ? " i < 4" : "") +
                            ";" + (update ? " i++" : "") + ") { }";
    const std::string want = std::string("(for ") + (init ? "(var i = 0)" : "_") + " " + (cond ? "(< i 4)" : "_") +
                             " " + (update ? "(++ i)" : "_") + " { })";
    EXPECT_EQ(dumpStatements(src), want) << src;
  }
  EXPECT_EQ(dumpStatements("for (var i: i32 = 0; i < 4; i++) { a *= 2; }"),
            "(for (var i : i32 = 0) (< i 4) (++ i) { (*= a 2) })");
}

TEST(ForParse, InitForms) {
  EXPECT_EQ(dumpStatements("for (let i = 0u; ;) { }"), "(for (let i = 0u) _ _ { })");
  EXPECT_EQ(dumpStatements("for (const n: i32 = 3; ;) { }"), "(for (const n : i32 = 3) _ _ { })");
  EXPECT_EQ(dumpStatements("for (var<function> i: u32; ;) { }"), "(for (var i<function> : u32) _ _ { })");
  EXPECT_EQ(dumpStatements("for (i = 0; ;) { }"), "(for (= i 0) _ _ { })");
  EXPECT_EQ(dumpStatements("for (i++; ;) { }"), "(for (++ i) _ _ { })");
  EXPECT_EQ(dumpStatements("for (i--; ;) { }"), "(for (-- i) _ _ { })");
  EXPECT_EQ(dumpStatements("for (s.n += 2; ;) { }"), "(for (+= (. s n) 2) _ _ { })");
  EXPECT_EQ(dumpStatements("for (f(1, 2); ;) { }"), "(for (call f 1 2) _ _ { })");
  EXPECT_EQ(dumpStatements("for (_ = g(); ;) { }"), "(for (= _ (call g)) _ _ { })");
}

TEST(ForParse, UpdateForms) {
  EXPECT_EQ(dumpStatements("for (; i < n; i = i + 1) { }"), "(for _ (< i n) (= i (+ i 1)) { })");
  EXPECT_EQ(dumpStatements("for (; ; i += step) { }"), "(for _ _ (+= i step) { })");
  EXPECT_EQ(dumpStatements("for (; ; i--) { }"), "(for _ _ (-- i) { })");
  EXPECT_EQ(dumpStatements("for (; ; a[i] <<= 1u) { }"), "(for _ _ (<<= (index a i) 1u) { })");
  EXPECT_EQ(dumpStatements("for (; ; advance()) { }"), "(for _ _ (call advance) { })");
  EXPECT_EQ(dumpStatements("for (; ; _ = next()) { }"), "(for _ _ (= _ (call next)) { })");
}

TEST(ForParse, BodyStatementsAndAttributes) {
  EXPECT_EQ(dumpStatements("for (var i = 0; i < 4; i += step) { if (i % 2 == 0) { continue; } a *= 2; }"),
            "(for (var i = 0) (< i 4) (+= i step) { (if (paren (== (% i 2) 0)) { (continue) }) (*= a 2) })");
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) for (;;) { break; }"),
            "(for _ _ _ { (break) } @diagnostic(off, derivative_uniformity))");
}

TEST(ForParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("for (;) { }"));
  EXPECT_TRUE(bodyRejected("for ;; { }"));                           // parentheses are required
  EXPECT_TRUE(bodyRejected("for (;;) break;"));                      // body must be a block
  EXPECT_TRUE(bodyRejected("for (;; var j = 0) { }"));               // update cannot declare
  EXPECT_TRUE(bodyRejected("for (;; let j = 0) { }"));
  EXPECT_TRUE(bodyRejected("for (i; ;) { }"));                       // init is not an expression
  EXPECT_TRUE(bodyRejected("for (;; i) { }"));
  EXPECT_TRUE(bodyRejected("for (var i = 0 i < 4; i++) { }", "expected ';'"));
  EXPECT_TRUE(bodyRejected("for (;; i++;) { }"));
  EXPECT_TRUE(bodyRejected("for (x++, y++;;) { }"));                 // no comma lists
}

// ------------------------------------------------------------------ while

TEST(WhileParse, Forms) {
  EXPECT_EQ(dumpStatements("while i < 4 { i++; }"), "(while (< i 4) { (++ i) })");
  EXPECT_EQ(dumpStatements("while (c) { }"), "(while (paren c) { })");
  EXPECT_EQ(dumpStatements("while !done && more() { break; }"), "(while (&& (! done) (call more)) { (break) })");
  EXPECT_EQ(dumpStatements("@diagnostic(off, derivative_uniformity) while c { }"),
            "(while c { } @diagnostic(off, derivative_uniformity))");
}

TEST(WhileParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("while { }"));
  EXPECT_TRUE(bodyRejected("while c i++;"));
  EXPECT_TRUE(bodyRejected("while (c) i++;"));
  EXPECT_TRUE(bodyRejected("do { } while c;"));
}

// ------------------------------------------------------------------ break, continue, discard

TEST(JumpParse, BreakContinueDiscard) {
  EXPECT_EQ(dumpStatements("loop { if a { break; } if b { continue; } discard; }"),
            "(loop { (if a { (break) }) (if b { (continue) }) (discard) })");
}

TEST(JumpParse, MissingSemicolon) {
  EXPECT_TRUE(bodyRejected("loop { continue }", "expected ';' after statement"));
  EXPECT_TRUE(bodyRejected("discard }", ""));
  EXPECT_TRUE(bodyRejected("loop { break 1; }"));
}

TEST(JumpParse, MissingSemicolonAfterBreak) {
  // After `break` only 'if' or ';' can follow; the message names both.
  EXPECT_TRUE(bodyRejected("loop { break }", "expected ';' or 'if' after 'break', found '}'"));
}

// ------------------------------------------------------------------ function calls

TEST(CallStatementParse, PlainCalls) {
  EXPECT_EQ(dumpStatements("f();"), "(call f)");
  EXPECT_EQ(dumpStatements("f(a, b + 1);"), "(call f a (+ b 1))");
  EXPECT_EQ(dumpStatements("f(a, b,);"), "(call f a b)");
  EXPECT_EQ(dumpStatements("workgroupBarrier(); storageBarrier();"), "(call workgroupBarrier) (call storageBarrier)");
  EXPECT_EQ(dumpStatements("atomicAdd(&counter, 1u);"), "(call atomicAdd (& counter) 1u)");
}

TEST(CallStatementParse, TemplatedCalls) {
  EXPECT_EQ(dumpStatements("bitcast<u32>(x);"), "(call bitcast<u32> x)");
  EXPECT_EQ(dumpStatements("vec4<f32>(1.0);"), "(call vec4<f32> 1.0)");
  EXPECT_EQ(dumpStatements("array<vec2<u32>, 2>(a, b);"), "(call array<vec2<u32>, 2> a b)");
}

TEST(CallStatementParse, ExpressionsAreNotStatements) {
  EXPECT_TRUE(bodyRejected("a;"));
  EXPECT_TRUE(bodyRejected("1;"));
  EXPECT_TRUE(bodyRejected("f() + 1;"));
  EXPECT_TRUE(bodyRejected("f().x;"));
  EXPECT_TRUE(bodyRejected("(f());"));
  EXPECT_TRUE(bodyRejected("f()", "expected ';' after statement"));
}

// ------------------------------------------------------------------ let / var / const

TEST(DeclStatementParse, LetAndConst) {
  EXPECT_EQ(dumpStatements("let a = 1;"), "(let a = 1)");
  EXPECT_EQ(dumpStatements("let b: f32 = 2.0;"), "(let b : f32 = 2.0)");
  EXPECT_EQ(dumpStatements("let p: ptr<function, i32> = &x;"), "(let p : ptr<function, i32> = (& x))");
  EXPECT_EQ(dumpStatements("let v: vec3<f32> = vec3<f32>(1.0, 2.0, 3.0);"),
            "(let v : vec3<f32> = (call vec3<f32> 1.0 2.0 3.0))");
  EXPECT_EQ(dumpStatements("const c = 3;"), "(const c = 3)");
  EXPECT_EQ(dumpStatements("const d: u32 = 4u;"), "(const d : u32 = 4u)");
}

TEST(DeclStatementParse, Var) {
  EXPECT_EQ(dumpStatements("var a: i32;"), "(var a : i32)");
  EXPECT_EQ(dumpStatements("var b = 1u;"), "(var b = 1u)");
  EXPECT_EQ(dumpStatements("var c: i32 = 20;"), "(var c : i32 = 20)");
  EXPECT_EQ(dumpStatements("var m: array<vec4<f32>, 4>;"), "(var m : array<vec4<f32>, 4>)");
}

TEST(DeclStatementParse, AddressSpaceAndTypeBeforeEquals) {
  EXPECT_EQ(dumpStatements("var<function> x: i32;"), "(var x<function> : i32)");
  EXPECT_EQ(dumpStatements("var<function> y: i32 = 0;"), "(var y<function> : i32 = 0)");
  EXPECT_EQ(dumpStatements("var<function> z = 0;"), "(var z<function> = 0)");
  // `>=` right after a template list is split (section "Template Lists").
  EXPECT_EQ(dumpStatements("var x: vec4<f32>=v;"), "(var x : vec4<f32> = v)");
  EXPECT_EQ(dumpStatements("let a: array<vec2<f32>,2>=b;"), "(let a : array<vec2<f32>, 2> = b)");
}

TEST(DeclStatementParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("let x;"));             // let needs an initializer
  EXPECT_TRUE(bodyRejected("let x: i32;"));
  EXPECT_TRUE(bodyRejected("const c: i32;"));      // so does const
  EXPECT_TRUE(bodyRejected("let = 1;"));
  EXPECT_TRUE(bodyRejected("let x = 1", "expected ';' after statement"));
  EXPECT_TRUE(bodyRejected("let x = 1 let y = 2;", "expected ';' after statement"));
  EXPECT_TRUE(bodyRejected("override o = 1;"));    // override only at module scope
  EXPECT_TRUE(bodyRejected("let a, b = 1;"));
  EXPECT_TRUE(bodyRejected("var x: = 1;"));
}

// ------------------------------------------------------------------ assignments

TEST(AssignParse, Targets) {
  EXPECT_EQ(dumpStatements("x = 1;"), "(= x 1)");
  EXPECT_EQ(dumpStatements("s.a = 2;"), "(= (. s a) 2)");
  EXPECT_EQ(dumpStatements("a[i] = 3;"), "(= (index a i) 3)");
  EXPECT_EQ(dumpStatements("a[i][j + 1] = 3;"), "(= (index (index a i) (+ j 1)) 3)");
  EXPECT_EQ(dumpStatements("a.b[2].c = 7;"), "(= (. (index (. a b) 2) c) 7)");
  EXPECT_EQ(dumpStatements("v.x = 1.0;"), "(= (. v x) 1.0)");
}

TEST(AssignParse, PointerTargets) {
  EXPECT_EQ(dumpStatements("*p = 4;"), "(= (* p) 4)");
  EXPECT_EQ(dumpStatements("**pp = 4;"), "(= (* (* pp)) 4)");
  EXPECT_EQ(dumpStatements("(*p).x = 5;"), "(= (. (paren (* p)) x) 5)");
  EXPECT_EQ(dumpStatements("(*p)[2] = 5;"), "(= (index (paren (* p)) 2) 5)");
  EXPECT_EQ(dumpStatements("(p) = 6;"), "(= (paren p) 6)");
  EXPECT_EQ(dumpStatements("((a)).b = 6;"), "(= (. (paren (paren a)) b) 6)");
  EXPECT_EQ(dumpStatements("*&x = 1;"), "(= (* (& x)) 1)");
}

TEST(AssignParse, PhonyAssignment) {
  EXPECT_EQ(dumpStatements("_ = f();"), "(= _ (call f))");
  EXPECT_EQ(dumpStatements("_ = 1 + 2;"), "(= _ (+ 1 2))");
  EXPECT_EQ(dumpStatements("_ = array<i32, 2>(1, 2);"), "(= _ (call array<i32, 2> 1 2))");
  const Parsed p = parse(inFunction("_ = x;"));
  ASSERT_TRUE(p.ok()) << p.text();
  const auto* a = firstStatement(p).as<wgsl::ast::AssignStmt>();
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->lhs, nullptr);
  EXPECT_EQ(a->op, wgsl::ast::AssignOp::Assign);
}

TEST(AssignParse, EveryCompoundOperator) {
  const char* ops[] = {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ">>=", "<<="};
  for (const char* op : ops) {
    EXPECT_EQ(dumpStatements(std::string("x ") + op + " y;"), std::string("(") + op + " x y)") << op;
    EXPECT_EQ(dumpStatements(std::string("s.a[1]") + op + "2u;"), std::string("(") + op + " (index (. s a) 1) 2u)")
        << op;
  }
}

TEST(AssignParse, ShiftAssignAfterTemplateList) {
  EXPECT_EQ(dumpStatements("a[vec2<u32>(1)] >>= 1u;"), "(>>= (index a (call vec2<u32> 1)) 1u)");
  EXPECT_EQ(dumpStatements("a[vec2<u32>(1)] <<= 1u;"), "(<<= (index a (call vec2<u32> 1)) 1u)");
  EXPECT_EQ(dumpStatements("a[vec2<u32>(1)]>>=1u;"), "(>>= (index a (call vec2<u32> 1)) 1u)");
  EXPECT_EQ(dumpStatements("a[vec2<u32>(1).x]<<=1u;"), "(<<= (index a (. (call vec2<u32> 1) x)) 1u)");
  EXPECT_EQ(dumpStatements("v >>= vec2<u32>(1u);"), "(>>= v (call vec2<u32> 1u))");
  // `i<j]` is not a template list: the '<' is a comparison.
  EXPECT_EQ(dumpStatements("a[i<j] >>= 1u;"), "(>>= (index a (< i j)) 1u)");
}

TEST(AssignParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("_ += 1;"));      // phony assignment is only '='
  EXPECT_TRUE(bodyRejected("_++;"));
  EXPECT_TRUE(bodyRejected("x + 1 = 2;"));
  EXPECT_TRUE(bodyRejected("f() = 1;"));
  EXPECT_TRUE(bodyRejected("1 = x;"));
  EXPECT_TRUE(bodyRejected("x = ;"));
  EXPECT_TRUE(bodyRejected("_ = ;"));
  EXPECT_TRUE(bodyRejected("x = y = 1;"));   // assignment is not an expression
  EXPECT_TRUE(bodyRejected("x == 1;"));
  EXPECT_TRUE(bodyRejected("x = 1", "expected ';' after statement"));
  EXPECT_TRUE(bodyRejected("a<b> = 1;"));    // a left-hand side has no template list
}

// ------------------------------------------------------------------ increment / decrement

TEST(IncrementParse, Forms) {
  EXPECT_EQ(dumpStatements("i++; i--;"), "(++ i) (-- i)");
  EXPECT_EQ(dumpStatements("a[0]++; s.x--;"), "(++ (index a 0)) (-- (. s x))");
  EXPECT_EQ(dumpStatements("(*p)++;"), "(++ (paren (* p)))");
  // lhs_expression is `'*' lhs_expression`, so `*p++` increments `*p`.
  EXPECT_EQ(dumpStatements("*p++;"), "(++ (* p))");
}

TEST(IncrementParse, InvalidForms) {
  EXPECT_TRUE(bodyRejected("x++ ++;", "'++'"));
  // `--` followed by something that can start an operand is lexed as two '-' (docs/front-end.md),
  // so the message for this one speaks of '-'; any rejection will do.
  EXPECT_TRUE(bodyRejected("x-- --;"));
  EXPECT_TRUE(bodyRejected("++x;"));
  EXPECT_TRUE(bodyRejected("--x;"));
  EXPECT_TRUE(bodyRejected("x++ = 1;"));
  EXPECT_TRUE(bodyRejected("f()++;"));
  EXPECT_TRUE(bodyRejected("x++", "expected ';' after statement"));
}

// ------------------------------------------------------------------ const_assert

TEST(ConstAssertParse, InFunctionBody) {
  EXPECT_EQ(dumpStatements("const_assert 1 < 2;"), "(const_assert (< 1 2))");
  EXPECT_EQ(dumpStatements("const_assert(true);"), "(const_assert (paren true))");
  EXPECT_EQ(dumpStatements("const x = 2; const_assert x * 2 == 4;"), "(const x = 2) (const_assert (== (* x 2) 4))");
  EXPECT_TRUE(bodyRejected("const_assert;"));
  EXPECT_TRUE(bodyRejected("const_assert true", "expected ';' after statement"));
}

// ------------------------------------------------------------------ attributes on statements

TEST(StatementAttributeParse, InvalidAttributes) {
  EXPECT_TRUE(bodyRejected("@foo { }", "unknown attribute '@foo'"));
  EXPECT_TRUE(bodyRejected("@diagnostic(loud, derivative_uniformity) { }", "unknown diagnostic severity 'loud'"));
  EXPECT_TRUE(bodyRejected("@diagnostic { }"));
  EXPECT_TRUE(bodyRejected("@diagnostic(off) { }"));
  EXPECT_TRUE(bodyRejected("@diagnostic(off, a.b.c) { }"));
}

TEST(StatementAttributeParse, NotAllowedOnSimpleStatements) {
  // Only compound, if, switch, loop, for and while statements take attributes.
  EXPECT_TRUE(bodyRejected("@diagnostic(off, derivative_uniformity) x = 1;"));
  EXPECT_TRUE(bodyRejected("@diagnostic(off, derivative_uniformity) return;"));
  EXPECT_TRUE(bodyRejected("@diagnostic(off, derivative_uniformity) let a = 1;"));
  EXPECT_TRUE(bodyRejected("@diagnostic(off, derivative_uniformity) f();"));
  EXPECT_TRUE(bodyRejected("loop { @diagnostic(off, derivative_uniformity) break; }"));
}

// ------------------------------------------------------------------ mixed

TEST(StatementSequenceParse, SpecLoopExample) {
  // The example "loop with continue and continuing" of section "Loop Statement".
  EXPECT_EQ(dumpStatements("var a: i32 = 2;\n"
                           "var i: i32 = 0;\n"
                           "loop {\n"
                           "  if i >= 4 { break; }\n"
                           "  let step: i32 = 1;\n"
                           "  if i % 2 == 0 { continue; }\n"
                           "  a = a * 2;\n"
                           "  continuing {\n"
                           "    i = i + step;\n"
                           "  }\n"
                           "}"),
            "(var a : i32 = 2) (var i : i32 = 0) (loop { (if (>= i 4) { (break) }) (let step : i32 = 1) "
            "(if (== (% i 2) 0) { (continue) }) (= a (* a 2)) } (continuing { (= i (+ i step)) }))");
}

}  // namespace
