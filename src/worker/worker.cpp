#include "worker/worker.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "core/wall_clock.h"

namespace arbiter::worker {
namespace {

// After a store failure a thread waits this long before claiming again.
constexpr int64_t kRetryMs = 1000;

}  // namespace

std::string default_worker_name() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(*host ? host : "worker") + ":" + std::to_string(getpid());
}

Worker::Worker(std::shared_ptr<store::Store> store, WorkerOptions options)
    : store_(std::move(store)), options_(std::move(options)) {}

Worker::~Worker() { stop(); }

void Worker::start() {
  for (int i = 0; i < options_.threads; ++i) threads_.emplace_back([this, i] { run(i); });
}

void Worker::stop() {
  stopping_ = true;
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
}

Worker::Stats Worker::stats() const {
  return {claimed_.load(), moved_.load(), dropped_.load(), lost_.load(), failed_.load()};
}

void Worker::run(int index) {
  TurnOptions turn;
  turn.owner = options_.name + "/" + std::to_string(index);
  turn.lease_ms = options_.lease_ms;
  turn.movetime = options_.movetime;
  turn.clock = options_.clock;
  TurnRunner runner(*store_, turn, stopping_);
  auto now = [this] { return options_.clock ? options_.clock() : now_ms(); };
  // Sleeps `ms` unless the worker stops first.
  auto idle = [this](int64_t ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!stopping_ && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min<int64_t>(ms, 20)));
    }
  };
  while (!stopping_) {
    auto job = store_->claim_ai_job(turn.owner, now(), options_.lease_ms);
    if (!job) {
      std::cerr << "arbiter: worker " << turn.owner << ": " << job.error() << "\n";
      idle(kRetryMs);
      continue;
    }
    if (!*job) {
      idle(options_.poll_ms);
      continue;
    }
    ++claimed_;
    const TurnReport r = runner.run(**job);
    switch (r.outcome) {
      case TurnOutcome::kMoved:
        ++moved_;
        break;
      case TurnOutcome::kDropped:
        ++dropped_;
        break;
      case TurnOutcome::kLost:
        ++lost_;
        break;
      case TurnOutcome::kStopped:
        break;
      case TurnOutcome::kFailed:
        ++failed_;
        break;
    }
    if (options_.on_turn) options_.on_turn(**job, r);
    if (r.outcome == TurnOutcome::kFailed) idle(kRetryMs);
  }
}

}  // namespace arbiter::worker
