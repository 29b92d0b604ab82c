// spin_lock_mutex.wgsl -- a global spin lock (atomic compare-exchange on one word)
// guarding a critical section, as a forward-progress litmus test. Three acquisition
// schemes are selected by the override `lock_scheme`:
//
//   0  one invocation per workgroup spins until it holds the lock, then enters.
//      Needs forward progress *between workgroups*: if the scheduler keeps running
//      a spinning workgroup and never resumes the holder, the dispatch hangs.
//   1  every invocation contends; the critical section is executed *inside* the
//      acquire loop by whichever lane won the CAS ("SIMT-safe" lock). Works on
//      lockstep subgroups without independent forward progress.
//   2  (default case) every invocation spins until it holds the lock and enters
//      after the loop. On lockstep subgroups the holder waits at the loop exit for
//      lanes that are still spinning on the lock it holds: the classic SIMT
//      deadlock. Expected to hang in wgslemu whenever two lanes of one subgroup
//      contend; terminates only with independent per-invocation progress.
//
// Bindings:
//   @group(0) @binding(0)  state     : LockState   storage, read_write  lock + counters (host zeroes)
//   @group(0) @binding(1)  owner_log : array<u32>  storage, read_write  owner_log[c] = invocation that
//                                                                          took ticket c (optional size)
// Overrides: lock_scheme (@id(0), default 0), rounds (@id(1), default 1: times each
// participant enters), wg_size (@id(2), default 64: workgroup size).
// Dispatch: G x 1 x 1 workgroups. Participants P = G (scheme 0) or G * wg_size.
// Expected result when the dispatch completes: counter == entries == P * rounds,
// inside == 0, violations == 0, lock == 0, owner_log[0 .. P*rounds-1] a permutation
// of the participants (each repeated `rounds` times).
//
// Memory-model caveat (seed 001, point 5): WGSL atomics are relaxed, so a spin lock
// gives no acquire/release ordering for *other* locations. The protected counter
// is therefore itself atomic, but updated with a non-RMW load/store pair, so a
// lock that fails to exclude shows up as lost updates (counter < entries) and in
// `violations`. owner_log is written non-atomically: on a sequentially consistent
// implementation the lock orders those writes; formally they are only race-free if
// every ticket is distinct, which is what the test checks.
//
// Exercises: ptr<private, u32> parameter (xorshift state in a private variable),
// switch on an override with `default` between cases, while/loop/for, `^=` with
// shifts, short-circuit `&&` with a side-effecting call, atomicSub, members of the
// atomicCompareExchangeWeak result.

struct LockState {
  lock: atomic<u32>,
  counter: atomic<u32>,
  entries: atomic<u32>,
  inside: atomic<u32>,
  violations: atomic<u32>,
}

@id(0) override lock_scheme: u32 = 0u;
@id(1) override rounds: u32 = 1u;
@id(2) override wg_size: u32 = 64u;

@group(0) @binding(0) var<storage, read_write> state: LockState;
@group(0) @binding(1) var<storage, read_write> owner_log: array<u32>;

var<private> rng: u32;

fn xorshift32(s: ptr<private, u32>) -> u32 {
  var x = *s;
  x ^= x << 13u;
  x ^= x >> 17u;
  x ^= x << 5u;
  *s = x;
  return x;
}

// Bounded busy-wait of 0..15 steps to de-correlate contenders.
fn backoff(s: ptr<private, u32>) {
  let spins = xorshift32(s) & 0xFu;
  var i = 0u;
  while (i < spins) {
    i++;
  }
}

fn try_lock() -> bool {
  return atomicCompareExchangeWeak(&state.lock, 0u, 1u).exchanged;
}

fn unlock() {
  atomicStore(&state.lock, 0u);
}

// Test-and-test-and-set acquire: returns only once the lock is held.
fn lock_spin() {
  loop {
    if (atomicLoad(&state.lock) == 0u && try_lock()) {
      break;
    }
    backoff(&rng);
  }
}

fn critical_section(who: u32) {
  let already_inside = atomicAdd(&state.inside, 1u);
  if (already_inside != 0u) {
    atomicAdd(&state.violations, 1u);
  }
  let c = atomicLoad(&state.counter);
  if (c < arrayLength(&owner_log)) {
    owner_log[c] = who;
  }
  atomicStore(&state.counter, c + 1u);
  atomicAdd(&state.entries, 1u);
  atomicSub(&state.inside, 1u);
}

// Scheme 1: the winner runs the critical section inside the acquire loop.
fn lock_and_run_simt_safe(who: u32) {
  var done = false;
  while (!done) {
    if (try_lock()) {
      critical_section(who);
      unlock();
      done = true;
    } else {
      backoff(&rng);
    }
  }
}

@compute @workgroup_size(wg_size)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32) {
  rng = (gid.x * 0x9E3779B9u) | 1u;
  let who = gid.x;
  for (var r = 0u; r < rounds; r++) {
    switch lock_scheme {
      case 0u: {
        if (lidx == 0u) {
          lock_spin();
          critical_section(who);
          unlock();
        }
      }
      default: {
        lock_spin();
        critical_section(who);
        unlock();
      }
      case 1u: {
        lock_and_run_simt_safe(who);
      }
    }
  }
}
