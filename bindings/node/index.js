'use strict';
// WebGPU for node on wgslemu: `create(flags)` returns a GPU (navigator.gpu), `globals` holds the
// interface objects and constants. A thin map from WebGPU's JavaScript API (webgpu.bs) to the
// webgpu.h C API of libwgslemu_webgpu through the native addon: this file fills in the IDL's
// dictionary defaults, wraps handles in the interface classes and turns C results into promises
// and error objects. Validation, mapping rules, error scopes and device loss are the C API's.
const path = require('path');

function loadAddon() {
  const tried = [];
  const candidates = [
    process.env.WGSLEMU_NODE_ADDON,
    path.join(__dirname, '..', '..', 'build', 'lib', 'wgslemu_webgpu.node'),
    path.join(__dirname, 'wgslemu_webgpu.node'),
  ].filter(Boolean);
  for (const file of candidates) {
    try {
      return require(file);
    } catch (e) {
      tried.push(`${file}: ${e.message.split('\n')[0]}`);
    }
  }
  throw new Error(
    'wgslemu node binding: the addon wgslemu_webgpu.node was not found; build it with ' +
      '`cmake --build build --target wgslemu_webgpu_node` (needs node and npm) or set ' +
      `WGSLEMU_NODE_ADDON to its path. Tried:\n  ${tried.join('\n  ')}`);
}
const native = loadAddon();

const H = Symbol('wgslemu.handle');
const token = Symbol('wgslemu.construct');
function illegal(t) {
  if (t !== token) throw new TypeError('Illegal constructor');
}
const handleOf = (o) => (o && o[H]) || null;

// ---- constants and errors --------------------------------------------------------------------
const GPUBufferUsage = Object.freeze({
  MAP_READ: 0x1, MAP_WRITE: 0x2, COPY_SRC: 0x4, COPY_DST: 0x8, INDEX: 0x10, VERTEX: 0x20,
  UNIFORM: 0x40, STORAGE: 0x80, INDIRECT: 0x100, QUERY_RESOLVE: 0x200,
});
const GPUMapMode = Object.freeze({ READ: 0x1, WRITE: 0x2 });
const GPUShaderStage = Object.freeze({ VERTEX: 0x1, FRAGMENT: 0x2, COMPUTE: 0x4 });
const GPUTextureUsage = Object.freeze({
  COPY_SRC: 0x1, COPY_DST: 0x2, TEXTURE_BINDING: 0x4, STORAGE_BINDING: 0x8, RENDER_ATTACHMENT: 0x10,
});
const GPUColorWrite = Object.freeze({ RED: 0x1, GREEN: 0x2, BLUE: 0x4, ALPHA: 0x8, ALL: 0xf });

class GPUError {
  constructor(message) {
    this.message = String(message);
  }
}
class GPUValidationError extends GPUError {}
class GPUOutOfMemoryError extends GPUError {}
class GPUInternalError extends GPUError {}
class GPUPipelineError extends DOMException {
  constructor(message = '', options = {}) {
    super(message, 'GPUPipelineError');
    this.reason = options.reason;
  }
}
class GPUUncapturedErrorEvent extends Event {
  constructor(type, init) {
    super(type, init);
    this.error = init.error;
  }
}
class GPUDeviceLostInfo {
  constructor(t, reason, message) {
    illegal(t);
    this.reason = reason;
    this.message = message;
  }
}
class GPUCompilationMessage {
  constructor(t, m) {
    illegal(t);
    Object.assign(this, m);
  }
}
class GPUCompilationInfo {
  constructor(t, messages) {
    illegal(t);
    this.messages = Object.freeze(messages);
  }
}
const operationError = (m) => new DOMException(m, 'OperationError');
// webgpu.h's WGPUErrorType: 2 validation, 3 out of memory, 4 internal, 5 unknown.
function errorObject(type, message) {
  if (type === 2) return new GPUValidationError(message);
  if (type === 3) return new GPUOutOfMemoryError(message);
  return new GPUInternalError(message);
}

// ---- supported features, limits, adapter info ----------------------------------------------
class GPUSupportedFeatures extends Set {}
class WGSLLanguageFeatures extends Set {}
class GPUSupportedLimits {
  constructor(t, limits) {
    illegal(t);
    Object.assign(this, limits);  // own enumerable properties: for..in lists every limit
    Object.freeze(this);
  }
}
class GPUAdapterInfo {
  constructor(t, info) {
    illegal(t);
    Object.assign(this, info, { isFallbackAdapter: false });
    Object.freeze(this);
  }
}

