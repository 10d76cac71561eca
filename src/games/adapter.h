// GameAdapter<Descriptor>: wraps a game's concrete State as the runtime Game/GameState.
//
// Layering: a game is one module, its folder (games/<game>/), declared by one Descriptor
// (games/<game>/descriptor.h; src/games/README.md names every member). GameAdapter turns the
// Descriptor into the runtime Game, all but its AI; engine::GameModule<Descriptor>
// (engine/game_module.h) derives from it and adds make_searcher(), pairing it with
// GameSearcher<Descriptor>, which takes the concrete State out of the StateAdapter (state())
// rather than rebuilding it from text. The game list (games/game_list.cpp) instantiates one
// GameModule per Descriptor. So games/ knows nothing of the searches, and the engine knows no
// game.
//
// What a Descriptor provides (checked at compile time where it is used):
//   struct Descriptor {
//     using State; using Params;
//     static constexpr std::string_view kName, kTitle, kSummary;
//     // Tables (games/descriptor_types.h), arrays or spans (a span for an empty one):
//     static constexpr ParamSpec kParams[]; Seating kSeatings[];
//     static constexpr ConformanceCase kConformance[]; BenchPosition kBench[];
//     static constexpr std::string_view kPerftSuite;           // bench/suites/NAME.txt, or ""
//     static Result<Params> parse_params(const ParamMap&);
//     static std::string params_text(const Params&);        // canonical, defaults included
//     static Result<State> new_state(const Params&);         // the start position
//     static Result<State> parse_position(const Params&, std::string_view text);
//     static BoardView view(const State&);                    // games/board_view.h
//     // Move text has one reader: read_move() gives the move as written, legal or not (the
//     // reader parse_move() is built on); move_parts() makes the clicks and path from it and
//     // the position before the move, in the canonical spelling when the move is legal there.
//     static Result<WrittenMove> read_move(const State&, std::string_view move);
//     static Result<MoveParts> move_parts(const State& before, const WrittenMove&);
//   };
//   class State {                                            // copyable, history included
//     using Move; using MoveList;                            // MoveList: iterable, clear(), size()
//     void generate(MoveList&) const;                        // one move per resulting position
//     uint64_t count_moves() const;                          // == generated size, maybe faster
//     void apply(const Move&); void undo();                  // undo takes back the last apply
//     bool is_terminal() const; int to_move() const; int num_players() const;
//     std::string player_name(int) const;
//     std::vector<double> returns() const; std::string result_text() const;
//     uint64_t hash() const; uint64_t compute_hash() const;
//     std::string to_text() const;
//     std::string move_text(const Move&) const;              // canonical, for a legal move
//     Result<Move> parse_move(std::string_view) const;       // any accepted spelling; legal only
//     // usually parse_move() is two stages, read_move() (text -> WrittenMove, the syntax) then
//     // legal_move(const WrittenMove&) (the rules), which Descriptor::read_move/move_parts use
//     // optional: a uniformly random legal move without enumerating them all (not terminal)
//     Move sample_move(Rng&) const;
//   };
// A copy of a State carries what its rules need of the game so far (repetition counts, the undo
// stack), so a search on a copy sees the same game as the runtime position.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/game.h"
#include "games/perft.h"

namespace arbiter {

template <class Descriptor>
class StateAdapter final : public GameState {
 public:
  using State = typename Descriptor::State;
  StateAdapter(const Game& game, typename Descriptor::Params params, State state)
      : game_(&game), params_(std::move(params)), state_(std::move(state)) {}

  const Game& game() const override { return *game_; }
  std::string params_text() const override { return Descriptor::params_text(params_); }
  int num_players() const override { return state_.num_players(); }
  int to_move() const override { return state_.to_move(); }
  std::string player_name(int p) const override { return state_.player_name(p); }

  std::vector<std::string> legal_moves() const override {
    typename State::MoveList moves;
    state_.generate(moves);
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(state_.move_text(m));
    std::sort(out.begin(), out.end());
    return out;
  }
  std::size_t num_legal_moves() const override { return state_.count_moves(); }

