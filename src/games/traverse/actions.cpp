#include "games/traverse/actions.h"

#include "core/bits.h"
#include "core/text.h"

namespace arbiter::traverse {

ActionCodec::ActionCodec(const Params& params)
    : max_lifts_(params.circle_reversal ? kMaxLifts : 0), max_plies_(params.max_plies) {}

ActionSpace ActionCodec::space() const {
  ActionSpace s;
  s.num_actions = pass_id() + 1;
  s.max_game_length = max_plies_ > 0 ? max_plies_ * (2 + 2 * max_lifts_) : -1;
  return s;
}

int ActionCodec::sequence(const State&, const Move& m, uint16_t* out) const {
  if (m.is_pass()) {
    out[0] = static_cast<uint16_t>(pass_id());
    return 1;
  }
  int n = 0;
  out[n++] = static_cast<uint16_t>(m.from);
  out[n++] = static_cast<uint16_t>(to_id(m.to, m.lifts));
  for (int i = 0; i < m.lifts; ++i) {
    out[n++] = static_cast<uint16_t>(lift_id(m.lifted[i]));
    out[n++] = static_cast<uint16_t>(place_id(m.placed[i]));
  }
  return n;
}

bool ActionCodec::first_decisions(const State& state, std::vector<int>& out) const {
  if (!state.moves_split_by_piece()) return false;
  const Bitboard movable = state.movable_pieces();
  if (!movable) {
    out.push_back(pass_id());  // R13
    return true;
  }
  for_each_square(movable, [&](Square s) { out.push_back(s); });
  return true;
}

bool ActionCodec::moves_after_first(const State& state, int first, State::MoveList& out) const {
  if (!state.moves_split_by_piece()) return false;
  if (first == pass_id()) {
    out.assign(1, Move{});  // legal only as the lone pass (R13)
    return true;
  }
  state.generate_from(static_cast<Square>(first), out);
  return true;
}

void Actions::legal(const State& state, std::vector<int>& out) const {
  if (split_) {
    for_each_square(state.destinations(static_cast<Square>(taken_[0])),
                    [&](Square s) { out.push_back(codec().to_id(s, 0)); });
    return;
  }
  filtered_.legal(state, out);
}

void Actions::legal_bits(const State& state, std::span<uint64_t> out) const {
  if (split_) {
    or_shifted(out, state.destinations(static_cast<Square>(taken_[0])), codec().to_id(0, 0));
  } else if (filtered_.pending() == 0 && state.moves_split_by_piece()) {
    const Bitboard movable = state.movable_pieces();
    if (movable) {
      or_shifted(out, movable, 0);
    } else {
      or_shifted(out, uint64_t{1}, codec().pass_id());  // R13
    }
  } else {
    scratch_.clear();
    filtered_.legal(state, scratch_);
    for (int a : scratch_) or_shifted(out, uint64_t{1}, a);
  }
}

bool Actions::take(const State& state, int action, Move& move) {
  if (split_) {
    move = Move{};
    move.from = static_cast<uint8_t>(taken_[0]);
    move.to = static_cast<uint8_t>(action - codec().to_id(0, 0));
    clear();
    return true;
  }
  if (filtered_.pending() == 0 && action != codec().pass_id() && state.moves_split_by_piece()) {
    split_ = true;
    taken_[0] = action;
    pending_ = 1;
    return false;
  }
  return filtered_.take(state, action, move);
}

bool Actions::peek(int action, Move& move) const {
  if (!split_) return filtered_.peek(action, move);
  if (action < codec().to_id(0, 0) || action >= codec().to_id(0, 1)) return false;
  move = Move{};
  move.from = static_cast<uint8_t>(taken_[0]);
  move.to = static_cast<uint8_t>(action - codec().to_id(0, 0));
  return true;
}

void Actions::untake(const State& state) {
  if (split_) {
    clear();
    return;
  }
  filtered_.untake(state);
}

std::string ActionCodec::text(int a) const {
  if (a == pass_id()) return "pass";
  if (a < kSquares) return "from " + square_name(a);
  if (a < kSquares * (max_lifts_ + 2)) {
    const int lifts = a / kSquares - 1;
    std::string out = "to " + square_name(a % kSquares);
    if (lifts > 0) out += " lifting " + std::to_string(lifts);
    return out;
  }
  if (a < place_id(0)) return "lift " + square_name(a - lift_id(0));
  return "place " + square_name(a - place_id(0));
}

Result<int> ActionCodec::read(std::string_view text) const {
  const std::string lower = to_lower(trim(text));
  const auto words = split(lower);
  const auto bad = [&] {
    return make_error("decision " + quote(text) +
                      ": expected 'from SQ', 'to SQ', 'to SQ lifting N', 'lift SQ', "
                      "'place SQ' or 'pass'");
  };
  if (words.size() == 1 && words[0] == "pass") return pass_id();
  if (words.size() != 2 && words.size() != 4) return bad();
  const auto square = parse_square(words[1]);
  if (!square) return bad();
  if (words.size() == 2) {
    if (words[0] == "from") return *square;
    if (words[0] == "to") return to_id(*square, 0);
    if (max_lifts_ > 0 && words[0] == "lift") return lift_id(*square);
    if (max_lifts_ > 0 && words[0] == "place") return place_id(*square);
    return bad();
  }
  if (words[0] != "to" || words[2] != "lifting") return bad();
  auto lifts = parse_int(words[3], 0, max_lifts_, "lifts");
  if (!lifts) return make_error("decision " + quote(text) + ": " + lifts.error());
  return to_id(*square, static_cast<int>(*lifts));
}

}  // namespace arbiter::traverse
