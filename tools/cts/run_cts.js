#!/usr/bin/env node
'use strict';
// Runs WebGPU CTS queries against a GPU provider (wgslemu's node binding by default) with what the
// suite's own command-line runner lacks: a per-case timeout, a restart after a case that hangs or
// kills its process, parallel workers, one JSON line per case, a summary table by query family,
// and a triaged expectations list. Needs only node; the suite must be built (cts.sh does it).
//
//   node tools/cts/run_cts.js --cts DIR [--provider MODULE] [--flag k=v]... [--timeout SEC]
//        [--jobs N] [--limit N] [--expectations FILE] [--out FILE.jsonl] [--summary FILE.md]
//        [--group-depth N] [--run-slow] [--show-reports] (QUERY... | --queries FILE)
//
// Exit status: 0 when every case passed, was skipped by the suite, or failed as an expectation
// says; 1 when any case failed, timed out or crashed unexpectedly; 2 on bad usage.
const { fork } = require('child_process');
const fs = require('fs');
const path = require('path');

// The line cts_worker.js prints to stderr after each case.
const CASE_END = '@@wgslemu-cts-case-end@@';

const USAGE = `usage: run_cts.js --cts DIR [--provider MODULE] [--flag k=v]... [--timeout SEC] [--jobs N]
       [--limit N] [--expectations FILE] [--out FILE.jsonl] [--summary FILE.md] [--group-depth N]
       [--unroll-const-eval-loops] [--run-slow] [--show-reports] (QUERY... | --queries FILE)`;

function parseArgs(argv) {
  const o = {
    cts: null,
    provider: path.resolve(__dirname, '../../bindings/node'),
    flags: [],
    timeout: 60,
    jobs: 2,
    limit: 0,
    expectations: null,
    out: null,
    summary: null,
    groupDepth: 4,
    unrollConstEvalLoops: false,
    runSlow: false,
    showReports: false,
    queries: [],
  };
  const need = (i, a) => {
    if (i + 1 >= argv.length) usageError(`${a} needs a value`);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--cts') o.cts = path.resolve(need(i++, a));
    else if (a === '--provider') o.provider = path.resolve(need(i++, a));
    else if (a === '--flag') o.flags.push(need(i++, a));
    else if (a === '--timeout') o.timeout = Number(need(i++, a));
    else if (a === '--jobs') o.jobs = Number(need(i++, a));
    else if (a === '--limit') o.limit = Number(need(i++, a));
    else if (a === '--expectations') o.expectations = path.resolve(need(i++, a));
    else if (a === '--out') o.out = path.resolve(need(i++, a));
    else if (a === '--summary') o.summary = path.resolve(need(i++, a));
    else if (a === '--group-depth') o.groupDepth = Number(need(i++, a));
    else if (a === '--unroll-const-eval-loops') o.unrollConstEvalLoops = true;
    else if (a === '--run-slow') o.runSlow = true;
    else if (a === '--show-reports') o.showReports = true;
    else if (a === '--queries') o.queries.push(...readList(need(i++, a)));
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('-')) usageError(`unknown option '${a}'`);
    else o.queries.push(a);
  }
  if (!o.cts) usageError('--cts DIR is required (the built suite: cts.sh prepares it)');
  if (!fs.existsSync(path.join(o.cts, 'out-node/common/runtime/cmdline.js')))
    usageError(`${o.cts} holds no built suite (out-node/ is missing): run tools/cts/cts.sh, which builds it`);
  for (const [k, v] of [['--timeout', o.timeout], ['--jobs', o.jobs], ['--limit', o.limit], ['--group-depth', o.groupDepth]])
    if (!Number.isFinite(v) || v < 0) usageError(`${k} must be a non-negative number`);
  if (o.jobs < 1) o.jobs = 1;
  if (o.queries.length === 0) usageError('no query given');
  return o;
}

function usageError(msg) {
  console.error(`run_cts: ${msg}\n${USAGE}`);
  process.exit(2);
}

