// Checkpoints a WAL database from its own connection and thread, so that the connection which
// commits moves never stalls on a checkpoint. SQLite's automatic checkpoint runs inside the
// COMMIT that crosses 1000 WAL pages: it copies pages into the database file and fsyncs it,
// which on this class of machine held that one commit 5–90 ms against ~30 µs for a plain one.
//
// The WAL stays bounded: a PASSIVE checkpoint never blocks the writer, but under steady writes
// it never catches up either (frames appended while it copies keep the WAL from being reset), so
// once the WAL reaches kRestartPages the writer waits, after its commit, for a RESTART
// checkpoint that puts every frame in the database file so that the WAL starts over.
#pragma once

#include <sqlite3.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace arbiter::store {

class WalCheckpointer {
 public:
  // Opens a second connection to `path` and takes checkpointing over from `writer` (a WAL
  // connection): after each of its commits that leaves the WAL at kPages or more, the thread
  // checkpoints. nullptr when the second connection cannot be opened or cannot checkpoint; the
  // writer then keeps SQLite's automatic checkpoints.
  static std::unique_ptr<WalCheckpointer> start(sqlite3* writer, const std::string& path);
  // Hands checkpointing back to `writer` (which must be idle), stops the thread and closes the
  // second connection.
  ~WalCheckpointer();

  static constexpr int kPages = 1000;
  static constexpr int kRestartPages = 4 * kPages;

  // Checkpoints run by the thread so far, and those that failed.
  struct Counts {
    long checkpoints = 0;
    long failures = 0;
  };
  Counts counts();

 private:
  WalCheckpointer(sqlite3* writer, sqlite3* db) : writer_(writer), db_(db) {}
  static int on_commit(void* self, sqlite3* db, const char* schema, int pages);
  // One checkpoint of `mode` on `db`; false when it failed or the connection is not in WAL mode.
  static bool checkpoint(sqlite3* db, int mode);
  void run();

  sqlite3* writer_;
  sqlite3* db_;
  std::mutex mu_;
  std::condition_variable wake_;
  int due_pages_ = 0;  // the WAL's size at the last commit that asked for a checkpoint; 0 = none
  bool stop_ = false;
  bool running_ = false;  // a checkpoint is under way (mu_ released meanwhile)
  long rounds_ = 0;       // checkpoints finished, for a writer waiting on a RESTART
  long checkpoints_ = 0;
  long failures_ = 0;
  std::thread thread_;
};

}  // namespace arbiter::store
