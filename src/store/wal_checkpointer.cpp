#include "store/wal_checkpointer.h"

#include <algorithm>
#include <filesystem>

#include "core/metrics.h"

namespace arbiter::store {

namespace {
constexpr const char* kWalMetric = "arbiter_sqlite_wal_bytes";
}

std::unique_ptr<WalCheckpointer> WalCheckpointer::start(sqlite3* writer, const std::string& path) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    sqlite3_close_v2(db);
    return nullptr;
  }
  // A connection learns that the database is in WAL mode only when it first reads it; until
  // then a checkpoint on it does nothing and still returns SQLITE_OK (log and checkpointed
  // frames both -1). So read once, and prove with a first checkpoint that this connection can
  // checkpoint at all. The busy timeout is how long a RESTART checkpoint waits for the writer.
  if (sqlite3_busy_timeout(db, 5000) != SQLITE_OK ||
      sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr) !=
          SQLITE_OK ||
      !checkpoint(db, SQLITE_CHECKPOINT_PASSIVE)) {
    sqlite3_close_v2(db);
    return nullptr;
  }
  std::unique_ptr<WalCheckpointer> self(new WalCheckpointer(writer, db));
  self->thread_ = std::thread([p = self.get()] { p->run(); });
  const char* file = sqlite3_db_filename(db, "main");
  metrics::metrics().add_reading({kWalMetric,
                                  "Size of the SQLite database's write-ahead log",
                                  {},
                                  [wal = std::string(file ? file : "") + "-wal"]()
                                      -> std::vector<std::pair<metrics::Labels, double>> {
                                    std::error_code ec;
                                    const auto bytes = std::filesystem::file_size(wal, ec);
                                    return {{{}, ec ? 0.0 : static_cast<double>(bytes)}};
                                  },
                                  self.get()});
  // Replaces the writer's automatic checkpoint, which SQLite implements with this same hook.
  sqlite3_wal_hook(writer, &WalCheckpointer::on_commit, self.get());
  return self;
}

WalCheckpointer::~WalCheckpointer() {
  metrics::metrics().remove_reading(kWalMetric, this);
  sqlite3_wal_autocheckpoint(writer_, kPages);
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  sqlite3_close_v2(db_);
}

WalCheckpointer::Counts WalCheckpointer::counts() {
  std::lock_guard lock(mu_);
  return {checkpoints_, failures_};
}

// Runs after each of the writer's commits, its write lock released but the store's mutex held.
// Below kRestartPages only a flag and a notify; at or past it the writer waits until the
// RESTART checkpoint has run, since a writer that never pauses would keep it from ever getting
// the database to itself (SQLite's busy handler only polls).
int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
  if (pages < kPages) return SQLITE_OK;
  auto* p = static_cast<WalCheckpointer*>(self);
  std::unique_lock lock(p->mu_);
  p->due_pages_ = std::max(p->due_pages_, pages);
  p->wake_.notify_all();
  if (pages >= kRestartPages) {
    // A checkpoint already under way started before this commit: wait for the one after it.
    const long needed = p->rounds_ + (p->running_ ? 2 : 1);
    p->wake_.wait(lock, [&] { return p->rounds_ >= needed || p->stop_; });
  }
  return SQLITE_OK;
}

bool WalCheckpointer::checkpoint(sqlite3* db, int mode) {
  int log = -1;
  int copied = -1;
  const int rc = sqlite3_wal_checkpoint_v2(db, nullptr, mode, &log, &copied);
  // SQLITE_BUSY: another checkpoint was running, or (RESTART) the writer or a reader did not
  // let go in time; frames were still copied and the next commit past kPages tries again.
  // -1 frames: the connection is not in WAL mode, so nothing was or will be checkpointed.
  return (rc == SQLITE_OK || rc == SQLITE_BUSY) && log >= 0 && copied >= 0;
}

void WalCheckpointer::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [&] { return due_pages_ > 0 || stop_; });
    if (stop_) return;
    const int mode =
        due_pages_ >= kRestartPages ? SQLITE_CHECKPOINT_RESTART : SQLITE_CHECKPOINT_PASSIVE;
    due_pages_ = 0;
    running_ = true;
    lock.unlock();
    // A failure here (I/O) only leaves the WAL longer; the next commit past kPages retries,
    // and every commit reports its own errors.
    const bool ok = checkpoint(db_, mode);
    lock.lock();
    running_ = false;
    ++rounds_;
    ++(ok ? checkpoints_ : failures_);
    wake_.notify_all();
  }
}

}  // namespace arbiter::store