// ---- base for every object with a label ----------------------------------------------------
class GPUObjectBase {
  constructor(t, handle, label) {
    illegal(t);
    this[H] = handle;
    this._label = label === undefined ? '' : String(label);
  }
  get label() {
    return this._label;
  }
  set label(v) {
    this._label = String(v);
    native.setLabel(this[H], this._label);
  }
}
const labelOf = (d) => (d && d.label !== undefined ? String(d.label) : '');

// ---- GPU, adapter ----------------------------------------------------------------------------
class GPU {
  constructor(t, flags) {
    illegal(t);
    this._instance = native.createInstance();
    this._flags = flags;
    this.wgslLanguageFeatures = new WGSLLanguageFeatures(native.wgslLanguageFeatures(this._instance));
  }
  async requestAdapter(options = {}) {
    const r = await native.requestAdapter(this._instance, options || {});
    if (!r) return null;
    return new GPUAdapter(token, r, this._flags, this._instance);
  }
  getPreferredCanvasFormat() {
    return 'rgba8unorm';
  }
}

class GPUAdapter {
  constructor(t, r, flags, instance) {
    illegal(t);
    this[H] = r.handle;
    // The C API cancels pending callbacks when the last reference to the instance goes
    // (webgpu.h, Asynchronous Operations); adapters and devices keep it, so a device stays usable
    // after the GPU object is collected, as in WebGPU.
    this._instance = instance;
    this.features = new GPUSupportedFeatures(r.features);
    this.limits = new GPUSupportedLimits(token, r.limits);
    this.info = new GPUAdapterInfo(token, r.info);
    this._flags = flags;
  }
  get isFallbackAdapter() {
    return false;
  }
  async requestAdapterInfo() {
    return this.info;
  }
  async requestDevice(descriptor = {}) {
    const d = descriptor || {};
    const { options, reportPath } = deviceOptions(this._flags);
    let device = null;
    let lostResolve;
    const lost = new Promise((res) => (lostResolve = res));
    const pendingErrors = [];
    const onLost = (reason, message) => lostResolve(new GPUDeviceLostInfo(token, reason, message));
    const onError = (type, message) => {
      const error = errorObject(type, message);
      if (device) device._uncaptured(error);
      else pendingErrors.push(error);
    };
    let r;
    try {
      r = await native.requestDevice(this[H], {
        label: labelOf(d),
        requiredFeatures: [...(d.requiredFeatures || [])].map(String),
        requiredLimits: d.requiredLimits || {},
        options,
        reportPath,
      }, onLost, onError);
    } catch (e) {
      if (e instanceof TypeError) throw e;
      throw operationError(e.message.startsWith("requestDevice:") ? e.message : `requestDevice: ${e.message}`);
    }
    device = new GPUDevice(token, r, labelOf(d), lost, this.info, this._instance);
    for (const e of pendingErrors) device._uncaptured(e);
    return device;
  }
}

// Provider flags ("scheduler=unfair", "races", "report=FILE.json") to the C API's device
// options (WGSLEmuDeviceOptions): the spellings of `wgslemu run`, checked by the C API.
function deviceOptions(flags) {
  const opts = [];
  let reportPath = '';
  for (const f of flags || []) {
    const s = String(f);
    if (s.startsWith('report=')) reportPath = s.slice('report='.length);
    else opts.push(s.startsWith('--') ? s : `--${s}`);
  }
  return { options: opts.join(' '), reportPath };
}

// ---- device ----------------------------------------------------------------------------------
const computeOnly = 'wgslemu executes compute only';

