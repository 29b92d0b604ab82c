// A progress line on standard error while a long dispatch runs ("pass 1/3: 1200/4096
// workgroups, 2.1 s"), erased when it ends. Only for terminals: callers decide (see
// wantProgress()).
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "runtime/runtime.h"

namespace wgslemu::runspec {

// True when standard error is a terminal and the CI environment variable is not set.
bool wantProgress();

class ProgressLine {
 public:
  // Starts watching `device`; the line appears only if the dispatch lasts longer than a moment.
  ProgressLine(const wgsl::runtime::Device& device, std::string label);
  ~ProgressLine();  // stops and erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

 private:
  void loop();
  const wgsl::runtime::Device& device_;
  std::string label_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  bool shown_ = false;
  std::thread thread_;
};

}  // namespace wgslemu::runspec
