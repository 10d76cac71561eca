// Fuzzes every game's move-text parser: the input's lines are tried as moves in turn from the
// start position; accepted ones are played. Errors must leave the state untouched. Each line is
// also read by move_parts() (how the web UI makes a move by clicking), which must accept every
// legal move, give a one-line error for malformed text and never change the state.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/text.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  if (size == 0) return 0;
  const auto& games = all_games();
  const Game& game = *games[data[0] % games.size()];
  auto state = game.new_state(ParamMap{});
  if (!state) std::abort();
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  for (auto line : split_exact(text, '\n')) {
    const std::string before = (*state)->to_text();
    const auto parts = (*state)->move_parts(line);
    if ((*state)->to_text() != before) std::abort();
    if (parts && parts->text.empty()) std::abort();
    if (!parts && (parts.error().empty() || parts.error().find('\n') != std::string::npos)) {
      std::abort();
    }
    auto st = (*state)->apply(line);
    if (st && !parts) std::abort();
    if (!st && ((*state)->to_text() != before || st.error().empty())) std::abort();
    if ((*state)->hash() != (*state)->compute_hash()) std::abort();
  }
  return 0;
}
