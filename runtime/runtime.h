// The wgslemu host API: a CPU device that runs WGSL compute shaders (the compute subset of
// WebGPU's model). A kernel author needs about ten lines:
//
//   wgsl::runtime::Device dev;                                   // subgroup size 32, all cores
//   auto mod = dev.createShaderModule(source, "add.wgsl");
//   if (!mod.ok()) { std::cerr << mod.diagnostics(); return 1; }
//   auto pipe = dev.createComputePipeline(mod, "main", {{"wg_size", 64}});
//   auto a = dev.createBuffer(std::vector<float>{1, 2, 3, 4});
//   auto out = dev.createBuffer(4 * sizeof(float));
//   wgsl::runtime::BindGroup bg;
//   bg.bind(0, 0, a).bind(0, 1, out);
//   wgsl::runtime::Report r = dev.dispatch(pipe, {bg}, 1);
//   std::vector<float> result = out.read<float>();
//
// Host-side mistakes (a binding missing or too small, a dispatch beyond the device limits, a
// module with errors, an unknown entry point or override) throw wgsl::runtime::Error with a
// sentence that says what is wrong. Problems while the shader runs (out-of-bounds accesses,
// barriers in divergent control flow) are not exceptions: they are events in the Report.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace wgsl::exec {
class DebugHook;  // interp/exec/stepper.h
}

namespace wgsl::runtime {

// A host-side API usage error (the WebGPU validation a real implementation does on the host).
class Error : public std::runtime_error {
 public:
  // `Api`: the host program used the API wrongly or exceeded a device limit. `Shader`: the WGSL
  // is invalid for this pipeline (a pipeline-creation error of the spec, e.g. an
  // override-expression that fails for the override values given).
  enum class Kind { Api, Shader };
  explicit Error(const std::string& message, Kind kind = Kind::Api) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

// WebGPU's default limits ("Limits" in the WebGPU spec); a device may be created with others.
struct Limits {
  uint32_t max_compute_workgroup_size_x = 256;
  uint32_t max_compute_workgroup_size_y = 256;
  uint32_t max_compute_workgroup_size_z = 64;
  uint32_t max_compute_invocations_per_workgroup = 256;
  uint32_t max_compute_workgroups_per_dimension = 65535;
  uint32_t max_compute_workgroup_storage_size = 16384;
  uint64_t max_storage_buffer_binding_size = 134217728;  // 128 MiB
  uint64_t max_uniform_buffer_binding_size = 65536;
  uint64_t max_buffer_size = 268435456;  // 256 MiB
  uint32_t max_bind_groups = 4;
  uint32_t max_bindings_per_bind_group = 1000;
  uint32_t min_storage_buffer_offset_alignment = 256;
  uint32_t min_uniform_buffer_offset_alignment = 256;
};

struct DeviceOptions {
  uint32_t subgroup_size = 32;  // lanes per subgroup: a power of two from 4 to 128
  uint32_t threads = 0;         // worker threads; 0: one per core
  uint64_t seed = 0;            // for the randomised policies of later versions
  Limits limits{};
  // Safety net against kernels that never finish: a dispatch stops with Status::InstructionLimit
  // after this many subgroup instructions in one workgroup (0: no limit).
  uint64_t max_instructions_per_workgroup = 0;
  // Testing and schedule exploration: switch between the subgroups of a workgroup after this
  // many instructions (round-robin) instead of only at barriers (0: only at barriers).
  uint32_t preempt_every = 0;
  // Schedulers and progress models (docs/schedulers.md). Everything but `fair` without
  // a timeline or schedule recording runs the step-wise engine from one deterministic loop.
  std::string scheduler = "fair";  // fair, round-robin, obe, lobe, hsa, hsa-obe, unfair, random:SEED
  uint32_t occupancy = 0;          // obe, lobe, hsa-obe: workgroups started at once (0: all)
  std::string admission = "id";    // obe, lobe, hsa-obe: id, reverse, random:SEED
  std::string schedule = "";       // text of an explicit schedule (--schedule=FILE); replaces `scheduler`
  std::string subgroup_scheduler = "lockstep";  // lockstep, round-robin, random:SEED, adversarial
  // --subgroup-size=random:SEED: each dispatch picks a size from 4..128 with this seed (and the
  // dispatch's number), instead of subgroup_size.
  bool random_subgroup_size = false;
  uint64_t subgroup_size_seed = 0;
  uint64_t hang_window = uint64_t{1} << 20;  // scheduling steps without progress that make a hang
  // Step-wise schedulers: the window grows to this many steps per alive subgroup (bounded spins
  // of many subgroups are no hang); 0 keeps it fixed at hang_window.
  uint64_t hang_turns = 4096;
  uint64_t max_steps = 0;                    // scheduling steps of one dispatch at most (0: no bound)
  bool record_schedule = false;              // Report::schedule and the timeline (step-wise runs)
  bool timeline_subgroups = false;           // the timeline has one row per subgroup (--timeline-subgroups)
  // Dynamic-error checks (docs/dynamic-errors.md).
  // Out-of-bounds policy: report (default), zero, clamp, discard, random:SEED[:terminate], trap.
  std::string oob = "report";
  // Fault injection rules, each as after --inject= (oob:LINE[:COL][:invocation=X,Y,Z|...], poison:...).
  std::vector<std::string> inject{};
  // Report data races (Event::Race): unordered conflicting accesses within and across workgroups.
  bool races = false;
  // Report subgroup and quad operations reached in non-uniform control flow (Event::NonUniformCollective);
  // for kernels run although the static uniformity analysis rejects them.
  bool check_collectives = false;
  // Events a dispatch keeps in its Report (all are counted in Report::event_count).
  size_t max_events = 100;
  // Floating point modes (docs/float-modes.md), the values of `wgslemu run --float=
  // --nonfinite=`: "ieee" or a comma list of ftz, fma, ulp-max, ulp-random:SEED; and "propagate",
  // "indeterminate:SEED" or "report". The Device constructor throws Error for a bad value.
  std::string float_mode = "ieee";
  std::string nonfinite = "propagate";
  // A debugger (runtime/debug): called before every instruction; forces the step-wise loop
  // (`fair` included, with its seeded schedule). Null: no debugger, nothing changes.
  exec::DebugHook* debug = nullptr;
};

// Buffer usages (WebGPU's GPUBufferUsage subset that matters here); a bitmask.
enum BufferUsage : uint32_t {
  kUsageStorage = 1u,
  kUsageUniform = 2u,
  kUsageIndirect = 4u,
  kUsageCopy = 8u,  // read/write from the host
  kUsageAll = 15u,
};

class Device;
struct BufferData;
struct ModuleData;
struct PipelineData;

// A block of device memory: bytes in the spec's memory layout (little-endian). Copies of a
// Buffer refer to the same memory.
class Buffer {
 public:
  Buffer() = default;
  uint64_t size() const;
  uint32_t usage() const;
  bool valid() const { return data_ != nullptr; }

