// The spec's floating point accuracy tables (section "Floating Point Accuracy", tables
// "Accuracy of concrete floating point operations" and "... built-in functions") as data, in
// one place, for f32 and f16, and the sets of results they allow.
//
// - `accuracyOf(id)` / `findAccuracy(name)` give the rule of an operator or built-in: its kind
//   (correct result, correctly rounded, N ULP, absolute error over a domain, inherited from an
//   expression, the worse of an absolute error and an inherited expression, unbounded) with its
//   parameters and the spec's wording of the inherited-from expression.
// - `allowedResults(id, type, args)` computes, for concrete scalar arguments, the interval of
//   results the spec allows: every value of the type in [lo, hi] is a legal result. Inherited
//   rules are evaluated by interval arithmetic over the inherited expression, where every
//   sub-operation may err within its own rule (rounding up or down, its ULP or absolute
//   bound), as the spec says ("subexpression evaluations are subject to other rules").
// - `farEdge` (for `--float=ulp-max`) and `randomIn` (for `--float=ulp-random:SEED`) pick a
//   result from that interval.
//
// Values of both types travel as double (an f16 value is exactly a double). Reference values of
// the transcendental functions are the host's binary64 libm results, taken as exact; the edges
// of an interval are computed exactly relative to that reference (error-free transformations),
// so a far edge is always inside the allowed set and at its boundary.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace wgsl::math {

enum class FloatType : uint8_t { F32, F16 };

// The operators of the spec's accuracy table for operations, in the spec's order. The built-in
// functions of the second table are the rows of interp/sema/builtin_table.inc whose Accuracy
// column is `Acc` (WGSL_ACCURACY_BUILTINS, in that file's order).
#define WGSL_ACCURACY_OPERATORS(X)                                                              \
  X(Add, "+") X(Sub, "-") X(Mul, "*") X(Div, "/") X(Rem, "%") X(Neg, "neg")                   \
  X(Eq, "==") X(Ne, "!=") X(Lt, "<") X(Le, "<=") X(Gt, ">") X(Ge, ">=")

enum class AccuracyId : uint8_t {
#define X(id, name) id,
  WGSL_ACCURACY_OPERATORS(X)
#undef X
#define WGSL_ACCURACY_Acc(id) id,
#define WGSL_ACCURACY__(id)
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) WGSL_ACCURACY_##accuracy(id)
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#undef WGSL_ACCURACY_Acc
#undef WGSL_ACCURACY__
  kCount
};

enum class AccuracyKind : uint8_t {
  CorrectResult,             // a non-floating point result (comparisons, packing)
  CorrectlyRounded,          // the exact result, or one of its two neighbours in the type
  Ulp,                       // |result - exact| <= (ulps + ulps_per_abs_x * |x|) * ULP(exact)
  AbsoluteError,             // |result - exact| <= abs_error
  AbsoluteInDomainElseUlp,   // abs_error inside the domain interval, `ulps` ULP outside (log)
  Inherited,                 // the accuracy of evaluating `inherited_from`
  WorseOfAbsoluteAndInherited,  // the looser of abs_error and `inherited_from`
  Unbounded,                 // "Infinite ULP": any result
  NotApplicable,             // no such overload for this type ("N/A")
};
const char* toString(AccuracyKind k);

// Where a bound holds; outside it the spec leaves the accuracy undefined ("When the accuracy for
// an operation is specified over an input range, the accuracy is undefined for input values
// outside that range").
enum class DomainKind : uint8_t {
  All,
  ArgInterval,    // args[domain_arg] in [domain_lo, domain_hi]
  ArgMagnitude,   // |args[domain_arg]| in [domain_lo, domain_hi]
  Atan2,          // |x| (args[1]) in [domain_lo, domain_hi] and y (args[0]) finite and normal
  ZeroOrNormal,   // args[0] is zero or normal (frexp)
};

