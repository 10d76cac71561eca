// make_searcher(): the Searcher of each game, by name (an explicit list, as the registry).
#include <string>

#include "ai/trap_ai.h"
#include "ai/travelers_ai.h"
#include "ai/traverse_ai.h"
#include "core/text.h"
#include "engine/game_searcher.h"
#include "games/trap/params.h"
#include "games/trap/state.h"
#include "games/travelers/travelers_game.h"
#include "games/traverse/params.h"
#include "games/traverse/state.h"

namespace arbiter::engine {
namespace {

struct TraverseLoader {
  using State = traverse::State;
  static Result<State> load(const ParamMap& map, std::string_view text) {
    auto params = traverse::parse_params(map);
    if (!params) return make_error(params.error());
    return traverse::parse_position(*params, text);
  }
};

struct TravelersLoader {
  using State = travelers::State;
  static Result<State> load(const ParamMap& map, std::string_view text) {
    auto params = travelers::Traits::parse_params(map);
    if (!params) return make_error(params.error());
    return State::from_text(*params, text);
  }
};

struct TrapLoader {
  using State = trap::State;
  static Result<State> load(const ParamMap& map, std::string_view text) {
    auto params = trap::parse_params(map);
    if (!params) return make_error(params.error());
    return State::parse(*params, text);
  }
};

}  // namespace

std::unique_ptr<Searcher> make_searcher(std::string_view game) {
  const std::string name = to_lower(game);
  if (name == "traverse") return std::make_unique<GameSearcher<TraverseLoader>>();
  if (name == "travelers") return std::make_unique<GameSearcher<TravelersLoader>>();
  if (name == "trap") return std::make_unique<GameSearcher<TrapLoader>>();
  return nullptr;
}

}  // namespace arbiter::engine
