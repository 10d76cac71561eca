// A store for tests that passes every call to a real one and counts how often a game's moves
// are read: all of them (load_moves) or a tail (load_moves_from).
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "store/store.h"

namespace arbiter::server::test {

class ReadCountingStore : public store::Store {
 public:
  explicit ReadCountingStore(std::shared_ptr<store::Store> inner) : inner_(std::move(inner)) {}

  std::atomic<int> full_reads{0};
  std::atomic<int> tail_reads{0};

  std::string origin() const override { return inner_->origin(); }
  store::Status create_game(const store::GameRow& game) override {
    return inner_->create_game(game);
  }
  store::Status update_game(const store::GameRow& game) override {
    return inner_->update_game(game);
  }
  store::Result<std::optional<store::GameRow>> load_game(std::string_view id) override {
    return inner_->load_game(id);
  }
  store::Result<std::vector<store::MoveRow>> load_moves(std::string_view id) override {
    ++full_reads;
    return inner_->load_moves(id);
  }
  store::Result<std::vector<store::MoveRow>> load_moves_from(std::string_view id,
                                                             int from_ply) override {
    ++tail_reads;
    return inner_->load_moves_from(id, from_ply);
  }
  store::Status append_move(const store::GameRow& game, const store::MoveRow& move) override {
    return inner_->append_move(game, move);
  }
  store::Status truncate_moves(const store::GameRow& game, int from_ply) override {
    return inner_->truncate_moves(game, from_ply);
  }
  store::Result<std::vector<store::GameRow>> list_games(const store::GameFilter& filter) override {
    return inner_->list_games(filter);
  }
  std::vector<store::Status> write_batch(const std::vector<store::Write>& writes) override {
    return inner_->write_batch(writes);
  }
  store::Status probe_write() override { return inner_->probe_write(); }
  store::Result<store::AccountRow> create_account(const store::AccountRow& account) override {
    return inner_->create_account(account);
  }
  store::Result<std::optional<store::AccountRow>> account_by_id(int64_t id) override {
    return inner_->account_by_id(id);
  }
  store::Result<std::optional<store::AccountRow>> account_by_key(std::string_view key) override {
    return inner_->account_by_key(key);
  }
  store::Result<std::optional<store::AccountRow>> account_by_skeleton(
      std::string_view skeleton) override {
    return inner_->account_by_skeleton(skeleton);
  }
  store::Status set_password(int64_t id, std::string_view hash,
                             std::string_view keep_session) override {
    return inner_->set_password(id, hash, keep_session);
  }
  store::Status delete_account(int64_t id) override { return inner_->delete_account(id); }
  store::Status create_session(const store::SessionRow& session) override {
    return inner_->create_session(session);
  }
  store::Result<std::optional<store::AccountRow>> session_account(std::string_view token_hash,
                                                                  int64_t now_ms) override {
    return inner_->session_account(token_hash, now_ms);
  }
  store::Status delete_session(std::string_view token_hash) override {
    return inner_->delete_session(token_hash);
  }
  store::Result<std::vector<store::RatingRow>> ratings_of(int64_t account_id) override {
    return inner_->ratings_of(account_id);
  }
  store::Result<std::vector<store::RatingRow>> leaderboard(std::string_view pool,
                                                           int limit) override {
    return inner_->leaderboard(pool, limit);
  }
  store::Status apply_ratings(std::string_view game_id,
                              const std::vector<store::RatingRow>& rows) override {
    return inner_->apply_ratings(game_id, rows);
  }
  store::Result<store::SeekRow> create_seek(const store::SeekRow& seek) override {
    return inner_->create_seek(seek);
  }
  store::Result<std::vector<store::SeekRow>> list_seeks() override { return inner_->list_seeks(); }
  store::Result<bool> delete_seek(int64_t id) override { return inner_->delete_seek(id); }
  store::Status enqueue_ai_job(const store::AiJobRow& job) override {
    return inner_->enqueue_ai_job(job);
  }
  store::Result<std::optional<store::AiJobRow>> claim_ai_job(std::string_view owner, int64_t now_ms,
                                                             int64_t lease_ms) override {
    return inner_->claim_ai_job(owner, now_ms, lease_ms);
  }
  store::Result<bool> renew_ai_lease(std::string_view game_id, int ply, std::string_view owner,
                                     int64_t until_ms) override {
    return inner_->renew_ai_lease(game_id, ply, owner, until_ms);
  }
  store::Result<bool> finish_ai_job(std::string_view game_id, int ply, bool force) override {
    return inner_->finish_ai_job(game_id, ply, force);
  }
  store::Result<std::vector<store::AiJobRow>> list_ai_jobs() override {
    return inner_->list_ai_jobs();
  }
  store::Status put_review(const store::ReviewRow& review) override {
    return inner_->put_review(review);
  }
  store::Result<bool> claim_review(std::string_view game_id, std::string_view owner, int64_t now_ms,
                                   int64_t until_ms) override {
    return inner_->claim_review(game_id, owner, now_ms, until_ms);
  }
  store::Status finish_review(std::string_view game_id, std::string_view owner, bool done,
                              std::string_view report, int64_t now_ms) override {
    return inner_->finish_review(game_id, owner, done, report, now_ms);
  }
  store::Result<std::optional<store::ReviewRow>> load_review(std::string_view game_id) override {
    return inner_->load_review(game_id);
  }
  store::Result<std::vector<store::ReviewRow>> claimable_reviews(int64_t now_ms,
                                                                 int limit) override {
    return inner_->claimable_reviews(now_ms, limit);
  }
  store::Result<std::optional<int64_t>> add_puzzle(const store::PuzzleRow& puzzle) override {
    return inner_->add_puzzle(puzzle);
  }
  store::Result<std::optional<store::PuzzleRow>> puzzle_by_id(int64_t id) override {
    return inner_->puzzle_by_id(id);
  }
  store::Result<std::vector<store::PuzzleRow>> puzzles_near(std::string_view game, double rating,
                                                            std::string_view solver,
                                                            int limit) override {
    return inner_->puzzles_near(game, rating, solver, limit);
  }
  store::Result<std::vector<store::PuzzleRow>> list_puzzles(std::string_view game) override {
    return inner_->list_puzzles(game);
  }
  store::Result<std::optional<store::PuzzleRatingRow>> puzzle_rating(
      std::string_view solver) override {
    return inner_->puzzle_rating(solver);
  }
  store::Result<bool> rate_puzzle_attempt(const store::PuzzleAttemptRow& attempt) override {
    return inner_->rate_puzzle_attempt(attempt);
  }

 private:
  std::shared_ptr<store::Store> inner_;
};

}  // namespace arbiter::server::test
