// Game records: a small tag-pair text format shared by every game (docs/records.md).
//
//   [Game "traverse"]
//   [Params "players=2 rules=basic ..."]
//   [Position "..."]            only when the game did not start from the start position
//   [Result "south wins: all pieces home"]
//   [Seat.south "human"]        free tags are kept and written back; seat tags (human, open,
//   [Seat.north "ai:5"]         ai:LEVEL, ai:SPEC) are read and written in one form (seat_tag.h)
//
//   {a comment on the game} 1. d1-d2 {a comment on move 1} 2. d10-d9 3. ...
//
// Move numbers count plies from 1; they are optional on input but checked when present.
// Comments are in braces, after the move they comment on (or before the first move, for the
// game); `\}` and `\\` escape a brace and a backslash inside one. Whitespace in a comment
// (line breaks included) is read as single spaces, so records round-trip.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "games/game.h"

namespace arbiter {

struct Record {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<std::string> moves;
  // comments[0] comments the game (before the first move), comments[i] move i (1-based); ""
  // for none. May be shorter than moves.size() + 1: the missing ones are "".
  std::vector<std::string> comments;

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(const std::string& name, const std::string& value);
  // The comment after `moves` moves (0: on the game), "" when none.
  std::string comment(std::size_t moves) const;
  // Sets that comment, its whitespace collapsed to single spaces ("" removes it).
  void set_comment(std::size_t moves, std::string_view text);
};

// Reads a record; seat tags written in an older form come back in the current one.
Result<Record> parse_record(std::string_view text);
std::string format_record(const Record& record);

// The record of a game played so far: tags Game, Params, Position (when `start` differs from
// the start position), Result, plus `extra` tags (seat tags in their current form). A Resigned
// tag among `extra` (records/resignation.h) that names a player of a game the moves did not end
// makes the Result the resignation's.
Record make_record(const GameState& start, const GameState& current,
                   const std::vector<std::pair<std::string, std::string>>& extra = {});

struct Replay {
  std::unique_ptr<GameState> start;  // the position before the first move
  std::unique_ptr<GameState> final;  // after every move
  int resigned = -1;                 // the player the Resigned tag names; -1 when none did

  // The rules' result of a finished game, else the resignation's, else "*".
  std::string result() const;
  // The rules' returns, else the resignation's, else zeros.
  std::vector<double> returns() const;
};
// Replays and validates a record: unknown game, bad parameters or position, and the first bad
// move (by number) are errors. So are a Result tag that disagrees with the replay's result() and
// a Resigned tag that names no player or sits beside moves that end the game. Records written
// before a resignation set the Result kept `[Result "*"]` beside their Resigned tag: they read
// as the resignation's result.
Result<Replay> replay_record(const Record& record);

}  // namespace arbiter
