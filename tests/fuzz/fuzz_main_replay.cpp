// A main() for the fuzz targets when they are built without libFuzzer (g++, the sanitizer build
// and the regression tests): runs the target once on each file named on the command line (each
// file of a directory named), then, with --mutate=N[:SEED], on N inputs made by flipping,
// inserting and deleting bytes of those files and splicing them. Exit 0 when every input was
// handled; a crash or sanitizer report ends the process as it would under libFuzzer. With
// --last=FILE each mutated input is written to FILE before it runs (the reproducer of a crash).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool readFile(const std::filesystem::path& p, std::vector<std::string>& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  out.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

std::string mutate(const std::vector<std::string>& inputs, std::mt19937_64& rng) {
  std::string s = inputs[rng() % inputs.size()];
  const int edits = 1 + static_cast<int>(rng() % 8);
  for (int e = 0; e < edits; ++e) {
    const size_t pos = s.empty() ? 0 : rng() % (s.size() + 1);
    switch (rng() % 5) {
      case 0:  // flip a bit
        if (!s.empty()) s[pos % s.size()] ^= static_cast<char>(1u << (rng() % 8));
        break;
      case 1:  // insert a byte
        s.insert(pos, 1, static_cast<char>(rng()));
        break;
      case 2:  // delete a run
        if (!s.empty()) s.erase(pos % s.size(), 1 + rng() % 16);
        break;
      case 3: {  // duplicate a run (deep nesting, long chains)
        if (s.empty()) break;
        const size_t from = rng() % s.size(), len = 1 + rng() % 64;
        const std::string run = s.substr(from, len);
        for (int k = 1 + static_cast<int>(rng() % 8); k > 0; --k) s.insert(pos, run);
        break;
      }
      default: {  // splice a run of another input
        const std::string& o = inputs[rng() % inputs.size()];
        if (o.empty()) break;
        const size_t from = rng() % o.size();
        s.insert(pos, o.substr(from, 1 + rng() % 256));
        break;
      }
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::vector<std::string> names;
  uint64_t mutations = 0, seed = 1;
  std::string last;
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (std::strncmp(a, "--mutate=", 9) == 0) {
      char* end = nullptr;
      mutations = std::strtoull(a + 9, &end, 10);
      if (end && *end == ':') seed = std::strtoull(end + 1, nullptr, 10);
      continue;
    }
    if (std::strncmp(a, "--last=", 7) == 0) {
      last = a + 7;
      continue;
    }
    if (a[0] == '-') continue;  // libFuzzer flags (-runs=, -max_len=) are accepted and ignored
    std::error_code ec;
    if (std::filesystem::is_directory(a, ec)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::recursive_directory_iterator(a))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files)
        if (readFile(f, inputs)) names.push_back(f.string());
    } else if (readFile(a, inputs)) {
      names.push_back(a);
    } else {
      std::fprintf(stderr, "fuzz replay: cannot read %s\n", a);
      return 2;
    }
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::fprintf(stderr, "fuzz replay: %s\n", names[i].c_str());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(inputs[i].data()), inputs[i].size());
  }
  if (mutations > 0) {
    if (inputs.empty()) inputs.emplace_back();
    std::mt19937_64 rng(seed);
    for (uint64_t n = 0; n < mutations; ++n) {
      const std::string s = mutate(inputs, rng);
      if (!last.empty()) std::ofstream(last, std::ios::binary | std::ios::trunc) << s;
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
    }
  }
  std::fprintf(stderr, "fuzz replay: %zu inputs, %llu mutations, no failure\n", inputs.size(),
               static_cast<unsigned long long>(mutations));
  return 0;
}
