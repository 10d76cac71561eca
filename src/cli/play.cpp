// `arbiter play GAME [params] [--seat S=human|ai:LEVEL ...]`: a game in the terminal, hot-seat or
// against the AI. Reads commands line by line, so it also works over a pipe (no colour, no
// cursor tricks; the last move is still marked). Typing a square, or the start of a move, lists
// the moves it begins (cli/move_listing.h). The board is drawn from the game's BoardView
// (games/board_text.h), turned round by `flip`.
//
// The end of a game (its rules, or a confirmed `resign`) keeps the prompt: the game can still be
// saved, looked at, and taken back where the rules allow. A game with moves that was not saved
// is never lost silently: leaving it (quit, Ctrl-C, Ctrl-D) asks first on a terminal, and over a
// pipe one line says it was not saved.
#include <cctype>
#include <chrono>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

#include "cli/command.h"
#include "cli/file_text.h"
#include "cli/move_listing.h"
#include "cli/terminal.h"
#include "core/text.h"
#include "engine/engine.h"
#include "games/board_text.h"
#include "records/record.h"
#include "records/resignation.h"
#include "records/seat_tag.h"

namespace arbiter::cli {
namespace {

constexpr const char* kHelp =
    "commands:\n"
    "  MOVE         play a move in the game's move text (tab completes legal moves)\n"
    "  SQUARE       list the legal moves of the piece on that square (e.g. c1)\n"
    "  PART         the start of a move (e.g. c1-b, or a Trap step c3-c4): the moves it begins\n"
    "  moves        list the legal moves (a summary past a screenful)\n"
    "  moves all    list every legal move; moves all PART: every one PART begins\n"
    "  hint         ask the AI for a move\n"
    "  undo         take back the last move (against the AI: back to your previous turn)\n"
    "  board        draw the board again\n"
    "  flip         turn the board round (seen from the other side); kept until flipped back\n"
    "  position     print the position text\n"
    "  save FILE    write the game record to FILE\n"
    "  load FILE    continue the game of a record\n"
    "  resign       give up the game (asks first)\n"
    "  stop         (while the AI thinks) make it move now; so does Ctrl-C\n"
    "  help         this list\n"
    "  quit         leave (asks first, on a terminal, when the game has unsaved moves)\n";

struct Seat {
  bool ai = false;
  std::string spec;  // player recipe, for AI seats
};

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
      if (!over() && seats_[state_->to_move()].ai) {
        ai_turn();
        continue;
      }
      const std::string prompt = over() ? "> " : state_->player_name(state_->to_move()) + "> ";
      const Terminal::Input in = terminal_.read_line(prompt, [this] { return completions(); });
      if (in.event == Terminal::Event::kLine) {
        handle(in.text);
      } else {
        leave();  // end of input or Ctrl-C
      }
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
        {"exit", &PlayGame::quit},     {"stop", &PlayGame::stop},
    };
    const std::string cmd = to_lower(words[0]);
    for (const auto& c : kCommands) {
      if (cmd == c.name) return (this->*c.handler)(words);
    }
    play_move(line);
  }

  std::vector<std::string> completions() const {
    std::vector<std::string> words = {"help", "moves", "board", "flip",   "position", "undo",
                                      "hint", "save",  "load",  "resign", "quit"};
    if (!over()) {
      for (auto& m : state_->legal_moves()) words.push_back(std::move(m));
    }
    return words;
  }

  // The game has ended: by its rules, or by a resignation.
  bool over() const { return state_->is_terminal() || resigned_ >= 0; }
  std::string result_text() const {
    if (resigned_ < 0) return state_->result_text();
    return resignation_text(*state_, resigned_);
  }
  // The game has moves that no save has kept.
  bool unsaved() const { return dirty_ && !state_->history().empty(); }

  // The board with the last move marked, each player's summary, whose turn, the last move.
  void show_board() {
    std::cout << draw_game(*state_, DrawOptions{terminal_.colour(), flip_},
                           resigned_ >= 0 ? result_text() : "");
  }

  // A move is played; anything else that names no legal move lists the moves it begins (a
  // square: the moves of its piece, or why there are none), or says what is wrong with it.
  void play_move(const std::string& line) {
    if (over()) {
      std::cout << "the game is over: " << result_text() << "\n";
      return;
    }
    const std::string who = state_->player_name(state_->to_move());
    if (auto st = state_->apply(line); !st) {
      const MoveListing listing = list_moves(*state_, line, false);
      std::cout << (listing.found || listing.square ? listing.text : st.error() + "\n");
      return;
    }
    dirty_ = true;
    std::cout << who << " played " << state_->history().back() << "\n";
    show_board();
  }

  // The AI seat to move searches. On a terminal its progress is the live line, where `stop` (or
  // Ctrl-C) makes it move now and `quit` (or Ctrl-D) leaves; over a pipe it just moves.
  void ai_turn() {
    const int player = state_->to_move();
    const std::string who = state_->player_name(player);
    engine::Engine engine;
    if (auto st = engine.set_player(seats_[player].spec); !st) return fail_seat(st.error());
    if (auto st = engine.set_position(*state_); !st) return fail_seat(st.error());
    ai::SearchLimits limits;
    limits.movetime = movetime_;
    std::mutex mutex;
    std::string latest;  // the last progress, written on the search thread
    auto progress = [&](const ai::SearchProgress& p) {
      std::ostringstream line;
      line << "depth " << p.depth << "  score " << p.score << "  nodes " << p.nodes << "  "
           << static_cast<uint64_t>(p.nps) << " nodes/s  pv";
      for (std::size_t i = 0; i < p.pv.size() && i < 6; ++i) line << " " << p.pv[i];
      std::lock_guard<std::mutex> lock(mutex);
      latest = line.str();
    };
    if (auto st = engine.go(limits, progress); !st) return fail_seat(st.error());
    bool leaving = false;
    if (terminal_.interactive()) {
      // The live line: who, the seconds so far (so it changes while a depth takes long), and
      // the last progress.
      const auto started = std::chrono::steady_clock::now();
      const auto status = [&] {
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::steady_clock::now() - started)
                                 .count();
        std::lock_guard<std::mutex> lock(mutex);
        return who + " thinking " + std::to_string(seconds) + " s" +
               (latest.empty() ? "" : ": " + latest);
      };
      std::string shown = status();
      terminal_.begin_live(shown);
      while (engine.searching()) {
        if (std::string now = status(); now != shown) terminal_.update_live(shown = now);
        const auto in = terminal_.poll_live(50);
        if (!in) continue;
        const std::string cmd = to_lower(trim(in->text));
        if (in->event == Terminal::Event::kInterrupt || cmd == "stop") {
          engine.stop();
        } else if (in->event == Terminal::Event::kEnd || cmd == "quit" || cmd == "exit") {
          engine.stop();
          leaving = true;
        } else if (!cmd.empty()) {
          std::cout << "the AI is thinking; type stop to make it move now\n";
        }
      }
      terminal_.end_live();
    }
    const engine::EngineResult r = engine.wait();
    if (leaving) return leave();  // if the player stays, the AI thinks again
    if (r.best_move.empty() || !state_->apply(r.best_move).ok()) {
      return fail_seat("the AI found no move");
    }
    dirty_ = true;
    std::cout << who << " played " << r.best_move << "  (depth " << r.depth << ", score " << r.score
              << ", " << r.nodes << " nodes)\n";
    show_board();
  }

  // Leaving: at once when nothing would be lost; else a terminal asks, and over a pipe (or when
  // the input ends at the question) one line says the game was not saved.
  void leave() {
    if (unsaved()) {
      const auto answer = terminal_.interactive()
                              ? terminal_.ask("the game is not saved; quit without saving?")
                              : Terminal::Answer::kEnd;
      if (answer == Terminal::Answer::kNo) return;
      if (answer == Terminal::Answer::kEnd) warn_unsaved("");
    }
    done_ = true;
  }

  void warn_unsaved(const std::string& instead) {
    const std::size_t n = state_->history().size();
    std::cout << "the game was not saved (" << n << (n == 1 ? " move" : " moves") << instead
              << "); to keep a game, type save FILE before quit\n";
  }

  void fail_seat(const std::string& why) {
    std::cout << "AI seat " << state_->player_name(state_->to_move()) << ": " << why << "\n";
    if (unsaved()) warn_unsaved("");
    done_ = true;
  }

  void help(const std::vector<std::string_view>&) { std::cout << kHelp; }
  // `moves [all] [PART]`: the legal moves (those PART begins), summarised past a screenful
  // unless `all`.
  void moves(const std::vector<std::string_view>& w) {
    if (over()) {
      std::cout << "the game is over: " << result_text() << "\n";
      return;
    }
    bool all = false;
    std::string part;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (to_lower(w[i]) == "all") {
        all = true;
      } else {
        part += std::string(w[i]);
      }
    }
    std::cout << list_moves(*state_, part, all).text;
  }
  void stop(const std::vector<std::string_view>&) { std::cout << "no AI is thinking\n"; }
  void board(const std::vector<std::string_view>&) { show_board(); }
  void flip(const std::vector<std::string_view>&) {
    flip_ = !flip_;
    std::cout << (flip_ ? "board turned round\n" : "board the right way up\n");
    show_board();
  }
  void position(const std::vector<std::string_view>&) { std::cout << state_->to_text() << "\n"; }
  void quit(const std::vector<std::string_view>&) { leave(); }

  // Takes back the last move (against the AI, back to a person's turn); after a resignation
  // there is nothing to take back.
  void undo(const std::vector<std::string_view>&) {
    if (resigned_ >= 0) {
      std::cout << "the game is over: " << result_text() << "; a resignation stands\n";
      return;
    }
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
    dirty_ = true;
    std::cout << "took back " << taken << (taken == 1 ? " move\n" : " moves\n");
    show_board();
  }

  void hint(const std::vector<std::string_view>&) {
    if (over()) {
      std::cout << "the game is over: " << result_text() << "\n";
      return;
    }
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
                        seats_[p].ai ? ai_seat_tag(seats_[p].spec) : "human");
    }
    // A resignation is not a result the moves give: a tag of its own names who resigned, and
    // make_record makes the Result say who won by it.
    if (resigned_ >= 0) tags.emplace_back(kResignedTag, state_->player_name(resigned_));
    std::ofstream out{std::string(w[1])};
    out << format_record(make_record(*start_, *state_, tags));
    out.close();
    if (out) dirty_ = false;
    std::cout << (out ? "saved " : "could not write ") << w[1] << "\n";
  }

  void load(const std::vector<std::string_view>& w) {
    if (w.size() != 2) {
      std::cout << "usage: load FILE\n";
      return;
    }
    // A file that cannot be read replaces nothing: it is read before the unsaved game is asked
    // about.
    auto text = read_file_text(std::string(w[1]));
    if (!text) {
      std::cout << text.error() << "\n";
      return;
    }
    if (unsaved()) {
      if (terminal_.interactive()) {
        if (terminal_.ask("the game is not saved; load over it?") != Terminal::Answer::kYes) return;
      } else {
        warn_unsaved(", replaced by " + std::string(w[1]));
      }
    }
    auto record = parse_record(*text);
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
    dirty_ = false;
    resigned_ = replay->resigned;
    std::cout << "loaded " << w[1] << "\n";
    show_board();
  }

  // Asks first; a resignation ends the game (the prompt stays, for save, board and quit).
  void resign(const std::vector<std::string_view>&) {
    if (over()) {
      std::cout << "the game is over: " << result_text() << "\n";
      return;
    }
    const int player = state_->to_move();
    if (terminal_.ask("resign?") != Terminal::Answer::kYes) {
      std::cout << "not resigned\n";
      return;
    }
    resigned_ = player;
    dirty_ = true;
    std::cout << state_->player_name(player) << " resigns\n"
              << "game over: " << result_text() << "\n";
  }

  Terminal terminal_;
  std::unique_ptr<GameState> start_;
  std::unique_ptr<GameState> state_;
  std::vector<Seat> seats_;
  double movetime_;
  bool done_ = false;
  bool dirty_ = false;  // moves played or taken back since the start, the last save or load
  int resigned_ = -1;   // the player who resigned, -1 when nobody did
  bool flip_ = false;   // draw the board turned round (the `flip` command)
};

