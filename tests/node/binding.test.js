'use strict';
// The node binding (bindings/node) running unmodified WebGPU JavaScript on wgslemu. Run with
// `node --test` (CTest: node_binding); WGSLEMU_NODE_ADDON names the built addon.
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { create, globals } = require(path.join(__dirname, '..', '..', 'bindings', 'node'));
const { GPUBufferUsage, GPUMapMode, GPUShaderStage } = globals;

async function device(flags = [], desc = {}) {
  const adapter = await create(flags).requestAdapter();
  return adapter.requestDevice(desc);
}

// A program in the style of TF.js's generated WebGPU kernels: sizes in a uniform buffer, inputs
// uploaded with mappedAtCreation, the result read back through a staging buffer.
const axpyWGSL = `
struct Uniforms { size: i32, alpha: f32 };
@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> result: array<f32>;
@group(0) @binding(3) var<uniform> uniforms: Uniforms;
fn getIndex(gid: vec3<u32>) -> i32 { return i32(gid.x); }
@compute @workgroup_size(64, 1, 1)
fn _start(@builtin(global_invocation_id) gid: vec3<u32>) {
  let index = getIndex(gid);
  if (index < uniforms.size) {
    result[index] = uniforms.alpha * A[index] + B[index];
  }
}`;

async function runAxpy(dev, n, alpha, a, b, code = axpyWGSL, readCount = n) {
  const upload = (data) => {
    const buf = dev.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
    new Float32Array(buf.getMappedRange()).set(data);
    buf.unmap();
    return buf;
  };
  const A = upload(a), B = upload(b);
  const out = dev.createBuffer({ size: n * 4, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const uniforms = dev.createBuffer({ size: 8, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  const u = new ArrayBuffer(8);
  new Int32Array(u, 0, 1)[0] = n;
  new Float32Array(u, 4, 1)[0] = alpha;
  dev.queue.writeBuffer(uniforms, 0, u);
  const layout = dev.createBindGroupLayout({
    entries: [
      { binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } },
      { binding: 1, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } },
      { binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } },
      { binding: 3, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } },
    ],
  });
  const pipeline = await dev.createComputePipelineAsync({
    label: 'axpy',
    layout: dev.createPipelineLayout({ bindGroupLayouts: [layout] }),
    compute: { module: dev.createShaderModule({ code }), entryPoint: '_start' },
  });
  const group = dev.createBindGroup({
    layout,
    entries: [A, B, out, uniforms].map((buffer, binding) => ({ binding, resource: { buffer } })),
  });
  const staging = dev.createBuffer({ size: readCount * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = dev.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(Math.ceil(n / 64));
  pass.end();
  enc.copyBufferToBuffer(out, 0, staging, 0, readCount * 4);
  dev.queue.submit([enc.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const values = new Float32Array(staging.getMappedRange().slice(0));
  staging.unmap();
  return values;
}

test('a TF.js-style kernel computes alpha*A+B', async () => {
  const dev = await device();
  const n = 1000;
  const a = Float32Array.from({ length: n }, (_, i) => i * 0.5);
  const b = Float32Array.from({ length: n }, (_, i) => 1000 - i);
  const got = await runAxpy(dev, n, 2, a, b);
  for (let i = 0; i < n; ++i) assert.strictEqual(got[i], Math.fround(2 * a[i] + b[i]), `element ${i}`);
});

test("flags ['oob=trap']: a read past the buffer loses the device with wgslemu's explanation", async () => {
  const dev = await device(['oob=trap']);
  // Reads A[index + 8]: past the end of A for the last 8 elements.
  const code = axpyWGSL.replace('A[index]', 'A[index + 8]');
  const n = 64;
  const a = new Float32Array(n).fill(1), b = new Float32Array(n).fill(2);
  runAxpy(dev, n, 1, a, b, code).catch(() => {});
  const info = await dev.lost;
  assert.ok(info instanceof globals.GPUDeviceLostInfo);
  assert.strictEqual(info.reason, 'unknown');
  assert.match(info.message, /out of bounds|out-of-bounds/i);
  assert.match(info.message, /A/);
});

test("device.destroy() resolves device.lost with reason 'destroyed'", async () => {
  const dev = await device();
  dev.destroy();
  const info = await dev.lost;
  assert.strictEqual(info.reason, 'destroyed');
  assert.strictEqual(await dev.lost, info);  // the same promise every time
});

test('a bad flag fails requestDevice naming it', async () => {
  const adapter = await create(['no-such-option=1']).requestAdapter();
  await assert.rejects(adapter.requestDevice(), (e) => e.name === 'OperationError' && /no-such-option/.test(e.message));
});

test('report=FILE writes the dispatch report at exit', () => {
  const file = path.join(os.tmpdir(), `wgslemu-node-report-${process.pid}.json`);
  fs.rmSync(file, { force: true });
  const program = `
    const { create, globals: { GPUBufferUsage } } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'bindings', 'node'))});
    (async () => {
      const dev = await (await create(['report=${file}']).requestAdapter()).requestDevice();
      const p = dev.createComputePipeline({ label: 'reported', layout: 'auto', compute: { module: dev.createShaderModule({
        code: '@group(0) @binding(0) var<storage, read_write> o: array<u32>; @compute @workgroup_size(4) fn main() { o[0] = 1u; }' }) } });
      const b = dev.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
      const e = dev.createCommandEncoder(), pass = e.beginComputePass();
      pass.setPipeline(p);
      pass.setBindGroup(0, dev.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: b } }] }));
      pass.dispatchWorkgroups(1);
      pass.end();
      dev.queue.submit([e.finish()]);
      await dev.queue.onSubmittedWorkDone();
    })();`;
  const r = require('node:child_process').spawnSync(process.execPath, ['-e', program], { encoding: 'utf8' });
  assert.strictEqual(r.status, 0, r.stderr);
  const report = fs.readFileSync(file, 'utf8');
  fs.rmSync(file, { force: true });
  assert.match(report, /reported/);
  JSON.parse(report);
});

test('error scopes catch validation errors and stack by filter', async () => {
  const dev = await device();
  dev.pushErrorScope('out-of-memory');
  dev.pushErrorScope('validation');
  dev.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });  // invalid usage
  const e = await dev.popErrorScope();
  assert.ok(e instanceof globals.GPUValidationError, String(e));
  assert.ok(e.message.length > 0);
  assert.strictEqual(await dev.popErrorScope(), null);
  await assert.rejects(dev.popErrorScope(), (x) => x.name === 'OperationError');
  assert.throws(() => dev.pushErrorScope('nonsense'), TypeError);
});

test('uncaptured errors reach the uncapturederror event', async () => {
  const dev = await device();
  const got = new Promise((resolve) => dev.addEventListener('uncapturederror', (ev) => { ev.preventDefault(); resolve(ev.error); }));
  dev.createBuffer({ size: 3, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.STORAGE });
  assert.ok((await got) instanceof globals.GPUValidationError);
});

test('mapAsync and mappedAtCreation ranges are detached on unmap', async () => {
  const dev = await device();
  const b = dev.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true });
  const created = b.getMappedRange();
  new Uint32Array(created).set([1, 2, 3, 4]);
  assert.strictEqual(b.mapState, 'mapped');
  b.unmap();
  assert.strictEqual(created.byteLength, 0);
  assert.strictEqual(b.mapState, 'unmapped');
  const p = b.mapAsync(GPUMapMode.WRITE, 8, 8);
  assert.strictEqual(b.mapState, 'pending');
  await p;
  const r = b.getMappedRange(8, 8);
  assert.strictEqual(r.byteLength, 8);
  assert.deepStrictEqual([...new Uint32Array(r)], [3, 4]);
  assert.throws(() => b.getMappedRange(0, 8), (e) => e.name === 'OperationError');
  b.unmap();
  assert.strictEqual(r.byteLength, 0);
  await assert.rejects(b.mapAsync(GPUMapMode.READ), (e) => e.name === 'OperationError');  // MAP_WRITE buffer
  b.destroy();
});

