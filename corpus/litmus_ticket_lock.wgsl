// litmus_ticket_lock.wgsl -- forward-progress litmus: a ticket lock. Each participant
// takes a ticket with atomicAdd, waits until `now_serving` equals it, runs a critical
// section and serves the next ticket. Tickets are served strictly in order, so the
// holder of the smallest unserved ticket must be able to run.
//
// Overrides:
//   rounds   (@id(0), default 1): critical sections per participant.
//   wg_size  (@id(1), default 1): invocations per workgroup (1: one thread per workgroup).
//   scheme   (@id(2), default 0):
//     0  invocation 0 of each workgroup is the participant (the others only wait at the
//        end): needs progress between workgroups only.
//     1  every invocation is a participant; the critical section runs *inside* the wait
//        loop (the SIMT-safe form), so lanes of one subgroup in lockstep are served one
//        after another without waiting for each other.
// Dispatch: G x 1 x 1. Participants P = G (scheme 0) or G * wg_size (scheme 1).
// Bindings:
//   @group(0) @binding(0)  st : TicketState  storage, read_write (host zeroes)
// Expected when the dispatch completes: next_ticket == now_serving == counter == P * rounds,
// inside == 0, violations == 0 (no two participants inside at once, and the counter read
// inside the critical section always equals the ticket being served).
//
// Progress: a participant that holds a ticket waits for every smaller ticket. Terminates
// under fair, round-robin, obe and lobe (a ticket is taken only by a started workgroup, and
// started workgroups are scheduled fairly); can hang under hsa (the adversary lets a higher
// workgroup take a ticket and then starves it while the lowest one waits) and unfair.
// Memory-model caveat as in spin_lock_mutex.wgsl: the counter is atomic but updated with a
// load/store pair, so a lock that fails to exclude shows up as lost updates.

struct TicketState {
  next_ticket: atomic<u32>,
  now_serving: atomic<u32>,
  counter: atomic<u32>,
  inside: atomic<u32>,
  violations: atomic<u32>,
}

@id(0) override rounds: u32 = 1u;
@id(1) override wg_size: u32 = 1u;
@id(2) override scheme: u32 = 0u;

@group(0) @binding(0) var<storage, read_write> st: TicketState;

fn critical_section(ticket: u32) {
  if (atomicAdd(&st.inside, 1u) != 0u) {
    atomicAdd(&st.violations, 1u);
  }
  let c = atomicLoad(&st.counter);
  if (c != ticket) {
    atomicAdd(&st.violations, 1u);
  }
  atomicStore(&st.counter, c + 1u);
  atomicSub(&st.inside, 1u);
}

// Scheme 0: wait, then enter after the loop.
fn take_and_serve() {
  let ticket = atomicAdd(&st.next_ticket, 1u);
  loop {
    if (atomicLoad(&st.now_serving) == ticket) {
      break;
    }
  }
  critical_section(ticket);
  atomicStore(&st.now_serving, ticket + 1u);
}

// Scheme 1: enter inside the loop.
fn take_and_serve_simt_safe() {
  let ticket = atomicAdd(&st.next_ticket, 1u);
  loop {
    if (atomicLoad(&st.now_serving) == ticket) {
      critical_section(ticket);
      atomicStore(&st.now_serving, ticket + 1u);
      break;
    }
  }
}

@compute @workgroup_size(wg_size)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var r = 0u; r < rounds; r++) {
    if (scheme == 0u) {
      if (lid == 0u) {
        take_and_serve();
      }
    } else {
      take_and_serve_simt_safe();
    }
  }
}
