// A progress line on standard error while a long dispatch runs.
#include "tools/runspec/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

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
  std::unique_lock<std::mutex> lock(mu_);
  // Quiet for the first half second: short dispatches never flicker.
  if (cv_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stop_; })) return;
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
    cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; });
  }
}

}  // namespace wgslemu::runspec
