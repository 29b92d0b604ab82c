// lavapipe_runner.ts -- independent check of corpus run specs on a real WebGPU implementation:
// Deno's WebGPU (wgpu + naga) on Mesa lavapipe. Executes buffers/passes/binds exactly as the spec
// says (one command encoder, one compute pass per spec pass) and compares every "expect".
// Tolerances use the stricter max(|d| <= abs, |d| <= rel * |e|) reading; wgslemu uses abs + rel * |e|.
// usage: run_lavapipe.sh SPEC.json...   (see corpus/README.md)
function dirOf(p: string) { const i = p.lastIndexOf('/'); return i < 0 ? '.' : p.slice(0, i); }
function f32ToF16Bits(v: number): number {
  const f = new Float32Array([v]); const u = new Uint32Array(f.buffer)[0];
  const sign = (u >>> 16) & 0x8000; let exp = ((u >>> 23) & 0xff) - 127 + 15; let mant = u & 0x7fffff;
  if (((u >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 0x1f) return sign | 0x7c00;
  if (exp <= 0) { if (exp < -10) return sign; mant |= 0x800000; const shift = 14 - exp;
    let h = mant >>> shift; const rem = mant & ((1 << shift) - 1); const half = 1 << (shift - 1);
    if (rem > half || (rem === half && (h & 1))) h++; return sign | h; }
  let h = (exp << 10) | (mant >>> 13); const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1))) h++; return sign | h;
}
function f16BitsToF32(h: number): number {
  const s = (h & 0x8000) ? -1 : 1; const e = (h >>> 10) & 0x1f; const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24; if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}
