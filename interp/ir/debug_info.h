// Debug information of a lowered kernel: a side table of the Kernel (Kernel::debug) that the
// interpreter never reads, so execution costs nothing more. It maps the register IR back to the
// source a user wrote:
//
// - every instruction's inlined call chain: `site_of[pc]` is an InlineSite; sites form a tree
//   whose root (site 0) is the entry point and whose other nodes are inlined calls (the call's
//   source offset and the callee's name), so a backtrace is the chain of parents;
// - every WGSL statement's first instruction (statement-granularity stepping and breakpoints);
// - every WGSL variable, `let` and parameter with the instructions where it is in scope and where
//   its value lives: registers (first register and count; the value's scalar components in order)
//   or memory (a Root and a byte offset, plus a per-lane offset register for a pointer parameter
//   into an array element).
//
// Source offsets are code-point offsets into Kernel::file (SourceFile::position gives line and
// column), as Inst::loc.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interp/sema/types.h"

namespace wgsl::ir {

struct InlineSite {
  static constexpr uint32_t kNone = 0xffffffffu;
  uint32_t parent = kNone;  // the caller's site (kNone for the entry point)
  uint32_t call_loc = 0;    // source offset of the call expression (entry point: its name)
  std::string function;     // the function whose body runs in this site
};

// A WGSL statement starts at instruction `pc`. Several may start at the same instruction (a call
// statement and the first statement of the inlined callee), in source nesting order.
struct StmtStart {
  uint32_t pc = 0;
  uint32_t loc = 0;   // source offset of the statement
  uint32_t site = 0;  // its inlined call
};

struct DebugVar {
  enum class Kind : uint8_t { Param, Let, Var } kind = Kind::Var;
  std::string name;
  uint32_t site = 0;        // the inlined call the declaration belongs to
  uint32_t decl_loc = 0;    // source offset of the declaration
  uint32_t first_pc = 0;    // in scope for pc in [first_pc, end_pc)
  uint32_t end_pc = 0;
  const sema::Type* type = nullptr;  // the value's type (a var's store type, a pointer's store type)
  bool pointer = false;     // a pointer-typed let or parameter: shows the pointed-to value
  bool in_regs = false;
  uint32_t reg = 0xffffffffu;   // in_regs: first register (component `comp` of a register vector)
  uint32_t count = 0;           // in_regs: registers
  uint32_t root = 0;            // memory: Kernel::roots index
  uint32_t offset = 0;          // memory: constant byte offset within the root
  uint32_t off_reg = 0xffffffffu;  // memory: per-lane byte offset register (kNoReg: none)
  bool constant = false;        // in_regs, and the registers are constants (a folded let)
};

struct DebugInfo {
  std::vector<uint32_t> site_of;  // per instruction
  std::vector<InlineSite> sites;
  std::vector<DebugVar> vars;
  std::vector<StmtStart> stmts;   // by pc (non-decreasing)
  // Per Kernel::roots entry: the variable's store type, and whether it is a module-scope variable
  // (storage, uniform, workgroup, private: visible by name everywhere).
  std::vector<const sema::Type*> root_types;
  std::vector<bool> root_module_scope;
  // The inline depth of a site (entry point: 0).
  uint32_t depth(uint32_t site) const {
    uint32_t d = 0;
    while (site < sites.size() && sites[site].parent != InlineSite::kNone) {
      site = sites[site].parent;
      ++d;
    }
    return d;
  }
};

}  // namespace wgsl::ir
