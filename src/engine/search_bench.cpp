#include "engine/search_bench.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "engine/game_module.h"
#include "engine/searcher.h"
#include "games/registry.h"

namespace arbiter::engine {
namespace {

void mix(uint64_t& sig, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    sig ^= (v >> (8 * i)) & 0xff;
    sig *= 0x100000001b3ULL;
  }
}

// The start under the position's parameters after `plies` pseudo-random moves, chosen among the
// sorted move texts so that the position does not depend on the order of move generation;
// nullptr for parameters the game rejects (the descriptor tests rule that out).
std::unique_ptr<GameState> bench_state(const Game& game, const BenchPosition& p) {
  auto params = ParamMap::parse(p.params);
  if (!params) return nullptr;
  auto state = game.new_state(*params);
  if (!state) return nullptr;
  Rng rng(7);
  for (int i = 0; i < p.plies && !(*state)->is_terminal(); ++i) {
    const auto moves = (*state)->legal_moves();  // sorted
    if (!(*state)->apply(moves[rng.below(moves.size())]).ok()) return nullptr;
  }
  return std::move(*state);
}

// The search of one bench position; nullopt when the game is over before it.
std::optional<BenchSearch> search_position(const Game& game, const BenchPosition& p) {
  auto state = bench_state(game, p);
  if (!state || state->is_terminal()) return std::nullopt;
  auto searcher = make_searcher(game);
  if (!searcher->set_position(*state).ok()) return std::nullopt;
  return searcher->bench(p);
}

std::string line(const char* format, auto... args) {
  char buf[200];
  std::snprintf(buf, sizeof buf, format, args...);
  return buf;
}

// The alpha-beta positions of one game: a line each, then the game's summary line.
void bench_alphabeta(const Game& game, SearchBenchTotals& totals, std::string* lines) {
  const std::string name(game.name());
  SearchBenchTotals sums;
  sums.signature = 0xcbf29ce484222325ULL;
  bool any = false;
  for (const BenchPosition& p : game.bench_positions()) {
    if (p.playouts > 0) continue;
    any = true;
    const auto found = search_position(game, p);
    if (!found) continue;
    const BenchSearch& r = *found;
    sums.nodes += r.nodes;
    sums.seconds += r.seconds;
    mix(sums.signature, r.nodes);
    if (lines) {
      *lines += line("  %-10s +%-2d plies depth %d %10llu nodes %7.3f s %6.2f M/s %s\n",
                     name.c_str(), p.plies, p.depth, static_cast<unsigned long long>(r.nodes),
                     r.seconds, r.nodes / std::max(r.seconds, 1e-9) / 1e6, r.best_move.c_str());
    }
  }
  if (!any) return;
  if (lines) {
    *lines += line("%s: search nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
                   name.c_str(), static_cast<unsigned long long>(sums.nodes), sums.seconds,
                   sums.nodes / std::max(sums.seconds, 1e-9),
                   static_cast<unsigned long long>(sums.signature));
  }
  totals.nodes += sums.nodes;
  totals.seconds += sums.seconds;
  mix(totals.signature, sums.signature);
}

// The same alpha-beta positions on the game's shipped 2-player net, when there is one (not in
// the signature: the net file may change): nodes/s beside the hand evaluation's, measured here.
void bench_net(const Game& game, std::string* lines) {
  const std::string name(game.name());
  ai::Recipe net = ai::level_recipe(ai::kMaxLevel);
  net.eval = ai::EvalKind::kNet;
  uint64_t nodes[2] = {0, 0};
  double seconds[2] = {0, 0};
  bool any = false;
  for (const BenchPosition& p : game.bench_positions()) {
    if (p.playouts > 0) continue;
    auto state = bench_state(game, p);
    if (!state || state->is_terminal() || state->num_players() != 2) continue;
    auto searcher = make_searcher(game);
    if (!searcher->set_position(*state).ok() || !searcher->prepare(net).ok()) return;
    for (int e = 0; e < 2; ++e) {
      if (e == 1 && !searcher->prepare(ai::level_recipe(ai::kMaxLevel)).ok()) return;
      const BenchSearch r = searcher->bench(p);
      nodes[e] += r.nodes;
      seconds[e] += r.seconds;
    }
    any = true;
  }
  if (!any || !lines) return;
  const double net_nps = nodes[0] / std::max(seconds[0], 1e-9);
  const double classic_nps = nodes[1] / std::max(seconds[1], 1e-9);
  *lines += line("%s: net search nodes %llu time %.3f s nodes/s %.0f, classic %.0f: %.0f%%\n",
                 name.c_str(), static_cast<unsigned long long>(nodes[0]), seconds[0], net_nps,
                 classic_nps, 100 * net_nps / std::max(classic_nps, 1.0));
}

// The MCTS positions of one game: the visits of the chosen move go into the signature.
void bench_mcts(const Game& game, SearchBenchTotals& totals, std::string* lines) {
  for (const BenchPosition& p : game.bench_positions()) {
    if (p.playouts == 0) continue;
    const BenchSearch r = search_position(game, p).value_or(BenchSearch{});
    mix(totals.signature, r.visits);
    if (lines) {
      *lines += line("%s: mcts playouts %llu time %.3f s playouts/s %.0f best %s (%llu visits)\n",
                     std::string(game.name()).c_str(), static_cast<unsigned long long>(r.nodes),
                     r.seconds, r.nodes / std::max(r.seconds, 1e-9), r.best_move.c_str(),
                     static_cast<unsigned long long>(r.visits));
    }
  }
}

}  // namespace

SearchBenchTotals search_bench(std::string* lines) {
  SearchBenchTotals totals;
  totals.signature = 0xcbf29ce484222325ULL;
  for (const Game* game : all_games()) bench_alphabeta(*game, totals, lines);
  for (const Game* game : all_games()) bench_mcts(*game, totals, lines);
  for (const Game* game : all_games()) bench_net(*game, lines);
  if (lines) {
    *lines += line("search total: nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
                   static_cast<unsigned long long>(totals.nodes), totals.seconds,
                   totals.nodes / std::max(totals.seconds, 1e-9),
                   static_cast<unsigned long long>(totals.signature));
  }
  return totals;
}

std::string run_search_bench() {
  std::string lines;
  search_bench(&lines);
  return lines;
}

}  // namespace arbiter::engine