  void write(uint64_t offset, const void* src, uint64_t bytes);
  void read(uint64_t offset, void* dst, uint64_t bytes) const;
  template <typename T>
  void write(const std::vector<T>& values, uint64_t offset = 0) {
    static_assert(std::is_trivially_copyable<T>::value, "buffer elements must be trivially copyable");
    write(offset, values.data(), values.size() * sizeof(T));
  }
  // The whole buffer (or `count` elements from `offset` bytes) as elements of T.
  template <typename T>
  std::vector<T> read(uint64_t offset = 0, uint64_t count = ~uint64_t{0}) const {
    static_assert(std::is_trivially_copyable<T>::value, "buffer elements must be trivially copyable");
    const uint64_t avail = offset <= size() ? (size() - offset) / sizeof(T) : 0;
    if (count > avail) count = avail;
    std::vector<T> out(static_cast<size_t>(count));
    read(offset, out.data(), count * sizeof(T));
    return out;
  }
  // Every byte set to `value` (zero by default).
  void fill(uint8_t value = 0);
  // Direct access to the bytes (valid while the buffer lives; not while a dispatch runs).
  uint8_t* data();
  const uint8_t* data() const;

 private:
  friend class Device;
  friend struct DispatchAccess;
  std::shared_ptr<BufferData> data_;
};

// Shader creation options.
struct ShaderModuleOptions {
  // WGSL rejects a module whose collective operations (barriers, subgroup and quad operations)
  // the uniformity analysis cannot prove uniform. On (`--allow-nonuniform`): those errors are
  // warnings, the module is valid, and the engine reports the barriers and collectives reached
  // in non-uniform control flow when it runs (give DeviceOptions::check_collectives too).
  bool allow_nonuniform = false;
};

// A compiled WGSL module (shader creation: parse, resolve, uniformity analysis). ok() is false
// when the module has errors; the diagnostics are rendered as `wgslemu check` prints them.
class ShaderModule {
 public:
  ShaderModule() = default;
  bool ok() const;
  std::string diagnostics() const;  // errors and warnings as compiler-style text
  size_t errorCount() const;
  std::vector<std::string> entryPoints() const;  // compute entry points
  // The errors the static uniformity analysis found (counted in errorCount() unless the module
  // was created with ShaderModuleOptions::allow_nonuniform), and those diagnostics alone.
  size_t uniformityErrorCount() const;
  std::string uniformityDiagnostics() const;

