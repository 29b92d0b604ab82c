'use strict';
// The binding as a GPU provider for the WebGPU CTS (tools/cts): the suite expects the WebGPU
// interface objects and constants as globals (GPUBufferUsage, GPUValidationError, GPUDevice, ...)
// and a module exporting create(flags), as Dawn's npm package is used.
const { create, globals } = require('./index.js');
Object.assign(globalThis, globals);
module.exports = { create };
