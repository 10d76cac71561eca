// `arbiter play GAME [params]`: a hot-seat game in the terminal. Reads commands line by line,
// so it works over a pipe too. Typing a square lists that piece's moves.
#include <cctype>
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "core/text.h"
#include "records/record.h"

namespace arbiter::cli {
namespace {

constexpr const char* kHelp =
    "commands:\n"
    "  MOVE         play a move in the game's move text (e.g. c1-c2)\n"
    "  SQUARE       list the legal moves starting on that square (e.g. c1)\n"
    "  moves        list every legal move\n"
    "  undo         take back the last move\n"
    "  board        draw the board again\n"
    "  position     print the position text\n"
    "  save FILE    write the game record to FILE\n"
    "  help         this list\n"
    "  quit         leave the game\n";

void list(const std::vector<std::string>& moves) {
  std::string line;
  for (const auto& m : moves) {
    if (line.size() + m.size() + 1 > 78) {
      std::cout << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + m;
  }
  if (!line.empty()) std::cout << line << "\n";
}

}  // namespace

Runner setup_play(CLI::App& sub) {
  auto o = std::make_shared<PositionOptions>();
  add_position_options(sub, *o);
  return [o] {
    auto built = build_state(*o);
    if (!built) return fail(built.error());
    std::unique_ptr<GameState> start = (*built)->clone();
    GameState& s = **built;
    std::cout << s.render() << "type a move, or help\n";
    std::string line;
    while (true) {
      if (!s.is_terminal()) std::cout << s.player_name(s.to_move()) << "> " << std::flush;
      if (!std::getline(std::cin, line)) break;
      const auto words = split(line);
      if (words.empty()) continue;
      const std::string cmd = to_lower(words[0]);
      if (cmd == "quit" || cmd == "exit") break;
      if (cmd == "help" || cmd == "?") {
        std::cout << kHelp;
      } else if (cmd == "moves") {
        list(s.legal_moves());
      } else if (cmd == "board") {
        std::cout << s.render();
      } else if (cmd == "position") {
        std::cout << s.to_text() << "\n";
      } else if (cmd == "undo") {
        if (s.history().size() > start->history().size() && s.undo()) {
          std::cout << s.render();
        } else {
          std::cout << "nothing to take back\n";
        }
      } else if (cmd == "save") {
        if (words.size() != 2) {
          std::cout << "usage: save FILE\n";
          continue;
        }
        std::ofstream out{std::string(words[1])};
        out << format_record(make_record(*start, s));
        std::cout << (out ? "saved " : "could not write ") << words[1] << "\n";
      } else if (s.is_terminal()) {
        std::cout << "the game is over: " << s.result_text() << "\n";
      } else {
        std::vector<std::string> from_here;
        for (const auto& m : s.legal_moves()) {
          const std::string lm = to_lower(m);
          if (cmd.size() <= 3 && lm.size() > cmd.size() && lm.rfind(cmd, 0) == 0 &&
              !std::isdigit(static_cast<unsigned char>(lm[cmd.size()]))) {
            from_here.push_back(m);
          }
        }
        if (words.size() == 1 && !from_here.empty()) {  // a square: its moves
          list(from_here);
          continue;
        }
        auto st = s.apply(line);
        if (!st) {
          std::cout << st.error() << "\n";
          continue;
        }
        std::cout << s.player_name((s.to_move() + s.num_players() - 1) % s.num_players())
                  << " played " << s.history().back() << "\n"
                  << s.render();
        if (s.is_terminal()) std::cout << "game over: " << s.result_text() << "\n";
      }
    }
    return 0;
  };
}

}  // namespace arbiter::cli