 private:
  friend class Device;
  std::shared_ptr<ModuleData> data_;
};

// An override value given at pipeline creation: by name, or by @id written as a decimal string.
using OverrideValues = std::map<std::string, double>;

// A layout entry derived from the shader ("auto" layout): what the pipeline expects at each
// group/binding.
struct BindingInfo {
  uint32_t group = 0;
  uint32_t binding = 0;
  std::string name;
  enum Kind { Uniform, Storage, ReadOnlyStorage, Other } kind = Storage;
  uint64_t min_binding_size = 0;
};

class ComputePipeline {
 public:
  ComputePipeline() = default;
  bool valid() const { return data_ != nullptr; }
  const std::string& entryPoint() const;
  // The workgroup size after override values were applied.
  uint32_t workgroupSize(int dim) const;
  std::vector<BindingInfo> bindings() const;
  // The lowered register IR as text (for developers).
  std::string dumpIr() const;

 private:
  friend class Device;
  friend struct DispatchAccess;
  std::shared_ptr<PipelineData> data_;
};

// Resources for a dispatch: buffer ranges at (group, binding). Several BindGroups may be passed
// to a dispatch; together they must cover every binding the pipeline uses.
class BindGroup {
 public:
  struct Entry {
    uint32_t group = 0;
    uint32_t binding = 0;
    Buffer buffer;
    uint64_t offset = 0;
    uint64_t size = ~uint64_t{0};  // whole rest of the buffer
  };
  BindGroup& bind(uint32_t group, uint32_t binding, const Buffer& buffer, uint64_t offset = 0,
                  uint64_t size = ~uint64_t{0});
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
};

// A host-side validation failure (WebGPU's rules for buffers, bindings and dispatches): which
// rule, which part of the request it concerns, and a sentence for humans. Device::createBuffer
// and Device::dispatch throw Error with the first; tools that check a request before anything
// runs (a run spec, the C API) call the Device::validate* functions and prefix the messages
// with their own context.
struct Finding {
  enum class Rule {
    BufferSize,        // larger than maxBufferSize
    BufferUsage,       // invalid usage flags
    DispatchLimit,     // workgroup count above maxComputeWorkgroupsPerDimension
    PrivateMemory,     // one workgroup's private memory and registers beyond what wgslemu supports
    IndirectUsage,     // indirect buffer without kUsageIndirect
    IndirectRange,     // indirect offset unaligned or the 12 bytes of counts outside the buffer
    UnusedEntry,       // a binding the entry point does not use (Device::dispatch allows it)
    BoundTwice,        // one slot bound twice
    Unbound,           // a slot the entry point uses without a buffer
    NullBuffer,        // an empty Buffer handle bound
    Usage,             // uniform/storage usage missing for the slot
    OffsetAlignment,   // offset not a multiple of min*BufferOffsetAlignment
    Range,             // offset/size outside the buffer
    MinBindingSize,    // range smaller than the minimum binding size of the slot's type
    BindingSize,       // storage range not a multiple of 4, or above max*BufferBindingSize
    WritableAliasing,  // overlapping ranges of one buffer, one of them writable
  };
  Rule rule = Rule::BufferSize;
  // The part of the request, named as in a run spec: "size", "usage", "dispatch",
  // "dispatch_indirect", "bind.G:B" (one binding), "bind" (the bindings together), "" (all).
  std::string field;
  std::string message;
};
using Findings = std::vector<Finding>;

// One buffer binding as planned, for validation before (or without) a Buffer.
struct BindingPlan {
  uint32_t group = 0;
  uint32_t binding = 0;
  const void* buffer = nullptr;  // identity: bindings of one buffer share it (null: no buffer)
  std::string name;              // the buffer's name in messages ("": unnamed)
  uint64_t buffer_size = 0;
  uint32_t usage = kUsageAll;
  uint64_t offset = 0;
  uint64_t size = ~uint64_t{0};  // whole rest of the buffer
};

// Where in the source something happened.
struct SourceLocation {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
};

// Something that happened while the shader ran.
struct Event {
  enum Kind {
    OutOfBounds,        // a load, store or atomic outside its memory view: load gave zero, store dropped
    BarrierDivergence,  // a barrier reached in non-uniform control flow: the dispatch stopped
    InstructionLimit,   // DeviceOptions::max_instructions_per_workgroup exceeded
    Injected,              // a fault injected by DeviceOptions::inject (an `oob` one also gives OutOfBounds)
    Race,                  // a data race (DeviceOptions::races): both accesses, counted per pair of locations
    NonUniformCollective,  // a subgroup or quad operation reached with some lanes inactive
    NonFinite,          // nonfinite = "report": an infinity or NaN appeared from finite operands
                        // (first occurrence per source location; not an error: status unchanged)
    InactiveInvocation,  // subgroupBroadcast, a shuffle or a quad operation selected an inactive
                         // invocation or one outside the subgroup: the result is zero
  } kind = OutOfBounds;
  std::string message;  // one sentence with all the facts below
  SourceLocation location;
  uint32_t workgroup_id[3] = {0, 0, 0};
  uint32_t local_invocation_index = 0;
  uint32_t local_invocation_id[3] = {0, 0, 0};  // the same invocation as @builtin(local_invocation_id)
  // Memory events: the variable, its binding (group/binding are ~0u for non-resources) and the
  // byte offset and size of the access within the variable.
  std::string variable;
  uint32_t group = ~0u;
  uint32_t binding = ~0u;
  uint64_t offset = 0;
  uint32_t size = 0;
  bool write = false;
  // OutOfBounds: caused by an injected fault; what the policy did ("load-zero",
  // "drop-store", "load-from", "store-to", "load-vector-x", "terminate-invocation",
  // "stop-dispatch", "clamp-index"). Race: the access kinds ("read", "write", "atomic ..."), the
  // other access, and how many dynamic occurrences this pair of locations had.
  bool injected = false;
  std::string action;
  std::string access;
  SourceLocation other_location;
  uint32_t other_workgroup_id[3] = {0, 0, 0};
  uint32_t other_local_invocation_index = 0;
  uint32_t other_local_invocation_id[3] = {0, 0, 0};
  std::string other_access;
  uint64_t count = 1;
  // NonFinite: the operation ("x / y", "exp(x)"), its operands and the result.
  // InactiveInvocation: the built-in ("subgroupShuffle"); `selected_invocation`, the subgroup
  // invocation id it selected (negative for subgroupShuffleUp below 0), and `subgroup_size`.
  std::string operation;
  std::vector<double> operands;
  double result = 0;
  int64_t selected_invocation = 0;
  uint32_t subgroup_size = 0;
};

// The event kind as reports spell it: "oob", "barrier-divergence", "instruction-limit",
// "injected", "race", "nonuniform-collective", "nonfinite", "inactive-invocation".
const char* toString(Event::Kind k);

struct Stats {
  uint64_t instructions = 0;  // subgroup instructions executed (one per instruction per subgroup)
  uint64_t workgroups = 0;
  uint64_t subgroups = 0;
  uint64_t invocations = 0;
};

enum class Status {
  Ok,                 // ran to completion without dynamic errors
  DynamicError,       // ran to completion, but events were recorded (e.g. out-of-bounds accesses)
  UniformityError,    // stopped: a barrier in non-uniform control flow
  InstructionLimit,   // stopped: a workgroup ran longer than the device's instruction limit
  Hang,               // stopped: the schedule makes no progress (Report::hang says why)
  Trapped,            // stopped: an out-of-bounds access under DeviceOptions::oob = "trap"
};
const char* toString(Status s);

// One workgroup's life under a step-wise scheduler, in virtual time (scheduling steps).
struct WorkgroupSchedule {
  uint32_t id = 0;             // linear workgroup index
  bool started = false, returned = false;
  uint64_t first_step = 0;     // when it started (if started)
  uint64_t end_step = 0;       // when it returned (if returned)
  uint64_t steps = 0, preemptions = 0, spin_steps = 0, barrier_waits = 0;
};

struct Report {
  Status status = Status::Ok;
  std::vector<Event> events;   // the first events (at most DeviceOptions::max_events)
  uint64_t event_count = 0;    // all events, including those not kept
  Stats stats;
  static constexpr size_t kMaxEvents = 100;  // the default of DeviceOptions::max_events

