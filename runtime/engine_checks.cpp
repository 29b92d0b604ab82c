// The engine's dynamic-error checks: the per-worker hooks the interpreter's checked door calls,
// and the Report events made from what they found (see engine_checks.h).
#include "runtime/engine_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "base/source_text.h"
#include "runtime/event_text.h"
#include "runtime/invocation_text.h"

namespace wgsl::runtime {

namespace {

checks::Space spaceOf(exec::MemSpace s) { return static_cast<checks::Space>(s); }
checks::AccessKind kindOf(exec::MemKind k) { return static_cast<checks::AccessKind>(k); }

checks::ValueKind valueKindOf(uint8_t scalar) {
  switch (static_cast<ir::Scalar>(scalar)) {
    case ir::Scalar::Bool: return checks::ValueKind::Bool;
    case ir::Scalar::I32: return checks::ValueKind::I32;
    case ir::Scalar::U32: return checks::ValueKind::U32;
    case ir::Scalar::F32: return checks::ValueKind::F32;
    case ir::Scalar::F16: return checks::ValueKind::F16;
  }
  return checks::ValueKind::U32;
}

exec::DoorDecision doorDecision(const checks::OobDecision& d) {
  exec::DoorDecision out;
  switch (d.action) {
    case checks::OobDecision::Action::LoadZero: out.action = exec::DoorDecision::LoadZero; break;
    case checks::OobDecision::Action::LoadVectorX: out.action = exec::DoorDecision::LoadVectorX; break;
    case checks::OobDecision::Action::LoadFrom: out.action = exec::DoorDecision::LoadFrom; break;
    case checks::OobDecision::Action::DropStore: out.action = exec::DoorDecision::DropStore; break;
    case checks::OobDecision::Action::StoreTo: out.action = exec::DoorDecision::StoreTo; break;
    case checks::OobDecision::Action::TerminateInvocation: out.action = exec::DoorDecision::Terminate; break;
    case checks::OobDecision::Action::StopDispatch: out.action = exec::DoorDecision::Stop; break;
  }
  out.offset = d.offset;
  out.last_bits = d.last_bits;
  return out;
}

// The root a race's object / byte offset belongs to (storage: by slot; workgroup: by offset).
uint32_t raceRoot(const ir::Kernel& k, const checks::RaceRecord& r) {
  for (uint32_t i = 0; i < k.roots.size(); ++i) {
    const ir::Root& root = k.roots[i];
    if (r.space == checks::Space::Storage && root.slot == static_cast<int>(r.object) &&
        root.space == sema::AddressSpace::Storage)
      return i;
    if (r.space == checks::Space::Workgroup && root.space == sema::AddressSpace::Workgroup && r.offset >= root.offset &&
        r.offset < uint64_t{root.offset} + root.size)
      return i;
  }
  return ~0u;
}

void fillInvocation(Event& ev, const uint32_t* wg, uint32_t local) {
  std::memcpy(ev.workgroup_id, wg, sizeof ev.workgroup_id);
  ev.local_invocation_index = local;
}


}  // namespace

// ---- per worker

class WorkerEngineChecks : public exec::WorkerCheckHooks {
 public:
  explicit WorkerEngineChecks(EngineChecks& d) : d_(d), wc_(d.dc_) {
    clamp = d.dc_.oob.mode == checks::OobPolicy::Mode::Clamp;
    races = d.races_ != nullptr;
    collectives = d.o_.check_collectives;
    if (!d.injector_.empty()) {
      inject_pcs = d.inject_pcs_.data();
      inject_pcs_size = static_cast<uint32_t>(d.inject_pcs_.size());
    }
  }

  void startWorkgroup(const uint32_t id[3], uint32_t invocations) override {
    wc_.startWorkgroup(id, invocations);
    const uint32_t* n = d_.num_workgroups_;
    linear_ = (uint64_t{id[2]} * n[1] + id[1]) * n[0] + id[0];
    step_ = 0;
  }
  void barrier(uint32_t aux) override { wc_.barrier(aux); }
  void endWorkgroup() override { wc_.endWorkgroup(); }

