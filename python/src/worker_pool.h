// A fixed set of threads that run one job over an index range together. run(n, job) gives
// each thread a home slice of [0, n), the same slice every run, and returns when every index is
// done; job(worker, begin, end) runs a chunk of it on worker 0 … threads() − 1 (0 is the
// caller), so a job can keep per-worker scratch.
//
// A thread takes its home slice a chunk at a time from the front; once its slice is done it
// takes chunks from the back of the others' slices, so a thread the system holds back does
// less instead of holding the rest up, and the caller waits for the indices, not for the
// threads (one that has not woken by the time the rest have done everything costs nothing).
// Chunks shrink as a slice runs out, so the threads finish a run within a few indices of each
// other.
// Home slices, not chunks handed out in turn: an index then stays with one core from run to run
// (a batch environment's game stays in its cache), and threads share cache lines of per-index
// outputs only where slices meet; chunks in turn lost a fifth of the second thread's work.
// Between runs a thread spins a short while (a batch environment calls run() again within
// microseconds) before it sleeps: against a pool whose threads sleep between runs, 4–8% more
// steps/s on 2 cores.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::python {

class WorkerPool {
 public:
  using Job = std::function<void(int worker, int begin, int end)>;
  // Indices taken at a time, at most; a run of at most this many runs on the caller alone (as
  // does every run of a pool of one thread).
  static constexpr int kChunk = 64;
  // Indices taken at a time, at least, unless fewer are left.
  static constexpr int kMinChunk = 4;

  explicit WorkerPool(int threads) : slices_(new Slice[static_cast<std::size_t>(threads)]) {
    for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { work(i); });
  }
  ~WorkerPool() {
    {
      std::lock_guard lock(mutex_);
      quit_.store(true);
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // One call at a time (the caller serialises them); n < 2^31.
  void run(int n, const Job& job) {
    if (workers_.empty() || n <= kChunk) {
      job(0, 0, n);
      return;
    }
    job_ = &job;
    done_.store(0);
    const int64_t t = threads();
    for (int64_t i = 0; i < t; ++i) {
      slices_[i].left.store(
          pack(static_cast<uint32_t>(n * i / t), static_cast<uint32_t>(n * (i + 1) / t)));
    }
    {
      std::lock_guard lock(mutex_);
      runs_.fetch_add(1);
    }
    wake_.notify_all();
    take_chunks(0);
    while (done_.load() != n) std::this_thread::yield();
  }

 private:
  // What is left of a slice: [begin, end) packed as (begin << 32) | end.
  struct alignas(64) Slice {
    std::atomic<uint64_t> left{0};
  };
  static uint64_t pack(uint32_t begin, uint32_t end) { return uint64_t{begin} << 32 | end; }

  // A chunk of a slice with `left` indices left: a quarter of them, from kMinChunk to kChunk.
  // Smaller as a slice runs out, so that the threads end a run together: with whole chunks
  // to the end, the caller waited a third of a chunk's time at every run.
  static uint32_t chunk_size(uint32_t left) {
    return std::min(left, std::clamp<uint32_t>(left / 4, kMinChunk, kChunk));
  }

  // Claims a chunk of slice s, from its front (its owner) or its back (another thread);
  // false when nothing is left. A claim is one compare-and-swap on what is left, so it is
  // valid in the run under way whatever run the claimant woke for.
  bool claim(int s, bool front, uint32_t& begin, uint32_t& end) {
    uint64_t left = slices_[s].left.load();
    for (;;) {
      const auto b = static_cast<uint32_t>(left >> 32), e = static_cast<uint32_t>(left);
      if (b >= e) return false;
      const uint32_t size = chunk_size(e - b);
      const uint64_t rest = front ? pack(b + size, e) : pack(b, e - size);
      if (slices_[s].left.compare_exchange_weak(left, rest)) {
        begin = front ? b : e - size;
        end = begin + size;
        return true;
      }
    }
  }

  // Runs chunks, of its own slice then of the others', until none is left.
  void take_chunks(int worker) {
    const int t = threads();
    uint32_t begin = 0, end = 0;
    for (int k = 0; k < t; ++k) {
      const int s = (worker + k) % t;
      while (claim(s, k == 0, begin, end)) {
        // job_ is the run's: it is set before the slices are, and the run cannot end before
        // this chunk is done.
        (*job_)(worker, static_cast<int>(begin), static_cast<int>(end));
        done_.fetch_add(static_cast<int>(end - begin));
      }
    }
  }

  void work(int worker) {
    uint64_t seen = 0;
    for (;;) {
      // Spin first: the next run() usually comes within microseconds.
      const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
      while (runs_.load() == seen && !quit_.load() && std::chrono::steady_clock::now() < until) {
        std::this_thread::yield();
      }
      if (runs_.load() == seen && !quit_.load()) {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return quit_.load() || runs_.load() != seen; });
      }
      if (quit_.load()) return;
      seen = runs_.load();
      take_chunks(worker);
    }
  }

  std::vector<std::thread> workers_;
  std::unique_ptr<Slice[]> slices_;  // per thread
  const Job* job_ = nullptr;         // the run under way
  std::atomic<int> done_{0};         // indices of the run under way done
  std::atomic<uint64_t> runs_{0};    // runs started: the threads wake when it moves
  std::atomic<bool> quit_{false};
  std::mutex mutex_;  // for sleeping: runs_ moves under it
  std::condition_variable wake_;
};

}  // namespace arbiter::python
