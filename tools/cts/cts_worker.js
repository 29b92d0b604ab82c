'use strict';
// One CTS worker process: forked by run_cts.js with the CTS root as its working directory. It
// loads the suite's compiled node runtime (out-node/), installs the GPU provider, and runs the
// cases the parent names, one at a time, answering each with its status. The parent owns every
// timeout: a case that never finishes is ended by killing this process.
//
// Messages from the parent: {load: QUERY}, {run: CASE_NAME}.
// Answers: {names: [CASE_NAME...]} or {error: TEXT}; {name, status, message, durationMS}.
const fs = require('fs');
const path = require('path');

const root = process.cwd();
const out = (p) => require(path.join(root, 'out-node', p));

const args = JSON.parse(process.env.WGSLEMU_CTS_WORKER || '{}');
const { setBaseResourcePath, getResourcePath } = out('common/framework/resources.js');
const { globalTestConfig } = out('common/framework/test_config.js');
const { dataCache } = out('common/framework/data_cache.js');
const { DefaultTestFileLoader } = out('common/internal/file_loader.js');
const { prettyPrintLog } = out('common/internal/logging/log_message.js');
const { Logger } = out('common/internal/logging/logger.js');
const { parseQuery } = out('common/internal/query/parseQuery.js');
const { setGPUProvider } = out('common/util/navigator_gpu.js');
const { Colors } = out('common/util/colors.js');

setBaseResourcePath('out-node/resources');
Colors.enabled = false;
if (args.unrollConstEvalLoops) globalTestConfig.unrollConstEvalLoops = true;

const provider = require(args.provider);
setGPUProvider(() => provider.create(args.flags || []));

dataCache.setStore({
  load: (p) =>
    new Promise((resolve, reject) => {
      fs.readFile(getResourcePath(`cache/${p}`), (err, data) => (err ? reject(err.message) : resolve(data)));
    }),
});

const cases = new Map();
const CASE_END = '@@wgslemu-cts-case-end@@';

async function load(query) {
  const loader = new DefaultTestFileLoader();
  const names = [];
  for (const leaf of await loader.loadCases(parseQuery(query))) {
    const name = leaf.query.toString();
    cases.set(name, leaf);
    names.push(name);
  }
  return names;
}

async function run(name) {
  // A worker restarted after a timeout or crash loads only the file of the case it runs next.
  if (!cases.has(name)) await load(`${name.split(':').slice(0, 2).join(':')}:*`);
  const leaf = cases.get(name);
  if (!leaf) return { name, status: 'fail', message: `case not loaded: ${name}`, durationMS: 0 };
  const log = new Logger();
  const [rec, res] = log.record(name);
  const start = performance.now();
  await leaf.run(rec, []);
  const durationMS = performance.now() - start;
  const message = res.logs ? res.logs.map((l) => prettyPrintLog(l)).join('\n') : '';
  return { name, status: res.status, message, durationMS };
}

process.on('message', async (m) => {
  try {
    if (m.load !== undefined) process.send({ names: await load(m.load) });
    else if (m.run !== undefined) {
      const r = await run(m.run);
      // Ends this case's part of stderr, where the provider prints what it found in the case's
      // dispatches (wgslemu: races, out-of-bounds accesses). Synchronous on a pipe, so it is in
      // the pipe before the answer is sent.
      process.stderr.write(`\n${CASE_END}\n`);
      process.send(r);
    }
  } catch (e) {
    process.send({ error: String((e && e.stack) || e) });
  }
});
process.send({ ready: true });
