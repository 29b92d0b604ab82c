// Barrier divergence with the full picture: of the invocations that did not reach a
// barrier, which exited (returned from the entry point, or were terminated by the bounds
// policy) and where the others are (waiting at another barrier, or inactive inside a construct
// of a subgroup that reached the barrier).
#pragma once

#include <vector>

#include "interp/exec/subgroup.h"

namespace wgsl::exec {

// Fills e.exited and e.elsewhere from the subgroups' states; `barrier_pc` is the barrier the
// event is about (e.arrived / e.missing are already set).
void describeDivergence(const std::vector<Subgroup>& sgs, uint32_t S, uint32_t barrier_pc, ExecEvent& e);

}  // namespace wgsl::exec
