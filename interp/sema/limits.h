// The front end's implementation limits (section "Limits" of the spec allows them): how deep
// or how large a module may be before it is rejected with an error at the place the limit is
// exceeded, instead of exhausting the stack or memory of the passes after parsing (resolver,
// const evaluation, uniformity analysis, alias analysis, lowering). docs/reliability.md lists
// these with their error texts and tests; the parser's own limits (nesting of brackets, runs of
// prefix operators, operator chains) are in grammar/token_pipeline.h and
// interp/ast/ast_builder.h.
//
// The depth limits are set so that every pass holds them in a 4 MiB stack (a TBB worker's
// default; the main thread has 8 MiB), measured per level in tests/sema/deep_input_test.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

namespace wgsl::sema {

// Height of one expression tree: operands, parentheses, arguments, indices and template
// arguments each add one level.
constexpr size_t kMaxExpressionHeight = 1024;

// Statements nested in statements, where an `else if` clause counts as nested in the clause
// before it (as the uniformity analysis and the lowering treat it).
constexpr size_t kMaxStatementNesting = 1024;

// Longest chain of user function calls (f calls g calls h ...), counting the first function.
constexpr size_t kMaxCallDepth = 512;

// Longest chain of module-scope declarations each of which needs the next one resolved
// first, as it is followed while resolving (declarations are resolved in dependency order, so
// only a cycle or an unusually shaped chain reaches it).
constexpr size_t kMaxDeclarationChain = 256;

// Value components that early evaluation may create for one module at shader creation, or for
// one pipeline at pipeline creation (const- and override-expressions together): each element a
// composite value stores, a splat counting one (const_budget.h). Values are shared and splats
// stored once (const_value.h), so this bounds what sharing cannot: distinct copies, e.g. each
// argument of `array<array<f32, N>, M>(a, a, ...)` converted from an abstract `a` on its own.
// About 60 bytes each: at most about 250 MB, and well under a second of work.
constexpr uint64_t kMaxConstEvalElements = uint64_t{1} << 22;

// Bytes of 'workgroup' variables one entry point may statically access (the WGSL minimum is
// 16384). WebGPU checks the device's maxComputeWorkgroupStorageSize at pipeline creation; the
// shader module accepts up to the most any wgslemu device can be given (the adapter's limit,
// runtime/webgpu/limits.cpp), so a device created with a higher limit can use it.
constexpr size_t kMaxWorkgroupStorageBytes = 65536;


}  // namespace wgsl::sema