// A list file: one entry a line; '#' starts a comment.
function readList(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l.length > 0);
}

// Expectations: `CASE_OR_PATTERN STATUS # reason`, STATUS one of fail, timeout, crash, skip, na,
// slow. '*' in a pattern matches any run of characters (`webgpu:shader,execution,*stage="v"*`);
// a pattern without one names one case. `na` (not applicable: the case needs what wgslemu does
// not execute, as a render pipeline or a texture) is not run and counts in its own column. `slow`
// (the case needs far longer than a per-case timeout on the emulator) is not run unless
// --run-slow is given, and counts as skipped. The reason is required: an expectation nobody can
// explain is not triage.
function readExpectations(file) {
  if (!file) return [];
  const out = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const hash = line.indexOf('#');
      const body = (hash < 0 ? line : line.slice(0, hash)).trim();
      if (!body) return;
      const reason = hash < 0 ? '' : line.slice(hash + 1).trim();
      const [pattern, status] = body.split(/\s+/);
      if (!['fail', 'timeout', 'crash', 'skip', 'na', 'slow'].includes(status))
        usageError(`${file}:${i + 1}: expected status fail, timeout, crash, skip, na or slow, found '${status}'`);
      if (!reason) usageError(`${file}:${i + 1}: an expectation needs a reason after '#'`);
      out.push({ pattern, status, reason, match: globMatcher(pattern), used: 0 });
    });
  return out;
}

function globMatcher(pattern) {
  if (!pattern.includes('*')) return (name) => name === pattern;
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (name) => re.test(name);
}

function expectationFor(exps, name) {
  for (const e of exps) if (e.match(name)) return e;
  return null;
}

// A worker process that can be restarted after a timeout or a crash.
class Worker {
  constructor(o, query) {
    this.o = o;
    this.query = query;
    this.proc = null;
    this.stderr = '';
    this.caseErr = '';
    this.onCaseErr = null;
  }

  // What the worker printed to stderr during the case that just answered (up to the worker's
  // end-of-case marker, which may arrive after the answer).
  caseStderr() {
    return new Promise((resolve) => {
      const take = () => {
        const at = this.caseErr.indexOf(CASE_END);
        if (at < 0) return false;
        const text = this.caseErr.slice(0, at).trim();
        this.caseErr = this.caseErr.slice(at + CASE_END.length);
        this.onCaseErr = null;
        clearTimeout(timer);
        resolve(text);
        return true;
      };
      const timer = setTimeout(() => {
        this.onCaseErr = null;
        const text = this.caseErr.trim();
        this.caseErr = '';
        resolve(text);
      }, 2000);
      if (!take()) this.onCaseErr = take;
    });
  }

  async start() {
    this.stderr = '';
    this.caseErr = '';
    const env = {
      ...process.env,
      WGSLEMU_CTS_WORKER: JSON.stringify({
        provider: this.o.provider,
        flags: this.o.flags,
        unrollConstEvalLoops: this.o.unrollConstEvalLoops,
      }),
    };
    this.proc = fork(path.join(__dirname, 'cts_worker.js'), [], { cwd: this.o.cts, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.proc.stderr.on('data', (d) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
      this.caseErr = (this.caseErr + d.toString()).slice(-65536);
      if (this.onCaseErr) this.onCaseErr();
    });
    await this.request(null, 120);
    if (this.query === null) return 0;  // loads each case's file when it runs (cts_worker.js)
    const r = await this.request({ load: this.query }, 600);
    if (r.error || !r.names) throw new Error(`loading ${this.query}: ${r.error || r.message || 'no answer'}`);
    this.names = r.names;
    return r.names.length;
  }

  // Sends `msg` (or nothing) and waits for the next answer, a timeout, or the process's end.
  request(msg, seconds) {
    return new Promise((resolve) => {
      const p = this.proc;
      let done = false;
      const finish = (r) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        p.off('message', onMessage);
        p.off('exit', onExit);
        resolve(r);
      };
      const onMessage = (m) => finish(m);
      const onExit = (code, signal) =>
        finish({ crashed: true, code, signal, message: `worker exited (${signal || `code ${code}`})\n${this.stderr}` });
      const timer = setTimeout(() => finish({ timedOut: true }), seconds * 1000);
      p.on('message', onMessage);
      p.on('exit', onExit);
      if (msg) p.send(msg);
    });
  }

