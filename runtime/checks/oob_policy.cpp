// Out-of-bounds policies: parsing `--oob=` and deciding, per access, an outcome the WGSL spec
// allows (see oob_policy.h for the list and its source in the spec).
#include "runtime/checks/oob_policy.h"

#include "runtime/checks/parse_util.h"

namespace wgsl::checks {

const char* toString(Space s) {
  switch (s) {
    case Space::Function: return "function";
    case Space::Private: return "private";
    case Space::Workgroup: return "workgroup";
    case Space::Uniform: return "uniform";
    case Space::Storage: return "storage";
  }
  return "?";
}

const char* toString(AccessKind k) {
  switch (k) {
    case AccessKind::Load: return "read";
    case AccessKind::Store: return "write";
    case AccessKind::AtomicLoad: return "atomic read";
    case AccessKind::AtomicStore: return "atomic write";
    case AccessKind::AtomicRmw: return "atomic read-modify-write";
  }
  return "?";
}

const char* toString(OobDecision::Action a) {
  switch (a) {
    case OobDecision::Action::LoadZero: return "load-zero";
    case OobDecision::Action::LoadVectorX: return "load-vector-x";
    case OobDecision::Action::LoadFrom: return "load-from";
    case OobDecision::Action::DropStore: return "drop-store";
    case OobDecision::Action::StoreTo: return "store-to";
    case OobDecision::Action::TerminateInvocation: return "terminate-invocation";
    case OobDecision::Action::StopDispatch: return "stop-dispatch";
  }
  return "?";
}

std::string toString(const OobPolicy& p) {
  switch (p.mode) {
    case OobPolicy::Mode::Report: return "report";
    case OobPolicy::Mode::Zero: return "zero";
    case OobPolicy::Mode::Clamp: return "clamp";
    case OobPolicy::Mode::Discard: return "discard";
    case OobPolicy::Mode::Trap: return "trap";
    case OobPolicy::Mode::Random:
      return "random:" + std::to_string(p.seed) + (p.random_terminate ? ":terminate" : "");
  }
  return "?";
}

namespace {

const char* kExpected = "expected one of report, zero, clamp, discard, random:SEED, random:SEED:terminate, trap";

OobPolicyParse fail(std::string msg) {
  OobPolicyParse r;
  r.error = std::move(msg);
  return r;
}

}  // namespace

OobPolicyParse parseOobPolicy(const std::string& text) {
  if (text.empty()) return fail(std::string("--oob needs a policy: ") + kExpected);
  const std::vector<std::string> parts = splitAll(text, ':');
  const std::string& name = parts[0];
  OobPolicy p;
  if (name == "report") p.mode = OobPolicy::Mode::Report;
  else if (name == "zero") p.mode = OobPolicy::Mode::Zero;
  else if (name == "clamp") p.mode = OobPolicy::Mode::Clamp;
  else if (name == "discard") p.mode = OobPolicy::Mode::Discard;
  else if (name == "trap") p.mode = OobPolicy::Mode::Trap;
  else if (name == "random") p.mode = OobPolicy::Mode::Random;
  else return fail("unknown out-of-bounds policy '" + name + "' in --oob=" + text + ": " + kExpected);

  if (p.mode != OobPolicy::Mode::Random) {
    if (parts.size() > 1)
      return fail("unexpected '" + text.substr(name.size()) + "' after '" + name + "' in --oob=" + text + ": '" + name +
                  "' takes no arguments");
    OobPolicyParse r;
    r.policy = p;
    return r;
  }
  if (parts.size() < 2 || parts[1].empty())
    return fail("--oob=" + text + ": 'random' needs a seed, as in random:1 (any non-negative integer)");
  const std::optional<uint64_t> seed = parseUnsigned(parts[1]);
  if (!seed)
    return fail("--oob=" + text + ": the seed '" + parts[1] +
                "' is not a non-negative integer (decimal, or hexadecimal with 0x)");
  p.seed = *seed;
  if (parts.size() >= 3) {
    if (parts[2] != "terminate" || parts.size() > 3)
      return fail("--oob=" + text + ": unexpected '" + text.substr(name.size() + 1 + parts[1].size()) +
                  "' after the seed: the only option is ':terminate' (let invocations terminate)");
    p.random_terminate = true;
  }
  OobPolicyParse r;
  r.policy = p;
  return r;
}

std::optional<uint32_t> clampIndex(uint32_t index_bits, bool is_signed, uint64_t count) {
  if (count == 0) return std::nullopt;
  if (is_signed && static_cast<int32_t>(index_bits) < 0) return 0u;
  if (uint64_t{index_bits} >= count) return static_cast<uint32_t>(count - 1);
  return index_bits;
}

namespace {

// The byte range (relative to the region's start) that a redirected access may touch.
struct Range {
  int64_t lo = 0, hi = 0;
};

Range loadRange(const OobAccess& a) {
  if ((a.space == Space::Storage || a.space == Space::Uniform) && a.buffer_size > 0)
    return Range{-static_cast<int64_t>(a.buffer_offset), static_cast<int64_t>(a.buffer_size - a.buffer_offset)};
  return Range{0, static_cast<int64_t>(a.region_size)};
}

Range storeRange(const OobAccess& a) {
  if (a.space == Space::Uniform) return Range{0, 0};  // never written
  return loadRange(a);
}

// Number of aligned start positions for an access of `size` bytes in `r`.
uint64_t positions(const Range& r, uint32_t size, uint32_t align) {
  if (r.hi - r.lo < static_cast<int64_t>(size)) return 0;
  return static_cast<uint64_t>((r.hi - r.lo - size) / align) + 1;
}

uint32_t alignOf(const OobAccess& a) {
  if (isAtomic(a.kind)) return 4;
  return a.scalar_size == 2 ? 2 : 4;
}

// The values of x allowed in (0, 0, 0, x) for the component type.
uint32_t vectorXChoices(ValueKind v, uint32_t* out) {
  switch (v) {
    case ValueKind::I32: out[0] = 0; out[1] = 1; out[2] = 0x7fffffffu; return 3;
    case ValueKind::U32: out[0] = 0; out[1] = 1; out[2] = 0xffffffffu; return 3;
    case ValueKind::F32: out[0] = 0; out[1] = 0x3f800000u; return 2;
    case ValueKind::F16: out[0] = 0; out[1] = 0x3c00u; return 2;
    case ValueKind::Bool: return 0;  // the spec names integer and floating-point components only
  }
  return 0;
}

bool vectorXApplies(const OobAccess& a) {
  uint32_t tmp[3];
  return a.kind == AccessKind::Load && a.components == 4 && vectorXChoices(a.value, tmp) > 0;
}

OobDecision make(OobDecision::Action act, bool record, int64_t offset = 0, uint32_t bits = 0) {
  OobDecision d;
  d.action = act;
  d.record = record;
  d.offset = offset;
  d.last_bits = bits;
  return d;
}

OobDecision notPerformed(const OobAccess& a, bool record) {
  return make(isWrite(a.kind) ? OobDecision::Action::DropStore : OobDecision::Action::LoadZero, record);
}

OobDecision clampDecision(const OobAccess& a) {
  const uint32_t align = alignOf(a);
  const Range r{0, static_cast<int64_t>(a.region_size)};
  if (positions(r, a.size, align) == 0) return notPerformed(a, false);
  const uint64_t last = (a.region_size - a.size) / align * align;
  uint64_t off = a.offset == kUnknownOffset ? last : a.offset;
  if (off > last) off = last;
  off = off / align * align;
  return make(isWrite(a.kind) ? OobDecision::Action::StoreTo : OobDecision::Action::LoadFrom, false,
              static_cast<int64_t>(off));
}

OobDecision randomDecision(const OobPolicy& p, const OobAccess& a) {
  const uint64_t h = hashCombine(mix64(p.seed), a.key);
  const uint32_t align = alignOf(a);
  const bool writes = isWrite(a.kind);
  const Range r = writes ? storeRange(a) : loadRange(a);
  const uint64_t npos = positions(r, a.size, align);
  // Choices in a fixed order: not performed, elsewhere, (0,0,0,x), terminate.
  enum Choice { None, Elsewhere, VectorX, Terminate };
  Choice choices[4];
  uint32_t n = 0;
  choices[n++] = None;
  if (npos > 0) choices[n++] = Elsewhere;
  if (vectorXApplies(a)) choices[n++] = VectorX;
  if (p.random_terminate) choices[n++] = Terminate;
  const uint64_t h2 = mix64(h);
  switch (choices[pick(h, n)]) {
    case None: return notPerformed(a, false);
    case Elsewhere: {
      const int64_t off = r.lo + static_cast<int64_t>(pick(h2, npos) * align);
      return make(writes ? OobDecision::Action::StoreTo : OobDecision::Action::LoadFrom, false, off);
    }
    case VectorX: {
      uint32_t xs[3];
      const uint32_t nx = vectorXChoices(a.value, xs);
      return make(OobDecision::Action::LoadVectorX, false, 0, xs[pick(h2, nx)]);
    }
    case Terminate: return make(OobDecision::Action::TerminateInvocation, false);
  }
  return notPerformed(a, false);
}

}  // namespace

OobDecision decideOob(const OobPolicy& p, const OobAccess& a) {
  switch (p.mode) {
    case OobPolicy::Mode::Report: return notPerformed(a, true);
    case OobPolicy::Mode::Zero: return notPerformed(a, false);
    case OobPolicy::Mode::Clamp: return clampDecision(a);
    case OobPolicy::Mode::Discard: return make(OobDecision::Action::TerminateInvocation, false);
    case OobPolicy::Mode::Trap: return make(OobDecision::Action::StopDispatch, true);
    case OobPolicy::Mode::Random: return randomDecision(p, a);
  }
  return notPerformed(a, true);
}

bool isAllowedOutcome(const OobAccess& a, const OobDecision& d) {
  const uint32_t align = alignOf(a);
  switch (d.action) {
    case OobDecision::Action::LoadZero: return !isWrite(a.kind) || a.kind == AccessKind::AtomicRmw;
    case OobDecision::Action::DropStore: return isWrite(a.kind);
    case OobDecision::Action::TerminateInvocation:
    case OobDecision::Action::StopDispatch: return true;
    case OobDecision::Action::LoadVectorX: {
      if (!vectorXApplies(a)) return false;
      uint32_t xs[3];
      const uint32_t n = vectorXChoices(a.value, xs);
      for (uint32_t i = 0; i < n; ++i)
        if (xs[i] == d.last_bits) return true;
      return false;
    }
    case OobDecision::Action::LoadFrom:
    case OobDecision::Action::StoreTo: {
      const bool store = d.action == OobDecision::Action::StoreTo;
      if (store != isWrite(a.kind)) return false;
      const Range r = store ? storeRange(a) : loadRange(a);
      if (d.offset < r.lo || d.offset + static_cast<int64_t>(a.size) > r.hi) return false;
      return (d.offset - r.lo) % align == 0;
    }
  }
  return false;
}

}  // namespace wgsl::checks
