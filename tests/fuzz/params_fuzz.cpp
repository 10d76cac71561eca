// Fuzzes parameter lists (`key=value ...`) for every game.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  if (size == 0 || size > 512) return 0;
  const auto& games = all_games();
  const Game& game = *games[data[0] % games.size()];
  auto params = ParamMap::parse(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  if (!params) return 0;
  auto state = game.new_state(*params);
  if (!state) return 0;
  // Canonical parameters parse back to the same game.
  auto again = game.new_state(*ParamMap::parse((*state)->params_text()));
  if (!again || (*again)->params_text() != (*state)->params_text() ||
      (*again)->to_text() != (*state)->to_text()) {
    std::abort();
  }
  return 0;
}
