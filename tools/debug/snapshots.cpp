// Snapshots for reverse execution (see session.h): the session's side. The dispatch's state is
// saved and restored by the step-wise dispatch (runtime/dispatch_snapshot.h) and the run's state
// at a pass's start by the runner (runspec::PassCheckpoint); the session keeps them, with its own
// state at the same moment, and begins a re-execution at the last one before its target.
#include <algorithm>

#include "tools/debug/session.h"

namespace wgslemu::debug {

void Session::setSnapshotEvery(uint64_t every) {
  snapshot_every_ = every;
  snapshot_interval_ = every;
  clearSnapshots();
}

uint64_t Session::snapshotBytes() const {
  uint64_t n = 0;
  for (const Snapshot& s : snapshots_) n += s.bytes;
  for (const auto& [pass, c] : checkpoints_) n += c ? c->bytes() : 0;
  return n;
}

void Session::clearSnapshots() {
  snapshots_.clear();
  checkpoints_.clear();
  snapshot_interval_ = snapshot_every_;
}

Session::SavedSession Session::saveSession(bool in_dispatch) const {
  SavedSession s;
  s.progress = progress_;
  for (const Watch& w : watches_) {
    SavedWatch sw;
    sw.last = w.last;
    sw.known = w.known;
    if (w.scope == Watch::Scope::Buffer) {
      // `last` was taken from this dispatch's binding: a resumed run compares with it. From an
      // earlier dispatch's: the next check takes the bytes again, as it does after a resume.
      sw.rebase = in_dispatch && params_ && w.known && w.base &&
                  std::find(params_->slot_base.begin(), params_->slot_base.end(), w.base) != params_->slot_base.end();
      if (!sw.rebase) sw.known = false;
    }
    s.watches.emplace(w.id, std::move(sw));
  }
  return s;
}

void Session::restoreSession(const SavedSession& s) {
  progress_ = s.progress;
  for (Watch& w : watches_) {
    auto it = s.watches.find(w.id);
    if (it == s.watches.end()) continue;  // snapshotBefore does not choose such a snapshot
    w.last = it->second.last;
    w.known = it->second.known;
    w.base = nullptr;
    w.rebase = it->second.rebase;
  }
}

void Session::passBegins(size_t pass, const runspec::TakeCheckpoint& take) {
  pass_ = pass;
  if (!snapshot_every_) return;
  pruneCheckpoints();
  auto it = checkpoints_.find(pass);
  if (it == checkpoints_.end()) it = checkpoints_.emplace(pass, take()).first;
  if (progress_.step == 0 || (!snapshots_.empty() && snapshots_.back().step >= progress_.step)) return;  // the start, or taken before
  Snapshot s;
  s.step = progress_.step;
  s.pass = pass;
  s.checkpoint = it->second;
  s.session = saveSession(false);
  addSnapshot(std::move(s));
}

void Session::stepBoundary(const TakeSnapshot& take) {
  if (!snapshot_every_) return;
  // The next snapshot comes `snapshot_interval_` instructions after the newest, or later when
  // snapshots are large: copying a byte costs about as much as running 1/kBytesPerInstruction
  // instructions, so taking them costs at most a few percent of the run.
  const uint64_t newest = snapshots_.empty() ? 0 : snapshots_.back().step;
  const uint64_t gap = std::max(snapshot_interval_, (snapshots_.empty() ? 0 : snapshots_.back().bytes) / kBytesPerInstruction);
  if (progress_.step < newest + gap) return;  // also: a re-execution behind the newest
  auto cp = checkpoints_.find(pass_);
  if (cp == checkpoints_.end() || !cp->second) return;
  std::shared_ptr<const wgsl::exec::DispatchSnapshot> d = take();
  if (!d) return;
  Snapshot s;
  s.step = progress_.step;
  s.pass = pass_;
  s.checkpoint = cp->second;
  s.dispatch = std::move(d);
  s.session = saveSession(true);
  s.bytes = s.dispatch->bytes();
  for (const std::string& e : s.session.progress.events) s.bytes += e.size();
  addSnapshot(std::move(s));
}

void Session::pruneCheckpoints() {
  // The pass checkpoints no snapshot needs go (but the running pass's: its snapshots to come).
  for (auto it = checkpoints_.begin(); it != checkpoints_.end();) {
    bool used = it->first == pass_;
    for (const Snapshot& k : snapshots_) used = used || k.checkpoint == it->second;
    it = used ? std::next(it) : checkpoints_.erase(it);
  }
}

void Session::addSnapshot(Snapshot s) {
  snapshots_.push_back(std::move(s));
  ++snapshots_taken_;
  pruneCheckpoints();
  // Thinning: every other snapshot goes (the first one stays), and they are taken half as often.
  while (snapshots_.size() > kMaxSnapshots || snapshotBytes() > kSnapshotBudget) {
    if (snapshots_.size() <= 1) {
      snapshots_.clear();
      snapshot_interval_ *= 2;
      pruneCheckpoints();
      break;
    }
    std::vector<Snapshot> kept;
    for (size_t i = 0; i < snapshots_.size(); i += 2) kept.push_back(std::move(snapshots_[i]));
    snapshots_ = std::move(kept);
    snapshot_interval_ *= 2;
    pruneCheckpoints();
  }
}

const Session::Snapshot* Session::snapshotBefore(uint64_t before) const {
  for (auto it = snapshots_.rbegin(); it != snapshots_.rend(); ++it) {
    if (it->step >= before || it->step == 0) continue;
    bool usable = true;
    for (const Watch& w : watches_) {
      // A watch set after the snapshot was taken: its bytes then are not known. A buffer's
      // watch at a pass's start: whether the next dispatch binds the same bytes is not known.
      if (!it->session.watches.count(w.id) || (w.scope == Watch::Scope::Buffer && !it->dispatch)) usable = false;
    }
    if (usable) return &*it;
  }
  return nullptr;
}

std::shared_ptr<const wgsl::exec::DispatchSnapshot> Session::resumeFrom() {
  if (!resume_) return nullptr;
  std::optional<Snapshot> r = std::move(resume_);
  resume_.reset();
  if (!r->dispatch) return nullptr;
  restoreSession(r->session);  // what dispatchBegins reset
  return r->dispatch;
}

void Session::workgroupResumed(wgsl::exec::WorkgroupState& w, wgsl::exec::ExecContext& ctx) {
  live_[linearOf(ctx)] = Live{&w, &ctx};
}

}  // namespace wgslemu::debug
