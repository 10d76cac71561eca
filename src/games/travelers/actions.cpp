#include "games/travelers/actions.h"

#include <algorithm>

#include "core/bits.h"
#include "core/text.h"

namespace arbiter::travelers {

ActionSpace Actions::space() const {
  ActionSpace s;
  s.num_actions = kNumActions;
  const int plies = max_plies_ > 0 ? std::min(max_plies_, kMaxPlies) : kMaxPlies;
  s.max_game_length = plies * kMaxDecisions;
  return s;
}

namespace {

// Appends base + s for each square s of `squares`, ascending.
void append(Bitboard squares, int base, std::vector<int>& out) {
  for_each_square(squares, [&](Square s) { out.push_back(base + s); });
}

}  // namespace

template <class Add>
void Actions::each_choice(const State& state, Add&& add) const {
  switch (pending_) {
    case 0:
      add(state.movable_pieces(), kFrom);
      return;
    case 1: {
      const State::Destinations to = state.destinations(taken_[0] - kFrom);
      add(to.plain, kTo);
      add(to.displacing, kToDisplacing);
      return;
    }
    case 2:
      add(state.victims(taken_[1] - kToDisplacing), kDisplace);
      return;
    default:
      add(state.drops(taken_[0] - kFrom, taken_[1] - kToDisplacing), kDrop);
      return;
  }
}

void Actions::legal(const State& state, std::vector<int>& out) const {
  each_choice(state, [&](Bitboard squares, int base) { append(squares, base, out); });
}

void Actions::legal_bits(const State& state, std::span<uint64_t> out) const {
  each_choice(state, [&](Bitboard squares, int base) { or_shifted(out, squares, base); });
}

bool Actions::take(const State&, int action, Move& move) {
  taken_[pending_++] = action;
  if (pending_ == 2 && action < kToDisplacing) {
    move = Move{static_cast<uint8_t>(taken_[0] - kFrom), static_cast<uint8_t>(action - kTo)};
  } else if (pending_ == kMaxDecisions) {
    move = Move{static_cast<uint8_t>(taken_[0] - kFrom),
                static_cast<uint8_t>(taken_[1] - kToDisplacing),
                static_cast<uint8_t>(taken_[2] - kDisplace), static_cast<uint8_t>(action - kDrop)};
  } else {
    return false;
  }
  pending_ = 0;
  return true;
}

bool Actions::peek(int action, Move& move) const {
  if (pending_ == 1 && action >= kTo && action < kToDisplacing) {
    move = Move{static_cast<uint8_t>(taken_[0] - kFrom), static_cast<uint8_t>(action - kTo)};
    return true;
  }
  if (pending_ == 3 && action >= kDrop && action < kNumActions) {
    move = Move{static_cast<uint8_t>(taken_[0] - kFrom),
                static_cast<uint8_t>(taken_[1] - kToDisplacing),
                static_cast<uint8_t>(taken_[2] - kDisplace), static_cast<uint8_t>(action - kDrop)};
    return true;
  }
  return false;
}

std::string Actions::text(int a) const {
  const std::string square = square_name(a % kSquares);
  switch (a / kSquares) {
    case 0:
      return "from " + square;
    case 1:
      return "to " + square;
    case 2:
      return "to " + square + " displacing";
    case 3:
      return "displace " + square;
    default:
      return "drop " + square;
  }
}

Result<int> Actions::read(std::string_view text) const {
  const std::string lower = to_lower(text);
  const auto words = split(lower);
  const auto bad = [&] {
    return make_error("decision " + quote(text) +
                      ": expected 'from SQ', 'to SQ', 'to SQ displacing', 'displace SQ' or "
                      "'drop SQ'");
  };
  if (words.size() != 2 && words.size() != 3) return bad();
  const Square s = parse_square(words[1]);
  if (s < 0) return bad();
  if (words.size() == 3) {
    if (words[0] == "to" && words[2] == "displacing") return kToDisplacing + s;
    return bad();
  }
  if (words[0] == "from") return kFrom + s;
  if (words[0] == "to") return kTo + s;
  if (words[0] == "displace") return kDisplace + s;
  if (words[0] == "drop") return kDrop + s;
  return bad();
}

}  // namespace arbiter::travelers
