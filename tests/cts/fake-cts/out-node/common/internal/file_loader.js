// A stand-in for the suite's loader: the cases of a fake suite whose behaviour is in their names.
const { getGPU } = require('../util/navigator_gpu.js');
const NAMES = [
  'fake:a,b:pass:i=1', 'fake:a,b:fail:i=2', 'fake:a,b:hang:i=3', 'fake:a,b:pass:i=4',
  'fake:a,c:crash:i=5', 'fake:a,c:pass:i=6', 'fake:a,c:skip:i=7', 'fake:a,c:flags:i=8',
];
const behaviours = {
  pass: (rec) => rec.pass(),
  fail: (rec) => {
    // The suite logs every subcase; the failure comes last, after 8 KiB of them.
    for (let k = 0; k < 200; ++k) rec.fail(`(in subcase: k=${k}) INFO: subcase ran`);
    rec.fail('EXPECTATION FAILED: 1 != 2');
  },
  skip: (rec) => rec.skip('feature not supported'),
  hang: () => new Promise(() => {}),
  crash: () => process.exit(9),
  flags: (rec) => {
    const gpu = getGPU();
    if (!gpu.flags.includes('x=1')) return rec.fail(`flags ${gpu.flags}`);
    require('fs').writeSync(2, 'provider report: x=1 saw something\n'); // as native code prints
    rec.pass();
  },
};
class DefaultTestFileLoader {
  async loadCases(query) {
    const prefix = query.endsWith('*') ? query.slice(0, -1) : query;
    return NAMES.filter((n) => n.startsWith(prefix) || n === query).map((n) => ({
      query: { toString: () => n },
      run: async (rec) => behaviours[n.split(':')[2]](rec),
    }));
  }
}
exports.DefaultTestFileLoader = DefaultTestFileLoader;
