// Trap's decisions (the research face; docs/research.md gives the ids): a turn (P6) is its two
// actions, each a decision of the same player: a step (one mover to a neighbouring cell) or a
// wall (into a slot); `pass` (P8) is one decision. With N cells and S slots of the field:
//
//   step from cell c in direction d   6 c + d        d as geometry.h's six directions
//   wall into slot s                  6 N + s
//   pass                              6 N + S
//
// Each legal turn is exactly one sequence (P7: one per resulting position): the step of (c)
// before its wall; (d)'s lower slot first; (a) through the lowest-named middle cell; (b) the
// lower-named start cell first and, when both ways of pairing starts and targets are legal, the
// lower target with it; the chain form of (b) (the second mover enters the cell the first left)
// only when no (a) path gives the position, with the lowest-named first mover.
// The decisions are generated from the State, not from its list of turns.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/game.h"
#include "games/trap/state.h"

namespace arbiter::trap {

class Actions {
 public:
  explicit Actions(const Params& params);

  ActionSpace space() const;
  int pending() const { return pending_; }
  std::span<const int> taken() const { return {taken_.data(), static_cast<std::size_t>(pending_)}; }
  void legal(const State& state, std::vector<int>& out) const;
  // The same as a bitset over the action space (bit a of word a / 64), into zero words: the
  // hundred and more free slots of a turn become a few shifted words instead of an id each.
  void legal_bits(const State& state, std::span<uint64_t> out) const;
  bool take(const State& state, int action, Move& move);
  // The move `action` would complete, without taking it; false when it completes none. For
  // prefetching only.
  bool peek(int action, Move& move) const;
  // Whether `action` can be a decision of `move`'s sequence, from the cells and slots it names
  // (GameState::move_actions' filter: never false for one that is).
  bool may_take(const State&, const Move& move, int action) const;
  void untake(const State&) { --pending_; }
  void clear() { pending_ = 0; }
  std::string text(int action) const;
  Result<int> read(std::string_view text) const;

  int step_id(int cell, int dir) const { return kDirections * cell + dir; }
  int wall_id(int slot) const { return walls_base_ + slot; }
  int pass_id() const { return walls_base_ + geo_->num_slots; }
  bool is_step(int action) const { return action < walls_base_; }
  bool is_wall(int action) const { return action >= walls_base_ && action < pass_id(); }

 private:
  // legal() into an id list or a bitset (actions.cpp's sinks).
  template <class Sink>
  void legal_into(const State& s, Sink& out) const;
  // Adds the second decisions after the step from -> to (or, with out == nullptr, says
  // whether there is one).
  template <class Sink>
  bool second_after_step(const State& s, int from, int to, Sink* out) const;
  // The turn of the decisions `first` then `second` (neither a pass).
  Move turn(int first, int second) const;

  const Geometry* geo_;
  int walls_base_;
  int max_plies_;
  std::array<int, 2> taken_{};
  int pending_ = 0;
};

}  // namespace arbiter::trap
