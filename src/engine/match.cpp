#include "engine/match.h"

#include <chrono>

#include "core/rng.h"
#include "core/text.h"
#include "engine/engine.h"

namespace arbiter::engine {

Result<TimeControl> parse_time_control(std::string_view text) {
  TimeControl tc;
  const auto plus = text.find('+');
  const std::string base(text.substr(0, plus));
  const std::string inc = plus == std::string_view::npos ? "0" : std::string(text.substr(plus + 1));
  char* end = nullptr;
  tc.base = std::strtod(base.c_str(), &end);
  if (base.empty() || *end != '\0' || !(tc.base > 0)) {
    return make_error("time control " + quote(text) + ": expected BASE+INC in seconds, e.g. 1+0.1");
  }
  tc.increment = std::strtod(inc.c_str(), &end);
  if (inc.empty() || *end != '\0' || !(tc.increment >= 0)) {
    return make_error("time control " + quote(text) + ": bad increment");
  }
  return tc;
}

std::vector<std::string> random_opening(const GameState& start, int plies, uint64_t seed) {
  auto s = start.clone();
  Rng rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < plies && !s->is_terminal(); ++i) {
    const auto moves = s->legal_moves();
    out.push_back(moves[rng.below(moves.size())]);
    (void)s->apply(out.back());
  }
  return out;
}

Result<GameOutcome> play_game(const GameSetup& setup, const std::array<ai::Recipe, 2>& players,
                              const std::atomic<bool>* abort) {
  auto initial = setup.game->new_state(setup.params);
  if (!initial) return make_error(initial.error());
  GameOutcome out;
  out.initial = (*initial)->clone();
  std::unique_ptr<GameState> state = std::move(*initial);
  for (const auto& m : setup.opening) {
    if (state->is_terminal()) break;
    auto st = state->apply(m);
    if (!st) return make_error("opening move " + quote(m) + ": " + st.error());
  }
  out.start = state->clone();
  const int n = state->num_players();
  if (static_cast<int>(setup.seat_player.size()) != n) {
    return make_error("seat assignment does not match the number of players");
  }
  std::vector<std::unique_ptr<Engine>> engines;
  for (int p = 0; p < n; ++p) {
    engines.push_back(std::make_unique<Engine>());
    ai::Recipe r = players[setup.seat_player[p]];
    r.seed = r.seed * 31 + setup.seed * 1000003 + p;
    engines.back()->set_recipe(r);
  }
  std::vector<double> clock(n, setup.tc.base);
  while (!state->is_terminal()) {
    if (abort && abort->load()) return make_error("aborted");
    const int p = state->to_move();
    Engine& e = *engines[p];
    auto st = e.set_position(*state);
    if (!st) return make_error(st.error());
    ai::SearchLimits limits;
    if (setup.tc.movetime > 0) {
      limits.movetime = setup.tc.movetime;
    } else if (setup.tc.base > 0) {
      limits.time_left = std::max(clock[p], 0.01);
      limits.increment = setup.tc.increment;
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto r = e.search(limits);
    const double used =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r) return make_error(r.error());
    if (setup.tc.movetime > 0 && used > setup.tc.movetime * 1.5 + 0.02) ++out.time_overruns;
    if (setup.tc.base > 0) {
      clock[p] += setup.tc.increment - used;
      if (clock[p] < 0) ++out.time_overruns;
    }
    if (r->best_move.empty()) return make_error("engine found no move in a running game");
    auto applied = state->apply(r->best_move);
    if (!applied) return make_error("engine move " + quote(r->best_move) + ": " + applied.error());
  }
  out.returns = state->returns();
  out.final = std::move(state);
  return out;
}

}  // namespace arbiter::engine
