#include "games/travelers/snapshot.h"

#include <algorithm>
#include <vector>

#include "core/text.h"

namespace arbiter::travelers {
namespace {

constexpr std::string_view kLetters = "TDBAWR";  // by Kind, as in position text

char content_letter(Piece p) {
  if (p == 0) return '.';
  const char c = kLetters[kind_of(p)];
  return side_of(p) == kWhite ? c : static_cast<char>(c - 'A' + 'a');
}

// The piece of a content letter; -1 when it is none.
int parse_content(char c) {
  if (c == '.') return 0;
  for (int k = 0; k < kKinds; ++k) {
    if (c == kLetters[k]) return make_piece(kWhite, k);
    if (c == kLetters[k] - 'A' + 'a') return make_piece(kBlack, k);
  }
  return -1;
}

void append_diff(std::string& out, const Position& earlier, const Position& later) {
  for (Square s = 0; s < kSquares; ++s) {
    if (earlier.board[s] == later.board[s]) continue;
    out += square_name(s);
    out += content_letter(earlier.board[s]);
  }
  if (earlier.ban) out += '!';
}

}  // namespace

std::string Snapshot::write(const State& s) {
  const std::size_t n = s.history_.size();
  const std::size_t window = std::min<std::size_t>(n, s.pos_.no_capture);
  if (window == 0) return "-";
  std::string out;
  out.reserve(window * 14);
  for (std::size_t i = n - window; i < n; ++i) {
    if (i > n - window) out += ',';
    append_diff(out, s.history_[i], i + 1 < n ? s.history_[i + 1] : s.pos_);
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
  // Newest first: each earlier position is the one after it with the entry's squares changed.
  std::vector<Position> earlier(entries.size());
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
    std::array<int, 2 * kKinds + 1> material{};  // pieces gained minus pieces lost
    for (std::size_t i = 0; i < e.size(); i += 3) {
      const Square sq = parse_square(e.substr(i, 2));
      const int piece = parse_content(e[i + 2]);
      if (sq < 0 || piece < 0) return bad(quote(e.substr(i, 3)) + " is not a square and a piece");
      const Piece old = scratch.pos_.board[sq];
      if (old == piece) return bad(square_name(sq) + " does not change");
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
    earlier[entries.size() - 1 - back] = p;
  }
  s.history_ = std::move(earlier);
  for (const Position& p : s.history_) s.history_hashes_.push_back(p.hash);
  for (std::size_t at = 0; at <= s.history_.size(); ++at) {
    Position& p = at < s.history_.size() ? s.history_[at] : s.pos_;
    p.repeats = static_cast<uint8_t>(std::min(s.count_repetitions(at), 255));
  }
  // V13's order: only the repetition clause can change what the position text alone decided.
  if (s.pos_.end != End::kAllHome && s.pos_.no_capture >= 4 && s.repetitions() >= 3) {
    s.pos_.end = End::kRepetition;
  }
  return {};
}

}  // namespace arbiter::travelers
