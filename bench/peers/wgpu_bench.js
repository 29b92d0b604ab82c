// The execution benchmark's peer: the five kernels of bench/kernels/ on WebGPU in Deno (wgpu), which
// on a machine without a GPU runs on Mesa's lavapipe (llvmpipe: WGSL -> SPIR-V -> LLVM JIT on the CPU).
// For each kernel: deterministic inputs (the same generators as bench/exec_bench.cpp), one verified
// dispatch checked against a plain JS reference, warm-up, then timed dispatches, each one
// submit + onSubmittedWorkDone (uploads and readbacks excluded). Prints the adapter first, then one
// JSON line per kernel: {kernel, ms_per_dispatch (median), ms_min, reps, compile_ms,
// cpu_ms_per_dispatch (process CPU time, all threads; null without --allow-all), output_fnv1a (hash
// of the verified output), ok, detail}.
//
// deno run --unstable-webgpu --allow-read --allow-write wgpu_bench.js
//      [--kernels DIR] [--out FILE] [--reps N] [--only NAME[,NAME...]]
// (set XDG_RUNTIME_DIR, e.g. to a temp folder, or the Vulkan loader complains on stderr)

const args = { kernels: new URL("../kernels/", import.meta.url).pathname, out: "", reps: 10, only: "" };
for (let i = 0; i < Deno.args.length; ++i) {
  const a = Deno.args[i];
  const key = a.replace(/^--/, "");
  if (!(key in args) || i + 1 >= Deno.args.length) {
    console.error(`wgpu_bench: unknown or incomplete option '${a}'; expected --kernels DIR, --out FILE, --reps N, --only NAMES`);
    Deno.exit(2);
  }
  args[key] = key === "reps" ? Math.max(1, parseInt(Deno.args[++i], 10) || 1) : Deno.args[++i];
}

// ---- deterministic inputs, shared with exec_bench.cpp (bench/exec_cases.h) ----
function hash32(i) {
  let h = Math.imul(i, 0x9e3779b1) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}
function u32Input(n, seed) {
  const v = new Uint32Array(n);
  for (let i = 0; i < n; ++i) v[i] = hash32(i + seed);
  return v;
}
// Multiples of 1/256 below 256: sums of two are exact in f32.
function vecInput(n, seed) {
  const v = new Float32Array(n);
  for (let i = 0; i < n; ++i) v[i] = (hash32(i + seed) & 0xffff) / 256;
  return v;
}
// Multiples of 1/64 in [-2, 2): every partial sum of a 256-term dot product is exact in f32, so any
// summation order (and fused multiply-add) gives the same result.
function matInput(n, seed) {
  const v = new Float32Array(n);
  for (let i = 0; i < n; ++i) v[i] = (hash32(i + seed) & 0xff) / 64 - 2;
  return v;
}

// ---- the kernels: buffers, dispatch size, reference check ----
const N = 4 * 1024 * 1024;
const MANDEL = 512, MAX_ITER = 256, MAT = 256, HIST_GROUPS = 64;

const kernels = [
  {
    name: "vector_add",
    setup() {
      const a = vecInput(N, 1), b = vecInput(N, 2);
      return { buffers: [a, b, new Float32Array(N)], groups: [N / 256, 1, 1], out: 2, check: (c) => {
        for (let i = 0; i < N; ++i) if (c[i] !== Math.fround(a[i] + b[i])) return `c[${i}] = ${c[i]}, expected ${a[i] + b[i]}`;
        return "";
      } };
    },
  },
  {
    name: "mandelbrot",
    setup() {
      return { buffers: [new Uint32Array(MANDEL * MANDEL)], groups: [MANDEL / 16, MANDEL / 16, 1], out: 0, check: (c) => {
        // Per pixel in f32 as the kernel does. A JIT may fuse multiply-adds, which changes the
        // escape iteration of boundary pixels (about 0.1% here): tolerate up to 1%.
        const f = Math.fround;
        let off = 0, first = "";
        for (let py = 0; py < MANDEL; ++py) {
          for (let px = 0; px < MANDEL; ++px) {
            const cx = f(-2 + f(px * f(3 / MANDEL))), cy = f(-1.5 + f(py * f(3 / MANDEL)));
            let x = 0, y = 0, i = 0;
            while (i < MAX_ITER && f(f(x * x) + f(y * y)) <= 4) {
              const xt = f(f(f(x * x) - f(y * y)) + cx);
              y = f(f(f(2 * x) * y) + cy);
              x = xt;
              ++i;
            }
            const got = c[py * MANDEL + px];
            if (got !== i) { ++off; if (!first) first = `pixel (${px}, ${py}) = ${got}, expected ${i}`; }
          }
        }
        return off * 100 > MANDEL * MANDEL ? `${off} pixels differ; first: ${first}` : (off ? `ok (${off} boundary pixels differ)` : "");
      } };
    },
  },
  {
    name: "reduce",
    setup() {
      const input = u32Input(N, 3);
      return { buffers: [input, new Uint32Array(1)], groups: [N / 256, 1, 1], out: 1, check: (t) => {
        let s = 0;
        for (let i = 0; i < N; ++i) s = (s + input[i]) >>> 0;
        return t[0] === s ? "" : `total = ${t[0]}, expected ${s}`;
      } };
    },
  },
  {
    name: "histogram",
    setup() {
      const input = u32Input(N, 4);
      return { buffers: [input, new Uint32Array(256)], groups: [HIST_GROUPS, 1, 1], out: 1, check: (bins) => {
        const ref = new Uint32Array(256);
        for (let i = 0; i < N; ++i) ref[input[i] & 0xff]++;
        for (let i = 0; i < 256; ++i) if (bins[i] !== ref[i]) return `bins[${i}] = ${bins[i]}, expected ${ref[i]}`;
        return "";
      } };
    },
  },
  {
    name: "matmul",
    setup() {
      const a = matInput(MAT * MAT, 5), b = matInput(MAT * MAT, 6);
      return { buffers: [a, b, new Float32Array(MAT * MAT)], groups: [MAT / 16, MAT / 16, 1], out: 2, check: (c) => {
        for (let r = 0; r < MAT; ++r) {
          for (let col = 0; col < MAT; ++col) {
            let acc = 0;
            for (let k = 0; k < MAT; ++k) acc += a[r * MAT + k] * b[k * MAT + col];
            if (c[r * MAT + col] !== acc) return `c[${r}][${col}] = ${c[r * MAT + col]}, expected ${acc}`;
          }
        }
        return "";
      } };
    },
  },
];