  bool ok() const { return status == Status::Ok; }
  // The status, then the events as every report lists them (runtime/event_report.h: one line
  // per kind and source location).
  std::string summary() const;

  // Scheduling. `scheduler` names the model that ran ("fair (parallel)" for the fast
  // path); the rest is filled by step-wise runs.
  std::string scheduler;
  uint32_t subgroup_size = 0;       // the size this dispatch ran with
  uint64_t steps = 0;               // scheduling steps
  std::string hang;                 // Status::Hang: the report (per workgroup, and why)
  std::string hang_summary;         // its one-line summary
  std::vector<WorkgroupSchedule> workgroups;  // per workgroup (the first kMaxWorkgroupStats)
  static constexpr size_t kMaxWorkgroupStats = 1024;
  std::string schedule;             // DeviceOptions::record_schedule: replayable schedule file text
  std::string timeline_svg;         // DeviceOptions::record_schedule: the schedule as a picture
  std::string timeline_text;
};

// How far the dispatch running on a device has got (for progress displays).
struct Progress {
  bool running = false;
  uint64_t workgroups_done = 0;
  uint64_t workgroups_total = 0;
};

class Device {
 public:
  explicit Device(const DeviceOptions& options = {});
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const DeviceOptions& options() const { return options_; }

  // The progress of the dispatch running now; may be called from any thread while dispatch()
  // runs on another.
  Progress progress() const;

