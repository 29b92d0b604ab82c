exports.parseQuery = (q) => q;
