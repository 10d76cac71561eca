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
  auto params = ParamMap::parse(std::string_view(c.params));
  auto game = params ? new_game(c.game, *params) : make_error(params.error());
  if (!game) {
    std::fprintf(stderr, "%s %s: %s\n", c.game, c.params, game.error().c_str());
    std::exit(1);
  }
  return *game;
}

// A comma-separated list of positive numbers; exits with a message naming `what` otherwise.
std::vector<int> numbers(const char* text, const char* what) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string word;
  while (std::getline(in, word, ',')) {
    const int n = std::atoi(word.c_str());
    if (n < 1 || std::to_string(n) != word) {
      std::fprintf(stderr, "vector_env_bench: %s: expected positive numbers, got '%s'\n", what,
                   word.c_str());
      std::exit(2);
    }
    out.push_back(n);
  }
  return out;
}

}  // namespace
}  // namespace arbiter::python

int main(int argc, char** argv) {
  using namespace arbiter::python;
  const int steps = numbers(argc > 1 ? argv[1] : "2000", "steps per game").front();
  const auto batches = numbers(argc > 2 ? argv[2] : "32,1024", "batch sizes");
  const auto threads = numbers(argc > 3 ? argv[3] : "1,2", "thread counts");
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