const KINDS = ['u32', 'i32', 'f32', 'f16', 'u8'];
async function dataBytes(d: any, dir: string): Promise<{bytes: Uint8Array, kind: string}> {
  if (d.file !== undefined) return {bytes: await Deno.readFile(dir + '/' + d.file), kind: 'bytes'};
  if (d.zero !== undefined) return {bytes: new Uint8Array(d.zero), kind: 'bytes'};
  for (const k of ['fill', 'iota']) if (d[k] !== undefined) {
    const o = d[k]; const t = ['u32', 'i32', 'f32'].find(x => o[x] !== undefined)!;
    const arr = Array.from({length: o.count}, (_, i) => k === 'fill' ? o[t] : o[t] + i);
    return dataBytes({[t]: arr}, dir);
  }
  const k = KINDS.find(x => d[x] !== undefined); if (!k) throw new Error('bad DATA ' + JSON.stringify(d));
  const a = d[k];
  if (k === 'u32') return {bytes: new Uint8Array(new Uint32Array(a).buffer), kind: k};
  if (k === 'i32') return {bytes: new Uint8Array(new Int32Array(a).buffer), kind: k};
  if (k === 'f32') return {bytes: new Uint8Array(new Float32Array(a).buffer), kind: k};
  if (k === 'u8') return {bytes: new Uint8Array(a), kind: k};
  return {bytes: new Uint8Array(new Uint16Array(a.map(f32ToF16Bits)).buffer), kind: k};
}
function ordered32(x: number) { const u = new Uint32Array(new Float32Array([x]).buffer)[0]; return (u & 0x80000000) ? -(u & 0x7fffffff) : u; }
function ordered16(x: number) { const u = f32ToF16Bits(x); return (u & 0x8000) ? -(u & 0x7fff) : u; }
function close(e: number, g: number, tol: any, kind: string): boolean {
  if (Number.isNaN(e)) return Number.isNaN(g);
  if (e === g) return true; if (!tol) return false;
  if (tol.ulps !== undefined) { const o = kind === 'f16' ? ordered16 : ordered32; return Math.abs(o(e) - o(g)) <= tol.ulps; }
  const d = Math.abs(e - g); return d <= (tol.abs ?? 0) || d <= (tol.rel ?? 0) * Math.abs(e);
}
async function runSpec(path: string): Promise<boolean> {
  const spec = JSON.parse(await Deno.readTextFile(path)); const dir = dirOf(path);
  const adapter = await navigator.gpu.requestAdapter();
  const device = await adapter!.requestDevice({requiredFeatures: adapter!.features.has('shader-f16') ? ['shader-f16'] : []});
  const errors: string[] = [];
  device.addEventListener('uncapturederror', (e: any) => errors.push(e.error.message));
  const bufs: Record<string, GPUBuffer> = {}; const sizes: Record<string, number> = {};
  for (const [name, b] of Object.entries<any>(spec.buffers)) {
    const init = b.data ? (await dataBytes(b.data, dir)).bytes : new Uint8Array(0);
    const size = b.size ?? init.length; sizes[name] = size;
    const buf = device.createBuffer({size: Math.max(4, (size + 3) & ~3), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST | GPUBufferUsage.INDIRECT});
    if (init.length) { const p = new Uint8Array((init.length + 3) & ~3); p.set(init); device.queue.writeBuffer(buf, 0, p); }
    bufs[name] = buf;
  }
  const enc = device.createCommandEncoder();
  for (const p of spec.passes) {
    // Naga workaround: const_assert lines do not change semantics; drop them.
    const code = (p.source ?? await Deno.readTextFile(dir + '/' + p.shader)).replace(/^\s*const_assert[^;]*;/mg, '')
      // Naga workaround (f16_dot.wgsl): no size-changing bitcast of vec4<f16>; same bits via pack2x16float.
      .replace('let bits = bitcast<vec2<u32>>(v);', 'let bits = vec2<u32>(pack2x16float(vec2<f32>(v.xy)), pack2x16float(vec2<f32>(v.zw)));');
    const module = device.createShaderModule({code});
    const info = await module.getCompilationInfo();
    for (const m of info.messages) if (m.type === 'error') errors.push(`${p.shader}:${m.lineNum}:${m.linePos} ${m.message}`);
    const constants: Record<string, number> = {};
    for (const [k, v] of Object.entries<any>(p.overrides ?? {})) constants[k] = v;
    const pipe = device.createComputePipeline({layout: 'auto', compute: {module, entryPoint: p.entry ?? 'main', constants}});
    const pass = enc.beginComputePass(); pass.setPipeline(pipe);
    const groups: Record<string, GPUBindGroupEntry[]> = {};
    for (const [gb, name] of Object.entries<any>(p.bind)) { const [g, bnd] = gb.split(':').map(Number);
      (groups[g] ??= []).push({binding: bnd, resource: {buffer: bufs[name], size: Math.max(4, (sizes[name] + 3) & ~3)}}); }
    for (const [g, ents] of Object.entries(groups)) pass.setBindGroup(Number(g), device.createBindGroup({layout: pipe.getBindGroupLayout(Number(g)), entries: ents}));
    if (p.dispatch_indirect) pass.dispatchWorkgroupsIndirect(bufs[p.dispatch_indirect.buffer], p.dispatch_indirect.offset ?? 0);
    else pass.dispatchWorkgroups(...(p.dispatch as [number, number, number]));
    pass.end();
  }
  const reads: [string, GPUBuffer][] = [];
  for (const [name, b] of Object.entries<any>(spec.buffers)) if (b.expect) {
    const rb = device.createBuffer({size: bufs[name].size, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ});
    enc.copyBufferToBuffer(bufs[name], 0, rb, 0, bufs[name].size); reads.push([name, rb]); }
  device.queue.submit([enc.finish()]);
  let ok = errors.length === 0;
  for (const [name, rb] of reads) {
    await rb.mapAsync(GPUMapMode.READ); const got = new Uint8Array(rb.getMappedRange().slice(0)); rb.unmap();
    const b = spec.buffers[name]; const {bytes: exp, kind} = await dataBytes(b.expect, dir);
    const g = got.slice(0, sizes[name]);
    if (exp.length !== sizes[name]) { console.log(`  ${name}: expect has ${exp.length} bytes, buffer ${sizes[name]}`); ok = false; }
    let k = kind; if (k === 'bytes' && b.tolerance) k = 'f32';
    const view = (u: Uint8Array): number[] => {
      const ab = u.slice().buffer;
      if (k === 'u32') return [...new Uint32Array(ab, 0, u.length >> 2)]; if (k === 'i32') return [...new Int32Array(ab, 0, u.length >> 2)];
      if (k === 'f32') return [...new Float32Array(ab, 0, u.length >> 2)]; if (k === 'f16') return [...new Uint16Array(ab, 0, u.length >> 1)].map(f16BitsToF32);
      return [...u]; };
    const ev = view(exp), gv = view(g); let bad = 0; const shown: string[] = [];
    for (let i = 0; i < ev.length; i++) if (!close(ev[i], gv[i], b.tolerance, k)) { bad++; if (shown.length < 5) shown.push(`[${i}] exp ${ev[i]} got ${gv[i]}`); }
    if (bad) { ok = false; console.log(`  ${name}: ${bad} mismatches: ${shown.join(', ')}`); }
  }
  for (const e of errors) console.log('  error: ' + e.split('\n').slice(0, 6).join(' / '));
  device.destroy();
  return ok;
}
let pass = 0, fail = 0;
for (const p of Deno.args) {
  const t0 = performance.now(); let ok = false;
  try { ok = await runSpec(p); } catch (e) { console.log('  exception: ' + e); }
  console.log(`${p} ${ok ? 'ok' : 'FAIL'} ${((performance.now() - t0) / 1000).toFixed(2)}s`);
  if (ok) pass++; else fail++;
}
console.log(`${pass} passed, ${fail} failed`);
