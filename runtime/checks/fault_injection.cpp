// Fault injection: parsing `--inject=` rules and matching them per subgroup instruction.
#include "runtime/checks/fault_injection.h"

#include "runtime/checks/parse_util.h"

namespace wgsl::checks {

namespace {

InjectionParse fail(const std::string& text, const std::string& msg) {
  InjectionParse r;
  r.error = "--inject=" + text + ": " + msg;
  return r;
}

bool allDigits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

bool parseTriple(const std::string& v, uint32_t out[3]) {
  const std::vector<std::string> p = splitAll(v, ',');
  if (p.size() != 3) return false;
  for (int i = 0; i < 3; ++i) {
    const std::optional<uint64_t> n = parseUnsigned(p[i]);
    if (!n || *n > 0xffffffffu) return false;
    out[i] = static_cast<uint32_t>(*n);
  }
  return true;
}

const char* kSyntax =
    "expected oob:LINE[:COLUMN][:invocation=X,Y,Z|:workgroup=X,Y,Z][:nth=N][:prob=P][:seed=S], "
    "poison:LINE[...][:value=BITS], or oob:prob=P[:seed=S] / poison:prob=P[:seed=S]";

}  // namespace

InjectionParse parseInjection(const std::string& text) {
  if (text.empty()) return fail(text, std::string("an empty fault: ") + kSyntax);
  const std::vector<std::string> parts = splitAll(text, ':');
  InjectionRule r;
  r.text = text;
  if (parts[0] == "oob") r.kind = InjectionRule::Kind::Oob;
  else if (parts[0] == "poison") r.kind = InjectionRule::Kind::Poison;
  else
    return fail(text, "unknown fault kind '" + parts[0] +
                          "': expected 'oob' (an access made out of bounds) or 'poison' (a load returning a chosen "
                          "value); wgslemu injects only faults whose effects WGSL allows");
  size_t i = 1;
  if (i < parts.size() && allDigits(parts[i])) {
    const std::optional<uint64_t> line = parseUnsigned(parts[i]);
    if (!line || *line == 0 || *line > 0xffffffffu)
      return fail(text, "the line '" + parts[i] + "' is not a line number (lines start at 1)");
    r.line = static_cast<uint32_t>(*line);
    ++i;
    if (i < parts.size() && allDigits(parts[i])) {
      const std::optional<uint64_t> col = parseUnsigned(parts[i]);
      if (!col || *col == 0 || *col > 0xffffffffu)
        return fail(text, "the column '" + parts[i] + "' is not a column number (columns start at 1)");
      r.column = static_cast<uint32_t>(*col);
      ++i;
    }
  } else if (i < parts.size() && !parts[i].empty() && parts[i].find('=') == std::string::npos) {
    return fail(text, "'" + parts[i] + "' is not a source line (a positive number) nor an option such as prob=P; " +
                          kSyntax);
  }
  bool seen_seed = false, seen_nth = false;
  for (; i < parts.size(); ++i) {
    const std::string& f = parts[i];
    const size_t eq = f.find('=');
    if (f.empty()) return fail(text, "an empty field (two ':' in a row, or a trailing ':')");
    if (eq == std::string::npos) {
      if (allDigits(f)) return fail(text, "the source position must come right after '" + parts[0] + ":', as LINE or LINE:COLUMN");
      return fail(text, "'" + f + "' is not an option: expected invocation=X,Y,Z, workgroup=X,Y,Z, nth=N, prob=P, seed=S" +
                            std::string(r.kind == InjectionRule::Kind::Poison ? " or value=BITS" : ""));
    }
    const std::string key = f.substr(0, eq), val = f.substr(eq + 1);
    if (key == "invocation" || key == "workgroup") {
      if (r.who != InjectionRule::Who::Any)
        return fail(text, "give at most one of invocation=X,Y,Z and workgroup=X,Y,Z");
      if (!parseTriple(val, r.id))
        return fail(text, "'" + f + "': expected three non-negative integers separated by commas, as " + key + "=1,0,0");
      r.who = key == "invocation" ? InjectionRule::Who::Invocation : InjectionRule::Who::Workgroup;
    } else if (key == "nth") {
      const std::optional<uint64_t> n = parseUnsigned(val);
      if (seen_nth) return fail(text, "nth= is given twice");
      if (!n || *n == 0) return fail(text, "'" + f + "': nth counts executions from 1, expected a positive integer");
      r.nth = *n;
      seen_nth = true;
    } else if (key == "prob") {
      const std::optional<double> p = parseProbability(val);
      if (r.has_prob) return fail(text, "prob= is given twice");
      if (!p) return fail(text, "'" + f + "': expected a probability between 0 and 1, as prob=0.01");
      r.prob = *p;
      r.has_prob = true;
    } else if (key == "seed") {
      const std::optional<uint64_t> s = parseUnsigned(val);
      if (seen_seed) return fail(text, "seed= is given twice");
      if (!s) return fail(text, "'" + f + "': expected a non-negative integer seed");
      r.seed = *s;
      seen_seed = true;
    } else if (key == "value") {
      if (r.kind != InjectionRule::Kind::Poison)
        return fail(text, "value= only applies to poison faults (an oob fault's outcome is the --oob policy's)");
      const std::optional<uint64_t> v = parseUnsigned(val);
      if (r.has_value) return fail(text, "value= is given twice");
      if (!v || *v > 0xffffffffu)
        return fail(text, "'" + f + "': expected the loaded value's 32-bit pattern, as value=0xdeadbeef or value=7");
      r.value = static_cast<uint32_t>(*v);
      r.has_value = true;
    } else {
      return fail(text, "unknown option '" + key + "': expected invocation, workgroup, nth, prob, seed" +
                            std::string(r.kind == InjectionRule::Kind::Poison ? " or value" : ""));
    }
  }
  if (r.line == 0 && !r.has_prob)
    return fail(text, "say where to inject: a source line (" + parts[0] + ":12 or " + parts[0] +
                          ":12:9) or a probability (" + parts[0] + ":prob=0.01:seed=1)");
  if (r.line == 0 && (r.nth != 0))
    return fail(text, "nth= counts executions of one source line: give the line, as " + parts[0] + ":12:nth=3");
  InjectionParse out;
  out.rule = r;
  return out;
}

Injector::Injector(std::vector<InjectionRule> rules) : rules_(std::move(rules)) {
  nth_slot_.assign(rules_.size(), ~0u);
  for (size_t i = 0; i < rules_.size(); ++i)
    if (rules_[i].nth != 0) nth_slot_[i] = nth_rules_++;
}

void Injector::bind(const std::vector<PcInfo>& pcs) {
  pc_rules_.assign(pcs.size(), Span{});
  pc_kind_.assign(pcs.size(), AccessKind::Load);
  rule_list_.clear();
  if (rules_.empty()) return;
  for (size_t pc = 0; pc < pcs.size(); ++pc) {
    const PcInfo& info = pcs[pc];
    pc_kind_[pc] = info.kind;
    if (!info.memory) continue;
    Span s;
    s.first = static_cast<uint32_t>(rule_list_.size());
    for (size_t ri = 0; ri < rules_.size(); ++ri) {
      const InjectionRule& r = rules_[ri];
      if (r.kind == InjectionRule::Kind::Poison && info.kind != AccessKind::Load && info.kind != AccessKind::AtomicLoad)
        continue;
      if (r.line != 0 && (r.line != info.line || (r.column != 0 && r.column != info.column))) continue;
      rule_list_.push_back(static_cast<uint32_t>(ri));
    }
    s.count = static_cast<uint32_t>(rule_list_.size()) - s.first;
    pc_rules_[pc] = s;
  }
}

void Injector::startWorkgroup(InjectionState& st, uint32_t invocations) const {
  st.invocations = invocations;
  if (nth_rules_ == 0) return;
  st.counters.assign(static_cast<size_t>(nth_rules_) * invocations, InjectionState::Counter{});
}

void Injector::match(InjectionState& st, uint32_t pc, const LaneBits& active, const SubgroupView& sg,
                     InjectionResult& out) const {
  out.oob = LaneBits{};
  out.poison = LaneBits{};
  if (!mayInject(pc)) return;
  const Span span = pc_rules_[pc];
  const uint32_t* ws = sg.workgroup_size;
  forEachLane(active, [&](uint32_t l) {
    const uint32_t local = sg.first_local_index + l;
    if (st.invocations && local >= st.invocations) return;
    const uint32_t lid[3] = {local % ws[0], (local / ws[0]) % ws[1], local / (ws[0] * ws[1])};
    for (uint32_t k = 0; k < span.count; ++k) {
      const uint32_t ri = rule_list_[span.first + k];
      const InjectionRule& r = rules_[ri];
      if (r.who == InjectionRule::Who::Workgroup &&
          (r.id[0] != sg.workgroup_id[0] || r.id[1] != sg.workgroup_id[1] || r.id[2] != sg.workgroup_id[2]))
        continue;
      if (r.who == InjectionRule::Who::Invocation) {
        bool same = true;
        for (int d = 0; d < 3; ++d) same &= uint64_t{r.id[d]} == uint64_t{sg.workgroup_id[d]} * ws[d] + lid[d];
        if (!same) continue;
      }
      if (r.nth != 0) {
        const size_t ci = static_cast<size_t>(nth_slot_[ri]) * st.invocations + local;
        if (ci >= st.counters.size()) st.counters.resize(ci + 1);  // startWorkgroup not called: still safe
        InjectionState::Counter& c = st.counters[ci];
        if (c.count == 0 || pc <= c.last_pc) ++c.count;
        c.last_pc = pc;
        if (c.count != r.nth) continue;
      }
      const uint64_t h = hashCombine(mix64(r.seed ^ (uint64_t{ri} << 40)), accessKey(pc, sg.workgroup_linear, local, sg.step));
      if (r.has_prob && static_cast<double>(h >> 11) * 0x1.0p-53 >= r.prob) continue;
      const bool poison = r.kind == InjectionRule::Kind::Poison;
      LaneBits& set = poison ? out.poison : out.oob;
      if (set.test(l)) continue;
      set.set(l);
      InjectionEvent e;
      e.kind = r.kind;
      e.rule = ri;
      e.pc = pc;
      for (int d = 0; d < 3; ++d) e.workgroup_id[d] = sg.workgroup_id[d];
      e.local_index = local;
      if (poison) {
        e.value = r.has_value ? r.value : static_cast<uint32_t>(mix64(h + 1));
        out.poison_value[l] = e.value;
      }
      ++st.event_count;
      if (st.events.size() < st.max_events) st.events.push_back(e);
    }
  });
}

}  // namespace wgsl::checks
