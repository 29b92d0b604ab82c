// The words of the Report's events (see event_text.h).
#include "runtime/event_text.h"

#include <fmt/format.h>

#include "grammar/source_text.h"

namespace wgsl::runtime {

SourceLocation locationOf(const ir::Kernel& k, uint32_t pc) {
  SourceLocation l;
  if (k.file && pc < k.code.size()) {
    const SourcePos p = k.file->position(k.code[pc].loc);
    l = SourceLocation{k.file->name(), p.line, p.column};
  }
  return l;
}

std::string where(const SourceLocation& l) { return fmt::format("{}:{}:{}", l.file, l.line, l.column); }

std::string variableText(const ir::Kernel& k, uint32_t root) {
  if (root >= k.roots.size()) return "memory";
  const ir::Root& r = k.roots[root];
  if (r.slot >= 0) {
    const ir::BindingSlot& s = k.slots[r.slot];
    const char* kind = s.space == sema::AddressSpace::Uniform ? "uniform buffer" : "storage buffer";
    return fmt::format("{} '{}' (@group({}) @binding({}))", kind, s.name, s.group, s.binding);
  }
  return fmt::format("{} variable '{}'", sema::toString(r.space), r.name);
}

std::string oobMessage(const ir::Kernel& k, uint32_t root, const checks::OobEvent& e) {
  checks::Namer n;
  n.location = [&](uint32_t pc) { return where(locationOf(k, pc)); };
  n.variable = variableText(k, root);
  return checks::describe(e, n);
}

}  // namespace wgsl::runtime
