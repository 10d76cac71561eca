#include "server/ratings/rating_updater.h"

#include <set>

#include "clocks/time_control.h"
#include "games/registry.h"
#include "server/play/live_game.h"
#include "server/ratings/glicko2.h"

namespace arbiter::server::ratings {

std::string pool_name(std::string_view game, int players, std::string_view speed) {
  std::string out(game);
  // A game played by different numbers of players (Traverse) keeps a pool per player count.
  const Game* g = find_game(game);
  if (g != nullptr && g->seatings().size() > 1) out += "-" + std::to_string(players) + "p";
  out += "/";
  out += speed == "real time" ? "real-time" : std::string(speed);
  return out;
}

std::string rating_pool(const store::GameRow& row) {
  if (!row.rated || row.seats.size() < 2) return "";
  auto control = clocks::TimeControl::parse(row.time_control);
  if (!control || !control->limited()) return "";
  std::set<store::AccountId> accounts;
  for (const store::SeatRow& seat : row.seats) {
    if (seat.account == 0 || !accounts.insert(seat.account).second) return "";
  }
  return pool_name(row.game, static_cast<int>(row.seats.size()), control->speed());
}

std::vector<store::RatingRow> rate_game(const std::vector<store::RatingRow>& current,
                                        const std::vector<double>& returns, int64_t now_ms) {
  std::vector<Rating> before;
  for (const store::RatingRow& r : current) {
    const Rating stored{r.rating, r.deviation, r.volatility};
    const double absent =
        r.games == 0 ? 0 : static_cast<double>(now_ms - r.updated_ms) / kRatingPeriodMs;
    before.push_back(inflate(stored, absent));
  }
  const auto results = pairwise_results(before, returns);
  std::vector<store::RatingRow> out;
  for (std::size_t i = 0; i < current.size(); ++i) {
    const Rating after = update(before[i], results[i]);
    store::RatingRow row = current[i];
    row.rating = after.rating;
    row.deviation = after.deviation;
    row.volatility = after.volatility;
    row.games += 1;
    row.updated_ms = now_ms;
    out.push_back(std::move(row));
  }
  return out;
}

RatingUpdater::RatingUpdater(std::shared_ptr<store::AccountStore> store)
    : store_(std::move(store)), thread_([this] { run(); }) {}

RatingUpdater::~RatingUpdater() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void RatingUpdater::game_over(const store::GameRow& row, std::vector<double> returns) {
  if (rating_pool(row).empty()) return;
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(Job{row, std::move(returns)});
  }
  wake_.notify_one();
}

void RatingUpdater::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, and everything queued is applied
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    apply(job);
    lock.lock();
  }
}

void RatingUpdater::apply(const Job& job) {
  const std::string pool = rating_pool(job.row);
  std::vector<store::RatingRow> current;
  for (const store::SeatRow& seat : job.row.seats) {
    store::RatingRow fresh;
    fresh.account_id = seat.account;
    fresh.pool = pool;
    auto stored = store_->ratings_of(fresh.account_id);
    if (!stored) return;  // the store cannot read: the game stays unrated
    for (const store::RatingRow& r : *stored) {
      if (r.pool == pool) fresh = r;
    }
    current.push_back(std::move(fresh));
  }
  // A conflict means another server (or an earlier run) rated the game already.
  (void)store_->apply_ratings(job.row.id, rate_game(current, job.returns, now_ms()));
}

}  // namespace arbiter::server::ratings
