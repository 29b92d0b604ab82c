// The accuracy table of interp/math/accuracy.h against the spec's tables "Accuracy of concrete
// floating point operations" and "... built-in functions": every row written out by hand from
// the spec text below, and the spec file itself parsed to check that no row is missing.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "interp/math/accuracy.h"
#include "tests/support/test_support.h"

namespace wgsl::math {
namespace {

using K = AccuracyKind;
using D = DomainKind;

// One hand-written expectation per column.
struct Col {
  K kind;
  double ulps = 0, per_abs_x = 0, abs = 0;
  D domain = D::All;
  double lo = 0, hi = 0;
  const char* inherited = nullptr;
};
Col CR() { return {K::CorrectlyRounded}; }
Col CORRECT() { return {K::CorrectResult}; }
Col INF_ULP() { return {K::Unbounded}; }
Col NA() { return {K::NotApplicable}; }
Col INH(const char* e) { return {K::Inherited, 0, 0, 0, D::All, 0, 0, e}; }
Col WORSE(double abs, const char* e) { return {K::WorseOfAbsoluteAndInherited, 0, 0, abs, D::All, 0, 0, e}; }
Col ULPS(double n, double per = 0) { return {K::Ulp, n, per}; }

struct Row {
  const char* name;
  Col f32, f16;
};

const double kPi = 3.14159265358979323846;

std::vector<Row> expectations() {
  const char* acos_e = "atan2(sqrt(1.0 - x * x), x)";
  const char* asin_e = "atan2(x, sqrt(1.0 - x * x))";
  const Col div32{K::Ulp, 2.5, 0, 0, D::ArgMagnitude, 0x1p-126, 0x1p126};
  const Col div16{K::Ulp, 2.5, 0, 0, D::ArgMagnitude, 0x1p-14, 0x1p14};
  const Col atan2_32{K::Ulp, 4096, 0, 0, D::Atan2, 0x1p-126, 0x1p126};
  const Col atan2_16{K::Ulp, 5, 0, 0, D::Atan2, 0x1p-14, 0x1p14};
  const Col trig32{K::AbsoluteError, 0, 0, 0x1p-11, D::ArgInterval, -kPi, kPi};
  const Col trig16{K::AbsoluteError, 0, 0, 0x1p-7, D::ArgInterval, -kPi, kPi};
  const Col log32{K::AbsoluteInDomainElseUlp, 3, 0, 0x1p-21, D::ArgInterval, 0.5, 2.0};
  const Col log16{K::AbsoluteInDomainElseUlp, 3, 0, 0x1p-7, D::ArgInterval, 0.5, 2.0};
  const Col frexp{K::CorrectlyRounded, 0, 0, 0, D::ZeroOrNormal};
  std::vector<Row> r = {
      {"+", CR(), CR()}, {"-", CR(), CR()}, {"*", CR(), CR()}, {"/", div32, div16},
      {"%", INH("x - y * trunc(x/y)"), INH("x - y * trunc(x/y)")}, {"neg", CR(), CR()},
      {"==", CORRECT(), CORRECT()}, {"!=", CORRECT(), CORRECT()}, {"<", CORRECT(), CORRECT()},
      {"<=", CORRECT(), CORRECT()}, {">", CORRECT(), CORRECT()}, {">=", CORRECT(), CORRECT()},
      {"abs", CR(), CR()},
      {"acos", WORSE(6.77e-5, acos_e), WORSE(3.91e-3, acos_e)},
      {"acosh", INH("log(x + sqrt(x * x - 1.0))"), INH("log(x + sqrt(x * x - 1.0))")},
      {"asin", WORSE(6.81e-5, asin_e), WORSE(3.91e-3, asin_e)},
      {"asinh", INH("log(x + sqrt(x * x + 1.0))"), INH("log(x + sqrt(x * x + 1.0))")},
      {"atan", ULPS(4096), ULPS(5)}, {"atan2", atan2_32, atan2_16},
      {"atanh", INH("log( (1.0 + x) / (1.0 - x) ) * 0.5"), INH("log( (1.0 + x) / (1.0 - x) ) * 0.5")},
      {"ceil", CR(), CR()}, {"clamp", CR(), CR()}, {"cos", trig32, trig16},
      {"cosh", INH("(exp(x) + exp(-x)) * 0.5"), INH("(exp(x) + exp(-x)) * 0.5")},
      {"cross", INH("(x[i] * y[j] - x[j] * y[i])"), INH("(x[i] * y[j] - x[j] * y[i])")},
      {"degrees", INH("x * 57.295779513082322865"), INH("x * 57.295779513082322865")},
      {"determinant", INF_ULP(), INF_ULP()},
      {"distance", INH("length(x - y)"), INH("length(x - y)")},
      {"dot", INH("sum of `x[i] * y[i]`"), INH("sum of `x[i] * y[i]`")},
      {"dpdx", INF_ULP(), INF_ULP()}, {"dpdxCoarse", INF_ULP(), INF_ULP()}, {"dpdxFine", INF_ULP(), INF_ULP()},
      {"dpdy", INF_ULP(), INF_ULP()}, {"dpdyCoarse", INF_ULP(), INF_ULP()}, {"dpdyFine", INF_ULP(), INF_ULP()},
      {"fwidth", INF_ULP(), INF_ULP()}, {"fwidthCoarse", INF_ULP(), INF_ULP()}, {"fwidthFine", INF_ULP(), INF_ULP()},
      {"exp", ULPS(3, 2), ULPS(1, 2)}, {"exp2", ULPS(3, 2), ULPS(1, 2)},
      {"faceForward", INH("select(-x, x, dot(z, y) < 0.0)"), INH("select(-x, x, dot(z, y) < 0.0)")},
      {"floor", CR(), CR()}, {"fma", INH("x * y + z"), INH("x * y + z")},
      {"fract", INH("x - floor(x)"), INH("x - floor(x)")}, {"frexp", frexp, frexp},
      {"inverseSqrt", ULPS(2), ULPS(2)}, {"ldexp", CR(), CR()},
      {"length", INH("sqrt(x*x)"), INH("sqrt(x*x)")},
      {"log", log32, log16}, {"log2", log32, log16}, {"max", CR(), CR()}, {"min", CR(), CR()},
      {"mix", INH("x * (1.0 - z) + y * z"), INH("x * (1.0 - z) + y * z")}, {"modf", CR(), CR()},
      {"normalize", INH("x / length(x)"), INH("x / length(x)")},
      {"pack4x8snorm", CORRECT(), CORRECT()}, {"pack4x8unorm", CORRECT(), CORRECT()},
      {"pack2x16snorm", CORRECT(), CORRECT()}, {"pack2x16unorm", CORRECT(), CORRECT()},
      {"pack2x16float", CORRECT(), CORRECT()},
      {"pow", INH("exp2(y * log2(x))"), INH("exp2(y * log2(x))")}, {"quantizeToF16", CR(), CR()},
      {"radians", INH("x * 0.017453292519943295474"), INH("x * 0.017453292519943295474")},
      {"reflect", INH("x - 2.0 * dot(x, y) * y"), INH("x - 2.0 * dot(x, y) * y")},
      {"refract", INH("z * x - (z * dot(y, x) + sqrt(k)) * y"), INH("z * x - (z * dot(y, x) + sqrt(k)) * y")},
      {"round", CR(), CR()}, {"sign", CR(), CR()}, {"sin", trig32, trig16},
      {"sinh", INH("(exp(x) - exp(-x)) * 0.5"), INH("(exp(x) - exp(-x)) * 0.5")}, {"saturate", CR(), CR()},
      {"smoothstep", INH("t * t * (3.0 - 2.0 * t)"), INH("t * t * (3.0 - 2.0 * t)")},
      {"sqrt", INH("1.0 / inverseSqrt(x)"), INH("1.0 / inverseSqrt(x)")}, {"step", CR(), CR()},
      {"tan", INH("sin(x) / cos(x)"), INH("sin(x) / cos(x)")},
      {"tanh", WORSE(1.0e-5, "sinh(x) / cosh(x)"), WORSE(1.0e-5, "sinh(x) / cosh(x)")},
      {"transpose", CR(), CR()}, {"trunc", CR(), CR()},
      {"unpack4x8snorm", ULPS(3), NA()}, {"unpack4x8unorm", ULPS(3), NA()},
      {"unpack2x16snorm", ULPS(3), NA()}, {"unpack2x16unorm", ULPS(3), NA()},
      {"unpack2x16float", CR(), NA()},
      {"subgroupBroadcast", CR(), CR()}, {"subgroupBroadcastFirst", CR(), CR()},
      {"subgroupAdd", INH(nullptr), INH(nullptr)}, {"subgroupExclusiveAdd", INH(nullptr), INH(nullptr)},
      {"subgroupInclusiveAdd", INH(nullptr), INH(nullptr)}, {"subgroupMul", INH(nullptr), INH(nullptr)},
      {"subgroupExclusiveMul", INH(nullptr), INH(nullptr)}, {"subgroupInclusiveMul", INH(nullptr), INH(nullptr)},
      {"subgroupMax", INH(nullptr), INH(nullptr)}, {"subgroupMin", INH(nullptr), INH(nullptr)},
      {"subgroupShuffle", CR(), CR()}, {"subgroupShuffleDown", CR(), CR()}, {"subgroupShuffleUp", CR(), CR()},
      {"subgroupShuffleXor", CR(), CR()}, {"quadBroadcast", CR(), CR()}, {"quadSwapDiagonal", CR(), CR()},
      {"quadSwapX", CR(), CR()}, {"quadSwapY", CR(), CR()},
  };
  return r;
}

void expectColumn(const std::string& name, const char* type, const Accuracy& got, const Col& want) {
  SCOPED_TRACE(name + " " + type);
  EXPECT_EQ(toString(got.kind), std::string(toString(want.kind)));
  EXPECT_EQ(got.ulps, want.ulps);
  EXPECT_EQ(got.ulps_per_abs_x, want.per_abs_x);
  // Decimal bounds are stored one binary64 step below the decimal value (never looser).
  EXPECT_LE(got.abs_error, want.abs);
  EXPECT_GE(got.abs_error, std::nextafter(want.abs, 0.0));
  EXPECT_EQ(static_cast<int>(got.domain), static_cast<int>(want.domain));
  if (want.domain != D::All && want.domain != D::ZeroOrNormal) {
    EXPECT_DOUBLE_EQ(got.domain_lo, want.lo);
    EXPECT_DOUBLE_EQ(got.domain_hi, want.hi);
  }
  if (want.inherited) {
    ASSERT_NE(got.inherited_from, nullptr);
    EXPECT_EQ(std::string(got.inherited_from), want.inherited);
  } else if (want.kind == K::Inherited || want.kind == K::WorseOfAbsoluteAndInherited) {
    EXPECT_NE(got.inherited_from, nullptr);
  }
}

TEST(AccuracyTable, EveryRowMatchesTheSpec) {
  const auto rows = expectations();
  EXPECT_EQ(rows.size(), accuracyTable().size());
  std::set<std::string> seen;
  for (const Row& r : rows) {
    const AccuracyRule* rule = findAccuracy(r.name);
    ASSERT_NE(rule, nullptr) << r.name;
    EXPECT_TRUE(seen.insert(r.name).second) << "duplicate expectation " << r.name;
    expectColumn(r.name, "f32", rule->f32, r.f32);
    expectColumn(r.name, "f16", rule->f16, r.f16);
  }
}

TEST(AccuracyTable, IdsIndexTheTable) {
  for (size_t i = 0; i < accuracyTable().size(); ++i)
    EXPECT_EQ(static_cast<size_t>(accuracyTable()[i].id), i) << accuracyTable()[i].name;
  EXPECT_EQ(accuracyTable().size(), static_cast<size_t>(AccuracyId::kCount));
  EXPECT_STREQ(accuracyOf(AccuracyId::Tan).name, "tan");
  EXPECT_EQ(findAccuracy("no-such-builtin"), nullptr);
}

TEST(AccuracyTable, ScalarArities) {
  // Operations the interpreter evaluates per scalar have an arity; vector, matrix, derivative,
  // packing and subgroup operations have none (their lowering's parts carry the rules).
  const std::map<std::string, int> arity = {
      {"+", 2}, {"/", 2}, {"%", 2}, {"neg", 1}, {"atan2", 2}, {"fma", 3}, {"mix", 3}, {"smoothstep", 3},
      {"clamp", 3}, {"pow", 2}, {"ldexp", 2}, {"step", 2}, {"tan", 1}, {"length", 1}, {"dot", 0},
      {"cross", 0}, {"determinant", 0}, {"subgroupAdd", 0}, {"pack4x8snorm", 0}, {"==", 0}};
  for (const auto& [name, n] : arity) EXPECT_EQ(findAccuracy(name)->arity, n) << name;
}

// The first-column entries of the spec's two accuracy tables, read from the spec file.
std::set<std::string> specRowNames() {
  const std::string spec = test::readFile(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  std::set<std::string> names;
  for (const char* caption : {"<caption>Accuracy of concrete floating point operations</caption>",
                              "<caption>Accuracy of concrete floating point built-in functions</caption>"}) {
    size_t pos = spec.find(caption);
    EXPECT_NE(pos, std::string::npos) << caption;
    if (pos == std::string::npos) continue;
    const size_t end = spec.find("</table>", pos);
    for (;;) {
      pos = spec.find("<tr><td", pos);
      if (pos == std::string::npos || pos > end) break;
      // A cell may list several functions: `dpdx(x)`<br> `dpdxCoarse(x)`<br> ...
      const size_t cell_end = spec.find("<td", pos + 6);
      size_t q = spec.find('`', pos);
      while (q != std::string::npos && q < cell_end) {
        const size_t close = spec.find('`', q + 1);
        std::string entry = spec.substr(q + 1, close - q - 1);
        const size_t paren = entry.find('(');
        std::string name;
        if (paren != std::string::npos) {
          name = entry.substr(0, paren);
        } else if (entry == "-x") {
          name = "neg";
        } else {
          name = entry.substr(2, entry.size() - 4);  // "x + y" -> "+"
        }
        names.insert(name);
        q = spec.find('`', close + 1);
      }
      pos = cell_end;
    }
  }
  return names;
}

TEST(AccuracyTable, CoversEveryRowOfTheSpecTables) {
  const std::set<std::string> spec = specRowNames();
  EXPECT_GT(spec.size(), 90u);
  for (const std::string& n : spec) EXPECT_NE(findAccuracy(n), nullptr) << "spec row missing: " << n;
  for (const AccuracyRule& r : accuracyTable()) EXPECT_TRUE(spec.count(r.name)) << "not a spec row: " << r.name;
}

TEST(AccuracyTable, InheritedExpressionsAreTheSpecsWords) {
  const std::string spec = test::readFile(std::string(WGSLEMU_SPEC_DIR) + "/wgsl.bs");
  for (const AccuracyRule& r : accuracyTable()) {
    for (const Accuracy* a : {&r.f32, &r.f16}) {
      if (!a->inherited_from) continue;
      const std::string e = a->inherited_from;
      if (e.find("invocations") != std::string::npos) continue;  // subgroup rows are paraphrased
      EXPECT_NE(spec.find(e), std::string::npos) << r.name << ": " << e;
    }
  }
}

}  // namespace
}  // namespace wgsl::math
