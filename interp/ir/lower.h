// Lowering: a compute entry point of a pipeline-creation Program (override values known) and
// everything it calls, to a Kernel of register IR.
#pragma once

#include <memory>
#include <string>

#include "base/diagnostics.h"
#include "interp/ir/ir.h"
#include "interp/sema/program.h"

namespace wgsl::ir {

struct LowerError {
  std::string message;  // a sentence: what is not supported or wrong
  SourceRange range;
};

// How float expressions are lowered. `fma`: `a * b + c`, `a * b - c`, `c - a * b`
// (F32/F16 scalars and vectors, compound assignments, matrix products, dot) become one fused
// Math3 Fma (imm = 1: contracted), rounded once (docs/float-modes.md, `fma`).
struct LowerOptions {
  bool fma = false;
};

// Null on failure (with `error` set): unknown or non-compute entry point, texture built-ins
// (not supported yet), values too large for registers.
std::unique_ptr<Kernel> lowerEntryPoint(const sema::Program& program, const std::string& entry,
                                        const SourceFile& file, LowerError& error,
                                        const LowerOptions& options = {});

}  // namespace wgsl::ir