  kill() {
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.proc = null;
  }
}

async function listCases(o, query) {
  const w = new Worker(o, query);
  try {
    await w.start();
    return w.names;
  } finally {
    w.kill();
  }
}

function family(name, depth) {
  const [suite, file] = name.split(':');
  return `${suite}:${(file || '').split(',').slice(0, depth).join(',')}`;
}

async function runQuery(o, query, exps, sink, counts) {
  let names = [];
  for (const name of await listCases(o, query)) {
    const e = expectationFor(exps, name);
    if (e && e.status === 'na') {
      e.used++;
      record(o, { name, status: 'na', message: '', durationMS: 0, reason: e.reason }, sink, counts);
    } else if (e && e.status === 'slow' && !o.runSlow) {
      e.used++;
      record(o, { name, status: 'skip', message: 'slow: not run (--run-slow runs it)', durationMS: 0, reason: e.reason }, sink, counts);
    } else {
      names.push(name);
    }
  }
  if (o.limit > 0) names = names.slice(0, o.limit);
  if (names.length === 0) return;
  let next = 0;
  const jobs = Math.min(o.jobs, Math.max(1, names.length));
  const lane = async () => {
    const w = new Worker(o, query);
    await w.start();
    while (next < names.length) {
      const name = names[next++];
      const r = await w.request({ run: name }, o.timeout);
      let rec;
      if (r.timedOut) {
        rec = { name, status: 'timeout', message: `no result within ${o.timeout} s; worker restarted`, durationMS: o.timeout * 1000 };
      } else if (r.crashed) {
        rec = { name, status: 'crash', message: r.message, durationMS: 0 };
      } else if (r.error) {
        rec = { name, status: 'fail', message: r.error, durationMS: 0 };
      } else {
        rec = { name, status: r.status === 'warn' ? 'pass' : r.status, message: r.message, durationMS: r.durationMS };
        const printed = await w.caseStderr();
        if (printed) rec.stderr = printed.slice(0, 4000);
      }
      if (r.timedOut || r.crashed) {
        // The replacement loads only the files of the cases it runs, not the whole query again
        // (the builtin query's files take a minute to load on a busy machine).
        w.kill();
        w.query = null;
        await w.start();
      }
      const e = expectationFor(exps, name);
      if (e) {
        e.used++;
        rec.expected = e.status;
        rec.reason = e.reason;
      }
      record(o, rec, sink, counts);
    }
    w.kill();
  };
  await Promise.all(Array.from({ length: jobs }, lane));
}

function record(o, rec, sink, counts) {
  const fam = family(rec.name, o.groupDepth);
  const c = counts.get(fam) || { cases: 0, pass: 0, fail: 0, skip: 0, na: 0, timeout: 0, crash: 0, expected: 0, ms: 0, printed: 0 };
  c.cases++;
  if (rec.stderr) {
    c.printed++;
    if (o.showReports) console.log(`PRINTED: ${rec.name}\n    ${rec.stderr.split('\n')[0].slice(0, 300)}`);
  }
  c.ms += rec.durationMS || 0;
  const bad = rec.status === 'fail' || rec.status === 'timeout' || rec.status === 'crash';
  if (bad && rec.expected === rec.status) c.expected++;
  else c[rec.status] = (c[rec.status] || 0) + 1;
  counts.set(fam, c);
  const line = JSON.stringify({ ...rec, message: shortMessage(rec.message || '') });
  if (sink) fs.appendFileSync(sink, line + '\n');
  if (!bad && rec.status === 'pass' && rec.expected)
    console.log(`note: expected to ${rec.expected === "fail" ? "fail" : `end in ${rec.expected}`} but passed: ${rec.name} (stale expectation?)`);
  if (bad && rec.expected !== rec.status) {
    const lines = (rec.message || '').split('\n');
    const first = lines.find((l) => FAILURE_LINE.test(l)) || lines.find((l) => l.trim().length > 0) || '';
    console.log(`${rec.status.toUpperCase()}: ${rec.name}\n    ${first.slice(0, 300)}`);
  }
}