class GPUDevice extends EventTarget {
  constructor(t, r, label, lost, adapterInfo, instance) {
    illegal(t);
    super();
    this[H] = r.handle;
    this._instance = instance;
    this._label = label;
    this.features = new GPUSupportedFeatures(r.features);
    this.limits = new GPUSupportedLimits(token, r.limits);
    this.adapterInfo = adapterInfo;
    this.queue = new GPUQueue(token, r.queue, '');
    this.queue._instance = instance;  // so does onSubmittedWorkDone
    this.lost = lost;
    this.onuncapturederror = null;
  }
  get label() {
    return this._label;
  }
  set label(v) {
    this._label = String(v);
    native.setLabel(this[H], this._label);
  }
  _uncaptured(error) {
    const ev = new GPUUncapturedErrorEvent('uncapturederror', { error, cancelable: true });
    if (typeof this.onuncapturederror === 'function') this.onuncapturederror(ev);
    const notCancelled = this.dispatchEvent(ev);
    if (notCancelled && typeof this.onuncapturederror !== 'function' && !ev.defaultPrevented)
      process.emitWarning(`wgslemu: uncaptured WebGPU error: ${error.message}`);
  }
  destroy() {
    native.destroyDevice(this[H]);
  }
  pushErrorScope(filter) {
    const f = { validation: 1, 'out-of-memory': 2, internal: 3 }[filter];
    if (!f) throw new TypeError(`pushErrorScope: '${filter}' is not a GPUErrorFilter`);
    native.pushErrorScope(this[H], f);
  }
  async popErrorScope() {
    const r = await native.popErrorScope(this[H]);
    if (r.status !== 1) throw operationError(r.message || 'popErrorScope: the error scope stack is empty');
    return r.type === 1 || r.type === 0 ? null : errorObject(r.type, r.message);
  }
  createBuffer(d) {
    const desc = { label: labelOf(d), size: Number(d.size), usage: Number(d.usage), mappedAtCreation: !!d.mappedAtCreation };
    const b = new GPUBuffer(token, native.createBuffer(this[H], desc), desc);
    b._instance = this._instance;  // a pending mapAsync keeps the instance (see GPUAdapter)
    if (desc.mappedAtCreation) b._mapped = { write: true, offset: 0, size: desc.size };
    return b;
  }
  createShaderModule(d) {
    const desc = { label: labelOf(d), code: String(d.code) };
    return new GPUShaderModule(token, native.createShaderModule(this[H], desc), desc);
  }
  createBindGroupLayout(d) {
    const entries = [...(d.entries || [])].map((e) => ({
      binding: e.binding,
      visibility: e.visibility,
      buffer: e.buffer && {
        type: e.buffer.type || 'uniform',
        hasDynamicOffset: !!e.buffer.hasDynamicOffset,
        minBindingSize: e.buffer.minBindingSize || 0,
      },
      sampler: e.sampler,
      texture: e.texture,
      storageTexture: e.storageTexture,
      externalTexture: e.externalTexture,
    }));
    return new GPUBindGroupLayout(token, native.createBindGroupLayout(this[H], { label: labelOf(d), entries }), labelOf(d));
  }
  createPipelineLayout(d) {
    const bindGroupLayouts = [...(d.bindGroupLayouts || [])].map(handleOf);
    return new GPUPipelineLayout(token, native.createPipelineLayout(this[H], { label: labelOf(d), bindGroupLayouts }), labelOf(d));
  }
  createComputePipeline(d) {
    return new GPUComputePipeline(token, native.createComputePipeline(this[H], pipelineDesc(d)), labelOf(d));
  }
  async createComputePipelineAsync(d) {
    const r = await native.createComputePipelineAsync(this[H], pipelineDesc(d));
    // WGPUCreatePipelineAsyncStatus: 1 success, 3 validation error, 4 internal error.
    if (r.status !== 1)
      throw new GPUPipelineError(r.message, { reason: r.status === 3 ? 'validation' : 'internal' });
    return new GPUComputePipeline(token, r.handle, labelOf(d));
  }
  createBindGroup(d) {
    const entries = [...(d.entries || [])].map((e) => {
      const res = e.resource;
      if (res instanceof GPUBuffer) return { binding: e.binding, buffer: res[H], offset: 0 };
      if (res && res.buffer !== undefined)
        return { binding: e.binding, buffer: handleOf(res.buffer), offset: res.offset || 0, size: res.size };
      return { binding: e.binding, other: handleOf(res), isSampler: res instanceof GPUSampler };
    });
    return new GPUBindGroup(token, native.createBindGroup(this[H], { label: labelOf(d), layout: handleOf(d.layout), entries }), labelOf(d));
  }
  createCommandEncoder(d = {}) {
    return new GPUCommandEncoder(token, native.createCommandEncoder(this[H], { label: labelOf(d) }), labelOf(d));
  }
  // Outside the compute subset: the C API's entry points report a validation error that wgslemu
  // executes compute only; the objects returned are invalid.
  _unsupported(fn, Cls, d) {
    return new Cls(token, native.unsupported(this[H], fn), labelOf(d), d);
  }
  createTexture(d) {
    return this._unsupported('wgpuDeviceCreateTexture', GPUTexture, d);
  }
  createSampler(d) {
    return this._unsupported('wgpuDeviceCreateSampler', GPUSampler, d);
  }
  importExternalTexture(d) {
    return this._unsupported('wgpuDeviceCreateExternalTexture', GPUExternalTexture, d);
  }
  createQuerySet(d) {
    return this._unsupported('wgpuDeviceCreateQuerySet', GPUQuerySet, d);
  }
  createRenderPipeline(d) {
    return this._unsupported('wgpuDeviceCreateRenderPipeline', GPURenderPipeline, d);
  }
  async createRenderPipelineAsync(d) {
    this._unsupported('wgpuDeviceCreateRenderPipeline', GPURenderPipeline, d);
    throw new GPUPipelineError(`createRenderPipelineAsync: ${computeOnly}`, { reason: 'validation' });
  }
  createRenderBundleEncoder(d) {
    return this._unsupported('wgpuDeviceCreateRenderBundleEncoder', GPURenderBundleEncoder, d);
  }
}

