// Nim, the smallest game arbiter plays: a test game proving that a game is one module (its
// folder, the game list and the build file; nothing in the engine, AI, CLI or tests names it).
// Heaps a, b, c, ... start with 1, 3, 5, ... counters; a turn takes one or more counters from one
// heap; who takes the last counter wins.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter::nim {

inline constexpr int kMaxHeaps = 6;
inline constexpr int kMaxCounters = 15;  // per heap, in position text

struct Params {
  int heaps = 3;
};

struct Move {
  uint8_t heap = 0;
  uint8_t take = 0;
  bool operator==(const Move&) const = default;
};
// A move's spelling, "c3" (take 3 from heap c), legal or not; an error for malformed text.
Result<Move> parse_move_text(std::string_view text);

class State {
 public:
  using Move = nim::Move;
  using MoveList = std::vector<Move>;

  static State start(const Params& params);
  // "1/3/5 first": the heaps in order, then the player to move.
  static Result<State> parse_position(const Params& params, std::string_view text);

  void generate(MoveList& out) const;
  uint64_t count_moves() const { return counters_; }
  void apply(const Move& m);
  void undo();

  bool is_terminal() const { return counters_ == 0; }
  int to_move() const { return to_move_; }
  int num_players() const { return 2; }
  std::string player_name(int player) const { return player == 0 ? "first" : "second"; }
  std::vector<double> returns() const;
  std::string result_text() const;

  uint64_t hash() const { return hash_; }
  uint64_t compute_hash() const;
  int heaps() const { return params_.heaps; }
  int heap(int h) const { return heaps_[h]; }

  std::string to_text() const;
  std::string move_text(const Move& m) const;
  Result<Move> parse_move(std::string_view text) const;

 private:
  State() = default;
  void take(int heap, int counters);  // negative: put back
  Params params_;
  std::array<int, kMaxHeaps> heaps_{};
  int counters_ = 0;
  int to_move_ = 0;
  uint64_t hash_ = 0;
  std::vector<Move> undo_;
};

}  // namespace arbiter::nim
