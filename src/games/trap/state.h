// Trap (IDEAL, 1972), as this project plays it: docs/trap.md, clauses P1–P12.
// Two players, Red (0, moves first) and Blue (1), three movers each on a hexagonal field of
// hexagonal cells. A turn is (a) one mover two steps, (b) two movers one step each, (c) one step
// and one wall, or (d) two walls. At the end of a turn, every mover of the player who did not
// make it that has no step is trapped for good (a turn never traps the mover's own movers: they
// are judged at the end of the opponent's next turn); trapping all three opposing movers wins.
// Draws by threefold repetition or a ply limit.
// Parameters: size=3..8 (5), walls=N (60, 0 = unlimited), max_plies=N (400, 0 = none).
//
// The State is split by concern:
//   state.cpp          start position, apply/undo, trapping, end of game, hashing
//   movegen.cpp        analyse(), count_moves(), generate(), move_at()
//   sample.cpp         sample_move(), sample_at(): one-word fields without analyse()
//   turn_walk.h        for_each_move(): lazy enumeration in move_at() order
//   move_text.cpp      read_move(), legal_move(), parse_move(), spell_move(), write_move()
//   position_text.cpp  to_text(), parse_position()
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/rng.h"
#include "games/trap/analysis.h"
#include "games/trap/geometry.h"
#include "games/trap/move.h"
#include "games/trap/params.h"

namespace arbiter::trap {

inline constexpr int kRed = 0;
inline constexpr int kBlue = 1;
inline constexpr int kMoversPerSide = 3;
inline constexpr uint8_t kAllTrapped = 0b111;

// A turn as written (P5a), legal or not: `pass`, or one or two comma-separated parts, each a
// wall (its slot) or a mover's cells in play order (2 or 3). read_move() makes one from text,
// write_move() writes one, spell_move() gives a legal Move's canonical one.
struct WrittenPart {
  bool wall = false;
  int slot = -1;
  std::array<int, 3> cells{};
  int num_cells = 0;
};
struct WrittenMove {
  std::string text;  // as read: legal_move() quotes it in its errors ("" in a spelling)
  bool pass = false;
  std::array<WrittenPart, 2> parts{};
  int num_parts = 0;
};

// Why a game ended, or kNone while it runs; who won is returns()'s.
enum class End : uint8_t {
  kNone,
  kAllTrapped,  // P10: all three movers of the player who did not make the last turn trapped
  kRepetition,  // P11: the third occurrence of a position
  kPlyLimit,    // P11: the ply limit
};

class State {
 public:
  using Move = trap::Move;
  using MoveList = std::vector<Move>;

  static State start(const Params& params);  // the start position (P4)
  // Position text (docs/trap.md); any text gives a State or a one-line error.
  static Result<State> parse_position(const Params& params, std::string_view text);

  // Turns (movegen.cpp). A finished game has none; a player without a turn has only `pass`.
  Analysis analyse() const;
  void generate(MoveList& moves) const;
  uint64_t count_moves() const;
  Move move_at(uint64_t index) const;  // index < count_moves(); generate() order
  Move move_at(const Analysis& an, uint64_t index) const;  // an == analyse()
  Move sample_move(Rng& rng) const;  // uniform over the distinct resulting positions
  // The turn sample_move() plays for the draw `index` < count_moves(): a bijection onto the
  // legal turns, in sample.cpp's own order on fields of at most 64 cells, else move_at()'s.
  Move sample_at(uint64_t index) const;
  // Calls f(const Move&) for every legal turn in generate() order; stops when f returns false.
  template <class F>
  void for_each_move(F&& f) const;

  void apply(const Move& move);  // a legal move of this position
  void undo();                   // takes back the last apply

  bool is_terminal() const { return end_ != End::kNone; }
  End end_reason() const { return end_; }
  int to_move() const { return to_move_; }
  int num_players() const { return 2; }
  std::string player_name(int player) const { return player == kRed ? "red" : "blue"; }
  std::vector<double> returns() const;  // P12
  std::string result_text() const;

  uint64_t hash() const { return hash_; }
  uint64_t compute_hash() const;

  std::string to_text() const;
  // Turn text (move_text.cpp). read_move() is the one reader of turn text: any well-formed
  // text, legal or not, else an error; parse_move() is read_move() then legal_move(), the
  // legality check.
  std::string move_text(const Move& move) const { return write_move(spell_move(move)); }
  Result<Move> parse_move(std::string_view text) const;
  Result<WrittenMove> read_move(std::string_view text) const;
  Result<Move> legal_move(const WrittenMove& w) const;  // the legal Move it names, or why not
  WrittenMove spell_move(const Move& move) const;       // canonical (move_text.cpp's header)
  std::string write_move(const WrittenMove& w) const;

