let base = '';
exports.setBaseResourcePath = (p) => { base = p; };
exports.getResourcePath = (p) => `${base}/${p}`;
