// Applies the ratings of rated games as they end (docs/online.md "Ratings"), on a thread of its
// own so that the hub's lock is never held over the store.
//
// A game is rated when it was created rated, has a limited time control, and every seat is held
// by a different account. Its pool is "<game>/<speed>" ("traverse-<n>p/<speed>" for Traverse),
// speed "real-time" or "correspondence". Each player's rating first grows with the absence since
// their previous rated game in the pool (glicko2.h inflate, one rating period = one day), then
// takes the game's pairwise results (glicko2.h pairwise_results) as one Glicko-2 update. The
// store marks the game rated in the same transaction (AccountStore::apply_ratings), so a game that
// several servers see end is rated once.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/account_store.h"
#include "store/game_rows.h"

namespace arbiter::server::ratings {

inline constexpr int64_t kRatingPeriodMs = 86'400'000;  // one day

// The pool of a game's ratings: "traverse-2p/real-time"; "" when the game is not rated (not
// created rated, unlimited, a seat without an account or two seats of one account).
std::string rating_pool(const store::GameRow& row);
// The pool of `game` with `players` seats at `speed` (TimeControl::speed()).
std::string pool_name(std::string_view game, int players, std::string_view speed);

// The new rows of a finished game's players: `current[i]` is seat i's stored rating in the pool
// (a fresh 1500/350/0.06 row when it has none), `returns[i]` its return, at `now_ms`.
std::vector<store::RatingRow> rate_game(const std::vector<store::RatingRow>& current,
                                        const std::vector<double>& returns, int64_t now_ms);

class RatingUpdater {
 public:
  explicit RatingUpdater(std::shared_ptr<store::AccountStore> store);
  ~RatingUpdater();  // applies what is queued, then stops
  RatingUpdater(const RatingUpdater&) = delete;
  RatingUpdater& operator=(const RatingUpdater&) = delete;

  // Queues the rating of a finished game (ignored when rating_pool(row) is ""). Never blocks.
  void game_over(const store::GameRow& row, std::vector<double> returns);

 private:
  struct Job {
    store::GameRow row;
    std::vector<double> returns;
  };
  void run();
  void apply(const Job& job);

  std::shared_ptr<store::AccountStore> store_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arbiter::server::ratings
