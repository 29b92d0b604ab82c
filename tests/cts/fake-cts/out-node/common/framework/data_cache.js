exports.dataCache = { setStore() {} };
