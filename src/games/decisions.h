// The decisions of a move (the research face, games/game.h), from a game's legal moves.
//
// A game's `Actions` (named by its Descriptor) is held by the StateAdapter next to the State and
// provides:
//   explicit Actions(const Params&);
//   ActionSpace space() const;               // num_actions and max_game_length
//   int pending() const; std::span<const int> taken() const;  // decisions of the move so far
//   void legal(const State&, std::vector<int>& out) const;   // sorted ids; out is empty on entry
//   void legal_bits(const State&, std::span<uint64_t> out) const;  // optional: legal() as a
//                                            // bitset (bit a of word a / 64), into zero words
//   bool take(const State&, int action, Move& move);  // a legal decision; true when it completes
//                                                     // a move, which is then `move`
//   void untake(const State&);               // takes back the last decision (pending() > 0)
//   bool peek(int action, Move& move) const; // optional: the move `action` would complete, if
//                                            // known without taking it (to fetch memory ahead)
//   void clear();                            // the State changed: a new move begins
//   std::string text(int action) const; Result<int> read(std::string_view) const;
//
// FilteredDecisions<Codec> is that class for a game whose Codec gives each legal Move its one
// canonical decision sequence: the moves are generated once when a move's first decision is
// asked for, and each decision keeps the moves whose sequence goes on with it. The sequences of
// the legal moves must be prefix-free (no sequence begins another), so a move is complete
// exactly when its whole sequence is taken. The Codec provides:
//   using State; static constexpr int kMaxDecisions; explicit Codec(const Params&);
//   ActionSpace space() const;
//   int sequence(const State&, const Move&, uint16_t* out) const;  // its decisions; returns
//                                                                   // how many
//   std::string text(int action) const; Result<int> read(std::string_view) const;
// and optionally, for a game where the moves sharing a first decision are cheap to list
// apart (a move that begins with its piece):
//   bool first_decisions(const State&, std::vector<int>& out) const;  // sorted: exactly the
//                                                  // first decisions of the legal moves
//   bool moves_after_first(const State&, int first, MoveList& out) const;  // exactly the legal
//                                                  // moves whose sequence begins with `first`
// so a move's first decision lists no moves, and its second only the chosen piece's. Either
// returns false where the split does not hold (then every move is generated, as without them);
// in one position both hold or neither does.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "games/game.h"

namespace arbiter {

template <class Codec>
class FilteredDecisions {
 public:
  using State = typename Codec::State;
  using Move = typename State::Move;

  template <class Params>
  explicit FilteredDecisions(const Params& params) : codec_(params) {}

  ActionSpace space() const { return codec_.space(); }
  int pending() const { return static_cast<int>(taken_.size()); }
  std::span<const int> taken() const { return taken_; }
  const Codec& codec() const { return codec_; }

  void legal(const State& state, std::vector<int>& out) const {
    if constexpr (kSplitsFirst) {
      if (taken_.empty() && codec_.first_decisions(state, out)) return;
    }
    prepare(state);
    const std::size_t k = taken_.size();
    const int n = codec_.space().num_actions;
    seen_.assign((n + 63) / 64, 0);
    for (uint32_t i : alive_) {
      const int a = seqs_[i].ids[k];
      seen_[a >> 6] |= uint64_t{1} << (a & 63);
    }
    for (std::size_t w = 0; w < seen_.size(); ++w) {
      for (uint64_t x = seen_[w]; x != 0; x &= x - 1) {
        out.push_back(static_cast<int>(w * 64 + std::countr_zero(x)));
      }
    }
  }

  bool take(const State& state, int action, Move& move) {
    if constexpr (kSplitsFirst) {
      if (taken_.empty() && !prepared_) {
        moves_.clear();
        if (codec_.moves_after_first(state, action, moves_)) sequence_moves(state);
      }
    }
    prepare(state);
    const std::size_t k = taken_.size();
    std::size_t kept = 0;
    int complete = -1;
    for (uint32_t i : alive_) {
      if (seqs_[i].ids[k] != action) continue;
      alive_[kept++] = i;
      if (seqs_[i].length == k + 1) complete = static_cast<int>(i);
    }
    alive_.resize(kept);
    taken_.push_back(action);
    if (complete < 0) return false;
    move = moves_[complete];
    clear();
    return true;
  }

  // The move `action` would complete, without taking it; false when it completes none, or the
  // moves of this decision are not listed yet (a first decision). For prefetching only.
  bool peek(int action, Move& move) const {
    if (!prepared_) return false;
    const std::size_t k = taken_.size();
    for (uint32_t i : alive_) {
      if (seqs_[i].ids[k] == action && seqs_[i].length == k + 1) {
        move = moves_[i];
        return true;
      }
    }
    return false;
  }

  void untake(const State& state) {
    taken_.pop_back();
    const std::vector<int> keep = taken_;
    prepared_ = false;
    prepare(state);
    taken_ = keep;
    refilter();
  }

  void clear() {
    taken_.clear();
    prepared_ = false;
  }

  std::string text(int action) const { return codec_.text(action); }
  Result<int> read(std::string_view text) const { return codec_.read(text); }

 private:
  struct Sequence {
    std::array<uint16_t, Codec::kMaxDecisions> ids;
    uint8_t length;
  };

  static constexpr bool kSplitsFirst =
      requires(const Codec& c, const State& s, std::vector<int>& ids, typename State::MoveList& l) {
    c.first_decisions(s, ids);
    c.moves_after_first(s, 0, l);
  };

  // Generates the moves of a new move and their sequences (once per move).
  void prepare(const State& state) const {
    if (prepared_) return;
    moves_.clear();
    state.generate(moves_);
    sequence_moves(state);
  }
  // The sequences of moves_, every one alive.
  void sequence_moves(const State& state) const {
    seqs_.resize(moves_.size());
    alive_.resize(moves_.size());
    std::size_t i = 0;
    for (const Move& m : moves_) {
      seqs_[i].length = static_cast<uint8_t>(codec_.sequence(state, m, seqs_[i].ids.data()));
      alive_[i] = static_cast<uint32_t>(i);
      ++i;
    }
    prepared_ = true;
  }
  // Keeps the moves whose sequences begin with taken_ (after an untake).
  void refilter() const {
    std::size_t kept = 0;
    for (uint32_t i : alive_) {
      bool match = seqs_[i].length > taken_.size();
      for (std::size_t k = 0; match && k < taken_.size(); ++k) match = seqs_[i].ids[k] == taken_[k];
      if (match) alive_[kept++] = i;
    }
    alive_.resize(kept);
  }

  Codec codec_;
  std::vector<int> taken_;
  mutable bool prepared_ = false;
  mutable typename State::MoveList moves_;
  mutable std::vector<Sequence> seqs_;
  mutable std::vector<uint32_t> alive_;  // indices of the moves that go on with taken_
  mutable std::vector<uint64_t> seen_;
};

}  // namespace arbiter