function pipelineDesc(d) {
  const c = d.compute || {};
  return {
    label: labelOf(d),
    layout: d.layout === 'auto' ? null : handleOf(d.layout),
    compute: { module: handleOf(c.module), entryPoint: c.entryPoint, constants: c.constants },
  };
}

// ---- resources -------------------------------------------------------------------------------
class GPUBuffer extends GPUObjectBase {
  constructor(t, handle, d) {
    super(t, handle, d.label);
    this._size = d.size;
    this._usage = d.usage;
    this._ranges = [];
    this._mapped = null;   // {write, offset, size} while mapped
    this._pending = null;  // the mapAsync in flight
  }
  get size() {
    return this._size;
  }
  get usage() {
    return this._usage;
  }
  get mapState() {
    if (this._pending) return 'pending';
    return native.mapState(this[H]);
  }
  mapAsync(mode, offset = 0, size) {
    const p = native.mapAsync(this[H], mode, offset, size);
    const pending = { mode, offset, size: size === undefined ? Math.max(0, this._size - offset) : size };
    this._pending = pending;
    return p.then((r) => {
      if (this._pending === pending) this._pending = null;
      // WGPUMapAsyncStatus: 1 success, 3 error, 4 aborted.
      if (r.status === 1) {
        this._mapped = { write: !!(mode & GPUMapMode.WRITE), offset: pending.offset, size: pending.size };
        return undefined;
      }
      if (r.status === 4) throw new DOMException(r.message || 'mapAsync aborted', 'AbortError');
      throw operationError(r.message || 'mapAsync failed');
    });
  }
  getMappedRange(offset = 0, size) {
    const m = this._mapped;
    const len = size === undefined ? Math.max(0, (m ? m.offset + m.size : this._size) - offset) : size;
    const ab = native.getMappedRange(this[H], offset, len, m ? m.write : true);
    if (ab === null) throw operationError('getMappedRange: the range is not available (see the message above)');
    this._ranges.push(ab);
    return ab;
  }
  _detach() {
    for (const ab of this._ranges) native.detach(ab);
    this._ranges = [];
    this._mapped = null;
    this._pending = null;
  }
  unmap() {
    this._detach();
    native.unmap(this[H]);
  }
  destroy() {
    this._detach();
    native.destroyBuffer(this[H]);
  }
}

class GPUShaderModule extends GPUObjectBase {
  constructor(t, handle, d) {
    super(t, handle, d.label);
    this._code = d.code;
  }
  async getCompilationInfo() {
    const msgs = await native.getCompilationInfo(this[H]);
    // The C API counts in UTF-8 bytes; WebGPU's JS API in UTF-16 code units.
    const bytes = Buffer.from(this._code, 'utf8');
    const units = (from, to) => bytes.subarray(from, to).toString('utf8').length;
    return new GPUCompilationInfo(token, msgs.map((m) => {
      if (m.lineNum === 0) return new GPUCompilationMessage(token, m);
      const lineStart = m.offset - (m.linePos - 1);
      return new GPUCompilationMessage(token, {
        ...m,
        offset: units(0, m.offset),
        linePos: units(lineStart, m.offset) + 1,
        length: units(m.offset, m.offset + m.length),
      });
    }));
  }
}

class GPUBindGroupLayout extends GPUObjectBase {}
class GPUPipelineLayout extends GPUObjectBase {}
class GPUBindGroup extends GPUObjectBase {}
class GPUCommandBuffer extends GPUObjectBase {}
class GPUComputePipeline extends GPUObjectBase {
  getBindGroupLayout(index) {
    return new GPUBindGroupLayout(token, native.getBindGroupLayout(this[H], index), '');
  }
}

