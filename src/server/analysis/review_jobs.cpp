#include "server/analysis/review_jobs.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "ai/levels.h"
#include "engine/review.h"
#include "server/accounts/tokens.h"
#include "server/analysis/analysis_json.h"
#include "server/analysis/analysis_line.h"
#include "server/play/hub.h"
#include "server/play/store_failure.h"
#include "server/puzzles/review_puzzles.h"

namespace arbiter::server {
namespace {

constexpr int kSweepBatch = 64;  // reviews read from the store per sweep
// Watchers hear of a running review's progress at most this often (and of its end at once).
constexpr auto kTellEvery = std::chrono::milliseconds(250);

// A store failure: its text logged, not answered (store_failure.h).
ApiError store_error(std::string_view what, const store::Error& why) {
  return store_failure(what, why);
}

ReviewState state_of(const store::ReviewRow& row) {
  ReviewState s;
  s.game_id = row.game_id;
  s.status = row.status;
  s.requested_ms = row.requested_ms;
  s.finished_ms = row.finished_ms;
  if (row.status == store::ReviewStatus::kDone) s.report = row.report;
  if (row.status == store::ReviewStatus::kFailed) s.error = row.report;
  return s;
}

}  // namespace

ReviewJobs::ReviewJobs(Hub& hub, const AnalysisOptions& options)
    : hub_(hub),
      options_(options),
      owner_("review:" + new_token().substr(0, 12)),
      pool_(options.review_workers, options.review_queue,
            [this](const std::string& id) { run(id); }) {
  sweeper_ = std::thread([this] { sweep_loop(); });
}

ReviewJobs::~ReviewJobs() { shutdown(); }

void ReviewJobs::shutdown() {
  {
    std::lock_guard lock(mu_);
    if (stopping_.exchange(true)) return;
  }
  sweep_wake_.notify_all();
  if (sweeper_.joinable()) sweeper_.join();
  pool_.shutdown();
}

bool ReviewJobs::submit_locked(const std::string& id, const std::string& requester) {
  if (jobs_.count(id)) return true;
  if (!pool_.submit(id, requester)) return false;
  jobs_[id] = Job{requester};
  ++per_client_[requester];
  return true;
}

Outcome<ReviewState> ReviewJobs::request(std::string_view id, const std::string& requester,
                                         bool* created) {
  if (created) *created = false;
  auto game = hub_.get(id);
  if (!game) return game.error();
  if ((*game)->status == store::GameStatus::kPlaying) {
    return conflict("game " + std::string(id) +
                    " is still being played: its review opens once it ends");
  }
  const std::string game_id(id);
  std::unique_lock lock(mu_);
  if (stopping_) return ApiError{503, "the server is stopping"};
  if (!jobs_.count(game_id)) {
    if (per_client_[requester] >= options_.review_per_client) {
      return ApiError{429, "too many reviews: " + requester + " has " +
                               std::to_string(options_.review_per_client) +
                               " queued or running (wait for one to finish)"};
    }
    if (!pool_.has_room()) {
      return ApiError{503, "busy: " + std::to_string(options_.review_queue) +
                               " reviews are waiting; try again later"};
    }
  }
  lock.unlock();
  store::ReviewRow row;
  row.game_id = game_id;
  row.requester = requester;
  row.requested_ms = hub_.now();
  const store::Status put = hub_.store()->put_review(row);
  if (!put.ok() && !put.is(store::ErrorCode::kConflict)) {
    return store_error("queueing the review of game " + game_id, put.failure());
  }
  auto stored = hub_.store()->load_review(game_id);
  if (!stored) return store_error("reading the review of game " + game_id, stored.failure());
  if (!*stored) return internal_error("the review of game " + game_id + " was not stored");
  if (put.ok()) {
    lock.lock();
    if (!submit_locked(game_id, requester)) return ApiError{503, "the server is stopping"};
    lock.unlock();
    if (created) *created = true;
  }
  return state(game_id);
}

Outcome<ReviewState> ReviewJobs::state(std::string_view id) {
  const std::string game_id(id);
  auto stored = hub_.store()->load_review(game_id);
  if (!stored) return store_error("reading the review of game " + game_id, stored.failure());
  ReviewState out;
  if (*stored) {
    out = state_of(**stored);
  } else {
    auto game = hub_.get(id);  // no review: whether the game exists at all
    if (!game) return game.error();
    out.game_id = game_id;
  }
  std::lock_guard lock(mu_);
  if (auto it = jobs_.find(game_id); it != jobs_.end() && it->second.running) {
    out.done = it->second.done;
    out.total = it->second.total;
  }
  return out;
}

void ReviewJobs::watch(const std::string& id, const std::weak_ptr<ReviewWatcher>& watcher) {
  std::lock_guard lock(mu_);
  auto& list = watchers_[id];
  std::erase_if(list, [](const std::weak_ptr<ReviewWatcher>& w) { return w.expired(); });
  list.push_back(watcher);
}

void ReviewJobs::tell(const ReviewState& state) {
  const bool ended =
      state.status == store::ReviewStatus::kDone || state.status == store::ReviewStatus::kFailed;
  std::vector<std::shared_ptr<ReviewWatcher>> told;
  {
    std::lock_guard lock(mu_);
    auto it = watchers_.find(state.game_id);
    if (it == watchers_.end()) return;
    for (const auto& w : it->second) {
      if (auto alive = w.lock()) told.push_back(std::move(alive));
    }
    if (ended || told.empty()) watchers_.erase(it);
  }
  if (told.empty()) return;
  auto message = std::make_shared<const std::string>(review_event_text(state));
  for (const auto& w : told) w->review_event(message);
}

ReviewJobs::Stats ReviewJobs::stats() const {
  std::lock_guard lock(mu_);
  Stats s;
  for (const auto& [id, job] : jobs_) ++(job.running ? s.running : s.queued);
  return s;
}

void ReviewJobs::run(const std::string& id) {
  {
    std::lock_guard lock(mu_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return;
    it->second.running = true;
  }
  auto forget = [&] {
    std::lock_guard lock(mu_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return;
    if (--per_client_[it->second.requester] <= 0) per_client_.erase(it->second.requester);
    jobs_.erase(it);
  };
  store::Store& store = *hub_.store();
  const int64_t now = hub_.now();
  auto claimed = store.claim_review(id, owner_, now, now + options_.review_lease_ms);
  if (!claimed || !*claimed) return forget();  // done, or another server runs it
  ReviewState running;
  running.game_id = id;
  running.status = store::ReviewStatus::kRunning;
  tell(running);
  auto report = review(id);
  if (stopping_) return forget();  // its lease lapses; a later sweep takes it up again
  const store::Status st =
      report ? store.finish_review(id, owner_, true, *report, hub_.now())
             : store.finish_review(id, owner_, false, report.error().message, hub_.now());
  forget();
  if (!st.ok()) return;  // the lease was lost: whoever holds it now finishes it
  auto ended = state(id);
  if (ended) tell(*ended);
}

Outcome<std::string> ReviewJobs::review(const std::string& id) {
  auto game = hub_.get(id);
  if (!game) return game.error();
  LineRequest whole;
  whole.id = id;
  whole.ply = static_cast<int>((*game)->moves.size());
  auto line = resolve_line(hub_, whole);
  if (!line) return line.error();
  engine::ReviewOptions o;
  o.recipe = ai::level_recipe(ai::kMaxLevel);
  std::string settings = "level=" + std::to_string(ai::kMaxLevel);
  if (options_.review_nodes > 0) {
    o.limits.nodes = options_.review_nodes;
    settings += " nodes=" + std::to_string(options_.review_nodes);
  } else {
    o.limits.movetime = options_.review_movetime;
    char text[32];
    std::snprintf(text, sizeof text, "%g", options_.review_movetime);
    settings += std::string(" movetime=") + text;
  }
  o.threads = std::max(1, options_.review_threads);
  o.stop = &stopping_;
  auto renewed = std::chrono::steady_clock::now();
  auto told = renewed - kTellEvery;
  o.progress = [&](int done, int total) {
    {
      std::lock_guard lock(mu_);
      if (auto it = jobs_.find(id); it != jobs_.end()) {
        it->second.done = done;
        it->second.total = total;
      }
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - renewed > std::chrono::milliseconds(options_.review_lease_ms / 4)) {
      renewed = now;
      const int64_t at = hub_.now();
      (void)hub_.store()->claim_review(id, owner_, at, at + options_.review_lease_ms);
    }
    if (now - told >= kTellEvery || done == total) {
      told = now;
      ReviewState s;
      s.game_id = id;
      s.status = store::ReviewStatus::kRunning;
      s.done = done;
      s.total = total;
      tell(s);
    }
  };
  auto review = engine::review_game(*line->start, *line->end, o);
  if (!review) return bad_request(review.error());
  // Its puzzles, a by-product that never fails the review (server/puzzles/review_puzzles.h).
  puzzles::mine_review_puzzles(*hub_.store(), *review, id, options_.review_nodes, o.threads,
                               hub_.now(), &stopping_);
  return engine::review_json(*review, settings, -1);
}

void ReviewJobs::sweep() {
  if (stopping_) return;
  auto rows = hub_.store()->claimable_reviews(hub_.now(), kSweepBatch);
  if (!rows) return;  // the store cannot be read now: the next sweep tries again
  std::lock_guard lock(mu_);
  for (const store::ReviewRow& row : *rows) {
    if (stopping_ || !pool_.has_room()) return;
    submit_locked(row.game_id, row.requester);
  }
}

void ReviewJobs::sweep_loop() {
  for (;;) {
    sweep();
    std::unique_lock lock(mu_);
    sweep_wake_.wait_for(lock, std::chrono::milliseconds(options_.review_sweep_ms),
                         [this] { return stopping_.load(); });
    if (stopping_) return;
  }
}

}  // namespace arbiter::server