  exec::DoorDecision outOfBounds(const uint32_t wg[3], const exec::DoorAccess& a) override {
    checks::OobAccess acc;
    acc.space = spaceOf(a.space);
    acc.kind = kindOf(a.kind);
    acc.region_size = a.region_size;
    acc.offset = a.offset == exec::kUnknownByteOffset ? checks::kUnknownOffset : a.offset;
    acc.size = a.size;
    acc.scalar_size = a.scalar_size;
    acc.components = a.components;
    acc.value = valueKindOf(a.scalar);
    acc.key = checks::accessKey(a.pc, linear_, a.local_index, step_++);
    const checks::OobDecision dec = checks::decideOob(d_.dc_.oob, acc);
    ++oob_count_;
    if (!a.injected) ++organic_oob_count_;
    if (dec.action == checks::OobDecision::Action::StopDispatch) trapped_ = true;
    if (oob_.size() < d_.o_.max_events) {
      EngineChecks::OobRecord r;
      r.e.pc = a.pc;
      std::memcpy(r.e.workgroup_id, wg, sizeof r.e.workgroup_id);
      r.e.local_index = a.local_index;
      r.e.space = acc.space;
      r.e.kind = acc.kind;
      r.e.offset = acc.offset;
      r.e.has_index = a.has_index;
      r.e.index = a.index;
      r.e.index_count = a.index_count;
      r.e.size = a.size;
      r.e.region_size = a.region_size;
      r.e.decision = dec;
      r.e.origin = a.injected ? checks::Origin::Injected : checks::Origin::Organic;
      r.root = a.root;
      oob_.push_back(r);
    }
    return doorDecision(dec);
  }

  void indexFault(const uint32_t wg[3], const exec::IndexFault& f) override {
    ++index_count_;
    if (index_.size() < d_.o_.max_events) {
      EngineChecks::IndexRecord r;
      r.f = f;
      std::memcpy(r.wg, wg, sizeof r.wg);
      index_.push_back(r);
    }
  }

  void inject(uint32_t pc, const exec::LaneMask& active, const uint32_t wg[3], uint32_t first_local_index, uint64_t,
              exec::InjectedLanes& out) override {
    checks::SubgroupView v;
    std::memcpy(v.workgroup_id, wg, sizeof v.workgroup_id);
    v.workgroup_linear = linear_;
    for (int d = 0; d < 3; ++d) v.workgroup_size[d] = d_.k_.workgroup_size[d];
    v.first_local_index = first_local_index;
    v.step = step_++;
    d_.injector_.match(wc_.injection, pc, checks::LaneBits{{active.w[0], active.w[1]}}, v, res_);
    out.oob = exec::LaneMask{{res_.oob.w[0], res_.oob.w[1]}};
    out.poison = exec::LaneMask{{res_.poison.w[0], res_.poison.w[1]}};
    forEachLane(out.poison, [&](uint32_t l) { out.poison_value[l] = res_.poison_value[l]; });
  }

  void access(const exec::LaneBatch& b) override {
    checks::AccessBatch c;
    c.space = spaceOf(b.space);
    c.object = b.object;
    c.kind = kindOf(b.kind);
    c.pc = b.pc;
    c.lanes = checks::LaneBits{{b.lanes.w[0], b.lanes.w[1]}};
    c.lane_offsets = b.lane_offsets;
    c.base_offset = b.base_offset;
    c.size = b.size;
    c.first_local_index = b.first_local_index;
    wc_.race()->access(c);
  }

  void accessOne(exec::MemSpace space, uint32_t object, exec::MemKind kind, uint32_t pc, uint32_t local_index,
                 uint64_t offset, uint32_t size) override {
    wc_.race()->accessOne(spaceOf(space), object, kindOf(kind), pc, local_index, offset, size);
  }

  // A debugger's snapshots: this worker's state becomes that of `from` (a worker of a dispatch
  // with the same checks, perhaps gone: nothing of its dispatch is used).
  void copyStateFrom(const WorkerEngineChecks& from) {
    stop = from.stop;
    wc_.copyStateFrom(from.wc_);
    res_ = from.res_;
    linear_ = from.linear_;
    step_ = from.step_;
    oob_ = from.oob_;
    index_ = from.index_;
    collectives_ = from.collectives_;
    oob_count_ = from.oob_count_;
    organic_oob_count_ = from.organic_oob_count_;
    index_count_ = from.index_count_;
    collective_count_ = from.collective_count_;
    trapped_ = from.trapped_;
  }

  uint64_t shadowBytes() const { return wc_.race() ? wc_.race()->shadowBytes() : 0; }

