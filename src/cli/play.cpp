// `arbiter play GAME [params] [--seat S=human|ai:LEVEL ...]`: a game in the terminal, hot-seat or
// against the AI. Reads commands line by line, so it also works over a pipe (no colour, no
// cursor tricks; the last move is still marked). Typing a square lists that piece's moves. The
// board is drawn from the game's BoardView (cli/board_draw.h), turned round by `flip`.
#include <cctype>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>

#include "cli/board_draw.h"
#include "cli/command.h"
#include "cli/terminal.h"
#include "core/text.h"
#include "engine/engine.h"
#include "records/record.h"

namespace arbiter::cli {
namespace {

constexpr const char* kHelp =
    "commands:\n"
    "  MOVE         play a move in the game's move text (tab completes legal moves)\n"
    "  SQUARE       list the legal moves starting on that square (e.g. c1)\n"
    "  moves        list every legal move\n"
    "  hint         ask the AI for a move\n"
    "  undo         take back the last move (against the AI: back to your previous turn)\n"
    "  board        draw the board again\n"
    "  flip         turn the board round (seen from the other side); kept until flipped back\n"
    "  position     print the position text\n"
    "  save FILE    write the game record to FILE\n"
    "  load FILE    continue the game of a record\n"
    "  resign       give up the game\n"
    "  stop         (while the AI thinks) make it move now\n"
    "  help         this list\n"
    "  quit         leave the game\n";

struct Seat {
  bool ai = false;
  std::string spec;  // player recipe, for AI seats
};

void print_list(const std::vector<std::string>& moves) {
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

class PlayGame {
 public:
  PlayGame(std::unique_ptr<GameState> state, std::vector<Seat> seats, double movetime)
      : start_(state->clone()),
        state_(std::move(state)),
        seats_(std::move(seats)),
        movetime_(movetime) {}

  int run() {
    show_board();
    std::cout << "type a move, or help\n";
    while (!done_) {
      if (!state_->is_terminal() && seats_[state_->to_move()].ai) {
        ai_turn();
        continue;
      }
      const std::string prompt =
          state_->is_terminal() ? "> " : state_->player_name(state_->to_move()) + "> ";
      auto line = terminal_.read_line(prompt, [this] { return completions(); });
      if (!line) break;
      handle(*line);
    }
    return 0;
  }

 private:
  using Handler = void (PlayGame::*)(const std::vector<std::string_view>&);
  struct Command {
    const char* name;
    Handler handler;
  };

  void handle(const std::string& line) {
    const auto words = split(line);
    if (words.empty()) return;
    static const Command kCommands[] = {
        {"help", &PlayGame::help},     {"?", &PlayGame::help},
        {"moves", &PlayGame::moves},   {"board", &PlayGame::board},
        {"flip", &PlayGame::flip},     {"position", &PlayGame::position},
        {"undo", &PlayGame::undo},     {"hint", &PlayGame::hint},
        {"save", &PlayGame::save},     {"load", &PlayGame::load},
        {"resign", &PlayGame::resign}, {"quit", &PlayGame::quit},
        {"exit", &PlayGame::quit},
    };
    const std::string cmd = to_lower(words[0]);
    for (const auto& c : kCommands) {
      if (cmd == c.name) return (this->*c.handler)(words);
    }
    play_move(line, cmd, words.size());
  }

  std::vector<std::string> completions() const {
    std::vector<std::string> words = {"help", "moves", "board", "flip",   "position", "undo",
                                      "hint", "save",  "load",  "resign", "quit"};
    if (!state_->is_terminal()) {
      for (auto& m : state_->legal_moves()) words.push_back(std::move(m));
    }
    return words;
  }

  // The board with the last move marked, each player's summary, whose turn, the last move.
  void show_board() {
    const DrawOptions options{terminal_.colour(), flip_};
    const BoardView view = state_->view();
    std::optional<MoveParts> last;
    if (!state_->history().empty()) {
      if (auto parts = state_->move_parts(state_->history().back())) last = std::move(*parts);
    }
    std::cout << draw_board(state_->game().name(), view, last ? &*last : nullptr, options)
              << draw_status(view, options);
    if (!state_->history().empty()) {
      const int n = state_->num_players();
      const int mover = (state_->to_move() + n - 1) % n;
      std::cout << "last move: " << state_->player_name(mover) << " " << state_->history().back()
                << "\n";
    }
    if (state_->is_terminal()) std::cout << "game over: " << state_->result_text() << "\n";
  }

  void play_move(const std::string& line, const std::string& word, std::size_t words) {
    if (state_->is_terminal()) {
      std::cout << "the game is over: " << state_->result_text() << "\n";
      return;
    }
    std::vector<std::string> from_here;
    for (const auto& m : state_->legal_moves()) {
      const std::string lm = to_lower(m);
      if (word.size() <= 3 && lm.size() > word.size() && lm.rfind(word, 0) == 0 &&
          !std::isdigit(static_cast<unsigned char>(lm[word.size()]))) {
        from_here.push_back(m);
      }
    }
    if (words == 1 && !from_here.empty()) return print_list(from_here);  // a square
    const std::string who = state_->player_name(state_->to_move());
    if (auto st = state_->apply(line); !st) {
      std::cout << st.error() << "\n";
      return;
    }
    std::cout << who << " played " << state_->history().back() << "\n";
    show_board();
  }

  // The AI seat to move searches; on a terminal, `stop` makes it move now and the status line
  // shows its thinking.
  void ai_turn() {
    const int player = state_->to_move();
    const std::string who = state_->player_name(player);
    engine::Engine engine;
    if (auto st = engine.set_player(seats_[player].spec); !st) return fail_seat(st.error());
    if (auto st = engine.set_position(*state_); !st) return fail_seat(st.error());
    ai::SearchLimits limits;
    limits.movetime = movetime_;
    std::mutex mutex;
    auto progress = [&](const ai::SearchProgress& p) {
      std::ostringstream line;
      line << who << " thinking: depth " << p.depth << "  score " << p.score << "  nodes "
           << p.nodes << "  " << static_cast<uint64_t>(p.nps) << " nodes/s  pv";
      for (std::size_t i = 0; i < p.pv.size() && i < 6; ++i) line << " " << p.pv[i];
      std::lock_guard<std::mutex> lock(mutex);
      if (terminal_.interactive()) terminal_.status(line.str());
    };
    if (auto st = engine.go(limits, progress); !st) return fail_seat(st.error());
    while (terminal_.interactive() && engine.searching()) {
      if (!Terminal::input_ready(20)) continue;
      std::string line;
      if (!std::getline(std::cin, line)) break;
      const std::string cmd = to_lower(trim(line));
      std::lock_guard<std::mutex> lock(mutex);
      terminal_.end_status();
      if (cmd == "stop") {
        engine.stop();
      } else if (cmd == "quit") {
        engine.stop();
        done_ = true;
      } else {
        std::cout << "the AI is thinking; type stop to make it move now\n";
      }
    }
    const engine::EngineResult r = engine.wait();
    terminal_.end_status();
    if (done_) return;
    if (r.best_move.empty() || !state_->apply(r.best_move).ok()) {
      return fail_seat("the AI found no move");
    }
    std::cout << who << " played " << r.best_move << "  (depth " << r.depth << ", score " << r.score
              << ", " << r.nodes << " nodes)\n";
    show_board();
  }

  void fail_seat(const std::string& why) {
    std::cout << "AI seat " << state_->player_name(state_->to_move()) << ": " << why << "\n";
    done_ = true;
  }

  void help(const std::vector<std::string_view>&) { std::cout << kHelp; }
  void moves(const std::vector<std::string_view>&) { print_list(state_->legal_moves()); }
  void board(const std::vector<std::string_view>&) { show_board(); }
  void flip(const std::vector<std::string_view>&) {
    flip_ = !flip_;
    std::cout << (flip_ ? "board turned round\n" : "board the right way up\n");
    show_board();
  }
  void position(const std::vector<std::string_view>&) { std::cout << state_->to_text() << "\n"; }
  void quit(const std::vector<std::string_view>&) { done_ = true; }

  void undo(const std::vector<std::string_view>&) {
    const std::size_t floor = start_->history().size();
    if (state_->history().size() <= floor) {
      std::cout << "nothing to take back\n";
      return;
    }
    const std::size_t before = state_->history().size();
    state_->undo();
    // Against the AI, go back to the last position where a person was to move.
    while (state_->history().size() > floor && seats_[state_->to_move()].ai) state_->undo();
    const std::size_t taken = before - state_->history().size();
    std::cout << "took back " << taken << (taken == 1 ? " move\n" : " moves\n");
    show_board();
  }

  void hint(const std::vector<std::string_view>&) {
    if (state_->is_terminal()) return;
    engine::Engine engine;
    if (!engine.set_position(*state_).ok()) return;
    ai::SearchLimits limits;
    limits.movetime = std::min(movetime_, 1.0);
    auto r = engine.search(limits);
    if (r && !r->best_move.empty()) std::cout << "hint: " << r->best_move << "\n";
  }

  void save(const std::vector<std::string_view>& w) {
    if (w.size() != 2) {
      std::cout << "usage: save FILE\n";
      return;
    }
    std::vector<std::pair<std::string, std::string>> tags;
    for (int p = 0; p < state_->num_players(); ++p) {
      tags.emplace_back("Seat." + state_->player_name(p),
                        seats_[p].ai ? "ai:" + seats_[p].spec : "human");
    }
    std::ofstream out{std::string(w[1])};
    out << format_record(make_record(*start_, *state_, tags));
    std::cout << (out ? "saved " : "could not write ") << w[1] << "\n";
  }

  void load(const std::vector<std::string_view>& w) {
    if (w.size() != 2) {
      std::cout << "usage: load FILE\n";
      return;
    }
    std::ifstream in{std::string(w[1])};
    std::stringstream text;
    text << in.rdbuf();
    auto record = in ? parse_record(text.str()) : Result<Record>(make_error("cannot read file"));
    if (!record) {
      std::cout << w[1] << ": " << record.error() << "\n";
      return;
    }
    auto replay = replay_record(*record);
    if (!replay) {
      std::cout << w[1] << ": " << replay.error() << "\n";
      return;
    }
    if (replay->final->num_players() != static_cast<int>(seats_.size())) {
      std::cout << w[1] << ": that game has " << replay->final->num_players()
                << " players, this one " << seats_.size() << "\n";
      return;
    }
    start_ = std::move(replay->start);
    state_ = std::move(replay->final);
    std::cout << "loaded " << w[1] << "\n";
    show_board();
  }

  void resign(const std::vector<std::string_view>&) {
    if (state_->is_terminal()) return;
    std::cout << state_->player_name(state_->to_move()) << " resigns\n";
    done_ = true;
  }

  Terminal terminal_;
  std::unique_ptr<GameState> start_;
  std::unique_ptr<GameState> state_;
  std::vector<Seat> seats_;
  double movetime_;
  bool done_ = false;
  bool flip_ = false;  // draw the board turned round (the `flip` command)
};

// `S=human` or `S=ai:LEVEL` or `S=ai:SPEC`; S is a player name or a number from 1.
Status apply_seat(const GameState& s, std::string_view text, std::vector<Seat>& seats) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos) {
    return make_error("--seat " + quote(text) + ": expected SEAT=human or SEAT=ai:LEVEL");
  }
  const std::string who = to_lower(text.substr(0, eq));
  const std::string what(text.substr(eq + 1));
  int player = -1;
  for (int p = 0; p < s.num_players(); ++p) {
    if (who == s.player_name(p) || who == std::to_string(p + 1)) player = p;
  }
  if (player < 0) return make_error("--seat: no player " + quote(who) + " in this game");
  if (what == "human") {
    seats[player] = Seat{};
    return {};
  }
  if (what.rfind("ai", 0) != 0) {
    return make_error("--seat " + quote(text) + ": expected human or ai:LEVEL");
  }
  std::string spec = what.size() > 3 ? what.substr(3) : "level=10";
  if (!spec.empty() && std::isdigit(static_cast<unsigned char>(spec[0]))) spec = "level=" + spec;
  if (auto st = engine::Engine().set_player(spec); !st) {
    return make_error("--seat " + quote(text) + ": " + st.error());
  }
  seats[player] = Seat{true, spec};
  return {};
}

}  // namespace

Runner setup_play(CLI::App& sub) {
  struct Options : PositionOptions {
    std::vector<std::string> seats;
    double movetime = 1.0;
  };
  auto o = std::make_shared<Options>();
  add_position_options(sub, *o);
  sub.add_option("--seat", o->seats, "SEAT=human or SEAT=ai:LEVEL (1-10) or SEAT=ai:SPEC");
  sub.add_option("--movetime", o->movetime, "seconds the AI thinks per move")
      ->check(CLI::Range(0.01, 3600.0));
  return [o] {
    auto built = build_state(*o);
    if (!built) return fail(built.error());
    std::vector<Seat> seats((*built)->num_players());
    for (const auto& s : o->seats) {
      if (auto st = apply_seat(**built, s, seats); !st) return fail(st.error());
    }
    return PlayGame(std::move(*built), std::move(seats), o->movetime).run();
  };
}

}  // namespace arbiter::cli
