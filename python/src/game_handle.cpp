// new_game(): a GameHandle from a game name and parameters (handles.h), without Python objects,
// so the module and the C++ benchmark of VectorEnv build their games alike.
#include "core/text.h"
#include "games/registry.h"
#include "handles.h"

namespace arbiter::python {

Result<GamePtr> new_game(std::string_view name, const ParamMap& params) {
  const Game* game = find_game(name);
  if (game == nullptr) {
    return make_error("unknown game " + quote(name) + " (known: " + game_names() + ")");
  }
  auto initial = game->new_state(params);
  if (!initial) return make_error(initial.error());
  auto handle = std::make_shared<GameHandle>();
  handle->game = game;
  handle->initial = std::move(*initial);
  handle->params_text = handle->initial->params_text();
  auto canonical = ParamMap::parse(handle->params_text);
  if (!canonical) return make_error(canonical.error());
  handle->params = std::move(*canonical);
  handle->space = handle->initial->action_space();
  return GamePtr(std::move(handle));
}

}  // namespace arbiter::python