// Outside the compute subset: invalid objects (no C handle).
class GPUTexture extends GPUObjectBase {
  constructor(t, handle, label, d = {}) {
    super(t, handle, label);
    const s = d.size || {};
    const arr = Array.isArray(s) || (s && typeof s[Symbol.iterator] === 'function') ? [...s] : [s.width, s.height, s.depthOrArrayLayers];
    this.width = arr[0] || 0;
    this.height = arr[1] || 1;
    this.depthOrArrayLayers = arr[2] || 1;
    this.mipLevelCount = d.mipLevelCount || 1;
    this.sampleCount = d.sampleCount || 1;
    this.dimension = d.dimension || '2d';
    this.format = d.format;
    this.usage = d.usage;
  }
  createView(d) {
    return new GPUTextureView(token, null, labelOf(d));
  }
  destroy() {}
}
class GPUTextureView extends GPUObjectBase {}
class GPUSampler extends GPUObjectBase {}
class GPUExternalTexture extends GPUObjectBase {}
class GPUQuerySet extends GPUObjectBase {
  destroy() {}
}
class GPURenderPipeline extends GPUObjectBase {
  getBindGroupLayout() {
    return new GPUBindGroupLayout(token, null, '');
  }
}
// Render pass and bundle encoders exist for programs that record render work; they are invalid
// (their creation reported the error) and record nothing.
const renderCommands = ['setPipeline', 'setBindGroup', 'setVertexBuffer', 'setIndexBuffer', 'draw', 'drawIndexed',
  'drawIndirect', 'drawIndexedIndirect', 'pushDebugGroup', 'popDebugGroup', 'insertDebugMarker'];
class GPURenderPassEncoder extends GPUObjectBase {}
class GPURenderBundleEncoder extends GPUObjectBase {
  finish(d = {}) {
    return new GPURenderBundle(token, null, labelOf(d));
  }
}
class GPURenderBundle extends GPUObjectBase {}
for (const m of [...renderCommands, 'setViewport', 'setScissorRect', 'setBlendConstant', 'setStencilReference',
  'beginOcclusionQuery', 'endOcclusionQuery', 'executeBundles', 'end'])
  GPURenderPassEncoder.prototype[m] = function () {};
for (const m of renderCommands) GPURenderBundleEncoder.prototype[m] = function () {};

// ---- commands --------------------------------------------------------------------------------
class GPUCommandEncoder extends GPUObjectBase {
  beginComputePass(d = {}) {
    return new GPUComputePassEncoder(token, native.beginComputePass(this[H], { label: labelOf(d) }), labelOf(d));
  }
  // Outside compute: the C API reports the validation error; the objects returned are invalid.
  beginRenderPass(d = {}) {
    return new GPURenderPassEncoder(token, native.unsupported(this[H], 'wgpuCommandEncoderBeginRenderPass'), labelOf(d));
  }
  copyBufferToTexture() {
    native.unsupported(this[H], 'wgpuCommandEncoderCopyBufferToTexture');
  }
  copyTextureToBuffer() {
    native.unsupported(this[H], 'wgpuCommandEncoderCopyTextureToBuffer');
  }
  copyTextureToTexture() {
    native.unsupported(this[H], 'wgpuCommandEncoderCopyTextureToTexture');
  }
  resolveQuerySet() {
    native.unsupported(this[H], 'wgpuCommandEncoderResolveQuerySet');
  }
  // copyBufferToBuffer(src, srcOffset, dst, dstOffset, size) or (src, dst, size?)
  copyBufferToBuffer(src, a, b, c, d) {
    let so = 0, dst, dof = 0, size;
    if (a instanceof GPUBuffer) [dst, size] = [a, b];
    else [so, dst, dof, size] = [a, b, c, d];
    if (size === undefined) size = Math.max(0, src.size - so);
    native.copyBufferToBuffer(this[H], handleOf(src), so, handleOf(dst), dof, size);
  }
  clearBuffer(buffer, offset = 0, size) {
    native.clearBuffer(this[H], handleOf(buffer), offset, size === undefined ? Math.max(0, buffer.size - offset) : size);
  }
  pushDebugGroup(label) {
    native.debug(this[H], 0, 0, String(label));
  }
  popDebugGroup() {
    native.debug(this[H], 0, 1);
  }
  insertDebugMarker(label) {
    native.debug(this[H], 0, 2, String(label));
  }
  finish(d = {}) {
    return new GPUCommandBuffer(token, native.finish(this[H], { label: labelOf(d) }), labelOf(d));
  }
}