  Status apply(std::string_view text) override {
    if (state_.is_terminal()) return make_error("the game is over (" + state_.result_text() + ")");
    auto move = state_.parse_move(text);
    if (!move) return make_error(move.error());
    std::string canonical = state_.move_text(*move);
    state_.apply(*move);
    history_.push_back(std::move(canonical));
    return {};
  }
  bool undo() override {
    if (history_.empty()) return false;
    state_.undo();
    history_.pop_back();
    return true;
  }
  const std::vector<std::string>& history() const override { return history_; }

  bool is_terminal() const override { return state_.is_terminal(); }
  std::vector<double> returns() const override { return state_.returns(); }
  std::string result_text() const override { return state_.result_text(); }
  std::string to_text() const override { return state_.to_text(); }
  BoardView view() const override { return Descriptor::view(state_); }
  Result<MoveParts> move_parts(std::string_view move) const override {
    auto written = Descriptor::read_move(state_, move);
    if (!written) return make_error(written.error());
    return Descriptor::move_parts(state_, *written);
  }
  uint64_t hash() const override { return state_.hash(); }
  uint64_t recomputed_hash() const override { return state_.compute_hash(); }
  uint64_t perft(int depth) const override {
    State copy = state_;
    return arbiter::perft(copy, depth);
  }
  uint64_t random_playout(uint64_t seed) const override {
    State s = state_;
    Rng rng(seed);
    uint64_t plies = 0;
    typename State::MoveList moves;
    while (!s.is_terminal()) {
      if constexpr (requires { s.sample_move(rng); }) {
        s.apply(s.sample_move(rng));
      } else {
        s.generate(moves);
        s.apply(moves[rng.below(moves.size())]);
      }
      ++plies;
    }
    return plies;
  }
  std::unique_ptr<GameState> clone() const override {
    return std::make_unique<StateAdapter>(*this);
  }

  // The concrete position, with its history: what the game's searcher copies.
  const State& state() const { return state_; }

 private:
  const Game* game_;
  typename Descriptor::Params params_;
  State state_;
  std::vector<std::string> history_;
};

// Every Game member but make_searcher() (engine/game_module.h adds it).
template <class Descriptor>
class GameAdapter : public Game {
 public:
  GameAdapter() : params_help_(params_help_text(Descriptor::kParams)) {}

  std::string_view name() const override { return Descriptor::kName; }
  std::string_view title() const override { return Descriptor::kTitle; }
  std::string_view summary() const override { return Descriptor::kSummary; }
  std::span<const ParamSpec> param_specs() const override { return Descriptor::kParams; }
  std::string_view params_help() const override { return params_help_; }
  std::span<const Seating> seatings() const override { return Descriptor::kSeatings; }
  std::span<const ConformanceCase> conformance_cases() const override {
    return Descriptor::kConformance;
  }
  std::span<const BenchPosition> bench_positions() const override { return Descriptor::kBench; }
  std::string_view perft_suite() const override { return Descriptor::kPerftSuite; }

  Result<std::unique_ptr<GameState>> new_state(const ParamMap& map) const override {
    auto params = Descriptor::parse_params(map);
    if (!params) return make_error(params.error());
    auto state = Descriptor::new_state(*params);
    if (!state) return make_error(state.error());
    return wrap(std::move(*params), std::move(*state));
  }
  Result<std::unique_ptr<GameState>> parse_state(const ParamMap& map,
                                                 std::string_view text) const override {
    auto params = Descriptor::parse_params(map);
    if (!params) return make_error(params.error());
    auto state = Descriptor::parse_position(*params, text);
    if (!state) return make_error(state.error());
    return wrap(std::move(*params), std::move(*state));
  }

 private:
  Result<std::unique_ptr<GameState>> wrap(typename Descriptor::Params params,
                                          typename Descriptor::State state) const {
    return std::unique_ptr<GameState>(
        std::make_unique<StateAdapter<Descriptor>>(*this, std::move(params), std::move(state)));
  }

  std::string params_help_;
};

}  // namespace arbiter
