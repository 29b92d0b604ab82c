#include "tools/wgslemu/reflect_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/layout.h"
#include "interp/sema/resolver.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"
#include "tools/wgslemu/override_args.h"
#include "tools/wgslemu/terminal.h"

namespace wgslemu {
namespace {

using nlohmann::ordered_json;
using namespace wgsl::sema;

const char* resourceKind(const ResourceBinding& b) {
  if (b.space == AddressSpace::Uniform) return "uniform";
  if (b.space == AddressSpace::Storage) return b.access == AccessMode::ReadWrite ? "storage" : "read-only-storage";
  switch (b.store_type->kind) {
    case TypeKind::Sampler: return "sampler";
    case TypeKind::SamplerComparison: return "comparison-sampler";
    case TypeKind::Texture:
      switch (b.store_type->texture_kind) {
        case TextureKind::Storage: return "storage-texture";
        case TextureKind::External: return "external-texture";
        case TextureKind::Depth: case TextureKind::DepthMultisampled: return "depth-texture";
        default: return "sampled-texture";
      }
    default: return "other";
  }
}

ordered_json valueJson(const ConstValue& v) {
  switch (v.type->kind) {
    case TypeKind::Bool: return v.b;
    case TypeKind::AbstractInt: case TypeKind::I32: case TypeKind::U32: return v.i;
    case TypeKind::AbstractFloat: case TypeKind::F32: case TypeKind::F16: return v.f;
    default: return v.toString();
  }
}

ordered_json structJson(const Type* s) {
  ordered_json members = ordered_json::array();
  for (const auto& m : s->members) {
    members.push_back({{"name", m.name}, {"type", m.type->name()}, {"offset", m.offset}, {"size", m.size},
                       {"align", m.align}});
  }
  return {{"name", s->name()}, {"size", s->struct_size}, {"align", s->struct_align}, {"members", members}};
}

}  // namespace

void addReflectCommand(CLI::App& app, ReflectOptions& opts) {
  CLI::App* r = app.add_subcommand("reflect", "Print a module's interface as JSON: entry points, bindings, overrides, "
                                              "structure layouts, extensions");
  r->add_option("file", opts.input, "WGSL source file, or - for standard input")->required();
  r->add_option("--entry", opts.entry, "Only this entry point");
  r->add_option("--override", opts.overrides, "NAME=VALUE (or ID=VALUE): resolve workgroup sizes with this override value");
  r->add_option("--color", opts.color, "Colour diagnostics: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

int runReflect(const ReflectOptions& opts) {
  std::string error;
  auto input = readInput(opts.input, error);
  if (!input) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  std::map<std::string, double> given;
  if (!parseOverrideArgs(opts.overrides, given)) return kExitUsage;

  wgsl::SourceFile file(input->name, std::move(input->bytes));
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  std::unique_ptr<Program> program;
  if (module) {
    // Shader creation first (its errors are the module's), then pipeline creation with the given
    // override values, which evaluates override-expressions such as workgroup sizes.
    resolve(*module, diags);
    if (!diags.hasErrors()) {
      ResolveOptions pipeline;
      pipeline.pipeline = true;
      pipeline.override_values = given;
      pipeline.require_override_values = false;
      program = resolve(*module, diags, pipeline);
    }
  }
  if (!module || diags.hasErrors()) {
    diags.sortByLocation();
    std::fputs(wgsl::renderText(file, diags.all(), useColor(opts.color)).c_str(), stderr);
    std::fprintf(stderr, "%s: %zu error%s\n", file.name().c_str(), diags.errorCount(), diags.errorCount() == 1 ? "" : "s");
    return kExitInvalid;
  }

  for (const auto& [name, v] : given) {
    bool known = false;
    for (const auto& o : program->overrides) known = known || o.name == name || (o.id && std::to_string(*o.id) == name);
    if (!known) {
      std::fprintf(stderr, "wgslemu: error: --override %s: the module has no override with that name or id\n", name.c_str());
      return kExitUsage;
    }
  }

  ordered_json out;
  out["file"] = file.name();
  out["extensions"] = ordered_json(std::vector<std::string>(program->enabled_extensions.begin(),
                                                            program->enabled_extensions.end()));
  ordered_json eps = ordered_json::array();
  bool found_entry = opts.entry.empty();
  for (const auto& ep : program->entry_points) {
    if (!opts.entry.empty() && ep.name != opts.entry) continue;
    found_entry = true;
    ordered_json e = {{"name", ep.name}, {"stage", toString(ep.stage)}};
    if (ep.stage == ShaderStage::Compute) {
      ordered_json wg = ordered_json::array();
      for (const auto& d : ep.workgroup_size) {
        if (d.value) {
          wg.push_back(*d.value);
          continue;
        }
        // An override-expression without a value (an override with no default and none given).
        const auto* id = d.expr ? d.expr->as<wgsl::ast::IdentExpr>() : nullptr;
        wg.push_back(id ? id->ident.name : std::string("<override-expression>"));
      }
      e["workgroup_size"] = wg;
    }
    eps.push_back(e);
  }
  if (!found_entry) {
    std::fprintf(stderr, "wgslemu: error: no entry point named '%s'\n", opts.entry.c_str());
    return kExitUsage;
  }
  out["entry_points"] = eps;
  ordered_json bindings = ordered_json::array();
  for (const auto& b : program->bindings) {
    ordered_json j = {{"group", b.group},       {"binding", b.binding}, {"name", b.name},
                      {"resource", resourceKind(b)}, {"type", b.store_type->name()}};
    if (b.space == AddressSpace::Storage || b.space == AddressSpace::Uniform) {
      j["access"] = toString(b.access);
      j["min_binding_size"] = b.min_binding_size;
    }
    bindings.push_back(j);
  }
  out["bindings"] = bindings;
  ordered_json overrides = ordered_json::array();
  for (const auto& o : program->overrides) {
    ordered_json j = {{"name", o.name}, {"id", o.id ? ordered_json(*o.id) : ordered_json(nullptr)},
                      {"type", o.type ? o.type->name() : "?"}};
    j["default"] = o.default_value ? valueJson(*o.default_value) : ordered_json(nullptr);
    j["value"] = o.value ? valueJson(*o.value) : ordered_json(nullptr);
    overrides.push_back(j);
  }
  out["overrides"] = overrides;
  ordered_json structs = ordered_json::array();
  for (const Type* s : program->structs) structs.push_back(structJson(s));
  out["structs"] = structs;
  std::puts(out.dump(2).c_str());
  return kExitOk;
}

}  // namespace wgslemu
