// The terminal face of `arbiter play`: colour when standard output is a terminal, and line
// input with history and tab completion of legal moves (GNU readline) when standard input is
// one; plain lines otherwise, so the same game runs over a pipe.
//
// While the AI thinks on a terminal, its progress is a live line whose end is an input field:
// keys typed then are drawn after the progress (never scattered over it), a line typed there is
// handed back, and what was typed but not entered is offered again at the next prompt. Ctrl-C
// is reported as an event, not a kill, so the game can ask before anything is lost.
#pragma once

#include <signal.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

// True when standard output is a colour terminal (not NO_COLOR, not TERM=dumb).
bool stdout_colour();

class Terminal {
 public:
  enum class Event {
    kLine,       // a line was entered
    kEnd,        // end of input (a pipe ran out, Ctrl-D on a terminal)
    kInterrupt,  // Ctrl-C
  };
  struct Input {
    Event event = Event::kLine;
    std::string text;  // the line, for kLine
  };

  Terminal();  // catches SIGINT for as long as it lives
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  bool interactive() const { return interactive_; }  // stdin and stdout are terminals
  bool colour() const { return colour_; }

  // One line, with `prompt` shown. `completions` gives the words that tab completion offers
  // (legal moves and commands); with `remember` the line goes into the history.
  Input read_line(const std::string& prompt,
                  const std::function<std::vector<std::string>()>& completions = {},
                  bool remember = true);
  enum class Answer { kYes, kNo, kEnd };
  // Asks `question (y/n)` and reads the answer: yes only for y or yes; Ctrl-C is no; kEnd when
  // the input ended instead.
  Answer ask(const std::string& question);

  // The live line, on a terminal only (no-ops over a pipe): begin shows `status`, update
  // redraws it keeping what is being typed, poll waits up to `ms` milliseconds for a line,
  // Ctrl-D or Ctrl-C, and end leaves the last status as an ordinary line.
  void begin_live(const std::string& status);
  void update_live(const std::string& status);
  std::optional<Input> poll_live(int ms);
  void end_live();

 private:
  Input read_plain(const std::string& prompt);
  Input read_edited(const std::string& prompt);
  void install(const std::string& prompt);
  void remove();
  std::string live_prompt() const;

  bool interactive_ = false;
  bool colour_ = false;
  bool installed_ = false;   // a readline line handler is active (the terminal is in raw mode)
  bool live_ = false;        // between begin_live and end_live
  std::string live_status_;  // the status the live line shows
  std::string pending_;      // typed on the live line but not entered: offered at the next prompt
  std::string unread_;       // bytes read from a pipe past the last line
  struct sigaction old_sigint_ {};
};

}  // namespace arbiter::cli
