// Barrier divergence details (see divergence.h).
#include "interp/exec/divergence.h"

namespace wgsl::exec {

void describeDivergence(const std::vector<Subgroup>& sgs, uint32_t S, uint32_t barrier_pc, ExecEvent& e) {
  auto add = [&](uint32_t pc, uint32_t inv) {
    for (auto& el : e.elsewhere) {
      if (el.pc == pc) {
        el.invocations.push_back(inv);
        return;
      }
    }
    ExecEvent::Elsewhere el;
    el.pc = pc;
    el.invocations.push_back(inv);
    e.elsewhere.push_back(std::move(el));
  };
  for (const Subgroup& sg : sgs) {
    // Lanes that returned from the entry point wait in the entry's Call entry (stack[0].saved).
    LaneMask exited;
    if (sg.state == SgState::Halted) exited = sg.exists;
    else if (sg.sp > 0 && sg.stack[0].kind == CtlEntry::Call) exited = sg.stack[0].saved & sg.exists;
    const bool at_this = sg.state == SgState::AtBarrier && sg.pc == barrier_pc;
    forEachLane(sg.exists, [&](uint32_t l) {
      const uint32_t inv = sg.index * S + l;
      if (at_this && sg.mask.test(l)) return;  // arrived
      if (exited.test(l)) {
        e.exited.push_back(inv);
      } else if (sg.state == SgState::AtBarrier && sg.mask.test(l)) {
        add(sg.pc, inv);  // at another barrier
      } else {
        add(ExecEvent::kNoWhere, inv);  // inactive in a construct
      }
    });
  }
}

}  // namespace wgsl::exec
