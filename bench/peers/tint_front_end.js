// Tint's front end (Dawn's WGSL compiler, npm package 'webgpu', null backend) timed on WGSL files:
// createShaderModule + getCompilationInfo (parse, resolve, validate, uniformity). Each rep's CPU
// time is process.cpuUsage()'s delta around the calls (user + system, all threads of the process:
// Dawn's work wherever it runs; not inflated by other processes on a shared machine); wall time
// too. Dawn caches modules by their source, so each rep appends a distinct comment to make it a
// new module.
//
// Two modes:
//   WEBGPU_NODE_MODULE=DIR node tint_front_end.js --serve
//     a line protocol on stdin/stdout, for frontend_bench (one process for the whole run, so
//     both sides of a ratio are timed within milliseconds of each other): prints "ready" once the
//     device exists, then for each request line "time FILE REPS" one JSON line
//     {"file", "cpu_ms": [per rep], "wall_ms": [per rep], "errors", "first_error"?};
//     a malformed request gets {"error": "..."}; "quit" or the end of stdin ends the process.
//   WEBGPU_NODE_MODULE=DIR node tint_front_end.js [--reps N] FILE...
//     per file, after two warm-up reps, the median over N reps (default 7): one JSON line
//     {"file", "ms" (CPU), "wall_ms", "runs", "errors", "first_error"?}.
const {create, globals} = require(process.env.WEBGPU_NODE_MODULE || 'webgpu');
Object.assign(globalThis, globals);
const fs = require('fs');
const readline = require('readline');
const {performance} = require('perf_hooks');

(async () => {
  let reps = 7;
  let serve = false;
  const files = [];
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--reps') reps = Number(args[++i]);
    else if (args[i] === '--serve') serve = true;
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
  const firstError = (r) => `${r.first.lineNum}:${r.first.linePos} ${r.first.message}`;

  if (serve) {
    const sources = new Map();  // file -> text, read once (reading is not timed)
    console.log('ready');
    const lines = readline.createInterface({input: process.stdin, terminal: false});
    for await (const line of lines) {
      const words = line.trim().split(/\s+/);
      if (words[0] === 'quit') break;
      const n = Number(words[words.length - 1]);
      const file = words.slice(1, -1).join(' ');
      if (words[0] !== 'time' || !file || !Number.isInteger(n) || n < 1) {
        console.log(JSON.stringify({error: `expected "time FILE REPS", got "${line}"`}));
        continue;
      }
      if (!sources.has(file)) {
        try {
          sources.set(file, fs.readFileSync(file, 'utf8'));
        } catch (e) {
          console.log(JSON.stringify({file, error: String(e.message || e)}));
          continue;
        }
      }
      const code = sources.get(file);
      const cpu = [], wall = [];
      let last;
      for (let r = 0; r < n; ++r) {
        last = await once(code);
        cpu.push(last.ms);
        wall.push(last.wall);
      }
      const out = {file, cpu_ms: cpu, wall_ms: wall, errors: last.errors};
      if (last.first) out.first_error = firstError(last);
      console.log(JSON.stringify(out));
    }
  } else {
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
      if (last.first) out.first_error = firstError(last);
      console.log(JSON.stringify(out));
    }
  }
  device.destroy();
  process.exit(0);
})().catch(e => { console.error('tint_front_end.js: ' + (e && e.stack || e)); process.exit(1); });
