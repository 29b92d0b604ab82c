'use strict';
// tools/cts/run_cts.js against a fake suite (tests/cts/fake-cts) whose cases pass, fail, skip,
// hang, kill their process or check the provider flags: the harness must time out and restart,
// survive crashes, count each outcome once, honour expectations and exit 1 only for unexpected
// failures. Run with `node --test`.
const test = require('node:test');
const assert = require('node:assert');
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const RUNNER = path.resolve(__dirname, '../../tools/cts/run_cts.js');
const FAKE = path.resolve(__dirname, 'fake-cts');

function run(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-cts-'));
  const out = path.join(dir, 'results.jsonl');
  const r = spawnSync(process.execPath, [RUNNER, '--cts', FAKE, '--provider', path.join(FAKE, 'provider.js'),
    '--out', out, '--summary', path.join(dir, 'summary.md'), ...args], { encoding: 'utf8', timeout: 120000 });
  const lines = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').trim().split('\n').filter(Boolean).map(JSON.parse) : [];
  const byName = Object.fromEntries(lines.map((l) => [l.name, l]));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lines, byName, dir };
}

test('every outcome is recorded once; a hang times out and a crash restarts the worker', () => {
  const r = run(['--timeout', '2', '--jobs', '1', '--flag', 'x=1', '--show-reports', 'fake:a,*']);
  assert.strictEqual(r.status, 1, r.stderr);
  assert.strictEqual(r.lines.length, 8);
  const st = (i, kind) => r.byName[`fake:a,${i <= 4 ? 'b' : 'c'}:${kind}:i=${i}`].status;
  assert.strictEqual(st(1, 'pass'), 'pass');
  assert.strictEqual(st(2, 'fail'), 'fail');
  assert.strictEqual(st(3, 'hang'), 'timeout');
  assert.strictEqual(st(4, 'pass'), 'pass'); // after the restart
  assert.strictEqual(st(5, 'crash'), 'crash');
  assert.strictEqual(st(6, 'pass'), 'pass'); // after the crash
  assert.strictEqual(st(7, 'skip'), 'skip');
  assert.strictEqual(st(8, 'flags'), 'pass'); // --flag reached create(flags)
  // A long log keeps its failure: the subcase lines go when the message is cut.
  assert.match(r.byName['fake:a,b:fail:i=2'].message, /1 != 2/);
  assert.doesNotMatch(r.byName['fake:a,b:fail:i=2'].message, /subcase ran/);
  assert.match(r.stdout, /^FAIL: fake:a,b:fail:i=2\n    - EXPECTATION FAILED: 1 != 2$/m);
  assert.match(r.stdout, /^4 passed, 3 failed, 1 skipped, 0 not applicable$/m);
  // What the provider printed to stderr during a case is that case's, even after a restart.
  assert.strictEqual(r.byName['fake:a,c:flags:i=8'].stderr, 'provider report: x=1 saw something');
  for (const n of ['fake:a,b:pass:i=1', 'fake:a,b:pass:i=4', 'fake:a,c:pass:i=6', 'fake:a,c:skip:i=7'])
    assert.strictEqual(r.byName[n].stderr, undefined, n);
  assert.match(r.stdout, /^PRINTED: fake:a,c:flags:i=8$/m);
  assert.match(r.stdout, /^1 case\(s\) printed to stderr/m);
});

test('expectations turn triaged failures into expected ones; the exit status is then 0', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-cts-exp-'));
  const exp = path.join(dir, 'exp.txt');
  fs.writeFileSync(exp, [
    'fake:a,b:fail:* fail  # the suite checks an old rule',
    'fake:a,b:hang:i=3 timeout  # waits for a feature we lack',
    'fake:a,c:crash:i=5 crash  # known',
    'fake:a,c:flags:i=8 fail  # only fails without x=1',
  ].join('\n'));
  const r = run(['--timeout', '2', '--jobs', '2', '--expectations', exp, 'fake:a,*']);
  assert.strictEqual(r.status, 0, r.stdout); // every failure is triaged (case 8 fails without x=1)
  assert.strictEqual(r.byName['fake:a,b:fail:i=2'].expected, 'fail');
  assert.strictEqual(r.byName['fake:a,b:hang:i=3'].reason, 'waits for a feature we lack');
  assert.match(r.stdout, /^3 passed, 0 failed, 1 skipped, 0 not applicable$/m);
  const r2 = run(['--timeout', '2', '--jobs', '2', '--expectations', exp, '--flag', 'x=1', 'fake:a,*']);
  assert.strictEqual(r2.status, 0, r2.stdout);
  assert.match(r2.stdout, /^4 passed, 0 failed, 1 skipped, 0 not applicable$/m);
  assert.match(r2.stdout, /expected to fail but passed: fake:a,c:flags:i=8/);
  assert.match(fs.readFileSync(path.join(r2.dir, 'summary.md'), 'utf8'), /\| fake:a,b \| 4 \| 2 \| 0 \| 0 \| 0 \| 0 \| 0 \| 2 \|/);
});

