// The terminal face of `arbiter play`: colour when standard output is a terminal, and line
// input with history and tab completion of legal moves (GNU readline) when standard input is
// one; plain lines otherwise, so the same game runs over a pipe.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

class Terminal {
 public:
  Terminal();
  bool interactive() const { return interactive_; }  // stdin and stdout are terminals
  bool colour() const { return colour_; }  // stdout is a colour terminal (not NO_COLOR, dumb)

  // One line, with `prompt` shown; nullopt at the end of input. `completions` gives the words
  // that tab completion offers (legal moves and commands).
  std::optional<std::string> read_line(const std::string& prompt,
                                       std::function<std::vector<std::string>()> completions);
  // Rewrites the status line in place on a terminal; prints it as a line otherwise.
  void status(const std::string& line);
  void end_status();
  // True when a line is waiting on standard input within `ms` milliseconds.
  static bool input_ready(int ms);

 private:
  bool interactive_ = false;
  bool colour_ = false;
  bool status_open_ = false;
};

}  // namespace arbiter::cli
