// Shader creation: parse, resolve and the uniformity analysis, once per module (WGSL rejects a
// module the analysis rejects); diagnostics rendered like `wgslemu check`.
#include "base/diagnostics.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"
#include "runtime/runtime_data.h"

namespace wgsl::runtime {

bool ShaderModule::ok() const { return data_ && data_->ok; }

std::string ShaderModule::diagnostics() const {
  if (!data_) return "no module (create it with Device::createShaderModule)\n";
  if (data_->diags.empty()) return {};
  return renderText(*data_->file, data_->diags.all(), false);
}

size_t ShaderModule::errorCount() const { return data_ ? data_->diags.errorCount() : 1; }

size_t ShaderModule::uniformityErrorCount() const { return data_ ? data_->uniformity_errors : 0; }

std::string ShaderModule::uniformityDiagnostics() const {
  if (!data_ || data_->uniformity.empty()) return {};
  return renderText(*data_->file, data_->uniformity, false);
}

std::vector<std::string> ShaderModule::entryPoints() const {
  std::vector<std::string> out;
  if (!data_ || !data_->program) return out;
  for (const auto& ep : data_->program->entry_points) {
    if (ep.stage == sema::ShaderStage::Compute) out.push_back(ep.name);
  }
  return out;
}

namespace {

// The uniformity analysis of a module that resolved: its errors join the module's diagnostics,
// as errors, or as warnings when the module option allows non-uniform collectives; the warnings
// and infos a diagnostic filter asks for (`diagnostic(warning, derivative_uniformity)`) join as
// they are.
void analyzeUniformity(ModuleData& data, bool allow_nonuniform) {
  DiagnosticList found;
  uniformity::analyze(*data.program, found);
  for (const Diagnostic& d : found.all()) {
    if (d.severity != Severity::Error) {
      data.diags.add(d);
      continue;
    }
    ++data.uniformity_errors;
    Diagnostic c = d;
    if (allow_nonuniform) {
      c.severity = Severity::Warning;
      c.message += " (allowed by --allow-nonuniform: the kernel runs and the engine checks this dynamically)";
    }
    data.uniformity.push_back(c);
    data.diags.add(std::move(c));
  }
}

}  // namespace

ShaderModule Device::createShaderModule(const std::string& source, const std::string& name,
                                        const ShaderModuleOptions& options) {
  auto data = std::make_shared<ModuleData>();
  data->file = std::make_unique<SourceFile>(name, source);
  data->module = ast::parseModule(*data->file, data->diags);
  if (data->module) {
    data->program = sema::resolve(*data->module, data->diags);
    if (!data->diags.hasErrors()) analyzeUniformity(*data, options.allow_nonuniform);
  }
  data->diags.sortByLocation();
  data->ok = data->module && data->program && !data->diags.hasErrors();
  ShaderModule m;
  m.data_ = std::move(data);
  return m;
}

}  // namespace wgsl::runtime