test('createComputePipelineAsync rejects with GPUPipelineError', async () => {
  const dev = await device();
  const module = dev.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
  await assert.rejects(dev.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'missing' } }), (e) => {
    assert.ok(e instanceof globals.GPUPipelineError);
    assert.strictEqual(e.reason, 'validation');
    return true;
  });
  const ok = await dev.createComputePipelineAsync({ layout: 'auto', compute: { module } });
  assert.ok(ok instanceof globals.GPUComputePipeline);
});

test('getCompilationInfo gives line, column, offset and length in UTF-16 units', async () => {
  const dev = await device();
  const code = '// é\n@compute @workgroup_size(1) fn main() {\n  /* ü */ let x: i32 = 1u;\n}\n';
  dev.pushErrorScope('validation');
  const m = dev.createShaderModule({ code });
  assert.ok((await dev.popErrorScope()) instanceof globals.GPUValidationError);
  const info = await m.getCompilationInfo();
  const errors = info.messages.filter((x) => x.type === 'error');
  assert.strictEqual(errors.length, 1);
  const e = errors[0];
  const at = code.indexOf('1u');
  assert.strictEqual(e.lineNum, 3);
  assert.strictEqual(e.offset, at);
  assert.strictEqual(e.linePos, at - code.lastIndexOf('\n', at));
  assert.strictEqual(e.length, 2);
  assert.ok(e instanceof globals.GPUCompilationMessage);
});

