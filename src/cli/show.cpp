// `arbiter show RECORD`: replays a record, validating every move, and prints the board.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "records/record.h"
#include "records/record_json.h"

namespace arbiter::cli {

namespace {

Result<std::string> read_file(const std::string& path) {
  if (path == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
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
      ->check(CLI::NonNegativeNumber);
  sub.add_flag("--position", o->position, "print the position text instead of the board");
  sub.add_flag("--all", o->all, "draw the board after every move");
  sub.add_flag("--json", o->json, "print the game as JSON, with the position after each move");
  return [o] {
    auto text = read_file(o->path);
    if (!text) return fail(text.error());
    auto record = parse_record(*text);
    if (!record) return fail(o->path + ": " + record.error());
    auto replay = replay_record(*record);
    if (!replay) return fail(o->path + ": " + replay.error());
    if (o->json) {
      std::cout << record_to_json(*record, *replay) << "\n";
      return 0;
    }
    if (o->all) {
      auto state = replay->start->clone();
      std::cout << "start:\n" << state->render();
      for (const auto& m : replay->final->history()) {
        const std::string who = state->player_name(state->to_move());
        (void)state->apply(m);
        std::cout << "\n"
                  << state->history().size() << ". " << who << " " << m << "\n"
                  << state->render();
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
              << "moves: " << total << ", result: "
              << (replay->final->is_terminal() ? replay->final->result_text() : "unfinished")
              << "\n";
    if (o->at >= 0) std::cout << "after move " << o->at << ":\n";
    std::cout << shown->render();
    return 0;
  };
}

}  // namespace arbiter::cli
