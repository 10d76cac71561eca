#include "engine/review.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "ai/search.h"
#include "engine/game_module.h"

namespace arbiter::engine {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kBest:
      return "best";
    case Verdict::kGood:
      return "good";
    case Verdict::kInaccuracy:
      return "inaccuracy";
    case Verdict::kMistake:
      return "mistake";
    case Verdict::kBlunder:
      return "blunder";
  }
  return "?";
}

Verdict verdict_for(bool best, double drop) {
  if (drop >= kBlunderDrop) return Verdict::kBlunder;
  if (drop >= kMistakeDrop) return Verdict::kMistake;
  if (drop >= kInaccuracyDrop) return Verdict::kInaccuracy;
  return best ? Verdict::kBest : Verdict::kGood;
}

namespace {

// A finished game's result for `player`: 1 a win, 0 a loss, ½ a draw.
double final_result(const GameState& s, int player) {
  const double r = s.returns()[player];
  return r > 0 ? 1 : r < 0 ? 0 : 0.5;
}

std::string fixed(double v, int digits = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Expected results in the JSON to 4 decimals: enough to read, stable to compare.
double rounded(double v) { return std::round(v * 10000) / 10000; }

std::string mate_text(const std::optional<int>& mate) {
  if (!mate) return "";
  return *mate > 0 ? " (wins in " + std::to_string(*mate) + ")"
                   : " (loses in " + std::to_string(-*mate) + ")";
}

// Searches every position not finished, `threads` at a time, each on fresh tables.
std::vector<EngineResult> search_all(const std::vector<std::unique_ptr<GameState>>& positions,
                                     const ReviewOptions& options) {
  std::vector<EngineResult> out(positions.size());
  std::atomic<std::size_t> next{0};
  std::mutex report;
  int done = 0;
  ai::Recipe recipe = options.recipe;
  recipe.threads = 1;
  const std::atomic<bool> never{false};
  const std::atomic<bool>& stop = options.stop ? *options.stop : never;
  auto work = [&] {
    auto searcher = make_searcher(positions[0]->game());
    for (std::size_t i = next++; i < positions.size(); i = next++) {
      if (stop.load()) break;
      if (!positions[i]->is_terminal() && searcher->set_position(*positions[i])) {
        searcher->clear();
        out[i] = searcher->search(recipe, options.limits, stop, {});
      }
      std::lock_guard<std::mutex> lock(report);
      ++done;
      if (options.progress) options.progress(done, static_cast<int>(positions.size()));
    }
  };
  std::vector<std::thread> helpers;
  for (int t = 1; t < std::max(1, options.threads); ++t) helpers.emplace_back(work);
  work();
  for (auto& t : helpers) t.join();
  return out;
}

}  // namespace

std::vector<double> expected_split(int players, int mover, double mine) {
  std::vector<double> out(players, players > 1 ? (1 - mine) / (players - 1) : 0);
  out[mover] = mine;
  return out;
}

std::vector<double> expected_results(const WinModel& model, const GameState& position,
                                     const EngineResult& r) {
  if (position.is_terminal()) {
    std::vector<double> out;
    for (int p = 0; p < position.num_players(); ++p) out.push_back(final_result(position, p));
    return out;
  }
  if (r.values.empty() && r.best_move.empty()) return {};
  return expected_split(position.num_players(), position.to_move(),
                        expected_result(model, r.score));
}

Result<GameReview> review_game(const GameState& start, const GameState& final,
                               const ReviewOptions& options) {
  const auto model = win_model(start.game().name(), start.num_players());
  if (!model) {
    return make_error("no win-probability model for " + std::string(start.game().name()) +
                      " with " + std::to_string(start.num_players()) + " players");
  }
  if (ai::algorithm_for(options.recipe, start.num_players()) == ai::Algorithm::kRandom) {
    return make_error("a review needs a searching player, not a random one");
  }
  GameReview review;
  review.model = *model;
  review.start = start.clone();
  std::vector<std::unique_ptr<GameState>> positions;
  positions.push_back(start.clone());
  const auto& history = final.history();
  for (std::size_t i = start.history().size(); i < history.size(); ++i) {
    auto next = positions.back()->clone();
    if (auto st = next->apply(history[i]); !st) {
      return make_error("move " + std::to_string(positions.size()) + " " + history[i] + ": " +
                        st.error());
    }
    positions.push_back(std::move(next));
  }
  review.result = final.is_terminal() ? final.result_text() : "*";
  review.returns = final.returns();
  review.positions = search_all(positions, options);
  if (options.stop && options.stop->load()) return make_error("the review was stopped");
  for (std::size_t i = 0; i < positions.size(); ++i) {
    review.expected.push_back(expected_results(*model, *positions[i], review.positions[i]));
    review.to_move.push_back(positions[i]->is_terminal() ? -1 : positions[i]->to_move());
  }
  for (std::size_t i = 0; i + 1 < positions.size(); ++i) {
    const GameState& before = *positions[i];
    const GameState& after = *positions[i + 1];
    const EngineResult& r = review.positions[i];
    MoveReview m;
    m.ply = static_cast<int>(i) + 1;
    m.player = before.to_move();
    m.move = after.history().back();
    m.search = &r;
    m.expected_best = expected_result(*model, r.score);
    bool best = m.move == r.best_move;
    std::optional<double> played;
    if (best) played = m.expected_best;
    for (const auto& line : r.lines) {
      if (!played && line.move == m.move) {
        played = expected_result(*model, line.score);
        best = line.score >= r.score;
      }
    }
    if (!played && after.is_terminal()) played = final_result(after, m.player);
    if (!played) {
      // The next mover's expected result from its own score; the rest of the game's one point
      // is shared by the others (with 2 players: 1 − it).
      const double next = expected_result(*model, review.positions[i + 1].score);
      played = expected_split(before.num_players(), after.to_move(), next)[m.player];
    }
    m.expected_played = *played;
    m.drop = std::max(0.0, m.expected_best - m.expected_played);
    m.verdict = verdict_for(best, m.drop);
    review.moves.push_back(m);
  }
  return review;
}

std::string review_comment(const MoveReview& m) {
  const EngineResult& r = *m.search;
  const std::optional<int> mate = r.lines.empty() ? std::nullopt : r.lines[0].mate_in;
  std::string out(verdict_name(m.verdict));
  if (m.verdict == Verdict::kBest) return out + " " + fixed(m.expected_best) + mate_text(mate);
  // The drop as it reads to two decimals: "-0.12", or "0.00" for none.
  const std::string drop = fixed(m.drop);
  out += (drop == "0.00" ? " " : " -") + drop + " (" + fixed(m.expected_best) + " -> " +
         fixed(m.expected_played) + ")";
  if (m.verdict != Verdict::kGood) {
    out += "; better " + r.best_move + mate_text(mate) + ": " + joined(r.pv);
  }
  return out;
}

std::string review_summary(const GameState& start, const GameReview& review,
                           std::string_view settings) {
  std::string out = "arbiter analyse " + std::string(settings) + ";";
  for (int p = 0; p < start.num_players(); ++p) {
    std::array<int, kVerdicts> count{};
    double drops = 0;
    int moves = 0;
    for (const auto& m : review.moves) {
      if (m.player != p) continue;
      ++count[static_cast<int>(m.verdict)];
      drops += m.drop;
      ++moves;
    }
    out += (p ? ", " : " ") + start.player_name(p) + ":";
    for (int v = 0; v < kVerdicts; ++v) {
      out +=
          " " + std::to_string(count[v]) + " " + std::string(verdict_name(static_cast<Verdict>(v)));
    }
    out += " mean drop " + fixed(moves ? drops / moves : 0, 3);
  }
  return out;
}

std::string review_json(const GameReview& review, std::string_view settings, int indent) {
  using Json = nlohmann::ordered_json;
  const GameState& start = *review.start;
  auto expected = [&](std::size_t position) {
    Json list = Json::array();
    if (position < review.expected.size()) {
      for (double e : review.expected[position]) list.push_back(rounded(e));
    }
    return list;
  };
  Json out;
  out["game"] = std::string(start.game().name());
  out["params"] = start.params_text();
  out["start"] = start.to_text();
  out["settings"] = std::string(settings);
  out["model"] = {{"scale", review.model.scale}, {"offset", review.model.offset}};
  Json players = Json::array();
  for (int p = 0; p < start.num_players(); ++p) players.push_back(start.player_name(p));
  out["players"] = players;
  Json moves = Json::array();
  for (const auto& m : review.moves) {
    const EngineResult& r = *m.search;
    Json lines = Json::array();
    for (const auto& l : r.lines) {
      Json line = {{"move", l.move}, {"score", l.score}, {"pv", l.pv}};
      if (l.mate_in) line["mate_in"] = *l.mate_in;
      lines.push_back(line);
    }
    moves.push_back({{"ply", m.ply},
                     {"player", start.player_name(m.player)},
                     {"mover", m.player},
                     {"move", m.move},
                     {"verdict", std::string(verdict_name(m.verdict))},
                     {"expected_before", expected(m.ply - 1)},
                     {"expected_after", expected(m.ply)},
                     {"expected_best", rounded(m.expected_best)},
                     {"expected_played", rounded(m.expected_played)},
                     {"drop", rounded(m.drop)},
                     {"score", r.score},
                     {"best", r.best_move},
                     {"pv", r.pv},
                     {"lines", lines},
                     {"values", r.values},
                     {"depth", r.depth},
                     {"nodes", r.nodes}});
  }
  out["moves"] = moves;
  Json positions = Json::array();
  for (std::size_t i = 0; i < review.expected.size(); ++i) {
    positions.push_back({{"ply", i}, {"to_move", review.to_move[i]}, {"expected", expected(i)}});
  }
  out["positions"] = positions;
  out["result"] = review.result;
  out["returns"] = review.returns;
  return out.dump(indent);
}

}  // namespace arbiter::engine
