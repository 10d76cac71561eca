#include "games/travelers/snapshot.h"

#include <algorithm>
#include <vector>

#include "core/text.h"

namespace arbiter::travelers {
namespace {

char content_letter(Piece p) {
  if (p == 0) return '.';
  const char c = kPieceLetters[kind_of(p)];
  return side_of(p) == kWhite ? c : static_cast<char>(c - 'A' + 'a');
}

// The piece of a content letter; -1 when it is none.
int parse_content(char c) {
  if (c == '.') return 0;
  for (int k = 0; k < kKinds; ++k) {
    if (c == kPieceLetters[k]) return make_piece(kWhite, k);
    if (c == kPieceLetters[k] - 'A' + 'a') return make_piece(kBlack, k);
  }
  return -1;
}

// The entry of one earlier position: the squares where it differs from the position after it,
// in square order, each with its earlier content; '!' when the V11 ban held there.
std::string diff_entry(const Undo& u, const Board& earlier, const Board& later) {
  std::array<uint8_t, 4> squares = u.squares;
  // A move changes at most four squares (state.h); the bound spelled here lets the compiler
  // see it too.
  std::sort(squares.begin(), squares.begin() + std::min<int>(u.changed, 4));
  std::string out;
  for (int k = 0; k < u.changed; ++k) {
    const Square s = squares[k];
    if (earlier[s] == later[s]) continue;
    out += square_name(s);
    out += content_letter(earlier[s]);
  }
  if (u.ban) out += '!';
  return out;
}

}  // namespace

std::string Snapshot::write(const State& s) {
  const std::size_t n = s.history_.size();
  const std::size_t window = std::min<std::size_t>(n, s.pos_.no_capture);
  if (window == 0) return "-";
  // Newest first, each board taken back from the one after it.
  std::vector<std::string> entries(window);
  Board later = s.pos_.board;
  for (std::size_t i = n; i-- > n - window;) {
    Board earlier = later;
    s.board_back(earlier, i + 1, i);
    entries[i - (n - window)] = diff_entry(s.history_[i], earlier, later);
    later = earlier;
  }
  std::string out;
  out.reserve(window * 14);
  for (std::size_t i = 0; i < window; ++i) {
    if (i > 0) out += ',';
    out += entries[i];
  }
  return out;
}

Status Snapshot::read(State& s, std::string_view record) {
  s.history_.clear();
  s.history_hashes_.clear();
  s.pos_.repeats = 1;
  if (record == "-") return {};
  std::vector<std::string_view> entries = split_exact(record, ',');
  if (entries.size() > s.pos_.no_capture || entries.size() > s.pos_.ply) {
    return make_error(std::to_string(entries.size()) +
                      " earlier positions, more than the plies since the last capture (" +
                      std::to_string(s.pos_.no_capture) + ")");
  }
  // The side-to-move and V11 keys, from the hash of an empty board.
  State scratch;
  scratch.params_ = s.params_;
  scratch.pos_.side = kBlack;
  const uint64_t side_key = scratch.compute_hash();
  scratch.pos_.side = kWhite;
  scratch.pos_.ban = true;
  const uint64_t ban_key = scratch.compute_hash();
  // Newest first: each earlier position is the one after it with the entry's squares changed;
  // the entry is what undoing the move between them restores.
  std::vector<Undo> earlier(entries.size());
  std::vector<uint64_t> earlier_hashes(entries.size());
  scratch.pos_ = s.pos_;
  for (std::size_t back = 0; back < entries.size(); ++back) {
    std::string_view e = entries[entries.size() - 1 - back];
    const auto bad = [&](const std::string& why) {
      return make_error("earlier position " + quote(e) + ": " + why);
    };
    const bool ban = e.ends_with('!');
    if (ban) e.remove_suffix(1);
    if (e.empty() || e.size() % 3 != 0) {
      return bad("expected squares each followed by a piece letter or '.'");
    }
    if (e.size() / 3 > Undo{}.squares.size()) {
      return bad("more squares change than one move changes (at most 4)");
    }
    Undo& u = earlier[entries.size() - 1 - back];
    std::array<int, 2 * kKinds + 1> material{};  // pieces gained minus pieces lost
    for (std::size_t i = 0; i < e.size(); i += 3) {
      const Square sq = parse_square(e.substr(i, 2));
      const int piece = parse_content(e[i + 2]);
      if (sq < 0 || piece < 0) return bad(quote(e.substr(i, 3)) + " is not a square and a piece");
      const Piece old = scratch.pos_.board[sq];
      if (old == piece) return bad(square_name(sq) + " does not change");
      for (int k = 0; k < u.changed; ++k) {
        if (u.squares[k] == sq) return bad(square_name(sq) + " is named twice");
      }
      u.squares[u.changed] = static_cast<uint8_t>(sq);
      u.pieces[u.changed++] = static_cast<Piece>(piece);
      if (old != 0) {
        scratch.take(sq);
        --material[old];
      }
      if (piece != 0) {
        scratch.put(sq, static_cast<Piece>(piece));
        ++material[piece];
      }
    }
    for (int m = 1; m < 2 * kKinds + 1; ++m) {
      if (material[m] != 0) return bad("other material than the position after it (no capture)");
    }
    Position& p = scratch.pos_;
    p.side ^= 1;
    p.hash ^= side_key;
    if (ban != p.ban) p.hash ^= ban_key;
    p.ban = ban;
    if (ban && !scratch.pieces(p.side, kDisplacer)) {
      return bad("the V11 ban without a Displacer of the side to move");
    }
    p.ply -= 1;
    p.no_capture = static_cast<uint16_t>(p.no_capture - 1);
    p.end = End::kNone;
    u.ban = ban;
    u.no_capture = p.no_capture;
    earlier_hashes[entries.size() - 1 - back] = p.hash;
  }
  s.history_ = std::move(earlier);
  s.history_hashes_ = std::move(earlier_hashes);
  for (std::size_t at = 0; at <= s.history_.size(); ++at) {
    uint8_t& repeats = at < s.history_.size() ? s.history_[at].repeats : s.pos_.repeats;
    repeats = static_cast<uint8_t>(std::min(s.count_repetitions(at), 255));
  }
  // V13's order: only the repetition clause can change what the position text alone decided.
  if (s.pos_.end != End::kAllHome && s.pos_.no_capture >= 4 && s.repetitions() >= 3) {
    s.pos_.end = End::kRepetition;
  }
  return {};
}

}  // namespace arbiter::travelers