  // Shader creation: parse, resolve and the uniformity analysis, once. Never throws for bad
  // WGSL: check ok() and diagnostics().
  ShaderModule createShaderModule(const std::string& source, const std::string& name = "shader.wgsl",
                                  const ShaderModuleOptions& options = {});
  // Pipeline creation: override values applied, the entry point lowered to the register IR.
  // Throws Error for an invalid module, an unknown entry point or override, pipeline-creation
  // errors, unsupported features (textures) and workgroup sizes beyond the limits.
  ComputePipeline createComputePipeline(const ShaderModule& module, const std::string& entry_point,
                                        const OverrideValues& overrides = {});

  Buffer createBuffer(uint64_t size, uint32_t usage = kUsageAll);
  template <typename T>
  Buffer createBuffer(const std::vector<T>& contents, uint32_t usage = kUsageAll) {
    Buffer b = createBuffer(contents.size() * sizeof(T), usage);
    b.write(contents);
    return b;
  }

  // Host-side validation (see Finding), without side effects. validateBindings checks a
  // pipeline's slots against the bindings given (every rule but UnusedEntry applies to
  // dispatch()); validateDispatch the workgroup counts; validateIndirect the indirect buffer.
  Findings validateBuffer(uint64_t size, uint32_t usage = kUsageAll) const;
  Findings validateBindings(const ComputePipeline& pipeline, const std::vector<BindingPlan>& bindings) const;
  Findings validateDispatch(const ComputePipeline& pipeline, uint32_t x, uint32_t y = 1, uint32_t z = 1) const;
  Findings validateIndirect(uint64_t buffer_size, uint32_t usage, uint64_t offset, const std::string& name = "") const;

  // Runs x*y*z workgroups and waits for them. Throws Error for host-side validation failures
  // (and for an internal wgslemu error: an instruction the interpreter cannot run).
  Report dispatch(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups, uint32_t x,
                  uint32_t y = 1, uint32_t z = 1);
  // The workgroup counts are three u32 at `offset` in `indirect` (which needs kUsageIndirect).
  Report dispatchIndirect(const ComputePipeline& pipeline, const std::vector<BindGroup>& groups,
                          const Buffer& indirect, uint64_t offset = 0);
  // Dispatches run so far (numbers them for --subgroup-size=random:SEED). A run resumed at a
  // later pass (a debugger's snapshot) sets it to where the first run was.
  uint64_t dispatchCount() const;
  void setDispatchCount(uint64_t n);

 private:
  DeviceOptions options_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace wgsl::runtime