// A case's log keeps its failures: the suite logs a line for every subcase that ran or was
// skipped, and a case with hundreds of subcases would push its one failure past the cut.
const FAILURE_LINE = /EXPECTATION FAILED|EXCEPTION|VALIDATION FAILED|FAIL:/;
const SUBCASE_NOISE = /^\s*- \(in subcase: [^)]*\) (INFO: subcase (ran|skipped)|SKIP: .*)$/;
function shortMessage(message, max = 4000) {
  if (message.length <= max) return message;
  const kept = message.split('\n').filter((l) => !SUBCASE_NOISE.test(l)).join('\n');
  return kept.length <= max ? kept : kept.slice(0, max);
}

function summaryTable(counts) {
  const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const total = { cases: 0, pass: 0, fail: 0, skip: 0, na: 0, timeout: 0, crash: 0, expected: 0, ms: 0, printed: 0 };
  const lines = ['| family | cases | pass | fail | skip | n/a | timeout | crash | expected fail | time (s) |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'];
  for (const [fam, c] of rows) {
    for (const k of Object.keys(total)) total[k] += c[k] || 0;
    lines.push(`| ${fam} | ${c.cases} | ${c.pass} | ${c.fail} | ${c.skip} | ${c.na} | ${c.timeout} | ${c.crash} | ${c.expected} | ${(c.ms / 1000).toFixed(1)} |`);
  }
  lines.push(
    `| **total** | ${total.cases} | ${total.pass} | ${total.fail} | ${total.skip} | ${total.na} | ${total.timeout} | ${total.crash} | ${total.expected} | ${(total.ms / 1000).toFixed(1)} |`
  );
  return { text: lines.join('\n'), total };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const exps = readExpectations(o.expectations);
  if (o.out) fs.writeFileSync(o.out, '');
  const counts = new Map();
  const start = Date.now();
  for (const q of o.queries) {
    try {
      await runQuery(o, q, exps, o.out, counts);
    } catch (e) {
      console.error(`run_cts: ${q}: ${e.message}`);
      record(o, { name: q, status: 'crash', message: e.message, durationMS: 0 }, o.out, counts);
    }
  }
  const { text, total } = summaryTable(counts);
  const wall = ((Date.now() - start) / 1000).toFixed(1);
  const tail = `\nwall time ${wall} s, ${o.jobs} job(s), timeout ${o.timeout} s, provider ${o.provider}` +
    (o.flags.length ? `, flags ${o.flags.join(' ')}` : '');
  console.log(`\n${text}${tail}`);
  for (const e of exps) if (e.used === 0 && o.queries.some((q) => e.pattern.startsWith(q.replace(/\*$/, ''))))
    console.log(`note: expectation '${e.pattern}' matched no case (stale?)`);
  if (o.summary) fs.writeFileSync(o.summary, `${text}\n${tail.trim()}\n`);
  const unexpected = total.fail + total.timeout + total.crash;
  console.log(`${total.pass} passed, ${unexpected} failed, ${total.skip} skipped, ${total.na} not applicable`);
  if (total.printed)
    console.log(`${total.printed} case(s) printed to stderr (the provider's reports: 'stderr' in the JSON lines; --show-reports lists them)`);
  process.exit(unexpected > 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(`run_cts: ${e.stack || e}`);
  process.exit(2);
});
