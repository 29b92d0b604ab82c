exports.globalTestConfig = {};
