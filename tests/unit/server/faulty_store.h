// A store for tests that wraps a real one and can stall (sleep in every write, as a stuck disk
// would) or refuse to write (as a read-only or full disk would).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "store/store.h"

namespace arbiter::server::test {

class FaultyStore : public store::Store {
 public:
  explicit FaultyStore(std::shared_ptr<store::Store> inner) : inner_(std::move(inner)) {}

  std::atomic<int> stall_ms{0};       // each write sleeps this long first
  std::atomic<bool> readonly{false};  // writes fail with kIo

  store::Status create_game(const store::GameRow& g) override {
    return fault() ? refused() : inner_->create_game(g);
  }
  store::Status update_game(const store::GameRow& g) override {
    return fault() ? refused() : inner_->update_game(g);
  }
  store::Result<std::optional<store::GameRow>> load_game(std::string_view id) override {
    return inner_->load_game(id);
  }
  store::Result<std::vector<store::MoveRow>> load_moves(std::string_view id) override {
    return inner_->load_moves(id);
  }
  store::Status append_move(const store::GameRow& g, const store::MoveRow& m) override {
    return fault() ? refused() : inner_->append_move(g, m);
  }
  store::Status truncate_moves(const store::GameRow& g, int from) override {
    return fault() ? refused() : inner_->truncate_moves(g, from);
  }
  store::Result<std::vector<store::GameRow>> list_games(const store::GameFilter& f) override {
    return inner_->list_games(f);
  }
  std::vector<store::Status> write_batch(const std::vector<store::Write>& writes) override {
    if (fault()) return std::vector<store::Status>(writes.size(), refused());
    return inner_->write_batch(writes);
  }
  store::Status probe_write() override { return fault() ? refused() : inner_->probe_write(); }

 private:
  // Sleeps when stalling; true when the write is to fail.
  bool fault() {
    if (const int ms = stall_ms) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return readonly;
  }
  static store::Status refused() {
    return store::make_error(store::ErrorCode::kIo,
                             "write game *: attempt to write a readonly database");
  }

  std::shared_ptr<store::Store> inner_;
};

}  // namespace arbiter::server::test