  void nonUniformCollective(const uint32_t wg[3], uint32_t pc, uint32_t subgroup, const exec::LaneMask& active,
                            const exec::LaneMask& exists) override {
    ++collective_count_;
    if (collectives_.size() < d_.o_.max_events) {
      EngineChecks::CollectiveRecord r;
      r.pc = pc;
      std::memcpy(r.wg, wg, sizeof r.wg);
      r.subgroup = subgroup;
      r.active = active.count();
      r.lanes = exists.count();
      collectives_.push_back(r);
    }
  }

 private:
  friend class EngineChecks;
  friend std::vector<RecordedEvent> recordedSince(const exec::WorkerCheckHooks& hooks, RecordCursor& cursor);
  EngineChecks& d_;
  checks::WorkerChecks wc_;
  checks::InjectionResult res_;
  uint64_t linear_ = 0;
  uint64_t step_ = 0;
  std::vector<EngineChecks::OobRecord> oob_;
  std::vector<EngineChecks::IndexRecord> index_;
  std::vector<EngineChecks::CollectiveRecord> collectives_;
  uint64_t oob_count_ = 0, organic_oob_count_ = 0, index_count_ = 0, collective_count_ = 0;
  bool trapped_ = false;
};

// ---- per dispatch

EngineChecks::EngineChecks(const DeviceOptions& o, const DeviceConfig& config, const ir::Kernel& k,
                           const exec::DispatchParams& params)
    : k_(k), o_(o) {
  dc_.oob = config.oob;
  dc_.max_events = o_.max_events;
  injector_ = checks::Injector(config.inject);
  if (!injector_.empty()) {
    std::vector<checks::PcInfo> pcs(k.code.size());
    for (size_t pc = 0; pc < k.code.size(); ++pc) {
      const ir::Inst& in = k.code[pc];
      checks::PcInfo& info = pcs[pc];
      const bool typed_mem = ir::isTyped(in.op) && (ir::groupOf(in.op) == ir::OpGroup::Load ||
                                                    ir::groupOf(in.op) == ir::OpGroup::Store ||
                                                    ir::groupOf(in.op) == ir::OpGroup::AtomicMin ||
                                                    ir::groupOf(in.op) == ir::OpGroup::AtomicMax);
      const bool atomic = in.op >= ir::Op::AtomicLoad && in.op <= ir::Op::AtomicCmpXchg;
      info.memory = typed_mem || atomic;
      if (!info.memory) continue;
      if (ir::isTyped(in.op) && ir::groupOf(in.op) == ir::OpGroup::Load) info.kind = checks::AccessKind::Load;
      else if (ir::isTyped(in.op) && ir::groupOf(in.op) == ir::OpGroup::Store) info.kind = checks::AccessKind::Store;
      else if (in.op == ir::Op::AtomicLoad) info.kind = checks::AccessKind::AtomicLoad;
      else if (in.op == ir::Op::AtomicStore) info.kind = checks::AccessKind::AtomicStore;
      else info.kind = checks::AccessKind::AtomicRmw;
      const SourceLocation l = locationOf(k, static_cast<uint32_t>(pc));
      info.line = l.line;
      info.column = l.column;
    }
    injector_.bind(pcs);
    inject_pcs_.assign(k.code.size(), 0);
    for (size_t pc = 0; pc < k.code.size(); ++pc) inject_pcs_[pc] = injector_.mayInject(static_cast<uint32_t>(pc));
    dc_.injector = &injector_;
  }
  std::memcpy(num_workgroups_, params.num_workgroups, sizeof num_workgroups_);
  if (o.races) {
    // The shadow keeps local invocation indices in 16 bits (device limits allow 256 by default).
    const uint64_t invocations = uint64_t{k.workgroup_size[0]} * k.workgroup_size[1] * k.workgroup_size[2];
    if (invocations > 65536)
      throw Error(fmt::format("dispatch: entry point '{}': workgroup size {}x{}x{} = {} invocations; --races supports "
                              "at most 65536 invocations per workgroup (run without --races, or use a smaller "
                              "@workgroup_size)",
                              k.entry, k.workgroup_size[0], k.workgroup_size[1], k.workgroup_size[2], invocations));
    checks::RaceConfig rc;
    std::memcpy(rc.num_workgroups, params.num_workgroups, sizeof rc.num_workgroups);
    rc.storage_sizes = params.slot_size;
    rc.max_records = o_.max_events;
    // 4-byte shadow granules unless the kernel makes a 2-byte (f16) access.
    rc.granule = 4;
    rc.workgroup_bytes = k.workgroup_size_bytes;
    for (const ir::Inst& in : k.code) {
      if (ir::isTyped(in.op) && ir::scalarOf(in.op) == ir::Scalar::F16 &&
          (ir::groupOf(in.op) == ir::OpGroup::Load || ir::groupOf(in.op) == ir::OpGroup::Store))
        rc.granule = 2;
    }
    races_ = std::make_unique<checks::RaceDetector>(rc);
    dc_.races = races_.get();
  }
}

EngineChecks::~EngineChecks() = default;

std::unique_ptr<exec::WorkerCheckHooks> EngineChecks::makeWorker() {
  return std::make_unique<WorkerEngineChecks>(*this);
}

bool EngineChecks::stateDetermined() const {
  return dc_.oob.mode != checks::OobPolicy::Mode::Random && injector_.empty();
}

namespace {

// A copy of a dispatch's checks (EngineChecks::saveWorkers). The workers are copies bound to the
// dispatch they were saved from, which may be gone by the time they are restored: they are only
// copied from.
class SavedEngineChecks : public exec::SavedChecks {
 public:
  uint64_t bytes() const override { return bytes_; }
  std::vector<EngineChecks::OobRecord> oob;
  std::vector<EngineChecks::IndexRecord> index;
  std::vector<checks::InjectionEvent> injected;
  std::vector<EngineChecks::CollectiveRecord> collectives;
  uint64_t oob_count = 0, organic_oob_count = 0, index_count = 0, injected_count = 0, collective_count = 0;
  bool trapped = false;
  std::unique_ptr<checks::RaceDetector> races;
  std::vector<std::unique_ptr<WorkerEngineChecks>> workers;  // null where a state had no checks
  uint64_t bytes_ = 0;
};

}  // namespace

std::unique_ptr<exec::SavedChecks> EngineChecks::saveWorkers(const std::vector<const exec::WorkerCheckHooks*>& workers) const {
  auto s = std::make_unique<SavedEngineChecks>();
  auto& self = const_cast<EngineChecks&>(*this);  // the copies are bound to this dispatch, which they never change
  {
    std::lock_guard<std::mutex> g(lock_);
    s->oob = oob_;
    s->index = index_;
    s->injected = injected_;
    s->collectives = collectives_;
    s->oob_count = oob_count_;
    s->organic_oob_count = organic_oob_count_;
    s->index_count = index_count_;
    s->injected_count = injected_count_;
    s->collective_count = collective_count_;
    s->trapped = trapped_;
  }
  if (races_) {
    s->races = std::make_unique<checks::RaceDetector>(races_->config());
    s->races->copyStateFrom(*races_);
    s->bytes_ += races_->stats().shadow_bytes;
  }
  for (const exec::WorkerCheckHooks* w : workers) {
    if (!w) {
      s->workers.push_back(nullptr);
      continue;
    }
    auto copy = std::make_unique<WorkerEngineChecks>(self);
    copy->copyStateFrom(static_cast<const WorkerEngineChecks&>(*w));
    s->bytes_ += sizeof(WorkerEngineChecks) + copy->shadowBytes();
    s->workers.push_back(std::move(copy));
  }
  return s;
}

std::vector<std::unique_ptr<exec::WorkerCheckHooks>> EngineChecks::restoreWorkers(const exec::SavedChecks& saved) {
  const auto& s = static_cast<const SavedEngineChecks&>(saved);
  {
    std::lock_guard<std::mutex> g(lock_);
    oob_ = s.oob;
    index_ = s.index;
    injected_ = s.injected;
    collectives_ = s.collectives;
    oob_count_ = s.oob_count;
    organic_oob_count_ = s.organic_oob_count;
    index_count_ = s.index_count;
    injected_count_ = s.injected_count;
    collective_count_ = s.collective_count;
    trapped_ = s.trapped;
  }
  if (races_ && s.races) races_->copyStateFrom(*s.races);
  std::vector<std::unique_ptr<exec::WorkerCheckHooks>> out;
  for (const auto& w : s.workers) {
    if (!w) {
      out.push_back(nullptr);
      continue;
    }
    auto mine = std::make_unique<WorkerEngineChecks>(*this);
    mine->copyStateFrom(*w);
    out.push_back(std::move(mine));
  }
  return out;
}

void EngineChecks::finishWorker(exec::WorkerCheckHooks& hooks) {
  auto& w = static_cast<WorkerEngineChecks&>(hooks);
  std::lock_guard<std::mutex> g(lock_);
  w.wc_.finish();
  for (auto& r : w.oob_)
    if (oob_.size() < o_.max_events) oob_.push_back(r);
  for (auto& r : w.index_)
    if (index_.size() < o_.max_events) index_.push_back(r);
  for (auto& r : w.collectives_)
    if (collectives_.size() < o_.max_events) collectives_.push_back(r);
  for (auto& e : w.wc_.injection.events)
    if (injected_.size() < o_.max_events) injected_.push_back(e);
  oob_count_ += w.oob_count_;
  organic_oob_count_ += w.organic_oob_count_;
  index_count_ += w.index_count_;
  collective_count_ += w.collective_count_;
  injected_count_ += w.wc_.injection.event_count;
  trapped_ = trapped_ || w.trapped_;
}

namespace {

checks::Namer namerFor(const ir::Kernel& k) {
  checks::Namer namer;
  namer.location = [&k](uint32_t pc) { return where(locationOf(k, pc)); };
  return namer;
}

// One Report event per record kind, as finish() reports them and a debugger stops at them.
Event raceEvent(const ir::Kernel& k, const checks::RaceRecord& r) {
  const uint32_t root = raceRoot(k, r);
  Event ev;
  ev.kind = Event::Race;
  checks::Namer nn = namerFor(k);
  nn.variable = variableText(k, root);
  ev.message = describe(r, nn);
  ev.location = locationOf(k, r.first.pc);
  fillInvocation(ev, r.first.workgroup_id, r.first.local_index);
  ev.access = checks::toString(r.first.kind);
  ev.other_location = locationOf(k, r.second.pc);
  std::memcpy(ev.other_workgroup_id, r.second.workgroup_id, sizeof ev.other_workgroup_id);
  ev.other_local_invocation_index = r.second.local_index;
  ev.other_access = checks::toString(r.second.kind);
  ev.count = r.count;
  if (root < k.roots.size()) {
    const ir::Root& rt = k.roots[root];
    ev.variable = rt.name;
    if (rt.slot >= 0) {
      ev.group = k.slots[rt.slot].group;
      ev.binding = k.slots[rt.slot].binding;
    }
    ev.offset = r.space == checks::Space::Workgroup ? r.offset - rt.offset : r.offset;
  } else {
    ev.offset = r.offset;
  }
  ev.size = r.size;
  ev.write = checks::isWrite(r.first.kind) || checks::isWrite(r.second.kind);
  return ev;
}

Event oobEvent(const ir::Kernel& k, const EngineChecks::OobRecord& r) {
  Event ev;
  ev.kind = Event::OutOfBounds;
  ev.message = oobMessage(k, r.root, r.e);
  ev.location = locationOf(k, r.e.pc);
  fillInvocation(ev, r.e.workgroup_id, r.e.local_index);
  if (r.root < k.roots.size()) {
    const ir::Root& rt = k.roots[r.root];
    ev.variable = rt.name;
    if (rt.slot >= 0) {
      ev.group = k.slots[rt.slot].group;
      ev.binding = k.slots[rt.slot].binding;
    }
  }
  // An index out of range: the index when known (docs/run-spec.md), else kInvalidOffset.
  ev.offset = r.e.offset != checks::kUnknownOffset ? r.e.offset : r.e.has_index ? r.e.index : ir::kInvalidOffset;
  ev.size = r.e.size;
  ev.write = checks::isWrite(r.e.kind);
  ev.injected = r.e.origin == checks::Origin::Injected;
  ev.action = checks::toString(r.e.decision.action);
  ev.access = checks::toString(r.e.kind);
  return ev;
}

Event indexEvent(const ir::Kernel& k, const EngineChecks::IndexRecord& r) {
  Event ev;
  ev.kind = Event::OutOfBounds;
  ev.location = locationOf(k, r.f.pc);
  fillInvocation(ev, r.wg, r.f.local_index);
  const bool neg = r.f.is_signed && static_cast<int32_t>(r.f.index) < 0;
  const std::string idx = r.f.is_signed ? std::to_string(static_cast<int32_t>(r.f.index)) : std::to_string(r.f.index);
  const bool pick = !r.f.in_memory && k.code[r.f.pc].op == ir::Op::PickDyn;
  const std::string what = r.f.in_memory ? fmt::format("an array of {} elements", r.f.count)
                                         : fmt::format("a value of {} elements (a vector, matrix or array indexed "
                                                       "dynamically)",
                                                       r.f.count);
  std::string outcome;
  if (r.f.clamped) outcome = fmt::format("clamped to {} (--oob=clamp)", neg ? 0u : r.f.count - 1);
  else outcome = pick ? "the read gave zero" : "the write was dropped";
  ev.message = indexMessage(ev.location, idx, what, r.f.local_index, r.wg, outcome);
  ev.offset = r.f.index;
  ev.size = r.f.count;
  ev.write = !pick && !r.f.in_memory;
  ev.action = r.f.clamped ? "clamp-index" : (pick ? "load-zero" : "drop-store");
  ev.access = r.f.in_memory ? "index" : (pick ? "read" : "write");
  return ev;
}

Event collectiveEvent(const ir::Kernel& k, const EngineChecks::CollectiveRecord& r) {
  Event ev;
  ev.kind = Event::NonUniformCollective;
  ev.location = locationOf(k, r.pc);
  fillInvocation(ev, r.wg, 0);
  ev.operation = builtinNameOf(k.code[r.pc].op);
  ev.message = collectiveMessage(ev.location, ev.operation, r.subgroup, r.wg, r.active, r.lanes);
  return ev;
}

Event injectionEvent(const ir::Kernel& k, const checks::Injector& injector, const checks::InjectionEvent& e) {
  Event ev;
  ev.kind = Event::Injected;
  ev.location = locationOf(k, e.pc);
  fillInvocation(ev, e.workgroup_id, e.local_index);
  ev.message = describe(e, injector.rules()[e.rule], namerFor(k));
  ev.injected = true;
  ev.action = e.kind == checks::InjectionRule::Kind::Oob ? "oob" : "poison";
  return ev;
}

}  // namespace

void EngineChecks::finish(Report& report) const {
  std::lock_guard<std::mutex> g(lock_);
  const uint32_t* n = num_workgroups_;
  auto linear = [&](const uint32_t* wg) { return (uint64_t{wg[2]} * n[1] + wg[1]) * n[0] + wg[0]; };
  std::vector<Event> events;
  const checks::Namer namer = namerFor(k_);

  // Races: one event per distinct pair of source locations, counts summed.
  uint64_t race_events = 0;
  if (races_) {
    std::map<std::pair<std::string, std::string>, size_t> seen;
    std::vector<checks::RaceRecord> merged;
    for (const checks::RaceRecord& r : races_->records()) {
      std::string a = namer.location(r.first.pc), b = namer.location(r.second.pc);
      if (b < a) std::swap(a, b);
      auto it = seen.find({a, b});
      if (it != seen.end()) {
        merged[it->second].count += r.count;
        continue;
      }
      seen[{a, b}] = merged.size();
      merged.push_back(r);
    }
    for (const checks::RaceRecord& r : merged) {
      events.push_back(raceEvent(k_, r));
      ++race_events;
    }
  }

  if (races_ && races_->stats().incomplete) {
    // Not a race: the shadow memory limit was reached, so some storage was not tracked.
    Event ev;
    ev.kind = Event::Race;
    ev.count = 0;
    ev.message = fmt::format("race detection incomplete: the shadow memory limit ({} MiB) was reached, so races on "
                             "part of the storage buffers may be missing",
                             races_->config().max_shadow_bytes >> 20);
    events.push_back(std::move(ev));
  }

  // Out-of-bounds accesses, in workgroup order.
  std::vector<OobRecord> oob = oob_;
  std::stable_sort(oob.begin(), oob.end(), [&](const OobRecord& a, const OobRecord& b) {
    return std::make_tuple(linear(a.e.workgroup_id), a.e.local_index, a.e.pc) <
           std::make_tuple(linear(b.e.workgroup_id), b.e.local_index, b.e.pc);
  });
  for (const OobRecord& r : oob) events.push_back(oobEvent(k_, r));
  for (const IndexRecord& r : index_) events.push_back(indexEvent(k_, r));
  for (const CollectiveRecord& r : collectives_) events.push_back(collectiveEvent(k_, r));
  for (const checks::InjectionEvent& e : injected_) events.push_back(injectionEvent(k_, injector_, e));

  for (Event& ev : events) {
    if (report.events.size() >= o_.max_events) break;
    report.events.push_back(std::move(ev));
  }
  report.event_count += (races_ && races_->stats().incomplete ? 1 : 0);
  report.event_count += race_events + oob_count_ + index_count_ + collective_count_ + injected_count_;
  if (trapped_) report.status = Status::Trapped;
  else if (report.status == Status::Ok && race_events + organic_oob_count_ + index_count_ + collective_count_ > 0)
    report.status = Status::DynamicError;
}

std::vector<RecordedEvent> recordedSince(const exec::WorkerCheckHooks& hooks, RecordCursor& cursor) {
  std::vector<RecordedEvent> out;
  const auto* w = dynamic_cast<const WorkerEngineChecks*>(&hooks);
  if (!w) return out;
  const ir::Kernel& k = w->d_.k_;
  auto add = [&](Event ev, uint32_t pc, const uint32_t* wg, uint32_t local) {
    RecordedEvent r;
    r.event = std::move(ev);
    r.pc = pc;
    std::memcpy(r.workgroup, wg, sizeof r.workgroup);
    r.local_index = local;
    out.push_back(std::move(r));
  };
  for (; cursor.oob < w->oob_.size(); ++cursor.oob) {
    const EngineChecks::OobRecord& r = w->oob_[cursor.oob];
    add(oobEvent(k, r), r.e.pc, r.e.workgroup_id, r.e.local_index);
  }
  for (; cursor.index < w->index_.size(); ++cursor.index) {
    const EngineChecks::IndexRecord& r = w->index_[cursor.index];
    add(indexEvent(k, r), r.f.pc, r.wg, r.f.local_index);
  }
  for (; cursor.collectives < w->collectives_.size(); ++cursor.collectives) {
    const EngineChecks::CollectiveRecord& r = w->collectives_[cursor.collectives];
    add(collectiveEvent(k, r), r.pc, r.wg, 0);
    out.back().subgroup = static_cast<int32_t>(r.subgroup);
  }
  const auto& injected = w->wc_.injection.events;
  for (; cursor.injected < injected.size(); ++cursor.injected) {
    const checks::InjectionEvent& e = injected[cursor.injected];
    add(injectionEvent(k, w->d_.injector_, e), e.pc, e.workgroup_id, e.local_index);
  }
  if (const checks::RaceWorker* race = w->wc_.race()) {
    const std::vector<checks::RaceRecord>& records = race->records();
    for (; cursor.races < records.size(); ++cursor.races) {
      const checks::RaceRecord& r = records[cursor.races];
      add(raceEvent(k, r), r.second.pc, r.second.workgroup_id, r.second.local_index);
    }
  }
  return out;
}

std::string divergenceDetails(const exec::ExecEvent& e, const ir::Kernel& k) {
  std::string s;
  if (!e.exited.empty()) s += fmt::format("; exited (returned or terminated): {}", listInvocations(e.exited));
  for (const auto& el : e.elsewhere) {
    if (el.pc == exec::ExecEvent::kNoWhere) {
      s += fmt::format("; inactive in a branch or loop of a subgroup that reached the barrier: {}",
                       listInvocations(el.invocations));
    } else {
      s += fmt::format("; waiting at the barrier at {}: {}", where(locationOf(k, el.pc)), listInvocations(el.invocations));
    }
  }
  return s;
}

Event valueIndexEvent(const exec::ExecEvent& e, const ir::Kernel& k) {
  Event ev;
  ev.kind = Event::OutOfBounds;
  ev.location = locationOf(k, e.pc);
  fillInvocation(ev, e.workgroup, e.local_index);
  const bool is_signed = (k.code[e.pc].aux & 2) != 0;
  const uint32_t index = static_cast<uint32_t>(e.offset);
  const std::string idx = is_signed ? std::to_string(static_cast<int32_t>(index)) : std::to_string(index);
  ev.message = indexMessage(ev.location, idx,
                            fmt::format("a value of {} elements (a vector, matrix or array indexed dynamically)", e.size),
                            e.local_index, e.workgroup, e.write ? "the write was dropped" : "the read gave zero");
  ev.offset = index;
  ev.size = e.size;
  ev.write = e.write;
  ev.action = e.write ? "drop-store" : "load-zero";
  ev.access = e.write ? "write" : "read";
  return ev;
}

}  // namespace wgsl::runtime
