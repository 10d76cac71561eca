// Position text: one line, six or seven space-separated fields (docs/trap.md):
//
//   <red> <blue> <walls> <pile> <turn> <ply> [repetition]
//   c3,e7,g5 c5*,e3,g7 c3|c4,f5|f6 58 r 2
//
// red/blue: the three movers' cells, ascending, `*` after a trapped one; walls: the filled
// slots ascending, `-` for none; pile: walls left, `-` when unlimited (walls=0); turn: r or b;
// ply: plies played. `repetition` marks a game drawn by threefold repetition (the only result
// that the other fields cannot show; the repetition history itself is not kept: a parsed
// position is the first occurrence of itself). A free mover without a step is allowed: it is
// judged at the end of its opponent's next turn (P9).
#include <algorithm>

#include "core/text.h"
#include "games/trap/state.h"

namespace arbiter::trap {

namespace {
constexpr int64_t kMaxPly = 1'000'000'000;
constexpr std::string_view kRepetitionMark = "repetition";
}  // namespace

std::string State::to_text() const {
  const Geometry& g = *geo_;
  std::string out;
  for (int s = 0; s < 2; ++s) {
    std::array<int, kMoversPerSide> order = {0, 1, 2};
    std::sort(order.begin(), order.end(),
              [&](int x, int y) { return movers_[s][x] < movers_[s][y]; });
    for (int k = 0; k < kMoversPerSide; ++k) {
      out += (k == 0 ? "" : ",") + g.cell_name(movers_[s][order[k]]);
      if (mover_trapped(s, order[k])) out += '*';
    }
    out += ' ';
  }
  std::string walls;
  walls_.for_each([&](int slot) {
    walls += (walls.empty() ? "" : ",") + g.slot_name(slot);
    return true;
  });
  out += walls.empty() ? "-" : walls;
  out += ' ' + (pile_ < 0 ? std::string("-") : std::to_string(pile_));
  out += to_move_ == kRed ? " r " : " b ";
  out += std::to_string(ply_);
  if (end_ == End::kRepetition) out += " " + std::string(kRepetitionMark);
  return out;
}

Result<State> State::parse_position(const Params& params, std::string_view text) {
  State st(params);
  const Geometry& g = *st.geo_;
  const auto bad = [](const std::string& why) { return make_error("position text: " + why); };
  const auto fields = split(text);
  if (fields.size() != 6 && fields.size() != 7) {
    return bad("expected 6 or 7 fields (red blue walls pile turn ply [repetition]), got " +
               std::to_string(fields.size()));
  }
  st.occupied_ = CellSet{};
  st.trapped_ = {0, 0};
  for (int s = 0; s < 2; ++s) {
    const auto names = split_exact(fields[s], ',');
    const std::string who = st.player_name(s) + " movers";
    if (names.size() != kMoversPerSide) {
      return bad(who + " " + quote(fields[s]) + ": expected 3 cells separated by ','");
    }
    for (int i = 0; i < kMoversPerSide; ++i) {
      std::string_view name = names[i];
      const bool trapped = !name.empty() && name.back() == '*';
      if (trapped) name.remove_suffix(1);
      auto cell = g.parse_cell(name);
      if (!cell) return bad(who + ": " + cell.error());
      if (st.occupied_.test(*cell)) return bad(g.cell_name(*cell) + " holds two movers");
      st.movers_[s][i] = static_cast<uint8_t>(*cell);
      st.occupied_.set(*cell);
      if (trapped) st.trapped_[s] |= static_cast<uint8_t>(1U << i);
    }
  }
  if (fields[2] != "-") {
    for (auto name : split_exact(fields[2], ',')) {
      auto slot = g.parse_slot(name);
      if (!slot) return bad(slot.error());
      if (st.walls_.test(*slot)) return bad("wall " + g.slot_name(*slot) + " is listed twice");
      st.place_wall(*slot);
    }
  }
  if (params.unlimited_walls() != (fields[3] == "-")) {
    return bad(params.unlimited_walls() ? "pile must be '-' with walls=0 (unlimited)"
                                        : "pile '-' (unlimited) needs walls=0");
  }
  if (!params.unlimited_walls()) {
    auto pile = parse_int(fields[3], 0, params.walls, "pile");
    if (!pile) return bad(pile.error());
    st.pile_ = static_cast<int>(*pile);
  }
  if (fields[4] != "r" && fields[4] != "b") {
    return bad("turn " + quote(fields[4]) + " must be r or b");
  }
  st.to_move_ = fields[4] == "r" ? kRed : kBlue;
  auto ply = parse_int(fields[5], 0, kMaxPly, "ply");
  if (!ply) return bad(ply.error());
  st.ply_ = static_cast<int>(*ply);
  st.hash_ = st.compute_hash();
  st.pop_seen();  // the start position's entry
  st.push_seen();
  // P10 judges the player who did not just move. A text may also show the other side with all
  // three trapped (no game reaches it, but the result is plain: that side has lost); both sides
  // at once has no result and is refused.
  if (st.trapped_[kRed] == kAllTrapped && st.trapped_[kBlue] == kAllTrapped) {
    return bad("red and blue cannot both have all three movers trapped (P10)");
  }
  st.end_ =
      st.trapped_[st.to_move_ ^ 1] == kAllTrapped ? End::kAllTrapped : st.judge(st.to_move_ ^ 1);
  if (fields.size() == 7) {
    if (fields[6] != kRepetitionMark) {
      return bad("the seventh field may only be 'repetition', got " + quote(fields[6]));
    }
    if (st.end_ == End::kAllTrapped) {
      return bad("'repetition' on a position that is already won");
    }
    st.end_ = End::kRepetition;
  }
  return st;
}

}  // namespace arbiter::trap
