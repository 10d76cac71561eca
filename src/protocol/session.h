// The engine text protocol (docs/protocol.md): one command per input line, answers on the output
// stream. A table of small handlers; any unknown or malformed command gets one `error` line and
// the session goes on. Searches run on the Engine's thread; their `info` and `bestmove` lines
// are written under the same lock as every other line.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "games/game.h"

namespace arbiter::protocol {

class Session {
 public:
  explicit Session(std::ostream& out);
  ~Session();
  // Handles one line; false once the session should end (`quit`).
  bool handle(std::string_view line);
  // Waits for a running search to report its move (at the end of input, and for `stop`,
  // `wait` and `quit`): on return its `bestmove` line has been written.
  void finish();

 private:
  using Args = std::vector<std::string_view>;
  using Handler = void (Session::*)(const Args& args);
  struct Command {
    const char* name;
    Handler handler;
  };
  static const Command kCommands[];

  void hello(const Args&);
  void isready(const Args&);
  void setoption(const Args&);
  void newgame(const Args&);
  void position(const Args&);
  void go(const Args&);
  void stop(const Args&);  // ends the search and returns once its bestmove is written
  void perft(const Args&);
  void moves(const Args&);
  void display(const Args&);
  void help(const Args&);
  void wait(const Args&);  // blocks until the running search reports (for scripts)

  void say(const std::string& line);
  void error(const std::string& message) { say("error " + message); }
  bool busy();  // says the error itself when a search is running
  bool need_position();
  static std::string info_line(const ai::SearchProgress& p, int multipv, int score,
                               int proven_plies, const std::vector<std::string>& pv, int players);

  std::ostream& out_;
  std::mutex out_mutex_;
  engine::Engine engine_;
  std::atomic<bool> searching_{false};
  std::unique_ptr<GameState> state_;
  int multipv_ = 1;  // setoption name MultiPV: root moves each search ranks and reports
  static constexpr int kMaxMultiPv = 64;
};

}  // namespace arbiter::protocol
