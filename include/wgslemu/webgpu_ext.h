// wgslemu's extension to the standard WebGPU C API (webgpu.h): device options.
//
// Chain a WGSLEmuDeviceOptions to WGPUDeviceDescriptor::nextInChain to choose how wgslemu runs
// the device's dispatches. Each field is a string with the spelling of `wgslemu run` on the
// command line (docs/webgpu-c-api.md); an empty string view keeps the default. The environment
// variable WGSLEMU_OPTIONS ("--scheduler=unfair --races") applies first; the struct's fields
// override it.
//
// Enum block: wgslemu's sTypes are in 0x0057_0000..0x0057_FFFF, a block no implementation in
// the registry of webgpu-headers' doc/Extensions.md uses (prefix `WGSLEmu`).
#ifndef WGSLEMU_WEBGPU_EXT_H_
#define WGSLEMU_WEBGPU_EXT_H_

#include <webgpu/webgpu.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define WGSLEmuSType_DeviceOptions ((WGPUSType)0x00570001)

typedef struct WGSLEmuDeviceOptions {
  WGPUChainedStruct chain;  // chain.sType = WGSLEmuSType_DeviceOptions
  // Options as on the command line of `wgslemu run`, e.g. "--scheduler=unfair --oob=trap".
  WGPUStringView options;
  // Where to write the JSON report of every dispatch of this device (like WGSLEMU_REPORT).
  WGPUStringView reportPath;
} WGSLEmuDeviceOptions;

#define WGSLEMU_DEVICE_OPTIONS_INIT                                    \
  _wgpu_MAKE_INIT_STRUCT(WGSLEmuDeviceOptions,                         \
                         {_wgpu_MAKE_INIT_STRUCT(WGPUChainedStruct, {NULL _wgpu_COMMA WGSLEmuSType_DeviceOptions}) \
                          _wgpu_COMMA WGPU_STRING_VIEW_INIT _wgpu_COMMA WGPU_STRING_VIEW_INIT})

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // WGSLEMU_WEBGPU_EXT_H_
