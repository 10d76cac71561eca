// The runtime face of a game: what the CLI, protocol, server, records and tests use.
// Each game's concrete State (fast, templated search and perft run on it) is wrapped once by
// GameAdapter (games/adapter.h); nothing outside a game's folder re-implements a rule. Code
// that serves every game finds them in the registry (games/registry.h) and reads what each
// declares here, rather than naming one.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/params.h"
#include "core/result.h"
#include "games/board_view.h"
#include "games/descriptor_types.h"
#include "games/observation_out.h"

namespace arbiter {

class Game;
class MoveLister;  // games/move_lister.h

// The research face's fixed shapes, per game and parameter set (docs/research.md describes each
// game's): action ids 0 … num_actions − 1 and the observation tensor (channels, height, width).
struct ActionSpace {
  int num_actions = 0;
  int channels = 0, height = 0, width = 0;
  // An upper bound on the decisions (not moves) of a game from its start; -1 when the parameters
  // set no bound (no ply limit).
  int max_game_length = -1;
};

class GameState {
 public:
  virtual ~GameState() = default;

  virtual const Game& game() const = 0;
  // Canonical `key=value` list of every parameter, defaults included (records store this).
  virtual std::string params_text() const = 0;
  virtual int num_players() const = 0;
  // Index (0-based, turn order) of the player to move; meaningless once terminal.
  virtual int to_move() const = 0;
  virtual std::string player_name(int player) const = 0;

  // Legal moves in canonical text, sorted, one per distinct resulting position.
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual std::size_t num_legal_moves() const = 0;
  // Plays a move given in any accepted spelling; on error the state is unchanged.
  virtual Status apply(std::string_view move) = 0;
  // Takes back the last move played through this object; false when there is none.
  virtual bool undo() = 0;
  // Canonical texts of the moves played through this object, in order.
  virtual const std::vector<std::string>& history() const = 0;

  virtual bool is_terminal() const = 0;
  // One value per player, summing to zero; all zero while the game is running.
  virtual std::vector<double> returns() const = 0;
  // "south wins: all pieces home", "draw: threefold repetition", "" while running.
  virtual std::string result_text() const = 0;

  virtual std::string to_text() const = 0;  // one-line position text (round-trips)
  // The position as structured data for drawing (games/board_view.h); games/board_text.h draws
  // it, the one board drawing of every program.
  virtual BoardView view() const = 0;
  // How `move` is pointed at and drawn, from its text alone: any accepted spelling, legal now
  // or not (a move already played works too); only malformed text is an error. `text` is the
  // canonical spelling when the move is legal in this position, else the text as written.
  virtual Result<MoveParts> move_parts(std::string_view move) const = 0;
  virtual uint64_t hash() const = 0;  // incremental
  virtual uint64_t compute_hash() const = 0;
  virtual uint64_t perft(int depth) const = 0;
  // Plays uniformly random legal moves on a copy until the game ends; returns the plies played.
  virtual uint64_t random_playout(uint64_t seed) const = 0;

  virtual std::unique_ptr<GameState> clone() const = 0;
  // Becomes a copy of `other` as clone() would make it, keeping the memory this state already
  // holds (its histories and lists keep their capacity: a batch of games restarts each game
  // this way without allocating). False, and no change, when `other` is a state of another
  // game.
  virtual bool assign(const GameState& other) = 0;

