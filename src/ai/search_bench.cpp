#include "ai/search_bench.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "ai/alphabeta.h"
#include "ai/mcts.h"
#include "ai/trap_ai.h"
#include "ai/travelers_ai.h"
#include "ai/traverse_ai.h"
#include "core/rng.h"

namespace arbiter::ai {
namespace {

void mix(uint64_t& sig, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    sig ^= (v >> (8 * i)) & 0xff;
    sig *= 0x100000001b3ULL;
  }
}

// Plays `plies` pseudo-random moves, chosen among the sorted move texts so that the position
// does not depend on the order of move generation.
template <class State>
void advance(State& s, int plies, uint64_t seed) {
  Rng rng(seed);
  typename State::MoveList list;
  for (int i = 0; i < plies && !s.is_terminal(); ++i) {
    s.generate(list);
    std::vector<std::pair<std::string, std::size_t>> texts;
    for (std::size_t k = 0; k < list.size(); ++k) texts.emplace_back(s.move_text(list[k]), k);
    std::sort(texts.begin(), texts.end());
    s.apply(list[texts[rng.below(texts.size())].second]);
  }
}

template <class State>
void bench_game(const char* name, const State& start, int depth, SearchBenchTotals& totals,
                std::string* lines) {
  SearchBenchTotals game;
  game.signature = 0xcbf29ce484222325ULL;
  for (int plies : {0, 9, 24}) {
    State s = start;
    advance(s, plies, 7);
    if (s.is_terminal()) continue;
    AlphaBetaOptions options;
    options.tt_megabytes = 8;
    AlphaBeta<State> search(options);
    SearchLimits limits;
    limits.depth = depth;
    const auto r = search.search(s, limits);
    game.nodes += r.nodes;
    game.seconds += r.seconds;
    mix(game.signature, r.nodes);
    if (lines) {
      char buf[200];
      std::snprintf(buf, sizeof buf,
                    "  %-10s +%-2d plies depth %d %10llu nodes %7.3f s %6.2f M/s %s\n", name, plies,
                    depth, static_cast<unsigned long long>(r.nodes), r.seconds,
                    r.nodes / std::max(r.seconds, 1e-9) / 1e6, s.move_text(r.best).c_str());
      *lines += buf;
    }
  }
  if (lines) {
    char buf[200];
    std::snprintf(
        buf, sizeof buf, "%s: search nodes %llu time %.3f s nodes/s %.0f signature %016llx\n", name,
        static_cast<unsigned long long>(game.nodes), game.seconds,
        game.nodes / std::max(game.seconds, 1e-9), static_cast<unsigned long long>(game.signature));
    *lines += buf;
  }
  totals.nodes += game.nodes;
  totals.seconds += game.seconds;
  mix(totals.signature, game.signature);
}

// MCTS from the Traverse start position: a fixed number of playouts with a fixed seed; the
// visits of the chosen move go into the signature.
void bench_mcts(SearchBenchTotals& totals, std::string* lines) {
  traverse::State s = traverse::State::start(traverse::Params{});
  MctsOptions options;
  options.seed = 1;
  Mcts<traverse::State> mcts(options);
  SearchLimits limits;
  limits.nodes = 30'000;
  const auto r = mcts.search(s, limits);
  uint64_t visits = 0;
  for (const auto& [m, v] : mcts.root_visits()) {
    if (m == r.best) visits = v;
  }
  mix(totals.signature, visits);
  if (lines) {
    char buf[200];
    std::snprintf(
        buf, sizeof buf,
        "traverse: mcts playouts %llu time %.3f s playouts/s %.0f best %s (%llu visits)\n",
        static_cast<unsigned long long>(r.nodes), r.seconds, r.nodes / std::max(r.seconds, 1e-9),
        s.move_text(r.best).c_str(), static_cast<unsigned long long>(visits));
    *lines += buf;
  }
}

}  // namespace

SearchBenchTotals search_bench(std::string* lines) {
  SearchBenchTotals totals;
  totals.signature = 0xcbf29ce484222325ULL;
  bench_game("traverse", traverse::State::start(traverse::Params{}), 9, totals, lines);
  bench_game("travelers", travelers::State::start(travelers::Params{}), 6, totals, lines);
  bench_game("trap", trap::State(trap::Params{}), 5, totals, lines);
  bench_mcts(totals, lines);
  if (lines) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "search total: nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
                  static_cast<unsigned long long>(totals.nodes), totals.seconds,
                  totals.nodes / std::max(totals.seconds, 1e-9),
                  static_cast<unsigned long long>(totals.signature));
    *lines += buf;
  }
  return totals;
}

std::string run_search_bench() {
  std::string lines;
  search_bench(&lines);
  return lines;
}

}  // namespace arbiter::ai
