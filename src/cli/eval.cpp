// `arbiter eval GAME [params] [--position TEXT] [--moves ...] [--player SPEC] [--json]`: the
// static evaluation of a position, by the hand evaluation or a net (eval=net, evalfile=PATH):
// each player's score and, for a net, its logits and integer outputs (docs/ai.md).
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "engine/game_module.h"
#include "engine/searcher.h"

namespace arbiter::cli {

namespace {
struct EvalCli {
  PositionOptions position;
  std::string player = "level=10";
  bool json = false;
};
}  // namespace

Runner setup_eval(CLI::App& sub) {
  auto o = std::make_shared<EvalCli>();
  add_position_options(sub, o->position);
  sub.add_option("--player", o->player, "whose evaluation: eval=classic, eval=net, evalfile=PATH");
  sub.add_flag("--json", o->json, "one JSON object: scores, logits, outputs");
  return [o] {
    auto state = build_state(o->position);
    if (!state) return fail(state.error());
    auto recipe = ai::parse_player_spec(o->player);
    if (!recipe) return fail("--player: " + recipe.error());
    auto searcher = engine::make_searcher((*state)->game());
    if (auto st = searcher->set_position(**state); !st) return fail(st.error());
    auto e = searcher->evaluate(*recipe);
    if (!e) return fail(e.error());
    if (o->json) {
      nlohmann::json j = {{"scores", e->scores}, {"logits", e->logits}, {"outputs", e->outputs}};
      std::printf("%s\n", j.dump().c_str());
      return 0;
    }
    for (std::size_t p = 0; p < e->scores.size(); ++p) {
      std::printf("%s %d", (*state)->player_name(static_cast<int>(p)).c_str(), e->scores[p]);
      if (!e->logits.empty()) std::printf(" logit %.6f output %d", e->logits[p], e->outputs[p]);
      std::printf("\n");
    }
    return 0;
  };
}

}  // namespace arbiter::cli
