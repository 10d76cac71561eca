// The research face's speed (docs/research.md): per game and parameter set, random play by
// decisions with the legal-action mask and one observation per decision (decisions/s, on 1 and
// on 2 threads), and serialize + deserialize round trips of mid-game positions (round trips/s).
//
//   research_bench [seconds per measurement, default 1]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "games/registry.h"

namespace arbiter {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::unique_ptr<GameState> start(const Game& game, const char* params) {
  auto s = game.new_state(*ParamMap::parse(std::string_view(params)));
  if (!s) {
    std::fprintf(stderr, "%s\n", s.error().c_str());
    std::exit(1);
  }
  return std::move(*s);
}

// Decisions taken by one thread in `seconds`, restarting finished games.
uint64_t play(const Game& game, const char* params, double seconds, uint64_t seed) {
  auto first = start(game, params);
  const ActionSpace space = first->action_space();
  std::vector<float> obs(static_cast<std::size_t>(space.channels) * space.height * space.width);
  std::vector<uint8_t> mask(space.num_actions);
  std::vector<int> legal;
  Rng rng(seed);
  uint64_t decisions = 0;
  const auto t0 = Clock::now();
  auto s = first->clone();
  while (true) {
    for (int i = 0; i < 256; ++i) {
      if (s->is_terminal()) s = first->clone();
      s->observe(s->to_move(), obs);
      s->legal_actions_mask(mask);
      s->legal_actions(legal);
      (void)s->apply_action(legal[rng.below(legal.size())]);
      ++decisions;
    }
    if (seconds_since(t0) >= seconds) return decisions;
  }
}

double decisions_per_second(const Game& game, const char* params, double seconds, int threads) {
  std::vector<std::thread> pool;
  std::atomic<uint64_t> total{0};
  const auto t0 = Clock::now();
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] { total += play(game, params, seconds, 17 + t); });
  }
  for (auto& th : pool) th.join();
  return static_cast<double>(total) / seconds_since(t0);
}

// Round trips per second over positions 20–60 moves into random games.
double round_trips_per_second(const Game& game, const char* params, double seconds) {
  std::vector<std::string> texts;
  Rng rng(5);
  for (int g = 0; g < 16; ++g) {
    auto s = start(game, params);
    const int plies = 20 + static_cast<int>(rng.below(41));
    for (int i = 0; i < plies && !s->is_terminal(); ++i) {
      const auto moves = s->legal_moves();
      (void)s->apply(moves[rng.below(moves.size())]);
    }
    texts.push_back(s->serialize());
  }
  uint64_t n = 0;
  const auto t0 = Clock::now();
  while (seconds_since(t0) < seconds) {
    for (const auto& text : texts) {
      auto back = game.deserialize(text);
      if (!back || (*back)->serialize() != text) {
        std::fprintf(stderr, "round trip failed: %s\n", text.c_str());
        std::exit(1);
      }
      ++n;
    }
  }
  return static_cast<double>(n) / seconds_since(t0);
}

}  // namespace
}  // namespace arbiter

int main(int argc, char** argv) {
  using namespace arbiter;
  const double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
  struct Row {
    const char* game;
    const char* params;
  };
  const Row rows[] = {
      {"trap", ""},
      {"traverse", "players=2"},
      {"traverse", "players=4 rules=expert"},
      {"travelers", ""},
  };
  std::printf("%-10s %-24s %14s %14s %16s\n", "game", "params", "decisions/s", "2 threads",
              "round trips/s");
  for (const Row& r : rows) {
    const Game* game = find_game(r.game);
    if (!game) continue;
    std::printf("%-10s %-24s %14.0f %14.0f %16.0f\n", r.game, r.params,
                decisions_per_second(*game, r.params, seconds, 1),
                decisions_per_second(*game, r.params, seconds, 2),
                round_trips_per_second(*game, r.params, seconds));
    std::fflush(stdout);
  }
}
