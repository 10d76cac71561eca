// GameAdapter<Traits>: wraps a game's concrete State as the runtime Game/GameState.
//
// What a game provides (checked at compile time where it is used):
//   struct Traits {
//     using State; using Params;
//     static constexpr std::string_view kName, kSummary, kParamsHelp;
//     static Result<Params> parse_params(const ParamMap&);
//     static std::string params_text(const Params&);        // canonical, defaults included
//     static Result<State> new_state(const Params&);         // the start position
//     static Result<State> parse_position(const Params&, std::string_view text);
//     static BoardView view(const State&);                    // games/board_view.h
//     static Result<MoveParts> move_parts(const State&, std::string_view move);
//   };
//   class State {                                            // copyable
//     using Move; using MoveList;                            // MoveList: iterable, clear(), size()
//     void generate(MoveList&) const;                        // one move per resulting position
//     uint64_t count_moves() const;                          // == generated size, maybe faster
//     void apply(const Move&); void undo();                  // undo takes back the last apply
//     bool is_terminal() const; int to_move() const; int num_players() const;
//     std::string player_name(int) const;
//     std::vector<double> returns() const; std::string result_text() const;
//     uint64_t hash() const; uint64_t compute_hash() const;
//     std::string to_text() const; std::string render() const;
//     std::string move_text(const Move&) const;              // canonical, for a legal move
//     Result<Move> parse_move(std::string_view) const;       // any accepted spelling; legal only
//     // optional: a uniformly random legal move without enumerating them all (not terminal)
//     Move sample_move(Rng&) const;
//   };
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/game.h"
#include "games/perft.h"

namespace arbiter {

template <class Traits>
class StateAdapter final : public GameState {
 public:
  using State = typename Traits::State;
  StateAdapter(const Game& game, typename Traits::Params params, State state)
      : game_(&game), params_(std::move(params)), state_(std::move(state)) {}

  const Game& game() const override { return *game_; }
  std::string params_text() const override { return Traits::params_text(params_); }
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
  std::string render() const override { return state_.render(); }
  BoardView view() const override { return Traits::view(state_); }
  Result<MoveParts> move_parts(std::string_view move) const override {
    return Traits::move_parts(state_, move);
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

  const State& state() const { return state_; }

 private:
  const Game* game_;
  typename Traits::Params params_;
  State state_;
  std::vector<std::string> history_;
};

template <class Traits>
class GameAdapter final : public Game {
 public:
  std::string_view name() const override { return Traits::kName; }
  std::string_view summary() const override { return Traits::kSummary; }
  std::string_view params_help() const override { return Traits::kParamsHelp; }

  Result<std::unique_ptr<GameState>> new_state(const ParamMap& map) const override {
    auto params = Traits::parse_params(map);
    if (!params) return make_error(params.error());
    auto state = Traits::new_state(*params);
    if (!state) return make_error(state.error());
    return wrap(std::move(*params), std::move(*state));
  }
  Result<std::unique_ptr<GameState>> parse_state(const ParamMap& map,
                                                 std::string_view text) const override {
    auto params = Traits::parse_params(map);
    if (!params) return make_error(params.error());
    auto state = Traits::parse_position(*params, text);
    if (!state) return make_error(state.error());
    return wrap(std::move(*params), std::move(*state));
  }

 private:
  Result<std::unique_ptr<GameState>> wrap(typename Traits::Params params,
                                          typename Traits::State state) const {
    return std::unique_ptr<GameState>(
        std::make_unique<StateAdapter<Traits>>(*this, std::move(params), std::move(state)));
  }
};

}  // namespace arbiter
