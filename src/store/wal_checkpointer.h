// Checkpoints a WAL database from its own connection and thread, so that the connection which
// commits moves never stalls on a checkpoint. SQLite's automatic checkpoint runs inside the
// COMMIT that crosses 1000 WAL pages: it copies pages into the database file and fsyncs it,
// which on this class of machine held that one commit 5–90 ms against ~30 µs for a plain one.
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
  // runs a PASSIVE checkpoint, which never blocks the writer. nullptr when the second
  // connection cannot be opened; the writer then keeps SQLite's automatic checkpoints.
  static std::unique_ptr<WalCheckpointer> start(sqlite3* writer, const std::string& path);
  // Hands checkpointing back to `writer` (which must be idle), stops the thread and closes the
  // second connection.
  ~WalCheckpointer();

  static constexpr int kPages = 1000;

 private:
  WalCheckpointer(sqlite3* writer, sqlite3* db) : writer_(writer), db_(db) {}
  static int on_commit(void* self, sqlite3* db, const char* schema, int pages);
  void run();

  sqlite3* writer_;
  sqlite3* db_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace arbiter::store
