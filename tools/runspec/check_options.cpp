// The report fields of the dynamic-error checks' events (see check_options.h).
#include "tools/runspec/check_options.h"

namespace wgslemu::runspec {

namespace rt = wgsl::runtime;

void addCheckEventFields(const rt::Event& e, uint32_t wx, uint32_t wy, nlohmann::ordered_json& extra) {
  auto local = [&](uint32_t li) {
    return nlohmann::ordered_json::array({wx ? li % wx : 0, wx && wy ? (li / wx) % wy : 0, wx && wy ? li / (wx * wy) : 0});
  };
  switch (e.kind) {
    case rt::Event::OutOfBounds:
      extra["injected"] = e.injected;
      if (!e.action.empty()) extra["action"] = e.action;
      if (!e.access.empty()) extra["access"] = e.access;
      break;
    case rt::Event::Injected:
      extra["fault"] = e.action;
      break;
    case rt::Event::Race:
      if (!e.variable.empty()) extra["variable"] = e.variable;
      if (e.group != ~0u) extra["binding"] = std::to_string(e.group) + ":" + std::to_string(e.binding);
      extra["offset"] = e.offset;
      extra["access"] = e.access;
      extra["other"] = {{"location", {{"file", e.other_location.file},
                                      {"line", e.other_location.line},
                                      {"column", e.other_location.column}}},
                        {"workgroup", {e.other_workgroup_id[0], e.other_workgroup_id[1], e.other_workgroup_id[2]}},
                        {"local_invocation", local(e.other_local_invocation_index)},
                        {"access", e.other_access}};
      extra["count"] = e.count;
      break;
    default: break;
  }
}

}  // namespace wgslemu::runspec