struct Accuracy {  // one column of a table row
  AccuracyKind kind = AccuracyKind::CorrectlyRounded;
  double ulps = 0;            // Ulp, AbsoluteInDomainElseUlp
  double ulps_per_abs_x = 0;  // Ulp: the `2 * |x|` of exp and exp2
  double abs_error = 0;       // AbsoluteError, AbsoluteInDomainElseUlp, WorseOf...
  DomainKind domain = DomainKind::All;
  uint8_t domain_arg = 0;
  double domain_lo = 0, domain_hi = 0;
  const char* inherited_from = nullptr;  // the spec's expression, verbatim
};

struct AccuracyRule {
  AccuracyId id;
  const char* name;   // "sin", "/" (operators by symbol; unary minus is "neg")
  const char* expr;   // the table's first column: "x / y", "atan2(y, x)"
  uint8_t arity;      // scalar arguments allowedResults() takes (0: not a scalar operation)
  Accuracy f32, f16;
  const char* note;   // extra conditions of the table cell, or nullptr
  const Accuracy& of(FloatType t) const { return t == FloatType::F32 ? f32 : f16; }
};

const std::vector<AccuracyRule>& accuracyTable();  // indexed by AccuracyId
const AccuracyRule& accuracyOf(AccuracyId id);
const AccuracyRule* findAccuracy(std::string_view name);  // by `name`; nullptr if unknown

// ---- values of the two types, carried as double ------------------------------------------
double maxFinite(FloatType t);                 // 0x1.fffffep127, 65504
double ulpOf(FloatType t, double x);           // the spec's ULP(x) (Muller's definition)
double roundDown(FloatType t, double x);       // largest value of t <= x (-inf below -max)
double roundUp(FloatType t, double x);         // smallest value of t >= x (+inf above max)
double roundNearest(FloatType t, double x);    // ties to even, overflow to infinity
double nextUp(FloatType t, double v);          // v a value of t
double nextDown(FloatType t, double v);
bool isValueOf(FloatType t, double x);         // exactly representable (finite or infinite)
int64_t ordinalOf(FloatType t, double v);      // monotone numbering (both zeros are 0)
double fromOrdinal(FloatType t, int64_t o);

// ---- allowed results ---------------------------------------------------------------------
struct Allowed {
  enum class Kind : uint8_t {
    Interval,   // every value of the type in [lo, hi]
    Unbounded,  // the accuracy is undefined here (outside a domain, "Infinite ULP"): any value
    NonFinite,  // an argument or the exact result is infinite or NaN: the Finite Math
                // Assumption makes the result indeterminate (see --nonfinite)
    NotScalar,  // a vector, matrix or subgroup operation: its lowering's parts carry the rules
  };
  Kind kind = Kind::Interval;
  double lo = 0, hi = 0;
  double reference = 0;  // the accurate result rounded to nearest (NaN/inf for NonFinite)
  // A "worse of" rule whose inherited part is undefined for these arguments (e.g. acos(0.0):
  // atan2(1.0, 0.0) has |x| outside [2^-126, 2^126]); the interval is the absolute-error part.
  bool inherited_part_undefined = false;
  bool contains(double v) const { return kind != Kind::Interval || (v >= lo && v <= hi); }
};

// The results the spec allows for `id` on scalar arguments of type t (integer arguments, such
// as ldexp's exponent or an unpacked integer component, as their value). args has arity()
// entries.
Allowed allowedResults(AccuracyId id, FloatType t, const double* args);

// The interval around a caller-supplied exact result for rules that are not inherited (the
// interpreter may already hold a better reference); inherited rules ignore `exact`.
Allowed allowedAround(AccuracyId id, FloatType t, const double* args, double exact);

enum class Edge : uint8_t { Low, High };
// The far edge of the interval in that direction (ulp-max); the reference when not an interval.
double farEdge(const Allowed& a, Edge e);
// A value of the type chosen uniformly among the values in [lo, hi] by `seed` (ulp-random);
// the reference when not an interval.
double randomIn(const Allowed& a, FloatType t, uint64_t seed);

// A well-mixed 64-bit hash of (seed, a, b) for per-call-site / per-lane seeds.
uint64_t mixSeed(uint64_t seed, uint64_t a, uint64_t b = 0);

}  // namespace wgsl::math
