// Fuzzes every game's position-text parser: any input is either rejected with an error or
// parses to a state whose text parses back to itself.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  if (size == 0) return 0;
  const auto& games = all_games();
  const Game& game = *games[data[0] % games.size()];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto state = game.parse_state(ParamMap{}, text);
  if (!state) {
    if (state.error().empty()) std::abort();  // every rejection says why
    return 0;
  }
  const std::string back = (*state)->to_text();
  auto again = game.parse_state(ParamMap{}, back);
  if (!again || (*again)->to_text() != back) std::abort();
  if ((*state)->hash() != (*state)->compute_hash()) std::abort();
  (void)(*state)->legal_moves();
  return 0;
}
