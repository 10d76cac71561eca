#include "server/analysis/live_analysis.h"

#include <algorithm>
#include <chrono>

#include "ai/levels.h"
#include "engine/game_module.h"
#include "engine/review.h"
#include "engine/searcher.h"
#include "engine/win_probability.h"
#include "server/analysis/analysis_json.h"
#include "server/play/views.h"

namespace arbiter::server {
namespace {

using Clock = std::chrono::steady_clock;

// Reports while the search deepens come at most this often (the first at once).
constexpr auto kReportEvery = std::chrono::milliseconds(100);

// The moves of the player to move to a proven end (searcher.h PvLine::mate_in).
std::optional<int> mate_in(int score, int plies, int players) {
  if (plies <= 0) return std::nullopt;
  const int moves = (plies + players - 1) / players;
  return score > 0 ? moves : -moves;
}

// The report on `s` for ranked lines in move text (best first).
LiveInfo report(const GameState& s, const std::optional<WinModel>& model,
                const std::vector<engine::PvLine>& lines) {
  LiveInfo info;
  info.to_move = s.to_move();
  for (const engine::PvLine& l : lines) {
    if (l.pv.empty()) continue;
    LiveLine out;
    out.move = l.move;
    out.path = move_parts_of(s, l.move).path;
    out.score = l.score;
    out.mate_in = l.mate_in;
    if (model) {
      out.expected = engine::expected_split(s.num_players(), s.to_move(),
                                            engine::expected_result(*model, l.score));
    }
    out.pv = l.pv;
    info.lines.push_back(std::move(out));
  }
  if (!info.lines.empty()) info.expected = info.lines.front().expected;
  return info;
}

// A progress report's lines as the search's result gives them.
std::vector<engine::PvLine> lines_of(const ai::SearchProgress& p, int players) {
  std::vector<engine::PvLine> out;
  if (p.lines.empty()) {
    if (!p.pv.empty()) {
      out.push_back(
          {p.pv.front(), p.score, p.pv, mate_in(p.score, ai::proven_plies(p.score), players)});
    }
    return out;
  }
  for (const ai::ProgressLine& l : p.lines) {
    if (l.pv.empty()) continue;
    out.push_back({l.pv.front(), l.score, l.pv, mate_in(l.score, l.proven_plies, players)});
  }
  return out;
}

}  // namespace

int live_per_address(const AnalysisOptions& options) {
  const int slots = std::max(1, options.live_slots);
  return std::clamp(options.live_per_address, 1, std::max(1, slots / 2));
}

// A worker's searcher, kept for the next position of the same game: its tables carry over
// (a variation, the next move of a line), so the first lines of a nearby position come sooner.
struct LiveAnalysis::Worker {
  const Game* game = nullptr;
  std::unique_ptr<engine::Searcher> searcher;
};

LiveAnalysis::LiveAnalysis(const AnalysisOptions& options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.live_slots); ++i) {
    threads_.emplace_back([this] { work(); });
  }
}

LiveAnalysis::~LiveAnalysis() { shutdown(); }

Outcome<bool> LiveAnalysis::start(uint64_t connection, const std::string& address, Job job,
                                  Sink sink) {
  std::lock_guard lock(mu_);
  if (stopping_) return ApiError{503, "the server is stopping"};
  auto it = holders_.find(connection);
  if (it == holders_.end()) {
    const std::size_t slots = static_cast<std::size_t>(std::max(1, options_.live_slots));
    if (holders_.size() >= slots) {
      return ApiError{503, "busy: the server runs " + std::to_string(slots) +
                               " analyses at once already; try again soon"};
    }
    const auto from_address =
        std::count_if(holders_.begin(), holders_.end(),
                      [&](const auto& entry) { return entry.second.address == address; });
    const int per_address = live_per_address(options_);
    if (from_address >= per_address) {
      return ApiError{429, "busy: " + address + " runs " + std::to_string(from_address) +
                               " analyses already (at most " + std::to_string(per_address) +
                               " of the server's " + std::to_string(slots) + ")"};
    }
    it = holders_.emplace(connection, Holder{address, 0, nullptr}).first;
  } else if (it->second.stop) {
    it->second.stop->store(true);
  }
  // A position the connection sent before this one and no worker took yet is dropped.
  std::erase_if(queue_, [&](const Pending& p) { return p.connection == connection; });
  auto stop = std::make_shared<std::atomic<bool>>(false);
  it->second.stop = stop;
  it->second.generation = ++generation_;
  job.lines = std::clamp(job.lines, 1, std::max(1, options_.live_max_lines));
  queue_.push_back(
      Pending{connection, it->second.generation, stop, std::move(job), std::move(sink)});
  wake_.notify_one();
  return true;
}