test('texture, sampler and render calls give a validation error saying wgslemu runs compute only', async () => {
  const dev = await device();
  for (const call of [
    () => dev.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: globals.GPUTextureUsage.STORAGE_BINDING }),
    () => dev.createSampler({}),
    () => dev.createQuerySet({ type: 'occlusion', count: 1 }),
    () => dev.createRenderPipeline({ layout: 'auto', vertex: {} }),
  ]) {
    dev.pushErrorScope('validation');
    const obj = call();
    assert.ok(obj);
    const e = await dev.popErrorScope();
    assert.ok(e instanceof globals.GPUValidationError);
    assert.match(e.message, /compute/);
  }
  const t = dev.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: 4 });
  assert.ok(t instanceof globals.GPUTexture);
  assert.strictEqual(t.width, 4);
  // Render work records into invalid objects, with the same error, and never crashes.
  const enc = dev.createCommandEncoder();
  dev.pushErrorScope('validation');
  const pass = enc.beginRenderPass({ colorAttachments: [{ view: t.createView(), loadOp: 'clear', storeOp: 'store' }] });
  pass.setPipeline(dev.createRenderPipeline({ layout: 'auto', vertex: {} }));
  pass.draw(3);
  pass.end();
  enc.copyTextureToBuffer({ texture: t }, { buffer: dev.createBuffer({ size: 64, usage: GPUBufferUsage.COPY_DST }) }, [4, 4]);
  dev.queue.writeTexture({ texture: t }, new Uint8Array(64), {}, [4, 4]);
  const e = await dev.popErrorScope();
  assert.ok(e instanceof globals.GPUValidationError);
  assert.match(e.message, /compute/);
  await assert.rejects(dev.createRenderPipelineAsync({ layout: 'auto', vertex: {} }), globals.GPUPipelineError);
});

test('limits enumerate with for..in; features, info and language features', async () => {
  const gpu = create();
  const adapter = await gpu.requestAdapter();
  const names = [];
  for (const k in adapter.limits) names.push(k);
  assert.ok(names.includes('maxStorageBufferBindingSize') && names.includes('maxComputeWorkgroupSizeX'));
  assert.ok(adapter.features.has('shader-f16') && adapter.features.has('subgroups'));
  assert.strictEqual(adapter.info.vendor, 'wgslemu');
  assert.ok(gpu.wgslLanguageFeatures.has('pointer_composite_access'));
  const limits = {};
  for (const k in adapter.limits) limits[k] = adapter.limits[k];
  const dev = await adapter.requestDevice({ requiredFeatures: [...adapter.features], requiredLimits: limits });
  assert.ok(dev instanceof globals.GPUDevice);
  assert.strictEqual(dev.limits.maxStorageBufferBindingSize, adapter.limits.maxStorageBufferBindingSize);
  assert.ok(dev.features.has('shader-f16'));
  assert.strictEqual(dev.adapterInfo.vendor, 'wgslemu');
});

