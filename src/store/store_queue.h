// The store's own thread: every write of the server goes through one bounded queue, so no I/O
// thread ever waits on the disk (a stall of the disk holds the writes, not the server).
//
//   StoreQueue q(store, 4096);
//   q.submit(write, [](const Status& st) { ... });  // false: the queue is full (answer "busy")
//   q.health();                                      // from memory: writable? queued?
//
// The thread takes what is queued in batches (Store::write_batch: one transaction, each write
// in its own savepoint), so under load many moves share one commit. A write's `done` runs on
// the store thread after its transaction committed (or failed): nothing is reported stored
// before it is. Writes of one game are queued by the hub one at a time, in order.
//
// Writability: a write or probe that fails with kIo or kCorrupt marks the store unwritable
// until a later one succeeds; while unwritable, and whenever it has been idle for a while, the
// thread probes (Store::probe_write), so health reports a read-only file or a full disk without
// waiting for a move to fail.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "store/store.h"

namespace arbiter::store {

class StoreQueue {
 public:
  using Done = std::function<void(const Status&)>;

  struct Health {
    bool writable = true;
    std::string error;         // why not writable ("" when writable)
    std::size_t queued = 0;    // writes waiting or being written
    std::size_t capacity = 0;  // the bound of the queue
    uint64_t written = 0;      // writes that committed
    uint64_t failed = 0;       // writes that failed
    uint64_t batches = 0;      // transactions
  };

  // `capacity`: writes that may wait at once (at least 1). `probe_every`: how often an idle or
  // unwritable store is probed.
  StoreQueue(std::shared_ptr<Store> store, std::size_t capacity,
             std::chrono::milliseconds probe_every = std::chrono::seconds(2));
  // Writes what is queued, then stops.
  ~StoreQueue();
  StoreQueue(const StoreQueue&) = delete;
  StoreQueue& operator=(const StoreQueue&) = delete;

  // Queues `write`; `done` is called once on the store thread with its status, under the
  // submitting thread's request scope (core/log.h), as is the log line of a failed write. False,
  // and `done` never called, when the queue is full or stopped.
  bool submit(Write write, Done done);
  // Whether `n` more writes fit now.
  bool has_room(std::size_t n = 1) const;
  Health health() const;
  // Waits until every write submitted before the call has run.
  void flush();
  // Writes what is queued and stops the thread; later submits are refused. Idempotent.
  void stop();
  Store& store() { return *store_; }

 private:
  struct Job {
    Write write;
    Done done;
    std::string request;  // the submitter's request (core/log.h), taken to the store thread
  };
  void run();
  void note_locked(const Status& st);

  std::shared_ptr<Store> store_;
  const std::size_t capacity_;
  const std::chrono::milliseconds probe_every_;
  mutable std::mutex mu_;
  std::condition_variable wake_;  // a job was queued, or stop
  std::condition_variable idle_;  // a batch finished
  std::deque<Job> jobs_;
  std::size_t in_flight_ = 0;
  uint64_t submitted_ = 0;
  uint64_t finished_ = 0;
  bool stopping_ = false;
  Health health_;
  std::chrono::steady_clock::time_point last_ok_;
  std::thread thread_;
};

}  // namespace arbiter::store
