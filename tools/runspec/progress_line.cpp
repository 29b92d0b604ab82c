// A progress line on standard error while a long dispatch runs.
#include "tools/runspec/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace wgslemu::runspec {

bool wantProgress() { return ::isatty(STDERR_FILENO) && std::getenv("CI") == nullptr; }

ProgressLine::ProgressLine(const wgsl::runtime::Device& device, std::string label)
    : device_(device), label_(std::move(label)), thread_([this] { loop(); }) {}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
  if (shown_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void ProgressLine::loop() {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  // Quiet for the first half second, so short dispatches never flicker. WGSLEMU_PROGRESS_AFTER_MS
  // changes the delay (tests use 0); the line then refreshes more often too.
  long after_ms = 500;
  if (const char* env = std::getenv("WGSLEMU_PROGRESS_AFTER_MS")) after_ms = std::max(0L, std::atol(env));
  const auto refresh = std::chrono::milliseconds(std::min(200L, std::max(10L, after_ms)));
  std::unique_lock<std::mutex> lock(mu_);
  if (cv_.wait_for(lock, std::chrono::milliseconds(after_ms), [this] { return stop_; })) return;
  while (!stop_) {
    const wgsl::runtime::Progress p = device_.progress();
    const double secs = std::chrono::duration<double>(clock::now() - start).count();
    if (p.running) {
      std::fprintf(stderr, "\r\033[K%s: %llu/%llu workgroups, %.1f s", label_.c_str(),
                   static_cast<unsigned long long>(p.workgroups_done), static_cast<unsigned long long>(p.workgroups_total),
                   secs);
      std::fflush(stderr);
      shown_ = true;
    }
    cv_.wait_for(lock, refresh, [this] { return stop_; });
  }
}

}  // namespace wgslemu::runspec
