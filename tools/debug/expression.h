// WGSL expressions of the debugger (`print`, `print EXPR @ all`, breakpoint conditions, DAP
// `evaluate`), evaluated by the engine: the kernel's source plus a function whose parameters and
// variables are the locals visible at the stop and whose body is `_ = (EXPR);` goes through the
// front end (an error in the expression is the front end's diagnostic, with its column in the
// expression), the expression is lowered against the stopped kernel
// (interp/ir/lower_debug_expr.h) and run by the interpreter on a copy of the stopped subgroup's
// registers and of its private and workgroup memory, under the run's float mode. Storage
// buffers are read in place; expressions that would write them (atomicAdd, ...) are refused.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/exec/lane_mask.h"
#include "interp/exec/workgroup_state.h"
#include "tools/debug/debug_values.h"

namespace wgsl {
class SourceFile;
namespace ast {
struct Module;
}
namespace sema {
struct Program;
}
namespace ir {
struct DebugExpression;
}
}  // namespace wgsl

namespace wgslemu::debug {

class CompiledExpression {
 public:
  ~CompiledExpression();
  // The expression among the variables visible at `f` (its kernel, frame and pc). Null with
  // `error`: the front end's diagnostic ("column 5: ...") or why it cannot be evaluated.
  static std::unique_ptr<CompiledExpression> compile(const Frame& f, const std::string& expr, std::string& error);
  // Only the front end's diagnostic ("" when the expression type-checks).
  static std::string diagnostic(const Frame& f, const std::string& expr);

  // Evaluates it for `lanes` of f's subgroup (at least f.lane). False with `error` on a dynamic
  // error (an out-of-bounds access, the instruction limit).
  bool run(const Frame& f, const wgsl::exec::LaneMask& lanes, std::string& error);
  // After run: the value of `lane` as `print` shows it, and as a condition (ok: a bool scalar).
  std::string text(const Frame& f, uint32_t lane, bool hex, uint32_t max_elements = 64) const;
  bool truthy(const Frame& f, uint32_t lane, bool& ok) const;
  // The value as a Value readable through valueFrame (for structured views).
  Value value() const;
  Frame valueFrame(const Frame& f, uint32_t lane) const;

 private:
  CompiledExpression() = default;
  std::unique_ptr<wgsl::SourceFile> file_;
  std::unique_ptr<wgsl::ast::Module> module_;
  std::unique_ptr<wgsl::sema::Program> program_;
  std::unique_ptr<wgsl::ir::DebugExpression> lowered_;
  std::vector<uint32_t> regs_;
  std::vector<uint8_t> priv_, wg_;
  wgsl::exec::WorkgroupState result_;  // its subgroup f.sg reads regs_
};

// `expr` at `f` (its lane) as `print` shows it: evaluated by the engine, or, for a place the engine
// does not load as a value (a module-scope atomic without atomicLoad), read in place. "" and
// `error` when it cannot be evaluated.
std::string expressionText(const Frame& f, const std::string& expr, bool hex, std::string& error);

}  // namespace wgslemu::debug
