// The pool VectorEnv steps its games on (python/src/worker_pool.h): every index of a run is
// done exactly once, in non-empty chunks of at most kChunk (one thread: the whole run), whatever
// the thread count and run length; a thread held back leaves its share to the others; and chunks
// shrink as a run ends, so that the threads end it together.
#include "worker_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace arbiter::python {
namespace {

TEST(WorkerPool, EveryIndexOnceInBoundedChunks) {
  for (int threads : {1, 2, 3, 4}) {
    WorkerPool pool(threads);
    for (int n : {0, 1, 63, 64, 65, 100, 1000, 1024, 4097}) {
      for (int run = 0; run < 20; ++run) {
        std::vector<std::atomic<int>> done(static_cast<std::size_t>(n));
        std::atomic<bool> bad_chunk{false};
        pool.run(n, [&](int worker, int begin, int end) {
          if (worker < 0 || worker >= threads || begin < 0 || end > n || (n > 0 && begin >= end) ||
              (threads > 1 && end - begin > WorkerPool::kChunk)) {
            bad_chunk = true;
          }
          for (int i = begin; i < end; ++i) ++done[static_cast<std::size_t>(i)];
        });
        ASSERT_FALSE(bad_chunk) << threads << " threads, n = " << n;
        for (int i = 0; i < n; ++i) {
          ASSERT_EQ(done[static_cast<std::size_t>(i)], 1)
              << "index " << i << " of " << n << ", " << threads << " threads, run " << run;
        }
      }
    }
  }
}

TEST(WorkerPool, AThreadHeldBackLeavesItsShareToTheCaller) {
  WorkerPool pool(2);
  std::atomic<int> by_caller{0};
  pool.run(1024, [&](int worker, int begin, int end) {
    if (worker == 0) {
      by_caller += end - begin;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  // The other thread sleeps through each chunk it takes; the caller does its own half and most
  // of the other's.
  EXPECT_GT(by_caller.load(), 512 + 256);
}

TEST(WorkerPool, ChunksShrinkAsASliceRunsOut) {
  WorkerPool pool(2);
  std::mutex mutex;
  std::vector<std::pair<int, int>> chunks;
  pool.run(1024, [&](int, int begin, int end) {
    std::lock_guard lock(mutex);
    chunks.emplace_back(begin, end);
  });
  // Each home slice (512 indices) starts with whole chunks and ends with ones of kMinChunk.
  int largest = 0, smallest = 1024;
  for (const auto& [begin, end] : chunks) {
    largest = std::max(largest, end - begin);
    smallest = std::min(smallest, end - begin);
  }
  EXPECT_EQ(largest, WorkerPool::kChunk);
  EXPECT_LE(smallest, WorkerPool::kMinChunk);
}

}  // namespace
}  // namespace arbiter::python
