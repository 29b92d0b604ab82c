#include "interp/sema/builtin_fn.h"

#include <algorithm>
#include <array>
#include <utility>

namespace wgsl::sema {
namespace {

// The columns of builtin_table.inc that sema reads, indexed by BuiltinFn (row 0: None).
struct Row {
  std::string_view name;
  BuiltinUniformity uniformity;
  BuiltinLowering lowering;
  bool accuracy;
};

constexpr bool kAcc_Acc = true;
constexpr bool kAcc__ = false;

constexpr Row kRows[] = {
    {"", BuiltinUniformity::Plain, BuiltinLowering::Unsupported, false},
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  {#name, BuiltinUniformity::uniformity, BuiltinLowering::lowering, kAcc_##accuracy},
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
};
static_assert(std::size(kRows) == kBuiltinFnCount + 1);

const Row& row(BuiltinFn fn) { return kRows[static_cast<size_t>(fn)]; }

}  // namespace

std::string_view builtinFnName(BuiltinFn fn) { return row(fn).name; }

BuiltinFn builtinFnFromName(std::string_view name) {
  static const auto sorted = [] {
    std::array<std::pair<std::string_view, BuiltinFn>, kBuiltinFnCount> s{};
    for (size_t i = 0; i < kBuiltinFnCount; ++i) s[i] = {kRows[i + 1].name, static_cast<BuiltinFn>(i + 1)};
    std::sort(s.begin(), s.end());
    return s;
  }();
  auto it = std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(name, BuiltinFn::None));
  return it != sorted.end() && it->first == name ? it->second : BuiltinFn::None;
}

BuiltinUniformity builtinUniformity(BuiltinFn fn) { return row(fn).uniformity; }
BuiltinLowering builtinLowering(BuiltinFn fn) { return row(fn).lowering; }
bool builtinHasAccuracyRow(BuiltinFn fn) { return row(fn).accuracy; }

}  // namespace wgsl::sema
