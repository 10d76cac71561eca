// `arbiter show RECORD`: replays a record, validating every move, and prints the board, drawn
// exactly as `arbiter play` draws it (games/board_text.h: the last move marked, each player's
// summary, whose turn), in colour when standard output is a colour terminal. The record's
// comments (docs/records.md) are shown with the moves they comment on.
#include <iostream>

#include "cli/command.h"
#include "cli/file_text.h"
#include "cli/terminal.h"
#include "games/board_text.h"
#include "records/record.h"
#include "records/record_json.h"
#include "records/resignation.h"

namespace arbiter::cli {

namespace {

// "  12. north d10-d8  {comment}" for every commented move (and the game's comment first).
std::string comment_list(const Record& record, const Replay& replay) {
  std::string out;
  if (const std::string c = record.comment(0); !c.empty()) out += "  {" + c + "}\n";
  auto state = replay.start->clone();
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const std::string who = state->player_name(state->to_move());
    const std::string& move = replay.final->history()[state->history().size()];
    (void)state->apply(move);
    if (const std::string c = record.comment(i + 1); !c.empty()) {
      out += "  " + std::to_string(i + 1) + ". " + who + " " + move + "  {" + c + "}\n";
    }
  }
  return out;
}

}  // namespace

Runner setup_show(CLI::App& sub) {
  struct Options {
    std::string path;
    int at = -1;
    bool position = false;
    bool all = false;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  sub.add_option("record", o->path, "record file, or - for standard input")->required();
  sub.add_option("--at", o->at, "show the position after this many moves (0 = the start)")
      ->transform(in_range(0, 1'000'000'000));
  sub.add_flag("--position", o->position, "print the position text instead of the board");
  sub.add_flag("--all", o->all, "draw the board after every move");
  sub.add_flag("--json", o->json, "print the game as JSON, with the position after each move");
  return [o] {
    auto text = read_input_text(o->path);
    if (!text) return fail(text.error());
    auto record = parse_record(*text);
    if (!record) return fail(o->path + ": " + record.error());
    auto replay = replay_record(*record);
    if (!replay) return fail(o->path + ": " + replay.error());
    if (o->json) {
      std::cout << record_to_json(*record, *replay) << "\n";
      return 0;
    }
    const DrawOptions look{stdout_colour(), false};
    const int resigned = replay->resigned;
    if (o->all) {
      auto state = replay->start->clone();
      if (const std::string c = record->comment(0); !c.empty()) std::cout << "{" << c << "}\n";
      std::cout << "start:\n" << draw_game(*state, look);
      for (const auto& m : replay->final->history()) {
        const std::string who = state->player_name(state->to_move());
        (void)state->apply(m);
        const std::string c = record->comment(state->history().size());
        std::cout << "\n"
                  << state->history().size() << ". " << who << " " << m
                  << (c.empty() ? "" : "  {" + c + "}") << "\n"
                  << draw_game(*state, look);
      }
      return 0;
    }
    std::unique_ptr<GameState> shown = replay->final->clone();
    const int total = static_cast<int>(record->moves.size());
    if (o->at >= 0) {
      if (o->at > total) {
        return fail("--at " + std::to_string(o->at) + ": the record has only " +
                    std::to_string(total) + " moves");
      }
      while (static_cast<int>(shown->history().size()) > o->at) shown->undo();
    }
    if (o->position) {
      std::cout << shown->to_text() << "\n";
      return 0;
    }
    std::cout << record->tag("Game") << " " << record->tag("Params") << "\n"
              << "moves: " << total
              << ", result: " << (replay->result() == "*" ? "unfinished" : replay->result())
              << "\n";
    if (o->at >= 0) {
      std::cout << "after move " << o->at << ":";
      if (const std::string c = record->comment(o->at); !c.empty()) std::cout << "  {" << c << "}";
      std::cout << "\n";
    } else if (const std::string list = comment_list(*record, *replay); !list.empty()) {
      std::cout << "comments:\n" << list;
    }
    // The resignation came after the last move: the board before it is an unfinished game.
    const bool at_end = o->at < 0 || o->at == total;
    std::cout << draw_game(*shown, look,
                           at_end && resigned >= 0 ? resignation_text(*shown, resigned) : "");
    return 0;
  };
}

}  // namespace arbiter::cli
