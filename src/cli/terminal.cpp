#include "cli/terminal.h"

#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/text.h"

namespace arbiter::cli {
namespace {

// Set by the SIGINT handler, taken (and cleared) by whoever is reading input.
volatile std::sig_atomic_t g_interrupted = 0;
void on_sigint(int) { g_interrupted = 1; }

bool take_interrupt() {
  if (!g_interrupted) return false;
  g_interrupted = 0;
  return true;
}

// readline's hooks are C callbacks: the completion words and the line just entered live here.
std::vector<std::string> g_words;

struct EnteredLine {
  bool done = false;
  bool end = false;  // Ctrl-D on an empty line
  std::string text;
};
EnteredLine g_entered;

void on_line(char* raw) {
  g_entered.done = true;
  if (raw == nullptr) {
    g_entered.end = true;
  } else {
    g_entered.text = raw;
    std::free(raw);
  }
  rl_callback_handler_remove();
}

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

int terminal_columns() {
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

// Waits up to `ms` for standard input; true when there is something to read (or it closed).
bool wait_for_input(int ms) {
  pollfd fd{STDIN_FILENO, POLLIN, 0};
  return poll(&fd, 1, ms) > 0;
}

}  // namespace

bool stdout_colour() {
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb";
}

Terminal::Terminal() {
  interactive_ = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  colour_ = stdout_colour();
  if (interactive_) {
    rl_attempted_completion_function = complete;
    rl_completer_word_break_characters = const_cast<char*>(" ");
    rl_catch_signals = 0;  // Ctrl-C comes to us as an event (on_sigint), never kills the game
  }
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking read returns EINTR
  sigaction(SIGINT, &action, &old_sigint_);
  g_interrupted = 0;
}

Terminal::~Terminal() {
  remove();
  sigaction(SIGINT, &old_sigint_, nullptr);
}

Terminal::Input Terminal::read_line(const std::string& prompt,
                                    const std::function<std::vector<std::string>()>& completions,
                                    bool remember) {
  g_interrupted = 0;  // a Ctrl-C pressed while nothing was reading is not an answer
  if (!interactive_) return read_plain(prompt);
  g_words = completions ? completions() : std::vector<std::string>{};
  Input in = read_edited(prompt);
  if (remember && in.event == Event::kLine && !in.text.empty()) add_history(in.text.c_str());
  return in;
}

Terminal::Answer Terminal::ask(const std::string& question) {
  const Input in = read_line(question + " (y/n) ", {}, false);
  if (in.event == Event::kEnd) return Answer::kEnd;
  if (in.event == Event::kInterrupt) return Answer::kNo;
  const std::string answer = to_lower(trim(in.text));
  return answer == "y" || answer == "yes" ? Answer::kYes : Answer::kNo;
}

Terminal::Input Terminal::read_plain(const std::string& prompt) {
  std::fputs(prompt.c_str(), stdout);
  std::fflush(stdout);
  while (true) {
    const auto newline = unread_.find('\n');
    if (newline != std::string::npos) {
      Input in{Event::kLine, unread_.substr(0, newline)};
      unread_.erase(0, newline + 1);
      return in;
    }
    char buffer[4096];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n > 0) {
      unread_.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) {
      if (take_interrupt()) return {Event::kInterrupt, ""};
      continue;
    }
    if (!unread_.empty()) {  // the last line had no newline
      Input in{Event::kLine, unread_};
      unread_.clear();
      return in;
    }
    return {Event::kEnd, ""};
  }
}

Terminal::Input Terminal::read_edited(const std::string& prompt) {
  install(prompt);
  if (!pending_.empty()) {
    rl_insert_text(pending_.c_str());
    pending_.clear();
    rl_redisplay();
  }
  while (true) {
    if (take_interrupt()) {
      rl_echo_signal_char(SIGINT);
      rl_free_line_state();
      rl_callback_sigcleanup();
      remove();
      std::fputs("\n", stdout);
      std::fflush(stdout);
      return {Event::kInterrupt, ""};
    }
    if (!wait_for_input(100)) continue;
    rl_callback_read_char();
    if (g_entered.done) {
      installed_ = false;  // on_line removed the handler
      if (g_entered.end) {
        std::fputs("\n", stdout);
        std::fflush(stdout);
        return {Event::kEnd, ""};
      }
      return {Event::kLine, g_entered.text};
    }
  }
}

void Terminal::install(const std::string& prompt) {
  remove();
  g_entered = EnteredLine{};
  rl_callback_handler_install(prompt.c_str(), on_line);
  installed_ = true;
}

void Terminal::remove() {
  if (!installed_) return;
  rl_callback_handler_remove();
  installed_ = false;
}

std::string Terminal::live_prompt() const {
  // The status is cut to leave room for typing on the same screen line: a line that wrapped
  // could not be redrawn in place.
  const std::size_t room = static_cast<std::size_t>(std::max(20, terminal_columns() - 24));
  std::string shown = live_status_.substr(0, room);
  // \001 and \002 tell readline the escape codes take no room on the screen.
  if (colour_) shown = "\001\x1b[2m\002" + shown + "\001\x1b[0m\002";
  return shown + " > ";
}

void Terminal::begin_live(const std::string& status) {
  if (!interactive_) return;
  g_interrupted = 0;
  live_ = true;
  live_status_ = status;
  g_words = {"stop", "quit"};
  install(live_prompt());
}

void Terminal::update_live(const std::string& status) {
  if (!live_) return;
  live_status_ = status;
  if (!installed_) {
    install(live_prompt());
    return;
  }
  rl_clear_visible_line();
  rl_set_prompt(live_prompt().c_str());
  rl_forced_update_display();
}

std::optional<Terminal::Input> Terminal::poll_live(int ms) {
  if (!live_) {
    if (ms > 0) poll(nullptr, 0, ms);
    return std::nullopt;
  }
  if (!installed_) install(live_prompt());  // after a line was entered, the field opens again
  if (!take_interrupt()) {
    if (!wait_for_input(ms)) {
      if (!take_interrupt()) return std::nullopt;
    } else {
      rl_callback_read_char();
      if (!g_entered.done) return std::nullopt;
      installed_ = false;
      if (g_entered.end) return Input{Event::kEnd, ""};
      return Input{Event::kLine, g_entered.text};
    }
  }
  // Ctrl-C: what was being typed goes; end_live prints the last status on a clean line.
  rl_free_line_state();
  rl_callback_sigcleanup();
  rl_replace_line("", 0);
  rl_clear_visible_line();
  remove();
  return Input{Event::kInterrupt, ""};
}

void Terminal::end_live() {
  if (!live_) return;
  live_ = false;
  if (installed_) {
    pending_.assign(rl_line_buffer, static_cast<std::size_t>(rl_end));
    rl_clear_visible_line();
    remove();
  } else {
    std::fputs("\r\x1b[K", stdout);
  }
  const std::string shown = colour_ ? "\x1b[2m" + live_status_ + "\x1b[0m" : live_status_;
  std::fputs((shown + "\n").c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace arbiter::cli
