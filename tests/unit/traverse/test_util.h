// Helpers for Traverse tests: positions from text, and moves as sorted canonical strings.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/traverse/state.h"

namespace arbiter::traverse::testing {

inline Params params_of(const std::string& text) {
  auto map = ParamMap::parse(text);
  EXPECT_TRUE(map.ok());
  auto p = parse_params(*map);
  EXPECT_TRUE(p.ok()) << p.error();
  return *p;
}

// A position: rows from 10 down to 1 as in position text.
inline State position(const std::string& params, const std::string& text) {
  auto s = State::parse_position(params_of(params), text);
  EXPECT_TRUE(s.ok()) << s.error();
  return std::move(*s);
}

inline std::vector<std::string> moves_of(const State& s) {
  State::MoveList list;
  s.generate(list);
  std::vector<std::string> out;
  for (const auto& m : list) out.push_back(s.move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

// The moves of the piece on `square` only.
inline std::vector<std::string> moves_from(const State& s, const std::string& square) {
  std::vector<std::string> out;
  for (const auto& m : moves_of(s)) {
    if (m.rfind(square + "-", 0) == 0) out.push_back(m);
  }
  return out;
}

inline bool has(const std::vector<std::string>& v, const std::string& m) {
  return std::find(v.begin(), v.end(), m) != v.end();
}

inline Move parse(const State& s, const std::string& text) {
  auto m = s.parse_move(text);
  EXPECT_TRUE(m.ok()) << text << ": " << m.error();
  return m.ok() ? *m : Move{};
}

}  // namespace arbiter::traverse::testing

namespace arbiter::traverse::testing {

// A hand-built position from `piece:square` tokens, e.g. "Ts:c3 Cn:e5", with `to_move` ('s',
// 'w', 'n' or 'e') to move.
inline State place(const std::string& params, const std::string& pieces, char to_move = 's',
                   int ply = 0) {
  std::array<Piece, kSquares> board{};
  std::size_t i = 0;
  while (i < pieces.size()) {
    while (i < pieces.size() && pieces[i] == ' ') ++i;
    if (i >= pieces.size()) break;
    const std::size_t end = pieces.find(' ', i);
    const std::string token =
        pieces.substr(i, end == std::string::npos ? std::string::npos : end - i);
    i = end == std::string::npos ? pieces.size() : end;
    int kind = std::string("SDTC").find(token[0]);
    int seat = *parse_seat(std::string(1, token[1]));
    auto sq = parse_square(token.substr(3));
    EXPECT_TRUE(sq.has_value()) << token;
    board[*sq] = make_piece(seat, kind);
  }
  auto s = State::from_board(params_of(params), board, *parse_seat(std::string(1, to_move)), ply);
  EXPECT_TRUE(s.ok()) << s.error();
  return std::move(*s);
}

}  // namespace arbiter::traverse::testing
