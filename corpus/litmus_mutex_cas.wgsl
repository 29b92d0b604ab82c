// litmus_mutex_cas.wgsl -- forward-progress litmus: mutual exclusion with a spin lock
// taken by atomicCompareExchangeWeak (a plain CAS loop, no test-and-test-and-set, no
// backoff). Invocation 0 of each workgroup is the participant.
//
// Overrides:
//   rounds  (@id(0), default 1): critical sections per workgroup.
//   wg_size (@id(1), default 1): invocations per workgroup (1: one thread per workgroup);
//           the other invocations wait at a workgroupBarrier and then record the round.
// Dispatch: G x 1 x 1.
// Bindings:
//   @group(0) @binding(0)  st     : MutexState  storage, read_write (host zeroes)
//   @group(0) @binding(1)  rounds_seen : array<u32>  G * wg_size words: each invocation
//                          writes how many rounds its workgroup completed
// Expected when the dispatch completes: lock == 0, counter == acquisitions == G * rounds,
// inside == 0, violations == 0, rounds_seen[i] == rounds for every i.
//
// Progress: the lock holder must keep running while others spin. Terminates under fair,
// round-robin, obe (the holder has started, started workgroups are fair), lobe; can hang
// under hsa (a higher workgroup is run until it takes the lock, then starved while the
// lowest spins) and unfair. atomicCompareExchangeWeak may fail spuriously; the loop
// retries, so that only costs iterations.
// Memory-model caveat as in spin_lock_mutex.wgsl.

struct MutexState {
  lock: atomic<u32>,
  counter: atomic<u32>,
  acquisitions: atomic<u32>,
  inside: atomic<u32>,
  violations: atomic<u32>,
}

@id(0) override rounds: u32 = 1u;
@id(1) override wg_size: u32 = 1u;

@group(0) @binding(0) var<storage, read_write> st: MutexState;
@group(0) @binding(1) var<storage, read_write> rounds_seen: array<u32>;

var<workgroup> completed: u32;

fn acquire() {
  loop {
    let r = atomicCompareExchangeWeak(&st.lock, 0u, 1u);
    if (r.exchanged) {
      break;
    }
  }
}

fn release() {
  atomicStore(&st.lock, 0u);
}

@compute @workgroup_size(wg_size)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    for (var r = 0u; r < rounds; r++) {
      acquire();
      if (atomicAdd(&st.inside, 1u) != 0u) {
        atomicAdd(&st.violations, 1u);
      }
      let c = atomicLoad(&st.counter);
      atomicStore(&st.counter, c + 1u);
      atomicAdd(&st.acquisitions, 1u);
      atomicSub(&st.inside, 1u);
      release();
    }
    completed = rounds;
  }
  workgroupBarrier();
  rounds_seen[gid.x] = completed;
}
