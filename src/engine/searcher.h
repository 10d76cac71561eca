// Searcher: one game's searches behind a small virtual interface, so the Engine (and the match
// tool) can hold any game. Implemented once as a template over a game's Descriptor and its
// concrete State (game_searcher.h); make_searcher(game) (engine/game_module.h) makes a game's.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/levels.h"
#include "ai/search.h"
#include "core/result.h"
#include "engine/texel.h"
#include "games/game.h"
#include "nn/selfplay_data.h"

namespace arbiter::engine {

// One root move of a multi-PV search, in move text: its score for the player to move (the
// search's own scale), its line (starting with `move`), and the number of moves of the player to
// move to a win the search proved (1: this move wins), or of the opponent's to a proven loss
// (negative), when the score is a proven result.
struct PvLine {
  std::string move;
  int score = 0;
  std::vector<std::string> pv;
  std::optional<int> mate_in;
};

// What a search found, in move text.
struct EngineResult {
  std::string best_move;  // "" when the position has no move (finished game)
  int score = 0;          // for the player to move
  int depth = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
  // The position's value for every player (index = player), each in that player's own terms and
  // on the search's scale, as the search sees it: 2-player negamax (score, -score), paranoid
  // (the root player's score, its negation for each opponent), best-reply (likewise), MCTS max^n
  // (each player's mean reward at the root). Empty when no search ran.
  std::vector<double> values;
  // MCTS: the visits of every root move, in move text, most visited first; empty for alpha-beta.
  std::vector<std::pair<std::string, uint64_t>> root_visits;
  // Multi-PV: the best root moves, best first (lines[0] is the best move and its line); one
  // line with MultiPV 1.
  std::vector<PvLine> lines;
};

// One search of the search bench (search_bench.h).
struct BenchSearch {
  uint64_t nodes = 0;  // alpha-beta nodes, or MCTS playouts
  double seconds = 0;
  std::string best_move;
  uint64_t visits = 0;  // MCTS: the visits of the move chosen
};

// The static evaluation of a position (no search): the score for each player on the search's
// scale, and a learned evaluation's outputs (logits of each player's expected result, and the
// network's integers) when the recipe names a net.
struct StaticEval {
  std::vector<int> scores;       // index = player
  std::vector<double> logits;    // index = player; empty for the hand evaluation
  std::vector<int32_t> outputs;  // the net's integer outputs, index = player
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Copies the concrete position, its history included (repetition rules see the moves played);
  // an error for a position of another game.
  virtual Status set_position(const GameState& state) = 0;
  // Searches the position set last. `stop` aborts within a few milliseconds.
  virtual EngineResult search(const ai::Recipe& recipe, const ai::SearchLimits& limits,
                              const std::atomic<bool>& stop, const ai::ProgressFn& progress) = 0;
  // Forgets what earlier searches learned (transposition table, MCTS tree).
  virtual void clear() = 0;
  // Loads and checks the evaluation `recipe` names for the position set last (a net of this
  // game, player count and parameters: ai/levels.h, docs/ai.md); an error says what does not
  // fit. search() calls it too, and falls back to the hand evaluation when it fails, so callers
  // that take a recipe from a user call it first and report the error.
  virtual Status prepare(const ai::Recipe& recipe) = 0;
  // The learned evaluation's inputs (games/<game>/features.h) of the position set last, as
  // `player` sees it, in the game's order; false for a game that has none. feature_set() names
  // them ("" for none) and num_features() bounds them.
  virtual bool net_features(int player, std::vector<uint16_t>& out) const = 0;
  // The position's static evaluation by `recipe`'s evaluation (prepare()'s errors).
  virtual Result<StaticEval> evaluate(const ai::Recipe& recipe) = 0;
  virtual std::string_view feature_set() const = 0;
  virtual int num_features() const = 0;
  // The search bench's search of the position set last, on fresh tables and one thread:
  // alpha-beta to `position.depth` with kBenchTableMegabytes of transposition table, or
  // `position.playouts` MCTS playouts with seed 1 (descriptor_types.h). Deterministic node counts.
  // Alpha-beta evaluates as the last prepare() said (the hand evaluation unless it named a net).
  virtual BenchSearch bench(const BenchPosition& position) = 0;
  // Texel tuning (texel.h) of the hand evaluation's weights on the self-play games `data` (of
  // this game), starting from the weights file `start` (empty: the game's weights). An error
  // for a game with no tunable weights, data of other parameters or a position that does not
  // parse.
  virtual Result<TuneReport> tune(const nn::SelfplayFile& data, const std::string& start,
                                  const TuneOptions& o) = 0;
  // The weights file's text of the weights `values` (a TuneReport's), in kWeightFields order.
  virtual std::string weights_text(const std::vector<int>& values) const = 0;
};

inline constexpr std::size_t kBenchTableMegabytes = 8;

}  // namespace arbiter::engine
