// Shader creation: parse and resolve a module; diagnostics rendered like `wgslemu check`.
#include "grammar/diagnostics.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "runtime/runtime_data.h"

namespace wgsl::runtime {

bool ShaderModule::ok() const { return data_ && data_->ok; }

std::string ShaderModule::diagnostics() const {
  if (!data_) return "no module (create it with Device::createShaderModule)\n";
  if (data_->diags.empty()) return {};
  return renderText(*data_->file, data_->diags.all(), false);
}

size_t ShaderModule::errorCount() const { return data_ ? data_->diags.errorCount() : 1; }

std::vector<std::string> ShaderModule::entryPoints() const {
  std::vector<std::string> out;
  if (!data_ || !data_->program) return out;
  for (const auto& ep : data_->program->entry_points) {
    if (ep.stage == sema::ShaderStage::Compute) out.push_back(ep.name);
  }
  return out;
}

ShaderModule Device::createShaderModule(const std::string& source, const std::string& name) {
  auto data = std::make_shared<ModuleData>();
  data->file = std::make_unique<SourceFile>(name, source);
  data->module = ast::parseModule(*data->file, data->diags);
  if (data->module) {
    data->program = sema::resolve(*data->module, data->diags);
  }
  data->diags.sortByLocation();
  data->ok = data->module && data->program && !data->diags.hasErrors();
  ShaderModule m;
  m.data_ = std::move(data);
  return m;
}

}  // namespace wgsl::runtime
