// Persistence for served games, accounts, AI jobs, reviews and puzzles: one interface per
// concern (game_store.h, account_store.h, ai_job_store.h, review_store.h, puzzle_store.h), each
// used alone by what needs only it, and Store, every one of them, which both backends implement:
// SQLite in WAL mode (sqlite_store.h) and PostgreSQL (postgres_store.h).
//
// Every call is thread-safe. Errors (an unreadable file, a full disk, a conflicting ply) come
// back as a store::Status (or Result) with a code to act on and a message naming the operation
// and the game; nothing throws.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "store/account_store.h"
#include "store/ai_job_store.h"
#include "store/game_store.h"
#include "store/puzzle_store.h"
#include "store/review_store.h"

namespace arbiter::store {

class Store : public GameStore,
              public AccountStore,
              public AiJobStore,
              public ReviewStore,
              public PuzzleStore {
 public:
  // Runs each write as the call of its kind would, one status per write in order. A store that
  // can (SQLite) runs the batch in one transaction with each write in its own savepoint: a
  // failed write changes nothing and the others still commit; when the commit itself fails,
  // every write fails. The default runs them one transaction each.
  virtual std::vector<Status> write_batch(const std::vector<Write>& writes);
};

// Opens (creating the file when missing; its folder must exist) the store named by `url`:
// "sqlite:PATH" or a plain PATH for SQLite; ":memory:" for a store that lives only as long as the
// process. A file written by an older arbiter is upgraded in place (sqlite_store.h).
Result<std::unique_ptr<Store>> open_store(std::string_view url);

}  // namespace arbiter::store
