// Identifier names and literal spellings of the AST, interned per module: the module keeps one
// copy of each distinct spelling (NameStore) and every node holds an 8-byte Name pointing at it.
// A module of a few MiB has a few hundred thousand identifiers but a few thousand distinct ones,
// and a std::string per node was a third of the AST's memory.
//
// Name reads like the std::string it replaced: it converts implicitly to `const std::string&`
// and to std::string_view, compares with strings, concatenates with `+`, hashes and formats
// like its text. A default Name is the empty string. A Name stays valid as long as the
// NameStore that made it (the Module holds its store by unique_ptr, so moving a Module keeps
// its names valid).
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace wgsl::ast {

class Name {
 public:
  Name() = default;

  const std::string& str() const { return text_ != nullptr ? *text_ : emptyText(); }
  operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
  operator std::string_view() const { return str(); }    // NOLINT(google-explicit-constructor)

  const char* c_str() const { return str().c_str(); }
  const char* data() const { return str().data(); }
  size_t size() const { return str().size(); }
  size_t length() const { return str().size(); }
  bool empty() const { return str().empty(); }
  char operator[](size_t i) const { return str()[i]; }
  std::string::const_iterator begin() const { return str().begin(); }
  std::string::const_iterator end() const { return str().end(); }
  std::string substr(size_t pos, size_t n = std::string::npos) const { return str().substr(pos, n); }
  size_t find(std::string_view s, size_t pos = 0) const { return std::string_view(str()).find(s, pos); }
  size_t find(char c, size_t pos = 0) const { return str().find(c, pos); }
  int compare(std::string_view s) const { return std::string_view(str()).compare(s); }

  friend bool operator==(const Name& a, const Name& b) { return a.text_ == b.text_ || a.str() == b.str(); }
  friend bool operator!=(const Name& a, const Name& b) { return !(a == b); }
  friend bool operator==(const Name& a, std::string_view b) { return std::string_view(a.str()) == b; }
  friend bool operator!=(const Name& a, std::string_view b) { return !(a == b); }
  friend bool operator==(std::string_view a, const Name& b) { return b == a; }
  friend bool operator!=(std::string_view a, const Name& b) { return !(b == a); }
  friend bool operator<(const Name& a, const Name& b) { return a.str() < b.str(); }

  friend std::string operator+(const Name& a, const Name& b) { return a.str() + b.str(); }
  friend std::string operator+(const std::string& a, const Name& b) { return a + b.str(); }
  friend std::string operator+(std::string&& a, const Name& b) { return std::move(a += b.str()); }
  friend std::string operator+(const Name& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const Name& a, std::string&& b) { return std::move(b.insert(0, a.str())); }
  friend std::string operator+(const char* a, const Name& b) { return a + b.str(); }
  friend std::string operator+(const Name& a, const char* b) { return a.str() + b; }
  friend std::string operator+(char a, const Name& b) { return a + b.str(); }
  friend std::string operator+(const Name& a, char b) { return a.str() + b; }

  friend std::ostream& operator<<(std::ostream& os, const Name& n) { return os << n.str(); }

 private:
  friend class NameStore;
  explicit Name(const std::string* text) : text_(text) {}
  static const std::string& emptyText() {
    static const std::string kEmpty;
    return kEmpty;
  }

  const std::string* text_ = nullptr;
};

// The strings behind a module's Names. A deque never moves its elements, so Names stay valid
// while it grows. The index that finds an existing copy (open addressing over a power-of-two
// table, half full at most) is only needed while building.
class NameStore {
 public:
  Name intern(std::string_view text) {
    if (slots_.size() < 2 * (strings_.size() + 1)) grow();
    const uint32_t h = hash(text);
    const size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.index == 0) {
        strings_.emplace_back(text);
        slot = {h, static_cast<uint32_t>(strings_.size())};
        return Name(&strings_.back());
      }
      if (slot.hash != h) continue;
      const std::string& stored = strings_[slot.index - 1];
      if (std::string_view(stored) == text) return Name(&stored);
    }
  }
  // Drops the lookup index (a finished module interns nothing more); Names stay valid.
  void freeze() { slots_ = {}; }
  size_t size() const { return strings_.size(); }

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t index = 0;  // 1 + the string's index in strings_; 0 for an empty slot
  };
  static uint32_t hash(std::string_view text) {  // FNV-1a: names are short
    uint32_t h = 2166136261u;
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    const size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.index == 0) continue;
      size_t i = s.hash & mask;
      while (slots_[i].index != 0) i = (i + 1) & mask;
      slots_[i] = s;
    }
  }

  std::deque<std::string> strings_;
  std::vector<Slot> slots_;
};

}  // namespace wgsl::ast

template <>
struct std::hash<wgsl::ast::Name> {
  size_t operator()(const wgsl::ast::Name& n) const noexcept { return std::hash<std::string_view>()(n); }
};

template <>
struct fmt::formatter<wgsl::ast::Name> : fmt::formatter<std::string_view> {
  template <typename FormatContext>
  auto format(const wgsl::ast::Name& n, FormatContext& ctx) const {
    return fmt::formatter<std::string_view>::format(std::string_view(n), ctx);
  }
};
