#include "store/wal_checkpointer.h"

namespace arbiter::store {

std::unique_ptr<WalCheckpointer> WalCheckpointer::start(sqlite3* writer, const std::string& path) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    sqlite3_close_v2(db);
    return nullptr;
  }
  std::unique_ptr<WalCheckpointer> self(new WalCheckpointer(writer, db));
  self->thread_ = std::thread([p = self.get()] { p->run(); });
  // Replaces the writer's automatic checkpoint, which SQLite implements with this same hook.
  sqlite3_wal_hook(writer, &WalCheckpointer::on_commit, self.get());
  return self;
}

WalCheckpointer::~WalCheckpointer() {
  sqlite3_wal_autocheckpoint(writer_, kPages);
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
  sqlite3_close_v2(db_);
}

// Runs inside the writer's COMMIT (the store's mutex held): only a flag and a notify.
int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
  if (pages >= kPages) {
    auto* p = static_cast<WalCheckpointer*>(self);
    {
      std::lock_guard lock(p->mu_);
      p->due_ = true;
    }
    p->wake_.notify_one();
  }
  return SQLITE_OK;
}

void WalCheckpointer::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [&] { return due_ || stop_; });
    if (stop_) return;
    due_ = false;
    lock.unlock();
    // A failure here (busy, I/O) only leaves the WAL longer; the next commit past kPages
    // retries, and every commit reports its own errors.
    sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    lock.lock();
  }
}

}  // namespace arbiter::store
