// The policies a dispatch runs under. Only the defaults exist now; later issues add float
// modes (ftz, fma, ulp-max, ulp-random), bounds policies and progress models here, and the
// interpreter consults them in one place each (float arithmetic cases, the memory door, the
// workgroup loop of dispatch.cpp).
#pragma once

#include <cstdint>

#include "interp/math/float_modes.h"

namespace wgsl::exec {

// DESIGN rule 8: floating point is a policy. `Ieee`: binary32/binary16, round to nearest even,
// subnormals kept, correctly rounded + - * / sqrt and conversions.
struct FloatPolicy {
  enum class Mode : uint8_t { Ieee } mode = Mode::Ieee;
  // Issue 8: the --float and --nonfinite settings (docs/float-modes.md). Anything but ftz=off,
  // ulp exact and propagate runs the instrumented interpreter (interp/exec/float_exec.cpp); fma
  // is applied by the lowering.
  math::FloatMode modes;
};

// DESIGN rule 9: out-of-bounds accesses are recorded and behave as zero loads / dropped stores.
struct BoundsPolicy {
  enum class Mode : uint8_t { Report } mode = Mode::Report;
};

// DESIGN rule 6: `Fair` runs whole workgroups as independent tasks on all threads.
// `slice` > 0 switches between the subgroups of a workgroup (round-robin) after that many
// instructions instead of at barriers only: every instruction boundary is a possible
// preemption point (used by tests, and the seam for the interleaving progress models).
struct SchedulePolicy {
  enum class Mode : uint8_t { Fair } mode = Mode::Fair;
  uint64_t seed = 0;
  uint32_t slice = 0;
};

}  // namespace wgsl::exec
