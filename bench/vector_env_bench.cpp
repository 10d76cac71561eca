// VectorEnv without Python (docs/python.md): a fixed number of steps of random play per game,
// observations and masks written, so every run plays the same games and the figures measure
// the same work. Steps/s per batch size and thread count, for reading what a batch costs in
// memory (a batch of a few dozen games stays in the caches; 1024 does not).
//
//   vector_env_bench [steps per game, default 2000] [batch sizes, default 32,1024]
//                    [thread counts, default 1,2] [games: those whose "name params" contain this]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/registry.h"
#include "vector_env.h"

namespace arbiter::python {
namespace {

struct Case {
  const char* game;
  const char* params;
};
constexpr Case kCases[] = {
    {"trap", ""}, {"traverse", "players=2"}, {"travelers", ""}, {"traverse", "players=4"}};

GamePtr load(const Case& c) {
  const Game* game = find_game(c.game);
  auto params = ParamMap::parse(std::string_view(c.params));
  auto initial = game != nullptr && params ? game->new_state(*params) : make_error("no game");
  if (!initial) {
    std::fprintf(stderr, "%s %s: %s\n", c.game, c.params, initial.error().c_str());
    std::exit(1);
  }
  auto handle = std::make_shared<GameHandle>();
  handle->game = game;
  handle->initial = std::move(*initial);
  handle->params_text = handle->initial->params_text();
  handle->space = handle->initial->action_space();
  return handle;
}

std::vector<int> numbers(const char* text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string word;
  while (std::getline(in, word, ',')) out.push_back(std::atoi(word.c_str()));
  return out;
}

}  // namespace
}  // namespace arbiter::python

int main(int argc, char** argv) {
  using namespace arbiter::python;
  const int steps = argc > 1 ? std::atoi(argv[1]) : 2000;
  const auto batches = numbers(argc > 2 ? argv[2] : "32,1024");
  const auto threads = numbers(argc > 3 ? argv[3] : "1,2");
  const std::string only = argc > 4 ? argv[4] : "";
  std::printf("%-22s%8s%9s%15s\n", "game", "batch", "threads", "steps/s");
  for (const Case& c : kCases) {
    if ((std::string(c.game) + " " + c.params).find(only) == std::string::npos) continue;
    const GamePtr game = load(c);
    for (int batch : batches) {
      for (int t : threads) {
        VectorEnv env(game, batch, t, 1);
        std::vector<int64_t> actions(static_cast<std::size_t>(batch));
        const auto start = std::chrono::steady_clock::now();
        for (int k = 0; k < steps; ++k) {
          actions = env.buffers()->random_actions;
          if (auto ok = env.step(actions); !ok) {
            std::fprintf(stderr, "%s\n", ok.error().c_str());
            return 1;
          }
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%-22s%8d%9d%15.0f\n", (std::string(c.game) + " " + c.params).c_str(), batch, t,
                    double(steps) * batch / seconds);
      }
    }
  }
}
