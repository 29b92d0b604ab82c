// Deep but valid inputs, generated: every shape the front end walks recursively (expressions,
// statements, else-if chains, calls, declaration chains, nested types) just below its
// implementation limit is accepted, and for runnable shapes also lowered and run; just above
// it is rejected with the limit's diagnostic. Each program runs through the `wgslemu` binary
// with its stack limited to 4 MiB (a TBB worker's stack), so that a pass that recursed too
// deeply would crash instead of passing. The limits are in interp/sema/limits.h.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <string>

#include "interp/ast/ast_builder.h"
#include "interp/sema/limits.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using sema::kMaxCallDepth;
using sema::kMaxDeclarationChain;
using sema::kMaxExpressionHeight;
using sema::kMaxStatementNesting;

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::string kernel(const std::string& body, const std::string& decls = "") {
  return decls + "\n@compute @workgroup_size(1) fn main() {\n" + body + "\n}\n";
}

// `wgslemu <command> FILE` with a 4 MiB stack; `command` is "check" or "run".
test::CommandResult wgslemu(const std::string& command, const std::string& source) {
  static int counter = 0;
  // The process id keeps files apart when CTest runs the tests of this binary in parallel.
  const std::string path = ::testing::TempDir() + "deep_input_" + std::to_string(::getpid()) + "_" +
                           std::to_string(++counter) + ".wgsl";
  std::ofstream(path) << source;
  std::string cmd = "ulimit -s 4096 && '" WGSLEMU_BINARY "' " + command + " '" + path + "'";
  if (command == "run") cmd += " --dispatch 1";
  return test::runCommand(cmd);
}

