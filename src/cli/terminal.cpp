#include "cli/terminal.h"

#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace arbiter::cli {
namespace {

// readline's completion hooks are C callbacks: the current word list lives here.
std::vector<std::string> g_words;

char* complete_word(const char* text, int state) {
  static std::size_t next = 0;
  if (state == 0) next = 0;
  const std::size_t len = std::strlen(text);
  while (next < g_words.size()) {
    const std::string& w = g_words[next++];
    if (w.compare(0, len, text) == 0) return strdup(w.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int, int) {
  rl_attempted_completion_over = 1;  // no file-name completion
  return rl_completion_matches(text, complete_word);
}

const char* kReset = "\x1b[0m";

std::string wrap(const std::string& s, const char* code) { return code + s + kReset; }

}  // namespace

Terminal::Terminal() {
  interactive_ = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  const char* term = std::getenv("TERM");
  colour_ =
      isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb";
  if (interactive_) {
    rl_attempted_completion_function = complete;
    rl_completer_word_break_characters = const_cast<char*>(" ");
  }
}

std::optional<std::string> Terminal::read_line(
    const std::string& prompt, std::function<std::vector<std::string>()> completions) {
  end_status();
  if (!interactive_) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  g_words = completions();
  char* raw = readline(prompt.c_str());
  if (!raw) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (!line.empty()) add_history(line.c_str());
  return line;
}

void Terminal::status(const std::string& line) {
  if (interactive_) {
    std::cout << "\r\x1b[K" << (colour_ ? wrap(line, "\x1b[2m") : line) << std::flush;
    status_open_ = true;
  } else {
    std::cout << line << "\n";
  }
}

void Terminal::end_status() {
  if (status_open_) std::cout << "\n";
  status_open_ = false;
}

bool Terminal::input_ready(int ms) {
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  return poll(&fd, 1, ms) > 0;
}

}  // namespace arbiter::cli
