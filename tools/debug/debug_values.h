// Source-level values of one invocation at a stop: WGSL variables found through the kernel's debug
// information (interp/ir/debug_info.h), read from the subgroup's registers and memory, and the
// places among them (`out[3].b`) that watchpoints and structured views need. Expressions are
// evaluated by the engine (tools/debug/expression.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interp/exec/workgroup_state.h"
#include "interp/ir/debug_info.h"
#include "interp/ir/ir.h"

namespace wgslemu::debug {

// Where the focused invocation is: everything needed to read its values.
struct Frame {
  const wgsl::ir::Kernel* k = nullptr;
  const wgsl::exec::WorkgroupState* w = nullptr;
  const wgsl::exec::ExecContext* ctx = nullptr;
  uint32_t sg = 0;    // subgroup within the workgroup
  uint32_t lane = 0;  // lane within the subgroup
  uint32_t pc = 0;
  uint32_t site = 0;  // the inlined call whose variables are visible (a backtrace frame)
};

// A value: a place in registers or memory, or a computed scalar.
struct Value {
  const wgsl::sema::Type* type = nullptr;
  enum class Where : uint8_t { Regs, Memory, Scalar } where = Where::Scalar;
  uint32_t reg = 0;              // Regs: first register
  const uint8_t* base = nullptr;  // Memory: the variable's bytes for this invocation
  uint64_t size = 0;             // and their size
  uint64_t offset = 0;           // byte offset of this value within them
  // Scalar: the value (bool/int as integer, float as double).
  double f = 0;
  int64_t i = 0;
};

// Variables visible at `f` (innermost declaration first), with their values.
struct NamedValue {
  std::string name;
  std::string kind;  // "param", "let", "var", "storage", "uniform", "workgroup", "private"
  Value value;
};
std::vector<NamedValue> visibleVariables(const Frame& f, bool module_scope);
// The parameters, `let`s and `var`s visible at `f` (innermost declaration first, shadowed ones left out).
std::vector<const wgsl::ir::DebugVar*> visibleLocals(const Frame& f);

// The place `expr` denotes: a variable, `.member`, `.x`, `[index]` (an integer literal or a place
// holding one), where it is (registers or memory, for watchpoints and structured views). Other
// expressions are evaluated by the engine (expression.h). Nullopt and `error` ("no variable
// named 'x' in scope here", "column 5: expected ']'").
std::optional<Value> evaluatePlace(const Frame& f, const std::string& expr, std::string& error);

// The value as WGSL-like text: 3, 1.5, true, vec3<f32>(1, 2, 3), S{a: 1, b: 2}, [1, 2, 3].
// hex: integers as 0x... . At most `max_elements` array elements are shown.
std::string format(const Frame& f, const Value& v, bool hex = false, uint32_t max_elements = 64);

// Children of a composite value (members, components, elements from `first`, at most `count`),
// for structured views (DAP variables). Names: "x", "member", "[3]".
std::vector<NamedValue> children(const Frame& f, const Value& v, uint32_t first = 0, uint32_t count = 1000);
// Number of children of a composite (0 for scalars); arrays: their element count.
uint64_t childCount(const Frame& f, const Value& v);

// A scalar value as a boolean (for conditions): false when not a scalar.
bool truthy(const Frame& f, const Value& v, bool& ok);

// The inline site of `pc` and its chain to the entry point (innermost first).
std::vector<uint32_t> siteChain(const wgsl::ir::Kernel& k, uint32_t pc);

}  // namespace wgslemu::debug