  // Read access for tests, evaluation and search.
  const Params& params() const { return params_; }
  const Geometry& geo() const { return *geo_; }
  int mover_cell(int side, int i) const { return movers_[side][i]; }
  bool mover_trapped(int side, int i) const { return (trapped_[side] >> i) & 1U; }
  int trapped_count(int side) const;
  const CellSet& occupied() const { return occupied_; }
  const SlotSet& walls() const { return walls_; }
  // The hash apply(m) reaches, unless m traps a mover (P9 adds the trapped movers' keys).
  uint64_t hash_after(const Move& m) const;
  // Asks the processor to bring into cache what apply(m) reads at random: the repetition
  // bucket of the position after m (P11), when m traps no mover.
  void prefetch_after(const Move& m) const {
    __builtin_prefetch(&seen_count_[hash_after(m) % kSeenBuckets]);
  }
  bool has_wall(int slot) const { return walls_.test(slot); }
  int pile() const { return pile_; }  // -1 when unlimited
  int ply() const { return ply_; }
  int empty_slots() const { return geo_->num_slots - walls_placed_; }
  // Cells a mover on `cell` could step to now: neighbours, no wall between, empty.
  CellSet steps_from(int cell) const { return open_[cell].minus(occupied_); }
  // The neighbours of `cell` not behind a wall, occupied or not.
  const CellSet& open_neighbours(int cell) const { return open_[cell]; }
  bool has_step(int cell) const {
    const CellSet& o = open_[cell];
    return ((o.w[0] & ~occupied_.w[0]) | (o.w[1] & ~occupied_.w[1]) | (o.w[2] & ~occupied_.w[2])) !=
           0;
  }
  bool mover_at(int cell, int* side, int* index) const;

 private:
  friend struct Snapshot;                // snapshot.h: the repetition record of serialize()
  explicit State(const Params& params);  // start() and parse_position() begin from it
  struct Undo {
    // Built in place (emplace_back): a temporary copied in stalls on store forwarding.
    Undo(const Move& m, uint64_t h, int32_t from, End e)
        : move(m), hash(h), reversible_from(from), end(e) {}
    Move move;
    uint64_t hash;
    int32_t reversible_from;
    uint8_t newly_trapped = 0;  // movers of the player who did not make the turn (P9)
    End end;
  };

  template <int U>
  Analysis analyse_words() const;  // analyse() on a field of at most 64·U cells
  // The (d) turn of rank `index` among the C(e, 2) pairs of the e free slots, lexicographic.
  static Move wall_pair_at(const SlotSet& free_slots, int e, uint64_t index);
  struct Draws;         // sample.cpp: the turn counts of a field of at most 64 cells
  Draws draws() const;  // not terminal; num_cells <= 64
  Move draw_at(const Draws& d, uint64_t index) const;  // index < d.turns()
  void relocate(int side, int from, int to);           // to == from: no change (apply's shift)
  void place_wall(int slot);
  void remove_wall(int slot);
  void reserve_history();  // grows undo_ and seen_ ahead of need (a copy has no spare room)
  // P9 trapping of the opponent's movers, then P10/P11 in order; records the position for
  // repetition.
  void settle();
  template <int U>
  unsigned stuck_movers(int side) const;  // bit i: mover i is free and has no step (U words)
  End judge(int last_mover) const;        // after a turn by `last_mover`
  // With End::kAllTrapped: the side whose opponent's three movers are all trapped (the two
  // sides are never both all trapped: parse_position refuses it, and play cannot reach it).
  int winner() const { return trapped_[kBlue] == kAllTrapped ? kRed : kBlue; }
  bool walls_available(int n) const { return pile_ < 0 || pile_ >= n; }

  const Geometry* geo_;
  Params params_;
  std::array<std::array<uint8_t, kMoversPerSide>, 2> movers_{};  // cells; order is irrelevant
  std::array<uint8_t, 2> trapped_{};                             // bit i: mover i trapped
  CellSet occupied_;
  SlotSet walls_;
  std::array<CellSet, kMaxCells> open_{};  // neighbours not behind a wall
  int walls_placed_ = 0;
  int pile_ = 0;
  int to_move_ = kRed;
  int ply_ = 0;
  End end_ = End::kNone;
  uint64_t hash_ = 0;
  // Hashes of the positions since the last irreversible turn (walls or trapping), for P11.
  std::vector<uint64_t> seen_;
  int32_t reversible_from_ = 0;
  // How many entries of seen_ fall in each bucket (hash % kSeenBuckets): a cheap exact-undo
  // filter, so the repetition scan runs only when the position may have occurred before.
  static constexpr int kSeenBuckets = 1024;
  std::array<uint32_t, kSeenBuckets> seen_count_{};
  // P11: the occurrences of the current position (seen_'s last entry) since reversible_from_,
  // kept with it (the observation reads it at every decision) by push_seen() and undo().
  int repeats_ = 1;
  int occurrences() const;  // counts them
  void push_seen() {
    seen_.push_back(hash_);
    ++seen_count_[hash_ % kSeenBuckets];
    repeats_ = occurrences();
  }
  void pop_seen() {
    --seen_count_[seen_.back() % kSeenBuckets];
    seen_.pop_back();
  }
  std::vector<Undo> undo_;
};

}  // namespace arbiter::trap

#include "games/trap/turn_walk.h"
