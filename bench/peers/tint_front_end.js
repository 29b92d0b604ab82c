// Tint's front end (Dawn's WGSL compiler, npm package 'webgpu', null backend) timed on WGSL files:
// per file, the median over --reps runs of createShaderModule + getCompilationInfo (parse,
// resolve, validate, uniformity), after warm-up runs: CPU time of the process (all threads;
// robust on a shared machine) and wall time. Dawn caches modules by their source, so each run
// appends a distinct comment to make it a new module.
// Prints one JSON line per file: {"file", "ms" (CPU), "wall_ms", "runs", "errors"}.
// Usage: WEBGPU_NODE_MODULE=/path/node_modules/webgpu node tint_front_end.js [--reps N] FILE...
const {create, globals} = require(process.env.WEBGPU_NODE_MODULE || 'webgpu');
Object.assign(globalThis, globals);
const fs = require('fs');
const {performance} = require('perf_hooks');

(async () => {
  let reps = 7;
  const files = [];
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--reps') reps = Number(args[++i]);
    else files.push(args[i]);
  }
  const gpu = create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  const device = await adapter.requestDevice({requiredFeatures: [...adapter.features]});
  let serial = 0;
  const once = async (code) => {
    const src = code + `\n// run ${serial++}\n`;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const m = device.createShaderModule({code: src});
    const info = await m.getCompilationInfo();
    const t1 = performance.now();
    const c = process.cpuUsage(c0);
    return {ms: (c.user + c.system) / 1000, wall: t1 - t0, errors: info.messages.filter(x => x.type === 'error').length,
            first: info.messages.find(x => x.type === 'error')};
  };
  for (const f of files) {
    const code = fs.readFileSync(f, 'utf8');
    await once(code);  // warm-up
    await once(code);
    const times = [], walls = [];
    let last;
    for (let r = 0; r < reps; ++r) {
      last = await once(code);
      times.push(last.ms);
      walls.push(last.wall);
    }
    const median = (v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const out = {file: f, ms: median(times), wall_ms: median(walls), runs: reps, errors: last.errors};
    if (last.first) out.first_error = `${last.first.lineNum}:${last.first.linePos} ${last.first.message}`;
    console.log(JSON.stringify(out));
  }
  device.destroy();
  process.exit(0);
})().catch(e => { console.error('tint_front_end.js: ' + (e && e.stack || e)); process.exit(1); });
