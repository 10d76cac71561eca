#include "games/travelers/actions.h"

#include <algorithm>

#include "core/text.h"

namespace arbiter::travelers {

ActionSpace ActionCodec::space() const {
  ActionSpace s;
  s.num_actions = kNumActions;
  const int plies = max_plies_ > 0 ? std::min(max_plies_, kMaxPlies) : kMaxPlies;
  s.max_game_length = plies * kMaxDecisions;
  return s;
}

int ActionCodec::sequence(const State&, const Move& m, uint16_t* out) const {
  out[0] = static_cast<uint16_t>(kFrom + m.from);
  if (!m.displaces()) {
    out[1] = static_cast<uint16_t>(kTo + m.to);
    return 2;
  }
  out[1] = static_cast<uint16_t>(kToDisplacing + m.to);
  out[2] = static_cast<uint16_t>(kDisplace + m.victim);
  out[3] = static_cast<uint16_t>(kDrop + m.drop);
  return 4;
}

std::string ActionCodec::text(int a) const {
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

Result<int> ActionCodec::read(std::string_view text) const {
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