test('dynamic offsets through both setBindGroup overloads, clearBuffer, onSubmittedWorkDone, labels', async () => {
  const dev = await device();
  const code = `@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
  @compute @workgroup_size(1) fn main() { o[0] = 7u; }`;
  const layout = dev.createBindGroupLayout({
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage', hasDynamicOffset: true } }],
  });
  const pipeline = dev.createComputePipeline({
    layout: dev.createPipelineLayout({ bindGroupLayouts: [layout] }),
    compute: { module: dev.createShaderModule({ code }) },
  });
  pipeline.label = 'seven';
  assert.strictEqual(pipeline.label, 'seven');
  const buf = dev.createBuffer({ label: 'data', size: 1024, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  assert.strictEqual(buf.label, 'data');
  assert.strictEqual(buf.size, 1024);
  const group = dev.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer: buf, size: 16 } }] });
  dev.queue.writeBuffer(buf, 0, new Uint32Array(256).fill(9));
  const enc = dev.createCommandEncoder();
  enc.clearBuffer(buf, 512, 256);
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group, [256]);
  pass.dispatchWorkgroups(1);
  pass.setBindGroup(0, group, new Uint32Array([0, 768, 0]), 1, 1);
  pass.dispatchWorkgroups(1);
  pass.end();
  const staging = dev.createBuffer({ size: 1024, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  enc.copyBufferToBuffer(buf, staging);
  dev.pushErrorScope('validation');
  dev.queue.submit([enc.finish()]);
  await dev.queue.onSubmittedWorkDone();
  assert.strictEqual(await dev.popErrorScope(), null);
  await staging.mapAsync(GPUMapMode.READ);
  const v = new Uint32Array(staging.getMappedRange());
  assert.strictEqual(v[64], 7);   // byte 256
  assert.strictEqual(v[192], 7);  // byte 768
  assert.strictEqual(v[0], 9);
  assert.strictEqual(v[128], 0);  // cleared
  assert.strictEqual(v[191], 0);
  staging.unmap();
});

// WebGPU checks workgroup storage against the device's maxComputeWorkgroupStorageSize at
// pipeline creation; a device created with the adapter's higher limit can use it (the CTS's
// zero_init cases do). 8192 u32 = 32768 bytes: over the default 16384, within 32768.
test('workgroup storage up to requiredLimits.maxComputeWorkgroupStorageSize', async () => {
  const code = `var<workgroup> big: array<u32, 8192>;
  @group(0) @binding(0) var<storage, read_write> o: array<u32, 2>;
  @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
    for (var k = i; k < 8192u; k += 64u) { big[k] = k; }
    workgroupBarrier();
    if (i == 0u) { o[0] = big[8191]; o[1] = big[4096]; }
  }`;
  const small = await device();
  small.pushErrorScope('validation');
  small.createComputePipeline({ layout: 'auto', compute: { module: small.createShaderModule({ code }) } });
  const err = await small.popErrorScope();
  assert.ok(err && /maxComputeWorkgroupStorageSize/.test(err.message), err && err.message);

  const adapter = await create([]).requestAdapter();
  assert.ok(adapter.limits.maxComputeWorkgroupStorageSize >= 32768);
  const dev = await adapter.requestDevice({ requiredLimits: { maxComputeWorkgroupStorageSize: 32768 } });
  assert.strictEqual(dev.limits.maxComputeWorkgroupStorageSize, 32768);
  dev.pushErrorScope('validation');
  const module = dev.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  assert.deepStrictEqual(info.messages.map((m) => m.message), []);
  const pipeline = dev.createComputePipeline({ layout: 'auto', compute: { module } });
  const buf = dev.createBuffer({ size: 8, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const staging = dev.createBuffer({ size: 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const enc = dev.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, dev.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buf } }] }));
  pass.dispatchWorkgroups(1);
  pass.end();
  enc.copyBufferToBuffer(buf, 0, staging, 0, 8);
  dev.queue.submit([enc.finish()]);
  assert.strictEqual(await dev.popErrorScope(), null);
  await staging.mapAsync(GPUMapMode.READ);
  assert.deepStrictEqual([...new Uint32Array(staging.getMappedRange())], [8191, 4096]);
  staging.unmap();
});