  // The research face (docs/research.md). A move may be several decisions of the same player,
  // taken one at a time (Traverse: piece, destination, each lifted circle and its placement;
  // Trap: the two actions of a turn; The Travelers: piece, destination, the displacement);
  // to_move() stays the same through a move's decisions, and the last decision plays the move
  // (history() gains its text). Every legal move is exactly one sequence of decisions.
  virtual ActionSpace action_space() const = 0;
  // The decisions open now, sorted ids; empty when terminal.
  virtual void legal_actions(std::vector<int>& out) const = 0;
  // The same without a copy: valid until this state next changes (a decision, a move, undo).
  virtual std::span<const int> legal_actions_view() const = 0;
  // 1 for each id of legal_actions(), else 0; out.size() must be num_actions.
  virtual void legal_actions_mask(std::span<uint8_t> out) const = 0;
  // The ids of legal_actions() as a bitset: bit a % 64 of word a / 64, (num_actions + 63) / 64
  // words. Valid until this state next changes, as the view is.
  virtual std::span<const uint64_t> legal_actions_bits() const = 0;
  // Takes one decision; a one-line error (and no change) when it is not open now.
  virtual Status apply_action(int action) = 0;
  // "from d1", "to d3", "circle e5": readable, the same in every position; string_to_action is
  // its inverse and accepts only a decision open now.
  virtual std::string action_to_string(int action) const = 0;
  virtual Result<int> string_to_action(std::string_view text) const = 0;
  // The decisions that make `move` (any accepted spelling of a legal move), in order: the one
  // sequence apply_action() plays it by. Found by taking decisions and taking them back, so the
  // state is left as it was; an error for an illegal or malformed move, or while a move is in
  // progress. Costs about what the move's own decisions cost, not a walk of every move.
  virtual Result<std::vector<int>> move_actions(std::string_view move) = 0;
  // Decisions taken of the move in progress; 0 between moves. While it is > 0, apply(move text)
  // is an error and undo() takes back the last decision.
  virtual int decisions_pending() const = 0;
  // Float planes (channels, height, width) seen by `player`: planes of players start at that
  // player (seat-relative), the decisions taken of the move in progress included. out.size()
  // must be channels * height * width.
  virtual void observe(int player, std::span<float> out) const = 0;
  // observe() into a row holding an earlier observation of this game, made by observe_over()
  // with `record` (or a zero row and an empty record): zeroes only what that one wrote, then
  // writes this one and records it (games/observation_out.h). Same planes as observe(). When
  // the row holds the same player's observation of this game just before its last decision,
  // and that decision completed no move, only the decision's marks are written.
  virtual void observe_over(int player, std::span<float> row,
                            ObservationOut::Record& record) const = 0;
  // Asks the processor to bring into cache what apply_action(action) reads at random (a batch
  // of games asks for a whole chunk of games before it steps them). Changes nothing; any
  // action may be asked for.
  virtual void prefetch_decision(int /*action*/) const {}
  // Exact one-line text of the game state: parameters, position, the record of earlier
  // positions the rules still look at (repetition), the end of the game, pending decisions.
  // Game::deserialize reads it back; the move history is not part of it (a deserialized state
  // starts a fresh history() and cannot undo past its position).
  virtual std::string serialize() const = 0;
};

// What a game declares about itself (its descriptor, games/<game>/descriptor.h), how to start or
// read a position, and its AI.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view name() const = 0;   // "travelers": in commands, records, the API
  virtual std::string_view title() const = 0;  // "The Travelers": in prose
  virtual std::string_view summary() const = 0;
  virtual std::span<const ParamSpec> param_specs() const = 0;
  // Help text for the parameters, one `key=values  meaning` line each (from param_specs()).
  virtual std::string_view params_help() const = 0;
  // The seats of each player count the game allows, fewest players first.
  virtual std::span<const Seating> seatings() const = 0;
  // What the marks on its boards mean (glyph keys, zones) and how the terminal draws them.
  virtual const Legend& legend() const = 0;
  // What a UI says when a click on its board is not one the game offers.
  virtual const ClickHints& hints() const = 0;
  virtual std::span<const ConformanceCase> conformance_cases() const = 0;
  virtual std::span<const BenchPosition> bench_positions() const = 0;
  // How a terminal summarises a long list of moves (games/move_lister.h); nullptr: by the
  // square each move starts on.
  virtual const MoveLister* move_lister() const = 0;
  // Whether a game can end in a draw (players may agree one; a claim may ask for one).
  virtual bool has_draws() const = 0;
  // The win-probability models the game declares, one per player count (none: the game cannot
  // be reviewed).
  virtual std::span<const WinModel> win_models() const = 0;
  // The name of the game's perft suite (bench/suites/NAME.txt); "" when it has none.
  virtual std::string_view perft_suite() const = 0;

  virtual Result<std::unique_ptr<GameState>> new_state(const ParamMap& params) const = 0;
  // A position given as position text, under the given parameters.
  virtual Result<std::unique_ptr<GameState>> parse_state(const ParamMap& params,
                                                         std::string_view text) const = 0;
  // A state from GameState::serialize() text of this game; a one-line error naming what is
  // wrong for any other text.
  virtual Result<std::unique_ptr<GameState>> deserialize(std::string_view text) const = 0;
};

}  // namespace arbiter