::testing::AssertionResult accepted(const std::string& source, bool run) {
  for (const char* command : {"check", "run"}) {
    if (std::string(command) == "run" && !run) break;
    test::CommandResult r = wgslemu(command, source);
    if (r.exit_code != 0) {
      return ::testing::AssertionFailure() << "wgslemu " << command << " exited " << r.exit_code << "\n"
                                           << r.err.substr(0, 2000) << r.out.substr(0, 500);
    }
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult rejected(const std::string& source, const std::string& needle) {
  test::CommandResult r = wgslemu("check", source);
  if (r.exit_code != 1) {
    return ::testing::AssertionFailure() << "expected exit code 1, got " << r.exit_code << "\n" << r.err.substr(0, 2000);
  }
  if (r.err.find(needle) == std::string::npos) {
    return ::testing::AssertionFailure() << "expected an error containing: " << needle << "\ngot:\n"
                                         << r.err.substr(0, 2000);
  }
  return ::testing::AssertionSuccess();
}

// `x = x + x + ... + x;` with n operators: a tree n + 1 levels high (the assignment's value).
std::string binaryChain(size_t n) {
  return kernel("var x = 1;\nx = x" + repeat(" + x", n) + ";\no_ = x;", "var<private> o_: i32;");
}

TEST(DeepInput, BinaryChainAtTheLimit) {
  EXPECT_TRUE(accepted(binaryChain(kMaxExpressionHeight - 1), true));
}

TEST(DeepInput, BinaryChainAboveTheLimit) {
  EXPECT_TRUE(rejected(binaryChain(kMaxExpressionHeight), "expression is nested more than 1024 levels deep"));
}

TEST(DeepInput, LongestChainTheParserAcceptsIsADiagnostic) {
  EXPECT_TRUE(rejected(binaryChain(ast::kMaxExpressionDepth), "expression is nested more than"));
}

// `v.xy.xy ... .x`: member accesses in a row.
std::string memberChain(size_t n) {
  return kernel("var v = vec2(1, 2);\nlet y = v" + repeat(".xy", n) + ".x;\n_ = y;");
}

TEST(DeepInput, MemberChainAtAndAboveTheLimit) {
  EXPECT_TRUE(accepted(memberChain(kMaxExpressionHeight - 2), true));
  EXPECT_TRUE(rejected(memberChain(kMaxExpressionHeight), "expression is nested more than"));
}

// `v.yx.yx ... [1]`: an index after a run of member accesses.
std::string indexChain(size_t n) {
  return kernel("var v = vec2(1, 2);\nlet z = v" + repeat(".yx", n) + "[1];\n_ = z;");
}

TEST(DeepInput, IndexAfterSwizzleChain) {
  EXPECT_TRUE(accepted(indexChain(kMaxExpressionHeight - 4), true));
  EXPECT_TRUE(rejected(indexChain(2 * kMaxExpressionHeight), "expression is nested more than"));
}

// Parentheses and prefix operators are capped by the parser (255); each level of parentheses
// holding a long chain multiplies the height, which the resolver's limit catches.
TEST(DeepInput, NestedParenthesesAndUnaryChains) {
  const size_t n = 250;
  EXPECT_TRUE(accepted(kernel("var x = 1;\nx = " + repeat("(", n) + "x" + repeat(")", n) + ";"), true));
  EXPECT_TRUE(accepted(kernel("var x = 1;\nx = " + repeat("-", n) + "x;"), true));
  EXPECT_TRUE(accepted(kernel("var b = true;\nb = " + repeat("!", n) + "b;"), true));
  // Ten levels of parentheses, each holding a chain of 200 operators: about 2 000 levels.
  std::string e = "x";
  for (int k = 0; k < 10; ++k) e = "(" + e + repeat(" + x", 200) + ")";
  EXPECT_TRUE(rejected(kernel("var x = 1;\nx = " + e + ";"), "expression is nested more than"));
  // A hundred levels of parentheses each holding a chain of 4000 operators (400 000 levels, the
  // most the parser allows): rejected, and no pass walks it afterwards.
  e = "x";
  for (int k = 0; k < 100; ++k) e = "(" + e + repeat(" + x", 4000) + ")";
  EXPECT_TRUE(rejected(kernel("var x = 1;\nx = " + e + ";"), "expression is nested more than"));
  // Nested calls: arguments add levels too.
  EXPECT_TRUE(accepted(kernel("let x = " + repeat("abs(", 200) + "1" + repeat(")", 200) + ";"), true));
}

// `if c {} else if c {} ...` with n clauses.
std::string elseIfChain(size_t n) {
  std::string body = "var x = 0;\nif x == 0 { x = 1; }";
  for (size_t i = 1; i < n; ++i) body += " else if x == " + std::to_string(i) + " { x = " + std::to_string(i) + "; }";
  return kernel(body + " else { x = 2; }");
}

TEST(DeepInput, ElseIfChainAtAndAboveTheLimit) {
  EXPECT_TRUE(accepted(elseIfChain(kMaxStatementNesting - 4), true));
  EXPECT_TRUE(rejected(elseIfChain(kMaxStatementNesting + 1), "statements are nested more than 1024 levels deep"));
}

TEST(DeepInput, NestedBlocksIfsLoopsSwitches) {
  // "Maximum nesting depth of brace-enclosed statements in a function: 127" (section "Limits").
  const size_t n = 120;
  EXPECT_TRUE(accepted(kernel(repeat("{ ", n) + "let a = 1;" + repeat(" }", n)), true));
  EXPECT_TRUE(accepted(kernel("var x = 0;\n" + repeat("if x == 0 { ", n) + "x = 1;" + repeat(" }", n)), true));
  EXPECT_TRUE(accepted(kernel("var x = 0;\n" + repeat("loop { ", n / 2) + "x += 1;" + repeat(" break; }", n / 2)), true));
  EXPECT_TRUE(
      accepted(kernel("var x = 0;\n" + repeat("switch x { default { ", n / 2) + "x = 1;" + repeat(" } }", n / 2)), true));
  EXPECT_TRUE(rejected(kernel(repeat("{ ", 130) + repeat(" }", 130)), "braces are nested more than 127 deep"));
  // An else-if chain inside nested ifs: the two depths add up.
  std::string chain = "if x == 0 { x = 1; }";
  for (size_t i = 1; i < kMaxStatementNesting - 50; ++i) chain += " else if x == " + std::to_string(i) + " { x = 0; }";
  EXPECT_TRUE(rejected(kernel("var x = 0;\n" + repeat("if x == 0 { ", 100) + chain + repeat(" }", 100)),
                       "statements are nested more than"));
}

// f0 calls f1 calls ... f(n-1); main calls f0: a chain of n + 1 functions.
std::string callChain(size_t n) {
  std::string decls;
  for (size_t i = 0; i + 1 < n; ++i) {
    decls += "fn f" + std::to_string(i) + "(p: ptr<function, i32>) -> i32 { return f" + std::to_string(i + 1) + "(p) + 1; }\n";
  }
  decls += "fn f" + std::to_string(n - 1) + "(p: ptr<function, i32>) -> i32 { *p += 1; return *p; }\n";
  return kernel("var x = 0;\n_ = f0(&x);", decls);
}

TEST(DeepInput, CallChainAtAndAboveTheLimit) {
  EXPECT_TRUE(accepted(callChain(kMaxCallDepth - 1), true));
  EXPECT_TRUE(rejected(callChain(kMaxCallDepth), "nested calls"));
  EXPECT_TRUE(rejected(callChain(20000), "function 'main' starts a chain of 20001 nested calls"));
}

// Module-scope declarations each naming the next: resolved in dependency order, any length.
TEST(DeepInput, LongDeclarationChainsAreAccepted) {
  const size_t n = 20000;
  std::string consts, overrides, aliases;
  for (size_t i = 0; i < n; ++i) {
    consts += "const c" + std::to_string(i) + " = c" + std::to_string(i + 1) + " + 1;\n";
    overrides += "override o" + std::to_string(i) + " = o" + std::to_string(i + 1) + " + 1;\n";
    aliases += "alias a" + std::to_string(i) + " = a" + std::to_string(i + 1) + ";\n";
  }
  consts += "const c" + std::to_string(n) + " = 0;\nconst_assert c0 == " + std::to_string(n) + ";\n";
  overrides += "override o" + std::to_string(n) + " = 0;\n";
  aliases += "alias a" + std::to_string(n) + " = i32;\n";
  EXPECT_TRUE(accepted(kernel("var x: a0 = 1;\n_ = x;", consts + aliases), true));
  EXPECT_TRUE(accepted(kernel("var x = o0;\n_ = x;", overrides), true));
  // Structures each holding the next are limited by the nesting depth of composite types.
  std::string structs;
  for (size_t i = 0; i < 200; ++i) {
    structs += "struct S" + std::to_string(i) + " { a: S" + std::to_string(i + 1) + " }\n";
  }
  structs += "struct S200 { a: i32 }\n";
  EXPECT_TRUE(rejected(kernel("var s: S0;", structs), "nest"));
}

TEST(DeepInput, LongDeclarationCycleIsADiagnostic) {
  const size_t n = 5000;
  std::string consts;
  for (size_t i = 0; i < n; ++i) consts += "const c" + std::to_string(i) + " = c" + std::to_string((i + 1) % n) + ";\n";
  EXPECT_TRUE(rejected(consts, "depend on each other more than " + std::to_string(kMaxDeclarationChain) + " deep"));
  EXPECT_TRUE(rejected("const a = b;\nconst b = c;\nconst c = a;\n", "cyclic dependency"));
}

// Nested arrays and aliases of arrays up to the composite nesting limit, through every pass.
TEST(DeepInput, NestedArrayTypes) {
  std::string t = "i32";
  for (int k = 0; k < 14; ++k) t = "array<" + t + ", 1>";
  EXPECT_TRUE(accepted(kernel("var a: " + t + ";\n_ = a;"), true));
  std::string aliases = "alias T0 = array<i32, 1>;\n";
  for (int k = 1; k < 14; ++k) aliases += "alias T" + std::to_string(k) + " = array<T" + std::to_string(k - 1) + ", 1>;\n";
  EXPECT_TRUE(accepted(kernel("var a: T13;\n_ = a;", aliases), true));
}

// A structure of 30 structures of 30 ... (30^8 scalars) used as a value: the lowering refuses
// it at its register limit instead of counting or materialising every scalar.
TEST(DeepInput, WideStructureValueIsRefusedByTheLowering) {
  std::string decls = "struct S0 { ";
  for (int j = 0; j < 30; ++j) decls += "m" + std::to_string(j) + ": f32, ";
  decls += "}\n";
  for (int i = 1; i < 8; ++i) {
    decls += "struct S" + std::to_string(i) + " { ";
    for (int j = 0; j < 30; ++j) decls += "m" + std::to_string(j) + ": S" + std::to_string(i - 1) + ", ";
    decls += "}\n";
  }
  const std::string src = kernel("let x = z;\n_ = x.m0.m0.m0.m0.m0.m0.m0.m0;", decls + "const z = S7();\n");
  EXPECT_TRUE(accepted(src, false));
  test::CommandResult r = wgslemu("run", src);
  EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2) << r.exit_code << "\n" << r.err.substr(0, 2000);
  EXPECT_NE(r.err.find("too large for registers"), std::string::npos) << r.err.substr(0, 2000);
}

}  // namespace
}  // namespace wgsl
