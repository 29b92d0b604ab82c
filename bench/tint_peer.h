// Tint's front end as a peer process for frontend_bench: one node process running
// bench/peers/tint_front_end.js --serve for the whole run, asked to time one input at a time over
// its stdin/stdout ("time FILE REPS" -> one JSON line of per-rep CPU and wall milliseconds), so
// its times can be taken within milliseconds of wgslemu's on the same input.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace wgslemu::bench {

struct TintTimes {
  std::vector<double> cpu_ms, wall_ms;  // per rep
  int errors = 0;
  std::string first_error;
};

class TintPeer {
 public:
  // Starts node on `script` with the 'webgpu' package at `module_dir`; check ok() afterwards.
  TintPeer(const std::string& module_dir, const std::string& script) {
    signal(SIGPIPE, SIG_IGN);  // a dead peer shows as a failed write, not a killed bench
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return;
    if (pipe(from_child) != 0) {
      close(to_child[0]);
      close(to_child[1]);
      return;
    }
    pid_ = fork();
    if (pid_ < 0) return;
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      setenv("WEBGPU_NODE_MODULE", module_dir.c_str(), 1);
      execlp("node", "node", script.c_str(), "--serve", static_cast<char*>(nullptr));
      std::perror("frontend_bench: node");
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    to_ = to_child[1];
    from_ = fdopen(from_child[0], "r");
    ok_ = from_ != nullptr && readLine() == "ready";
    if (!ok_) std::fprintf(stderr, "frontend_bench: the Tint peer did not start\n");
  }
  TintPeer(const TintPeer&) = delete;
  TintPeer& operator=(const TintPeer&) = delete;
  ~TintPeer() {
    if (to_ >= 0) {
      send("quit\n");
      close(to_);
    }
    if (from_ != nullptr) std::fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }

  bool ok() const { return ok_; }

  // `reps` runs of createShaderModule + getCompilationInfo on `file`, back to back; nothing when
  // the peer failed (it is then not asked again).
  std::optional<TintTimes> time(const std::string& file, int reps) {
    if (!ok_) return std::nullopt;
    if (!send("time " + file + " " + std::to_string(reps) + "\n")) return fail("cannot write to it");
    const std::string line = readLine();
    if (line.empty()) return fail("it ended");
    try {
      const auto j = nlohmann::json::parse(line);
      if (j.contains("error")) {
        std::fprintf(stderr, "frontend_bench: Tint peer: %s\n", j["error"].get<std::string>().c_str());
        return std::nullopt;
      }
      TintTimes t;
      t.cpu_ms = j["cpu_ms"].get<std::vector<double>>();
      t.wall_ms = j["wall_ms"].get<std::vector<double>>();
      t.errors = j["errors"].get<int>();
      if (j.contains("first_error")) t.first_error = j["first_error"].get<std::string>();
      return t;
    } catch (const std::exception& e) {
      return fail(std::string("unexpected answer: ") + e.what());
    }
  }

 private:
  bool send(const std::string& s) {
    size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = write(to_, s.data() + done, s.size() - done);
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }
  std::string readLine() {
    std::string line;
    for (int c; (c = std::fgetc(from_)) != EOF && c != '\n';) line += static_cast<char>(c);
    return line;
  }
  std::nullopt_t fail(const std::string& why) {
    std::fprintf(stderr, "frontend_bench: the Tint peer failed (%s); going on without it\n", why.c_str());
    ok_ = false;
    return std::nullopt;
  }

  pid_t pid_ = -1;
  int to_ = -1;
  FILE* from_ = nullptr;
  bool ok_ = false;
};

}  // namespace wgslemu::bench