// `S=human` or `S=ai:LEVEL` or `S=ai:SPEC`; S is a player name or a number from 1.
Status apply_seat(const GameState& s, std::string_view text, std::vector<Seat>& seats) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos) {
    return make_error("--seat " + quote(text) +
                      ": expected SEAT=human, SEAT=ai:LEVEL (1-10) or SEAT=ai:SPEC (docs/ai.md)");
  }
  const std::string who = to_lower(text.substr(0, eq));
  const std::string what(text.substr(eq + 1));
  int player = -1;
  for (int p = 0; p < s.num_players(); ++p) {
    if (who == s.player_name(p) || who == std::to_string(p + 1)) player = p;
  }
  if (player < 0) {
    std::string names;
    for (int p = 0; p < s.num_players(); ++p) names += (p ? ", " : "") + s.player_name(p);
    return make_error("--seat " + quote(text) + ": unknown seat " + quote(who) + "; seats are " +
                      names);
  }
  if (what == "human") {
    seats[player] = Seat{};
    return {};
  }
  if (what.rfind("ai", 0) != 0) {
    return make_error("--seat " + quote(text) +
                      ": expected human, ai:LEVEL (1-10) or ai:SPEC (docs/ai.md)");
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
      ->transform(in_range(0.01, 3600.0));
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
