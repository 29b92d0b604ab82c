// Checks WGSL files with Tint (Dawn's compiler, npm package 'webgpu', null backend): compile, then
// create a compute pipeline for entry point 'main'; exits 1 if any file fails.
// Usage: WEBGPU_NODE_MODULE=/path/to/node_modules/webgpu node tint_check.js FILE...
const {create, globals} = require(process.env.WEBGPU_NODE_MODULE || 'webgpu');
Object.assign(globalThis, globals);
const fs = require('fs');
(async () => {
  const gpu = create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  const device = await adapter.requestDevice();
  let bad = 0;
  for (const f of process.argv.slice(2)) {
    const m = device.createShaderModule({code: fs.readFileSync(f, 'utf8')});
    const info = await m.getCompilationInfo();
    const msgs = info.messages.map(x => `${x.type} ${x.lineNum}:${x.linePos} ${x.message}`);
    const err = info.messages.some(x => x.type === 'error');
    // Also create a pipeline, which runs the full validation including overrides.
    device.pushErrorScope('validation');
    device.createComputePipeline({layout: 'auto', compute: {module: m, entryPoint: 'main'}});
    const e = await device.popErrorScope();
    console.log(f, err ? 'ERROR' : 'ok', msgs.join('; '), e ? 'pipeline: ' + e.message : 'pipeline ok');
    if (err || e) bad++;
  }
  process.exit(bad ? 1 : 0);
})();
