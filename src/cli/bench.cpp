// `arbiter bench [GAME]`: perft with bulk counting over each game's fixed suite
// (bench/suites/NAME.txt, compiled in; the game's descriptor names it), on one thread. Prints
// nodes, nodes/s and a signature (a hash of every node count) that changes only when move
// generation changes. With --quiet only the summary lines are printed, the ones that carry a
// signature: each game's perft totals, the search bench total and the grand total.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/command.h"
#include "core/rng.h"
#include "core/text.h"
#include "engine/game_module.h"
#include "engine/search_bench.h"
#include "engine/searcher.h"
#include "games/registry.h"

namespace arbiter {
std::string_view bench_suite(std::string_view name);  // bench/suites/NAME.txt; "" when none
}

namespace arbiter::cli {
namespace {

struct SuiteTotals {
  uint64_t nodes = 0;
  double seconds = 0;
  uint64_t signature = 0xcbf29ce484222325ULL;
};

void mix(uint64_t& sig, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    sig ^= (v >> (8 * i)) & 0xff;
    sig *= 0x100000001b3ULL;
  }
}

// Suite lines: `name; params; position text or startpos; moves; depth`.
Result<SuiteTotals> run_suite(const Game& game, std::string_view suite, bool quiet) {
  SuiteTotals totals;
  int line_no = 0;
  for (auto raw : split_exact(suite, '\n')) {
    ++line_no;
    const auto line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const auto f = split_exact(line, ';');
    const std::string where = std::string(game.name()) + " suite line " + std::to_string(line_no);
    if (f.size() != 5) return make_error(where + ": expected 5 fields separated by ';'");
    PositionOptions o;
    o.game = std::string(game.name());
    for (auto p : split(f[1])) o.params.emplace_back(p);
    if (trim(f[2]) != "startpos") o.position = std::string(trim(f[2]));
    o.moves = std::string(f[3]);
    auto state = build_state(o);
    if (!state) return make_error(where + ": " + state.error());
    auto depth = parse_int(trim(f[4]), 1, 20, where + ": depth");
    if (!depth) return make_error(depth.error());
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t n = (*state)->perft(static_cast<int>(*depth));
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    totals.nodes += n;
    totals.seconds += sec;
    mix(totals.signature, n);
    if (!quiet) {
      std::printf("  %-28s depth %lld %14llu nodes %8.3f s %8.2f M/s\n",
                  std::string(trim(f[0])).c_str(), static_cast<long long>(*depth),
                  static_cast<unsigned long long>(n), sec, n / sec / 1e6);
    }
  }
  return totals;
}

// Uniformly random games from the default start position for about a second.
void print_playout_rate(const Game& game) {
  auto start = game.new_state(ParamMap{});
  if (!start) return;
  uint64_t games = 0, plies = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double sec = 0;
  while (sec < 1.0) {
    for (int i = 0; i < 16; ++i) plies += (*start)->random_playout(games++);
    sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  std::printf("%s: random playouts %llu games %.3f s games/s %.0f (mean %.1f plies)\n",
              std::string(game.name()).c_str(), static_cast<unsigned long long>(games), sec,
              games / sec, static_cast<double>(plies) / games);
}

// What it costs to hand a long game to a search, the step between `go` and the first node: the
// searcher copies the concrete position and its history (Searcher::set_position), side by side
// with rebuilding the position from text (the start position's text parsed, every move replayed
// by its text). A random game of up to 300 plies from the default start.
void print_search_start(const Game& game) {
  auto made = game.new_state(ParamMap{});
  if (!made) return;
  auto& state = **made;
  Rng rng(300);
  while (!state.is_terminal() && state.history().size() < 300) {
    const auto moves = state.legal_moves();
    if (moves.empty() || !state.apply(moves[rng.below(moves.size())])) break;
  }
  const auto searcher = engine::make_searcher(game);
  const auto params = ParamMap::parse(state.params_text());
  if (!params) return;
  auto time_per_call = [](auto&& fn) {
    int calls = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double sec = 0;
    while (sec < 0.2) {
      fn();
      ++calls;
      sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return sec / calls * 1e6;
  };
  const double copy_us = time_per_call([&] { (void)searcher->set_position(state); });
  const double replay_us = time_per_call([&] {
    auto start = state.clone();
    while (start->undo()) {
    }
    auto rebuilt = game.parse_state(*params, start->to_text());
    if (!rebuilt) return;
    for (const auto& m : state.history()) (void)(*rebuilt)->apply(m);
  });
  std::printf(
      "%s: search start after %zu plies: set_position %.1f us, rebuild by replay %.1f us "
      "(%.0fx)\n",
      std::string(game.name()).c_str(), state.history().size(), copy_us, replay_us,
      replay_us / std::max(copy_us, 1e-3));
}

// The search bench's summary line, as engine::run_search_bench() ends.
void print_search_total(const engine::SearchBenchTotals& t) {
  std::printf("search total: nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
              static_cast<unsigned long long>(t.nodes), t.seconds,
              t.nodes / std::max(t.seconds, 1e-9), static_cast<unsigned long long>(t.signature));
}

}  // namespace

Runner setup_bench(CLI::App& sub) {
  struct Options {
    std::string game;
    bool quiet = false;
    bool no_search = false;
  };
  auto o = std::make_shared<Options>();
  sub.add_option("game", o->game, "one game (default: all)");
  sub.add_flag("--quiet,-q", o->quiet,
               "only the summary lines (nodes, nodes/s, signature); no per-position lines, "
               "playout rates or headers");
  sub.add_flag("--no-search", o->no_search, "skip the search bench (all games only)");
  return [o] {
    std::vector<const Game*> games;
    if (o->game.empty()) {
      games = all_games();
    } else if (const Game* g = find_game(o->game)) {
      games.push_back(g);
    } else {
      return fail("unknown game " + quote(o->game) + " (known: " + game_names() + ")");
    }
    SuiteTotals all;
    for (const Game* g : games) {
      const auto suite = bench_suite(g->perft_suite());
      if (suite.empty()) {
        std::printf("%s: no bench suite\n", std::string(g->name()).c_str());
        continue;
      }
      if (!o->quiet) std::printf("%s perft suite\n", std::string(g->name()).c_str());
      auto totals = run_suite(*g, suite, o->quiet);
      if (!totals) return fail(totals.error());
      std::printf("%s: nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
                  std::string(g->name()).c_str(), static_cast<unsigned long long>(totals->nodes),
                  totals->seconds, totals->nodes / totals->seconds,
                  static_cast<unsigned long long>(totals->signature));
      if (!o->quiet) {
        print_playout_rate(*g);
        print_search_start(*g);
      }
      all.nodes += totals->nodes;
      all.seconds += totals->seconds;
      mix(all.signature, totals->signature);
    }
    if (games.size() > 1 && !o->no_search) {
      if (o->quiet) {
        print_search_total(engine::search_bench(nullptr));
      } else {
        std::printf("search bench\n%s", engine::run_search_bench().c_str());
      }
    }
    if (games.size() > 1) {
      std::printf("total: nodes %llu time %.3f s nodes/s %.0f signature %016llx\n",
                  static_cast<unsigned long long>(all.nodes), all.seconds, all.nodes / all.seconds,
                  static_cast<unsigned long long>(all.signature));
    }
    return 0;
  };
}

}  // namespace arbiter::cli