// FNV-1a (32 bits) of the output bytes, as hex: exec_bench compares it with its plain loop's output,
// which checks that both sides ran the same work on the same inputs.
function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; ++i) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

// CPU time of this process (all threads, lavapipe's included) in ms, or null when Deno may not
// read /proc/self/stat (it needs --allow-all for that).
function cpuMs() {
  try {
    const f = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;  // utime + stime, in 10 ms clock ticks
  } catch {
    return null;
  }
}

// ---- WebGPU ----
const adapter = await navigator.gpu?.requestAdapter();
if (!adapter) {
  console.error("wgpu_bench: no WebGPU adapter (is mesa-vulkan-drivers installed? see bench/peers/install.sh)");
  Deno.exit(1);
}
const info = adapter.info;
const adapterLine = { adapter: { description: info.description, vendor: info.vendor, device: info.device,
  architecture: info.architecture, fallback: info.isFallbackAdapter ?? null, deno: Deno.version.deno } };
const device = await adapter.requestDevice({
  requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
                    maxBufferSize: adapter.limits.maxBufferSize },
});
const lines = [JSON.stringify(adapterLine)];
console.log(lines[0]);

async function readBack(buffer, size) {
  const staging = device.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = device.createCommandEncoder();
  enc.copyBufferToBuffer(buffer, 0, staging, 0, size);
  device.queue.submit([enc.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const copy = staging.getMappedRange().slice(0);
  staging.unmap();
  staging.destroy();
  return copy;
}

async function runKernel(k) {
  const source = await Deno.readTextFile(`${args.kernels}/${k.name}.wgsl`);
  const s = k.setup();
  device.pushErrorScope("validation");
  const t0 = performance.now();
  const module = device.createShaderModule({ code: source });
  const pipeline = await device.createComputePipelineAsync({ layout: "auto", compute: { module, entryPoint: "main" } });
  const compileMs = performance.now() - t0;
  const buffers = s.buffers.map((data) => {
    const buf = device.createBuffer({ size: data.byteLength,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buf, 0, data);
    return buf;
  });
  const bindGroup = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0),
    entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })) });
  const dispatch = async () => {
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(...s.groups);
    pass.end();
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
  };
  // One verified dispatch on fresh buffers (atomic accumulators start at zero).
  await dispatch();
  const outData = s.buffers[s.out];
  const out = new outData.constructor(await readBack(buffers[s.out], outData.byteLength));
  const error = await device.popErrorScope();
  const detail = error ? `WebGPU error: ${error.message}` : s.check(out);
  const ok = !error && (detail === "" || detail.startsWith("ok"));
  const outputHash = fnv1a(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
  // Warm-up, then the timed dispatches (accumulating kernels keep adding: only time matters now).
  await dispatch();
  const times = [];
  const cpu0 = cpuMs();
  for (let r = 0; r < args.reps; ++r) {
    const t = performance.now();
    await dispatch();
    times.push(performance.now() - t);
  }
  const cpu1 = cpuMs();
  times.sort((x, y) => x - y);
  buffers.forEach((b) => b.destroy());
  const r3 = (x) => Math.round(x * 1000) / 1000;
  return { kernel: k.name, ms_per_dispatch: r3(times[times.length >> 1]), ms_min: r3(times[0]), reps: args.reps,
           compile_ms: r3(compileMs), output_fnv1a: outputHash,
           cpu_ms_per_dispatch: cpu0 === null || cpu1 === null ? null : r3((cpu1 - cpu0) / args.reps), ok, detail };
}

const only = args.only ? new Set(args.only.split(",")) : null;
let allOk = true;
for (const k of kernels) {
  if (only && !only.has(k.name)) continue;
  let line;
  try {
    line = await runKernel(k);
  } catch (e) {
    line = { kernel: k.name, ms_per_dispatch: null, ok: false, detail: `exception: ${e?.message ?? e}` };
  }
  allOk &&= line.ok;
  const text = JSON.stringify(line);
  console.log(text);
  lines.push(text);
}
if (args.out) await Deno.writeTextFile(args.out, lines.join("\n") + "\n");
Deno.exit(allOk ? 0 : 1);
