let provider = null;
exports.setGPUProvider = (p) => { provider = p; };
exports.getGPU = () => provider();
