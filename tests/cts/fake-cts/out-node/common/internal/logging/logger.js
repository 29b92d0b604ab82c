class Logger {
  record(name) {
    const res = { status: 'running', logs: [] };
    const rec = {
      pass: () => { res.status = 'pass'; },
      fail: (msg) => { res.status = 'fail'; res.logs.push(msg); },
      skip: (msg) => { res.status = 'skip'; res.logs.push(msg); },
    };
    return [rec, res];
  }
}
exports.Logger = Logger;
