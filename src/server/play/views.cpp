#include "server/play/views.h"

namespace arbiter::server {

MoveParts move_parts_of(const GameState& state, const std::string& text) {
  auto parts = state.move_parts(text);
  if (parts) return std::move(*parts);
  // Only malformed text fails, and `text` comes from the rules core: draw it as a bare move.
  MoveParts bare;
  bare.text = text;
  return bare;
}

}  // namespace arbiter::server