test('buffers dropped by JS are released (finalizers release the C handles)', () => {
  // 400 buffers of 4 MiB, each filled, references dropped; with malloc returning large blocks to
  // the system at free, the process grows by far less than the 1.6 GB allocated in total.
  const program = `
    const { create, globals: { GPUBufferUsage } } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'bindings', 'node'))});
    (async () => {
      const dev = await (await create().requestAdapter()).requestDevice();
      const rss0 = process.memoryUsage().rss;
      for (let i = 0; i < 400; ++i) {
        const b = dev.createBuffer({ size: 4 << 20, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
        dev.queue.writeBuffer(b, 0, new Uint8Array(4 << 20).fill(1));
        if (i % 20 === 0) { await dev.queue.onSubmittedWorkDone(); global.gc(); }
      }
      global.gc();
      await dev.queue.onSubmittedWorkDone();
      console.log(Math.round((process.memoryUsage().rss - rss0) / 1048576));
    })();`;
  const r = require('node:child_process').spawnSync(process.execPath, ['--expose-gc', '-e', program], {
    encoding: 'utf8', env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '1048576' },
  });
  assert.strictEqual(r.status, 0, r.stderr);
  const growthMiB = Number(r.stdout.trim());
  assert.ok(growthMiB < 400, `the process grew by ${growthMiB} MiB for 1600 MiB of dropped buffers`);
});

test('the event loop stays responsive while a long dispatch runs', async () => {
  const dev = await device();
  const code = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
  @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    var acc = g.x;
    for (var i = 0u; i < 100000u; i++) { acc = acc * 1664525u + 1013904223u; }
    o[g.x] = acc;
  }`;
  const pipeline = dev.createComputePipeline({ layout: 'auto', compute: { module: dev.createShaderModule({ code }) } });
  const buf = dev.createBuffer({ size: 64 * 16 * 4, usage: GPUBufferUsage.STORAGE });
  const group = dev.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buf } }] });
  const enc = dev.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(16);
  pass.end();
  let ticks = 0;
  const timer = setInterval(() => ++ticks, 1);
  const start = process.hrtime.bigint();
  dev.queue.submit([enc.finish()]);
  const ticksAfterSubmit = ticks;  // submit returned at once: no tick could run yet
  await dev.queue.onSubmittedWorkDone();
  clearInterval(timer);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  assert.strictEqual(ticksAfterSubmit, 0);
  // The dispatch runs on the worker: the timer kept firing while it ran.
  assert.ok(ticks >= 2, `${ticks} timer ticks during a dispatch of ${ms.toFixed(0)} ms`);
});

// webgpu.h cancels pending callbacks when the last reference to the instance goes; in WebGPU a
// device and its objects stay usable when the GPU object that made them is no longer reachable.
test('a device stays usable after its GPU object is collected', { skip: !global.gc && 'needs node --expose-gc' }, async () => {
  let gpu = create([]);
  const dev = await (await gpu.requestAdapter()).requestDevice();
  gpu = null;
  for (let i = 0; i < 5; i++) {
    global.gc();
    await new Promise((r) => setImmediate(r));
  }
  const module = dev.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
  await assert.rejects(dev.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'missing' } }), (e) => {
    assert.strictEqual(e.reason, 'validation');
    return true;
  });
  const buf = dev.createBuffer({ size: 4, usage: GPUBufferUsage.MAP_READ });
  global.gc();
  await buf.mapAsync(GPUMapMode.READ);
  assert.strictEqual(buf.getMappedRange().byteLength, 4);
  await dev.queue.onSubmittedWorkDone();
});
