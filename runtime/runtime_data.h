// Private: what the host API's handles refer to. Not part of the public API.
#pragma once

#include <atomic>
#include <memory>
#include <map>
#include <mutex>
#include <tuple>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast.h"
#include "interp/ir/ir.h"
#include "interp/sema/program.h"
#include "runtime/options/device_config.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

struct BufferData {
  std::vector<uint8_t> bytes;  // 16-byte aligned by the allocator (operator new)
  uint32_t usage = kUsageAll;
};

struct ModuleData {
  std::unique_ptr<SourceFile> file;
  DiagnosticList diags;
  std::unique_ptr<ast::Module> module;
  std::unique_ptr<sema::Program> program;  // shader creation (null if parsing failed)
  size_t uniformity_errors = 0;            // found by the uniformity analysis (allowed or not)
  std::vector<Diagnostic> uniformity;      // those, as errors (or warnings when allowed)
  bool ok = false;
  // Guards `lowered`. Lowering itself needs no lock: it only reads `program` (pipelines of a
  // module without overrides lower from it, several at once) and makes its own types.
  std::mutex lower_mutex;
  // What pipeline creation made, kept per (entry point, override values, contraction): creating
  // the same pipeline again (a new pipeline per kernel launch, as Futhark does) reuses it. Holds
  // no reference back to the module, so no cycle; guarded by lower_mutex.
  struct Lowered {
    std::shared_ptr<const sema::Program> owned_program;  // null: the module's own program
    std::shared_ptr<const ir::Kernel> kernel;
  };
  std::map<std::tuple<std::string, std::map<std::string, double>, bool>, Lowered> lowered;
};

struct PipelineData {
  std::shared_ptr<ModuleData> module;      // keeps the AST and the module's program alive
  // Pipeline creation: the module's program when it declares no override (nothing to evaluate),
  // otherwise the module resolved again with the override values (owned_program).
  const sema::Program* program = nullptr;
  std::shared_ptr<const sema::Program> owned_program;
  std::shared_ptr<const ir::Kernel> kernel;  // shared with the module's cache of lowered entry points
  std::string entry;
};

// The device's state: its options parsed once, and the progress of the dispatch running.
struct Device::Impl {
  DeviceConfig config;
  std::atomic<bool> running{false};
  std::atomic<uint64_t> done{0};
  std::atomic<uint64_t> total{0};
  uint64_t dispatches = 0;  // dispatch number, for --subgroup-size=random:SEED
};

// The handles' data, for the runtime's own files.
struct DispatchAccess {
  static BufferData* buffer(const Buffer& b) { return b.data_.get(); }
  static PipelineData* pipeline(const ComputePipeline& p) { return p.data_.get(); }
};

// "'name' (@group(G) @binding(B), storage buffer)": a binding slot as messages name it.
std::string slotText(const ir::BindingSlot& s);

}  // namespace wgsl::runtime