class GPUComputePassEncoder extends GPUObjectBase {
  setPipeline(p) {
    native.setPipeline(this[H], handleOf(p));
  }
  // setBindGroup(index, group, dynamicOffsets?) or (index, group, Uint32Array, start, length)
  setBindGroup(index, group, offsets = [], start, length) {
    let list = [...offsets];
    if (start !== undefined) {
      if (start + length > offsets.length) throw new RangeError('setBindGroup: the dynamic offsets range is outside the array');
      list = [...offsets.subarray(start, start + length)];
    }
    native.setBindGroup(this[H], index, handleOf(group), list);
  }
  dispatchWorkgroups(x, y = 1, z = 1) {
    native.dispatchWorkgroups(this[H], x, y, z);
  }
  dispatchWorkgroupsIndirect(buffer, offset) {
    native.dispatchWorkgroupsIndirect(this[H], handleOf(buffer), offset);
  }
  pushDebugGroup(label) {
    native.debug(this[H], 1, 0, String(label));
  }
  popDebugGroup() {
    native.debug(this[H], 1, 1);
  }
  insertDebugMarker(label) {
    native.debug(this[H], 1, 2, String(label));
  }
  end() {
    native.end(this[H]);
  }
}

class GPUQueue extends GPUObjectBase {
  submit(buffers) {
    native.submit(this[H], [...buffers].map(handleOf));
  }
  writeBuffer(buffer, offset, data, dataOffset = 0, size) {
    let bytes;
    if (data instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && data instanceof SharedArrayBuffer)) {
      const n = size === undefined ? data.byteLength - dataOffset : size;
      if (dataOffset > data.byteLength || dataOffset + n > data.byteLength) throw operationError('writeBuffer: the data range is out of bounds');
      bytes = new Uint8Array(data, dataOffset, n);
    } else if (ArrayBuffer.isView(data)) {
      const el = data.BYTES_PER_ELEMENT || 1;
      const count = data.byteLength / el;
      const n = size === undefined ? count - dataOffset : size;
      if (dataOffset > count || dataOffset + n > count) throw operationError('writeBuffer: the data range is out of bounds');
      bytes = new Uint8Array(data.buffer, data.byteOffset + dataOffset * el, n * el);
    } else {
      throw new TypeError('writeBuffer: data must be an ArrayBuffer or an ArrayBufferView');
    }
    native.writeBuffer(this[H], handleOf(buffer), offset, bytes);
  }
  async onSubmittedWorkDone() {
    await native.onSubmittedWorkDone(this[H]);
  }
  writeTexture() {
    native.unsupported(this[H], 'wgpuQueueWriteTexture');
  }
  copyExternalImageToTexture() {
    native.unsupported(this[H], 'wgpuQueueWriteTexture');
  }
}

// ---- exports ---------------------------------------------------------------------------------
const globals = {
  GPUBufferUsage, GPUMapMode, GPUShaderStage, GPUTextureUsage, GPUColorWrite,
  GPUError, GPUValidationError, GPUOutOfMemoryError, GPUInternalError, GPUPipelineError,
  GPUUncapturedErrorEvent, GPUDeviceLostInfo, GPUCompilationInfo, GPUCompilationMessage,
  GPUSupportedFeatures, GPUSupportedLimits, GPUAdapterInfo, WGSLLanguageFeatures,
  GPU, GPUAdapter, GPUDevice, GPUQueue, GPUBuffer, GPUShaderModule, GPUBindGroupLayout,
  GPUPipelineLayout, GPUBindGroup, GPUComputePipeline, GPUCommandEncoder, GPUComputePassEncoder,
  GPUCommandBuffer, GPUTexture, GPUTextureView, GPUSampler, GPUExternalTexture, GPUQuerySet,
  GPURenderPipeline, GPURenderBundleEncoder, GPURenderBundle, GPURenderPassEncoder,
};

// create(flags): a GPU whose devices run with wgslemu's run options, e.g.
// ['scheduler=unfair', 'races', 'oob=trap', 'subgroup-size=8', 'report=run.json'].
function create(flags = []) {
  return new GPU(token, [...flags].map(String));
}

module.exports = { create, globals };
