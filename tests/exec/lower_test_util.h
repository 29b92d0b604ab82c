// Lowering a WGSL source to the register IR for tests of the lowering and its debug information:
// parse, resolve in pipeline mode (failing the test with the diagnostics), lower one entry point.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/ir/lower.h"
#include "interp/sema/resolver.h"

namespace wgsl::ir::testing {

struct Lowered {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
  std::unique_ptr<sema::Program> program;
  std::unique_ptr<Kernel> kernel;  // null when lowering failed: see error
  LowerError error;
};

// Parsed and resolved in pipeline mode, not lowered yet.
inline Lowered resolveOnly(const std::string& src) {
  Lowered l;
  l.file = std::make_unique<SourceFile>("t.wgsl", src);
  DiagnosticList diags;
  l.module = ast::parseModule(*l.file, diags);
  EXPECT_TRUE(l.module && !diags.hasErrors()) << renderText(*l.file, diags.all());
  sema::ResolveOptions opts;
  opts.pipeline = true;
  l.program = sema::resolve(*l.module, diags, opts);
  EXPECT_FALSE(diags.hasErrors()) << renderText(*l.file, diags.all());
  return l;
}

inline Lowered lower(const std::string& src, const std::string& entry = "main") {
  Lowered l = resolveOnly(src);
  l.kernel = lowerEntryPoint(*l.program, entry, *l.file, l.error);
  return l;
}

}  // namespace wgsl::ir::testing
