// Pipeline creation: override values applied (the resolver run again in pipeline mode, only for
// a module that declares overrides), the entry point lowered to register IR, and the workgroup
// size checked against the limits.
#include <fmt/format.h>

#include "interp/ir/lower.h"
#include "interp/sema/resolver.h"
#include "runtime/runtime_data.h"

namespace wgsl::runtime {

const std::string& ComputePipeline::entryPoint() const {
  static const std::string empty;
  return data_ ? data_->entry : empty;
}

uint32_t ComputePipeline::workgroupSize(int dim) const {
  return data_ && dim >= 0 && dim < 3 ? data_->kernel->workgroup_size[dim] : 0;
}

std::vector<BindingInfo> ComputePipeline::bindings() const {
  std::vector<BindingInfo> out;
  if (!data_) return out;
  for (const auto& s : data_->kernel->slots) {
    BindingInfo b;
    b.group = s.group;
    b.binding = s.binding;
    b.name = s.name;
    b.kind = s.space == sema::AddressSpace::Uniform ? BindingInfo::Uniform
             : s.access == sema::AccessMode::Read   ? BindingInfo::ReadOnlyStorage
                                                    : BindingInfo::Storage;
    b.min_binding_size = s.min_size;
    out.push_back(b);
  }
  return out;
}

std::string ComputePipeline::dumpIr() const { return data_ ? ir::dump(*data_->kernel) : std::string(); }

ComputePipeline Device::createComputePipeline(const ShaderModule& module, const std::string& entry_point,
                                              const OverrideValues& overrides) {
  if (!module.data_) throw Error("createComputePipeline: the ShaderModule handle is empty");
  const ModuleData& md = *module.data_;
  if (!md.ok) {
    throw Error(fmt::format("cannot create a pipeline from '{}': the module has {} error(s):\n{}", md.file->name(),
                            md.diags.errorCount(), module.diagnostics()),
                Error::Kind::Shader);
  }
  const sema::EntryPoint* ep = nullptr;
  std::string names;
  for (const auto& e : md.program->entry_points) {
    if (e.stage != sema::ShaderStage::Compute) continue;
    names += (names.empty() ? "'" : ", '") + e.name + "'";
    if (e.name == entry_point) ep = &e;
  }
  if (!ep) {
    throw Error(fmt::format("'{}' has no compute entry point named '{}' (compute entry points: {})", md.file->name(),
                            entry_point, names.empty() ? "none" : names));
  }
  for (const auto& [name, value] : overrides) {
    bool known = false;
    for (const auto& o : md.program->overrides) known = known || o.name == name || (o.id && std::to_string(*o.id) == name);
    if (!known) {
      throw Error(fmt::format("override '{}' = {} given, but '{}' declares no override with that name or @id", name,
                              value, md.file->name()));
    }
  }

  auto data = std::make_shared<PipelineData>();
  data->module = module.data_;
  data->entry = entry_point;
  const bool fma = impl_->config.float_mode.fma;  // contraction is decided at lowering
  ModuleData& mdm = *module.data_;
  const auto key = std::make_tuple(entry_point, std::map<std::string, double>(overrides.begin(), overrides.end()), fma);
  {
    std::lock_guard<std::mutex> lock(mdm.lower_mutex);
    if (auto it = mdm.lowered.find(key); it != mdm.lowered.end()) {
      data->owned_program = it->second.owned_program;
      data->program = data->owned_program ? data->owned_program.get() : md.program.get();
      data->kernel = it->second.kernel;
    }
  }
  if (!data->kernel) {
    if (md.program->overrides.empty()) {
      // Nothing to evaluate at pipeline creation: the module's own program serves (lowering only
      // reads it, so pipelines of one module lower concurrently).
      data->program = md.program.get();
    } else {
      DiagnosticList diags;
      sema::ResolveOptions opts;
      opts.pipeline = true;
      opts.override_values = overrides;
      opts.entry_point = entry_point;
      std::shared_ptr<sema::Program> owned = sema::resolve(*md.module, diags, opts);
      if (diags.hasErrors()) {
        diags.sortByLocation();
        throw Error(fmt::format("pipeline creation for entry point '{}' failed:\n{}", entry_point,
                                renderText(*md.file, diags.all(), false)),
                    Error::Kind::Shader);
      }
      data->owned_program = owned;
      data->program = owned.get();
    }
    ir::LowerError err;
    ir::LowerOptions lower_options;
    lower_options.fma = fma;
    data->kernel = ir::lowerEntryPoint(*data->program, entry_point, *md.file, err, lower_options);
    if (!data->kernel) {
      Diagnostic d;
      d.message = err.message;
      d.range = err.range;
      throw Error(fmt::format("pipeline creation for entry point '{}' failed:\n{}", entry_point,
                              renderText(*md.file, {d}, false)));
    }
    std::lock_guard<std::mutex> lock(mdm.lower_mutex);
    mdm.lowered.emplace(key, ModuleData::Lowered{data->owned_program, data->kernel});
  }
  const Limits& lim = options_.limits;
  const uint32_t* wg = data->kernel->workgroup_size;
  const uint32_t max_dim[3] = {lim.max_compute_workgroup_size_x, lim.max_compute_workgroup_size_y,
                               lim.max_compute_workgroup_size_z};
  for (int i = 0; i < 3; ++i) {
    if (wg[i] > max_dim[i]) {
      throw Error(fmt::format("entry point '{}': workgroup size {} in dimension {} exceeds the device limit "
                              "maxComputeWorkgroupSize{} = {}",
                              entry_point, wg[i], "xyz"[i], "XYZ"[i], max_dim[i]));
    }
  }
  const uint64_t total = uint64_t{wg[0]} * wg[1] * wg[2];
  if (total > lim.max_compute_invocations_per_workgroup) {
    throw Error(fmt::format("entry point '{}': workgroup size {}x{}x{} = {} invocations exceeds the device limit "
                            "maxComputeInvocationsPerWorkgroup = {}",
                            entry_point, wg[0], wg[1], wg[2], total, lim.max_compute_invocations_per_workgroup));
  }
  if (data->kernel->workgroup_size_bytes > lim.max_compute_workgroup_storage_size) {
    throw Error(fmt::format("entry point '{}' uses {} bytes of workgroup memory, more than the device limit "
                            "maxComputeWorkgroupStorageSize = {}",
                            entry_point, data->kernel->workgroup_size_bytes, lim.max_compute_workgroup_storage_size));
  }
  ComputePipeline p;
  p.data_ = std::move(data);
  return p;
}

}  // namespace wgsl::runtime