test("'na' expectations are not run and counted apart; '*' matches anywhere in a name", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-cts-na-'));
  const exp = path.join(dir, 'exp.txt');
  fs.writeFileSync(exp, [
    'fake:a,b:*:i=3 na  # the hanging case: never started, so no timeout',
    'fake:a,*:crash:* na  # needs what is not there',
    'fake:a,b:f*l:i=2 fail  # glob in the middle',
  ].join('\n'));
  const r = run(['--timeout', '2', '--jobs', '1', '--flag', 'x=1', '--expectations', exp, 'fake:a,*']);
  assert.strictEqual(r.status, 0, r.stdout);
  assert.strictEqual(r.lines.length, 8);
  assert.strictEqual(r.byName['fake:a,b:hang:i=3'].status, 'na');
  assert.strictEqual(r.byName['fake:a,b:hang:i=3'].durationMS, 0);
  assert.strictEqual(r.byName['fake:a,c:crash:i=5'].reason, 'needs what is not there');
  assert.strictEqual(r.byName['fake:a,b:fail:i=2'].expected, 'fail');
  assert.match(r.stdout, /^4 passed, 0 failed, 1 skipped, 2 not applicable$/m);
  assert.match(fs.readFileSync(path.join(r.dir, 'summary.md'), 'utf8'), /\| fake:a,b \| 4 \| 2 \| 0 \| 0 \| 1 \| 0 \| 0 \| 1 \|/);
});

test("'slow' expectations are skipped unless --run-slow", () => {
  const exp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'run-cts-slow-')), 'exp.txt');
  fs.writeFileSync(exp, 'fake:a,b:hang:* slow  # takes hours on the emulator\n');
  const r = run(['--timeout', '2', '--expectations', exp, 'fake:a,b:*']);
  assert.strictEqual(r.status, 1, r.stdout); // the fail case still fails
  assert.strictEqual(r.byName['fake:a,b:hang:i=3'].status, 'skip');
  assert.strictEqual(r.byName['fake:a,b:hang:i=3'].reason, 'takes hours on the emulator');
  assert.match(r.stdout, /^2 passed, 1 failed, 1 skipped, 0 not applicable$/m);
  const r2 = run(['--timeout', '2', '--run-slow', '--expectations', exp, 'fake:a,b:*']);
  assert.strictEqual(r2.byName['fake:a,b:hang:i=3'].status, 'timeout');
});

test('--limit runs only the first cases; a query that matches nothing is no failure', () => {
  const r = run(['--limit', '2', 'fake:a,b:*']);
  assert.strictEqual(r.lines.length, 2);
  const none = run(['fake:zzz:*']);
  assert.strictEqual(none.status, 0);
  assert.strictEqual(none.lines.length, 0);
});

test('bad usage is exit 2 with a message', () => {
  const r = spawnSync(process.execPath, [RUNNER, '--cts', os.tmpdir(), 'q'], { encoding: 'utf8' });
  assert.strictEqual(r.status, 2);
  assert.match(r.stderr, /holds no built suite/);
  const exp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'run-cts-bad-')), 'e.txt');
  fs.writeFileSync(exp, 'fake:a fail\n');
  const r2 = spawnSync(process.execPath, [RUNNER, '--cts', FAKE, '--expectations', exp, 'fake:*'], { encoding: 'utf8' });
  assert.strictEqual(r2.status, 2);
  assert.match(r2.stderr, /needs a reason/);
});
