exports.prettyPrintLog = (l) => `- ${l}`;
