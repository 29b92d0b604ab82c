// Private: what the host API's handles refer to. Not part of the public API.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "grammar/diagnostics.h"
#include "grammar/source_text.h"
#include "interp/ast/ast.h"
#include "interp/ir/ir.h"
#include "interp/sema/program.h"
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
  bool ok = false;
};

struct PipelineData {
  std::shared_ptr<ModuleData> module;      // keeps the AST alive
  std::unique_ptr<sema::Program> program;  // pipeline creation (overrides have values)
  std::unique_ptr<ir::Kernel> kernel;
  std::string entry;
};

}  // namespace wgsl::runtime
