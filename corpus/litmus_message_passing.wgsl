// litmus_message_passing.wgsl -- forward-progress litmus: message passing between two
// workgroups through atomics. The producer stores a payload and then raises a flag; the
// consumer spins on the flag, then reads the payload and acknowledges.
//
// Dispatch: exactly 2 x 1 x 1 workgroups.
// Overrides:
//   producer (@id(0), default 0): the workgroup id that sends; the other one receives.
//   wg_size  (@id(1), default 1): invocations per workgroup. 1 is the "one thread per
//            workgroup" form of the litmus test; with more, invocation 0 of the consumer
//            spins while the rest of its workgroup waits at a workgroupBarrier.
// Bindings:
//   @group(0) @binding(0)  flag : atomic<u32>         0 = empty, 1 = sent, 2 = received
//   @group(0) @binding(1)  data : array<atomic<u32>>  wg_size words, the payload
//   @group(0) @binding(2)  got  : array<u32>          wg_size words, what the consumer read
// Host setup: every buffer zero.
// Expected when the dispatch completes: flag == 2, data[i] == got[i] == 1000 + 17 * i.
//
// Progress: the consumer waits for the producer. With producer 0 the kernel terminates
// under any scheduler that lets the lowest-id workgroup run (fair, round-robin, obe with
// admission in id order or occupancy 2, lobe, hsa); it can hang under obe with occupancy 1
// and reverse admission (the consumer holds the only slot and spins) and under unfair (the
// consumer spins and is the only one run). With producer 1 it also needs the consumer, the
// lower id, to let workgroup 1 run: lobe and hsa no longer suffice with occupancy 1.
//
// Memory-model caveat: WGSL atomics are relaxed, so a flag gives no ordering for other
// locations. The payload is atomic and ordered by a storageBarrier within the producer;
// reading the payload after the flag is guaranteed on sequentially consistent
// implementations (wgslemu), not by WGSL's memory model.

@id(0) override producer: u32 = 0u;
@id(1) override wg_size: u32 = 1u;

@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> data: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> got: array<u32>;

@compute @workgroup_size(wg_size)
fn main(@builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  if (wid.x == producer) {
    atomicStore(&data[lid], 1000u + 17u * lid);
    storageBarrier();
    if (lid == 0u) {
      atomicStore(&flag, 1u);
    }
  } else {
    if (lid == 0u) {
      // The spin: re-read the flag until the producer has raised it.
      loop {
        if (atomicLoad(&flag) == 1u) {
          break;
        }
      }
    }
    storageBarrier();
    got[lid] = atomicLoad(&data[lid]);
    storageBarrier();
    if (lid == 0u) {
      atomicStore(&flag, 2u);
    }
  }
}