void LiveAnalysis::stop(uint64_t connection) {
  std::lock_guard lock(mu_);
  auto it = holders_.find(connection);
  if (it == holders_.end()) return;
  if (it->second.stop) it->second.stop->store(true);
  holders_.erase(it);
  std::erase_if(queue_, [&](const Pending& p) { return p.connection == connection; });
}

LiveAnalysis::Stats LiveAnalysis::stats() const {
  std::lock_guard lock(mu_);
  return {holders_.size(), running_, static_cast<std::size_t>(std::max(1, options_.live_slots))};
}

void LiveAnalysis::shutdown() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    for (auto& [connection, holder] : holders_) {
      if (holder.stop) holder.stop->store(true);
    }
    holders_.clear();
    queue_.clear();
  }
  wake_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void LiveAnalysis::work() {
  Worker worker;
  for (;;) {
    Pending p;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      p = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    run(p, worker);
    std::lock_guard lock(mu_);
    --running_;
    // A search that ended by itself frees its connection's slot (a newer position keeps it).
    auto it = holders_.find(p.connection);
    if (it != holders_.end() && it->second.generation == p.generation) holders_.erase(it);
  }
}

void LiveAnalysis::run(Pending& p, Worker& worker) {
  const std::atomic<bool>& stop = *p.stop;
  auto send = [&](std::string message) {
    if (!stop.load()) p.sink(std::move(message));
  };
  if (stop.load()) return;
  auto position = p.job.resolve();
  if (!position) return send(live_error_text(p.job.request, false, position.error().message));
  const GameState& s = **position;
  const auto model = engine::win_model(s.game().name(), s.num_players());
  if (s.is_terminal()) {
    LiveInfo info;
    info.request = p.job.request;
    if (model) info.expected = engine::expected_results(*model, s, engine::EngineResult{});
    info.final = true;
    return send(live_info_text(info));
  }
  if (worker.game != &s.game()) {
    worker.searcher = engine::make_searcher(s.game());
    worker.game = &s.game();
  }
  if (auto st = worker.searcher->set_position(s); !st) {
    return send(live_error_text(p.job.request, false, st.error()));
  }
  ai::Recipe recipe = ai::level_recipe(ai::kMaxLevel);
  recipe.threads = 1;
  ai::SearchLimits limits;
  limits.movetime = options_.live_seconds;
  limits.multipv = p.job.lines;
  const int players = s.num_players();
  Clock::time_point last{};
  bool reported = false;
  auto progress = [&](const ai::SearchProgress& pr) {
    const auto now = Clock::now();
    if (stop.load() || (reported && now - last < kReportEvery)) return;
    LiveInfo info = report(s, model, lines_of(pr, players));
    if (info.lines.empty()) return;
    info.request = p.job.request;
    info.depth = pr.depth;
    info.nodes = pr.nodes;
    info.seconds = pr.seconds;
    send(live_info_text(info));
    reported = true;
    last = now;
  };
  const engine::EngineResult r = worker.searcher->search(recipe, limits, stop, progress);
  if (stop.load()) return;
  LiveInfo info = report(s, model, r.lines);
  info.request = p.job.request;
  info.depth = r.depth;
  info.nodes = r.nodes;
  info.seconds = r.seconds;
  info.final = true;
  send(live_info_text(info));
}

}  // namespace arbiter::server
