// The validator's whole-program rules: recursion and call depth, per-entry-point limits and
// binding conflicts, stage restrictions (validator.h).
#include "interp/sema/validator.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "base/diagnostics.h"
#include "interp/sema/layout.h"
#include "interp/sema/limits.h"

namespace wgsl::sema::internal {

namespace {

// "{Next, Return}" for messages.
std::string behaviorsText(Behaviors b) {
  std::vector<std::string> parts;
  if (b & kNext) parts.push_back("Next");
  if (b & kReturn) parts.push_back("Return");
  if (b & kBreak) parts.push_back("Break");
  if (b & kContinue) parts.push_back("Continue");
  std::string out = "{";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + "}";
}

// The entry of `m` for `f`, or an empty one.
template <typename Map>
const typename Map::mapped_type& entryOf(const Map& m, const ast::FunctionDecl* f) {
  static const typename Map::mapped_type kNone;
  auto it = m.find(f);
  return it == m.end() ? kNone : it->second;
}

}  // namespace

std::optional<ShaderStage> shaderStageOf(const ast::Attribute& a) {
  const std::string& n = a.name.name;
  if (n == "compute") return ShaderStage::Compute;
  if (n == "vertex") return ShaderStage::Vertex;
  if (n == "fragment") return ShaderStage::Fragment;
  return std::nullopt;
}

void Validator::run() {
  // The order the resolver used to report these in (signature rules, stage attributes and
  // interfaces with the signatures, behaviors and function-scope bytes after each body, the rest at the end), so
  // that consumers, which sort by position, see the same order.
  for (const auto& g : module_.decls) {
    // Only functions whose signature was resolved (not the redeclaration of a name).
    if (g.kind == ast::GlobalKind::Function && p_.functions.count(g.function.get())) {
      checkSignature(*g.function);
      checkStageAttributes(*g.function);
    }
  }
  for (const auto& ep : p_.entry_points) checkInterface(*ep.function, ep.stage);
  for (const auto& g : module_.decls) {
    if (g.kind == ast::GlobalKind::Function) checkFunctionBody(*g.function);
  }
  checkRecursion();
  checkAddressSpaceLimits();
  checkStageRestrictions();
}

void Validator::checkSignature(const ast::FunctionDecl& f) {
  bool entry = false;
  for (const auto& a : f.attributes) entry = entry || shaderStageOf(a).has_value();
  if (!entry) {
    auto forbid = [&](const ast::AttributeList& attrs) {
      for (const auto& a : attrs) {
        if (a.name.name == "builtin" || a.name.name == "location" || a.name.name == "interpolate" ||
            a.name.name == "invariant" || a.name.name == "blend_src") {
          diags_.error(a.range, fmt::format("@{} is only allowed on entry point parameters and return values (and "
                                            "structure members); '{}' is not an entry point",
                                            a.name.name, f.name.name));
        }
      }
    };
    for (const auto& prm : f.params) forbid(prm.attributes);
    forbid(f.return_attributes);
  }
  if (f.params.size() > 255) {
    diags_.error(f.name.range, fmt::format("function '{}' has {} parameters: WGSL implementations only have to support "
                                           "255 (section \"Limits\")",
                                           f.name.name, f.params.size()));
  }
}

void Validator::checkStageAttributes(const ast::FunctionDecl& f) {
  std::optional<ShaderStage> stage;
  const ast::Attribute* wg = nullptr;
  for (const auto& a : f.attributes) {
    if (auto st = shaderStageOf(a)) {
      if (stage) {
        diags_.error(a.range, fmt::format("function '{}' has more than one shader stage attribute", f.name.name));
      }
      stage = st;
    } else if (a.name.name == "workgroup_size") {
      wg = &a;
    }
  }
  if (wg && stage != ShaderStage::Compute) {
    diags_.error(wg->range, "@workgroup_size is only allowed on compute shader entry points");
  }
  if (stage != ShaderStage::Compute) return;
  if (!wg) {
    diags_.error(f.name.range, fmt::format("compute entry point '{}' needs a @workgroup_size attribute", f.name.name));
    return;
  }
  for (const auto& ep : p_.entry_points) {
    if (ep.function != &f) continue;
    // The workgroup's invocation count must be a 32-bit quantity.
    uint64_t total = 1;
    bool known = true;
    for (const auto& d : ep.workgroup_size) {
      if (!d.value || *d.value <= 0) known = false;
      else total = std::min<uint64_t>(total * static_cast<uint64_t>(*d.value), uint64_t{1} << 40);
    }
    if (known && total > 0xFFFFFFFFull) {
      diags_.error(wg->range, fmt::format("the workgroup size of '{}' has {} invocations, more than 4294967295",
                                          f.name.name, total));
    }
  }
}

void Validator::checkFunctionBody(const ast::FunctionDecl& f) {
  if (auto b = records_.behaviors.find(&f); b != records_.behaviors.end()) {
    const FunctionInfo& sig = functionInfo(f);
    if (f.return_type && b->second != kReturn && b->second != 0 && sig.ret) {
      diags_.error(f.name.range, fmt::format("function '{}' has return type '{}' but can reach its end without returning "
                                             "a value (behavior {}, expected {{Return}})",
                                             f.name.name, sig.ret->name(), behaviorsText(b->second)));
    }
    if (b->second == 0 && !f.body->body.empty()) {
      diags_.error(f.name.range, fmt::format("function '{}' never finishes: its body has an empty behavior (an infinite "
                                             "loop with no 'break' or 'return')",
                                             f.name.name));
    }
  }
  auto it = records_.function_bytes.find(&f);
  if (it == records_.function_bytes.end()) return;
  const uint64_t bytes = it->second;
  if (bytes > kMaxVariableBytes) {
    diags_.error(f.name.range, fmt::format("function '{}' declares {} bytes of 'function' variables: wgslemu "
                                           "supports at most {} (WGSL guarantees {}; section \"Limits\")",
                                           f.name.name, bytes, kMaxVariableBytes, kPortableVariableBytes));
  } else if (bytes > kPortableVariableBytes) {
    diags_.warning(f.name.range, fmt::format("function '{}' declares {} bytes of 'function' variables, more than the "
                                             "{} WGSL guarantees (section \"Limits\"): other implementations may "
                                             "reject it",
                                             f.name.name, bytes, kPortableVariableBytes));
  }
}

const FunctionInfo& Validator::functionInfo(const ast::FunctionDecl& f) const {
  static const FunctionInfo kNone;
  auto it = p_.functions.find(&f);
  return it == p_.functions.end() ? kNone : it->second;
}

const std::set<const ast::FunctionDecl*>& Validator::calleesOf(const ast::FunctionDecl* f) const {
  return entryOf(records_.calls, f);
}

const std::set<const ast::VarDecl*>& Validator::usesOf(const ast::FunctionDecl* f) const {
  return entryOf(records_.uses, f);
}

const std::vector<FunctionRecords::RestrictedCall>& Validator::restrictedCallsOf(const ast::FunctionDecl* f) const {
  return entryOf(records_.restricted, f);
}

std::set<const ast::FunctionDecl*> Validator::shaderFunctions(const std::string& name) const {
  std::set<const ast::FunctionDecl*> seen;
  for (const auto& ep : p_.entry_points) {
    if (ep.name != name) continue;
    std::vector<const ast::FunctionDecl*> work = {ep.function};
    while (!work.empty()) {
      const ast::FunctionDecl* f = work.back();
      work.pop_back();
      if (!seen.insert(f).second) continue;
      for (const auto* g : calleesOf(f)) work.push_back(g);
    }
  }
  return seen;
}

void Validator::checkStageRestrictions() {
  std::set<std::pair<const void*, ShaderStage>> reported;
  for (const auto& ep : p_.entry_points) {
    std::set<const ast::FunctionDecl*> seen;
    std::vector<const ast::FunctionDecl*> work = {ep.function};
    while (!work.empty()) {
      const ast::FunctionDecl* f = work.back();
      work.pop_back();
      if (!seen.insert(f).second) continue;
      for (const auto& rc : restrictedCallsOf(f)) {
        const std::string st = toString(ep.stage);
        if (std::find(rc.stages.begin(), rc.stages.end(), st) != rc.stages.end()) continue;
        if (!reported.insert({&rc, ep.stage}).second) continue;
        std::string allowed;
        for (size_t i = 0; i < rc.stages.size(); ++i) allowed += (i ? " or " : "") + rc.stages[i];
        diags_.error(rc.range, fmt::format("'{}' can only be used in {} shaders, but it is reachable from the {} entry "
                                           "point '{}'",
                                           rc.name, allowed, st, ep.name));
      }
      for (const auto* g : calleesOf(f)) work.push_back(g);
    }
  }
}

void Validator::checkAddressSpaceLimits() {
  std::unordered_map<const ast::VarDecl*, const GlobalVar*> globals;
  for (const auto& g : p_.globals) globals[g.decl] = &g;
  for (const auto& ep : p_.entry_points) {
    std::set<const ast::FunctionDecl*> seen;
    std::vector<const ast::FunctionDecl*> work = {ep.function};
    std::set<const ast::VarDecl*> vars;
    while (!work.empty()) {
      const ast::FunctionDecl* f = work.back();
      work.pop_back();
      if (!seen.insert(f).second) continue;
      for (const auto* v : usesOf(f)) vars.insert(v);
      for (const auto* g : calleesOf(f)) work.push_back(g);
    }
    // "Two different resource variables in a shader must not have the same group and binding
    // values, when considered together" (statically accessed by one entry point).
    std::map<std::pair<uint32_t, uint32_t>, const ResourceBinding*> slots;
    for (const auto& rb : p_.bindings) {
      if (!vars.count(rb.decl)) continue;
      auto [it, inserted] = slots.emplace(std::make_pair(rb.group, rb.binding), &rb);
      if (!inserted) {
        diags_.error(rb.decl->name.range, fmt::format("'{}' and '{}' both use @group({}) @binding({}) and are both used by "
                                                      "entry point '{}'",
                                                      it->second->name, rb.name, rb.group, rb.binding, ep.name));
      }
    }
    for (const auto* v : vars) {
      auto it = globals.find(v);
      if (it == globals.end()) continue;
      const GlobalVar& g = *it->second;
      if (g.space == AddressSpace::Workgroup && ep.stage != ShaderStage::Compute) {
        diags_.error(v->name.range, fmt::format("workgroup variable '{}' is used by the {} entry point '{}': the "
                                                "'workgroup' address space exists only in compute shaders",
                                                v->name.name, toString(ep.stage),
                                                ep.name));
      }
      if (ep.stage == ShaderStage::Vertex && g.store_type &&
          ((g.space == AddressSpace::Storage && g.access == AccessMode::ReadWrite) ||
           (g.store_type->kind == TypeKind::Texture && g.store_type->texture_kind == TextureKind::Storage &&
            g.store_type->access != AccessMode::Read))) {
        diags_.error(v->name.range, fmt::format("'{}' is writable and used by the vertex entry point '{}': vertex "
                                                "shaders cannot write storage buffers or storage textures",
                                                v->name.name, ep.name));
      }
    }
    // "Each entry point must statically access at most one immediate data variable", of at
    // most 64 bytes (section "Limits", maxImmediateSize).
    const ast::VarDecl* immediate = nullptr;
    for (const auto& g : p_.globals) {
      if (g.space != AddressSpace::Immediate || !vars.count(g.decl)) continue;
      if (immediate) {
        diags_.error(g.decl->name.range, fmt::format("entry point '{}' statically accesses two immediate data variables, "
                                                     "'{}' and '{}': each entry point must statically access at most "
                                                     "one",
                                                     ep.name, immediate->name.name, g.decl->name.name));
      }
      immediate = g.decl;
      if (g.store_type && sizeOf(g.store_type) > 64) {
        diags_.error(g.decl->name.range, fmt::format("immediate data variable '{}' used by entry point '{}' is {} bytes: "
                                                     "WGSL implementations only have to support 64 (section "
                                                     "\"Limits\", maxImmediateSize)",
                                                     g.decl->name.name, ep.name, sizeOf(g.store_type)));
      }
    }
    uint64_t priv = 0, wg = 0;
    for (const auto* v : vars) {
      auto it = globals.find(v);
      if (it == globals.end() || !it->second->store_type) continue;
      const GlobalVar& g = *it->second;
      if (g.space == AddressSpace::Private) priv += sizeOf(g.store_type);
      if (g.space == AddressSpace::Workgroup) wg += roundUp(16, sizeOf(g.store_type));
    }
    if (priv > kMaxVariableBytes) {
      diags_.error(ep.function->name.range,
                   fmt::format("entry point '{}' uses {} bytes of 'private' variables: wgslemu supports at most {} "
                               "(WGSL guarantees {}; section \"Limits\")",
                               ep.name, priv, kMaxVariableBytes, kPortableVariableBytes));
    } else if (priv > kPortableVariableBytes) {
      diags_.warning(ep.function->name.range,
                     fmt::format("entry point '{}' uses {} bytes of 'private' variables, more than the {} WGSL "
                                 "guarantees (section \"Limits\"): other implementations may reject it",
                                 ep.name, priv, kPortableVariableBytes));
    }
    if (wg > kMaxWorkgroupStorageBytes) {
      diags_.error(ep.function->name.range, fmt::format("entry point '{}' uses {} bytes of 'workgroup' variables: "
                                                        "wgslemu supports at most {} (the highest "
                                                        "maxComputeWorkgroupStorageSize a device can have; section "
                                                        "\"Limits\")",
                                                        ep.name, wg, kMaxWorkgroupStorageBytes));
    }
  }
}

void Validator::checkRecursion() {
  std::map<const ast::FunctionDecl*, int> state;  // 1 on the path, 2 done
  std::map<const ast::FunctionDecl*, size_t> depth;  // longest chain starting here, in functions
  std::map<const ast::FunctionDecl*, const ast::FunctionDecl*> next;  // the callee on that chain
  bool cyclic = false;
  struct Frame {
    const ast::FunctionDecl* f;
    std::set<const ast::FunctionDecl*>::const_iterator it, end;
  };
  for (const auto& g : module_.decls) {
    if (g.kind != ast::GlobalKind::Function || state[g.function.get()] != 0) continue;
    std::vector<Frame> path;
    auto enter = [&](const ast::FunctionDecl* f) {
      state[f] = 1;
      const auto& callees = calleesOf(f);
      path.push_back(Frame{f, callees.begin(), callees.end()});
    };
    enter(g.function.get());
    while (!path.empty()) {
      Frame& fr = path.back();
      if (fr.it == fr.end) {
        size_t d = 1;
        for (const ast::FunctionDecl* c : calleesOf(fr.f)) {
          if (state[c] == 2 && depth[c] + 1 > d) {
            d = depth[c] + 1;
            next[fr.f] = c;
          }
        }
        depth[fr.f] = d;
        state[fr.f] = 2;
        path.pop_back();
        continue;
      }
      const ast::FunctionDecl* c = *fr.it++;
      if (state[c] == 1) {
        std::string chain;
        auto start = std::find_if(path.begin(), path.end(), [&](const Frame& x) { return x.f == c; });
        for (auto it = start; it != path.end(); ++it) chain += "'" + it->f->name.name + "' -> ";
        chain += "'" + c->name.name + "'";
        diags_.error(c->name.range, fmt::format("recursion is not allowed in WGSL: {}", chain));
        cyclic = true;
      } else if (state[c] == 0) {
        enter(c);
      }
    }
  }
  if (cyclic) return;
  const ast::FunctionDecl* deepest = nullptr;
  for (const auto& g : module_.decls) {
    if (g.kind == ast::GlobalKind::Function && (!deepest || depth[g.function.get()] > depth[deepest])) {
      deepest = g.function.get();
    }
  }
  if (deepest == nullptr || depth[deepest] <= kMaxCallDepth) return;
  std::string chain;
  const ast::FunctionDecl* f = deepest;
  for (int k = 0; k < 3 && f; ++k, f = next[f]) chain += "'" + f->name.name + "' -> ";
  diags_.error(deepest->name.range,
               fmt::format("function '{}' starts a chain of {} nested calls ({}...), more than the {} wgslemu "
                           "supports (an implementation limit)",
                           deepest->name.name, depth[deepest], chain, kMaxCallDepth));
}

}  // namespace wgsl::sema::internal
