// The per-dispatch bundle: when the door needs its checked path, and the barrier kinds mapped
// to the address spaces they order.
#include <gtest/gtest.h>

#include "runtime/checks/dispatch_checks.h"

namespace wgsl::checks {
namespace {

TEST(DispatchChecks, DefaultIsInactive) {
  DispatchChecks d;
  EXPECT_FALSE(d.active());  // `report` alone: today's door
  d.oob.mode = OobPolicy::Mode::Zero;
  EXPECT_TRUE(d.active());
  DispatchChecks e;
  Injector none;
  e.injector = &none;
  EXPECT_FALSE(e.active());
  Injector one({parseInjection("oob:3").rule.value()});
  e.injector = &one;
  EXPECT_TRUE(e.active());
  RaceDetector det(RaceConfig{});
  DispatchChecks r;
  r.races = &det;
  EXPECT_TRUE(r.active());
}

// Writes word 0 of workgroup memory and of binding 0 from invocation 0, passes a barrier of
// kind `aux`, reads both from invocation 1: returns which spaces raced.
std::pair<bool, bool> racesAfterBarrier(uint32_t aux) {
  RaceConfig c;
  c.storage_sizes = {64};
  RaceDetector det(c);
  DispatchChecks d;
  d.races = &det;
  WorkerChecks w(d);
  const uint32_t id[3] = {0, 0, 0};
  w.startWorkgroup(id, 2);
  w.race()->accessOne(Space::Workgroup, 0, AccessKind::Store, 1, 0, 0, 4);
  w.race()->accessOne(Space::Storage, 0, AccessKind::Store, 2, 0, 0, 4);
  w.barrier(aux);
  w.race()->accessOne(Space::Workgroup, 0, AccessKind::Load, 3, 1, 0, 4);
  w.race()->accessOne(Space::Storage, 0, AccessKind::Load, 4, 1, 0, 4);
  w.endWorkgroup();
  w.finish();
  bool wg = false, st = false;
  for (const RaceRecord& r : det.records()) (r.space == Space::Workgroup ? wg : st) = true;
  return {wg, st};
}

TEST(DispatchChecks, BarrierKindsOrderTheirAddressSpace) {
  EXPECT_EQ(racesAfterBarrier(0), std::make_pair(false, true));  // workgroupBarrier
  EXPECT_EQ(racesAfterBarrier(1), std::make_pair(true, false));  // storageBarrier
  EXPECT_EQ(racesAfterBarrier(2), std::make_pair(true, true));   // textureBarrier
  EXPECT_EQ(racesAfterBarrier(3), std::make_pair(false, true));  // workgroupUniformLoad
}

TEST(DispatchChecks, OobEventsKeptWhenRecordedAllCounted) {
  DispatchChecks d;
  d.max_events = 2;
  WorkerChecks w(d);
  OobEvent e;
  for (int i = 0; i < 5; ++i) {
    e.decision.record = i % 2 == 0;
    w.addOob(e);
  }
  EXPECT_EQ(w.oob_count, 5u);
  EXPECT_EQ(w.oob_events.size(), 2u);
}

}  // namespace
}  // namespace wgsl::checks
