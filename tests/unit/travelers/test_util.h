// Test helpers for The Travelers: hand-built positions from a list of placed pieces, move sets.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.h"
#include "games/travelers/state.h"

namespace arbiter::travelers::test {

// Position text from placements such as "a1T b1T h9t i9t e5D" (square, then the piece letter
// of the position text: T D B A W R, upper case White, lower case Black).
inline std::string position(std::string_view pieces, char side = 'w', std::string_view ban = "-",
                            int no_capture = 0, int move_number = 1) {
  std::array<char, kSquares> cells;
  cells.fill('.');
  for (auto token : split(pieces)) {
    EXPECT_EQ(token.size(), 3u) << token;
    if (token.size() != 3) continue;
    const Square s = parse_square(token.substr(0, 2));
    EXPECT_GE(s, 0) << token;
    if (s >= 0) cells[s] = token[2];
  }
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const char c = cells[make_square(file, rank)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  return out + " " + side + " " + std::string(ban) + " " + std::to_string(no_capture) + " " +
         std::to_string(move_number);
}

inline State parse(const std::string& text) {
  auto s = State::parse_position({}, text);
  if (!s) {
    ADD_FAILURE() << s.error() << "\n" << text;
    return State::start({});
  }
  return std::move(*s);
}

inline State board(std::string_view pieces, char side = 'w', std::string_view ban = "-",
                   int no_capture = 0, int move_number = 1) {
  return parse(position(pieces, side, ban, no_capture, move_number));
}

inline std::set<std::string> moves(const State& s) {
  State::MoveList list;
  s.generate(list);
  EXPECT_EQ(list.size(), s.count_moves()) << s.to_text();
  std::set<std::string> out;
  for (const auto& m : list) out.insert(s.move_text(m));
  EXPECT_EQ(out.size(), list.size()) << "duplicate move in " << s.to_text();
  return out;
}

// Legal moves of the piece on `from` only.
inline std::set<std::string> moves_from(const State& s, std::string_view from) {
  std::set<std::string> out;
  for (const auto& m : moves(s)) {
    if (m.substr(0, 2) == from) out.insert(m);
  }
  return out;
}

inline bool has(const std::set<std::string>& set, const std::string& m) { return set.count(m) > 0; }

// The space-separated fields of a position text, and the text with field `i` replaced.
inline std::vector<std::string> split_fields(const std::string& text) {
  std::vector<std::string> out;
  for (auto f : split(text)) out.emplace_back(f);
  return out;
}
inline std::string with_field(const std::string& text, std::size_t i, const std::string& value) {
  auto fields = split_fields(text);
  if (i < fields.size()) fields[i] = value;
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
  return out;
}

inline void play(State& s, std::string_view text) {
  auto m = s.parse_move(text);
  ASSERT_TRUE(m.ok()) << m.error() << " in " << s.to_text();
  s.apply(*m);
}

}  // namespace arbiter::travelers::test
