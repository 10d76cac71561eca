#include "protocol/session.h"

#include <cmath>
#include <sstream>

#include "core/text.h"
#include "games/board_text.h"
#include "games/registry.h"

namespace arbiter::protocol {

const Session::Command Session::kCommands[] = {
    {"arbiter", &Session::hello},       {"isready", &Session::isready},
    {"setoption", &Session::setoption}, {"newgame", &Session::newgame},
    {"position", &Session::position},   {"go", &Session::go},
    {"stop", &Session::stop},           {"perft", &Session::perft},
    {"moves", &Session::moves},         {"display", &Session::display},
    {"help", &Session::help},           {"wait", &Session::wait},
};

Session::Session(std::ostream& out) : out_(out) {}

Session::~Session() { finish(); }

void Session::finish() {
  engine_.wait();
  searching_ = false;
}

void Session::say(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << line << "\n" << std::flush;
}

bool Session::handle(std::string_view line) {
  const auto words = split(line);
  if (words.empty()) return true;
  if (words[0] == "quit") {
    engine_.stop();
    finish();
    return false;
  }
  for (const auto& c : kCommands) {
    if (words[0] == c.name) {
      (this->*c.handler)(Args(words.begin() + 1, words.end()));
      return true;
    }
  }
  error("unknown command " + quote(words[0]) + " (try help)");
  return true;
}

bool Session::busy() {
  if (!searching_) {
    engine_.wait();  // the last search has reported; join its thread
    return false;
  }
  error("a search is running; send stop first");
  return true;
}

bool Session::need_position() {
  if (state_) return true;
  error("no game yet; send newgame GAME [params]");
  return false;
}

void Session::hello(const Args&) {
  say("id name arbiter 0.1");
  say("id games " + game_names());
  say("option name Player type string default level=10");
  say("option name Level type spin default 10 min 1 max 10");
  say("option name Eval type combo default classic var classic var net");
  say("option name EvalFile type string default <empty>");
  say("arbiterok");
}

void Session::isready(const Args&) { say("readyok"); }

// setoption name NAME value VALUE...
void Session::setoption(const Args& a) {
  if (busy()) return;
  if (a.size() < 4 || a[0] != "name" || a[2] != "value") {
    return error("usage: setoption name NAME value VALUE");
  }
  std::string value;
  for (std::size_t i = 3; i < a.size(); ++i) value += (i > 3 ? " " : "") + std::string(a[i]);
  const std::string name = to_lower(a[1]);
  std::string spec;
  if (name == "multipv") {
    auto n = parse_int(value, 1, kMaxMultiPv, "MultiPV");
    if (!n) return error(n.error());
    multipv_ = static_cast<int>(*n);
    return;
  }
  if (name == "player") {
    spec = value;
  } else if (name == "level") {
    spec = "level=" + value;
  } else if (name == "eval" || name == "evalfile") {
    // Changes the evaluation of the player set now: its recipe keeps everything else.
    auto r = ai::parse_player_spec((name == "eval" ? "eval=" : "evalfile=") + value);
    if (!r) return error(r.error());
    ai::Recipe recipe = engine_.recipe();
    recipe.eval = r->eval;
    recipe.evalfile = r->evalfile;
    if (auto st = engine_.check_eval(recipe); !st) return error(st.error());
    engine_.set_recipe(recipe);
    return;
  } else {
    return error("unknown option " + quote(a[1]) + " (Player, Level, MultiPV, Eval, EvalFile)");
  }
  if (auto st = engine_.set_player(spec); !st) error(st.error());
}

// newgame GAME [key=value ...]
void Session::newgame(const Args& a) {
  if (busy()) return;
  if (a.empty()) return error("usage: newgame GAME [key=value ...]");
  const Game* game = find_game(a[0]);
  if (!game) return error("unknown game " + quote(a[0]) + " (known: " + game_names() + ")");
  std::vector<std::string> tokens(a.begin() + 1, a.end());
  auto params = ParamMap::parse(tokens);
  if (!params) return error(params.error());
  auto state = game->new_state(*params);
  if (!state) return error(state.error());
  if (auto st = engine_.set_position(**state); !st) return error(st.error());
  engine_.clear();
  state_ = std::move(*state);
}

// position startpos|TEXT [moves M1 M2 ...]: TEXT is everything up to `moves`.
void Session::position(const Args& a) {
  if (busy() || !need_position()) return;
  std::size_t i = 0;
  std::string text;
  for (; i < a.size() && a[i] != "moves"; ++i) {
    if (i > 0) text += ' ';
    text += a[i];
  }
  if (text.empty()) return error("usage: position startpos|TEXT [moves M1 M2 ...]");
  auto params = ParamMap::parse(state_->params_text());
  const Game& game = state_->game();
  auto next = text == "startpos" ? game.new_state(*params) : game.parse_state(*params, text);
  if (!next) return error(next.error());
  for (++i; i < a.size(); ++i) {
    if (auto st = (*next)->apply(a[i]); !st) {
      return error("move " + quote(a[i]) + ": " + st.error());
    }
  }
  if (auto st = engine_.set_position(**next); !st) return error(st.error());
  state_ = std::move(*next);
}

// go [depth N] [nodes N] [movetime MS] [time MS] [inc MS] [infinite]
void Session::go(const Args& a) {
  if (busy() || !need_position()) return;
  ai::SearchLimits limits;
  bool any = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == "infinite") {
      any = true;
      continue;
    }
    if (i + 1 >= a.size()) return error("go: " + quote(a[i]) + " needs a value");
    auto v = parse_int(a[i + 1], 0, int64_t{1} << 50, "go " + std::string(a[i]));
    if (!v) return error(v.error());
    if (a[i] == "depth") {
      // The search's own depth limit takes 0 for "none": a depth-0 search would run on to the
      // player's budget instead of answering at once.
      if (*v == 0) return error("go depth: must be at least 1, got 0");
      limits.depth = static_cast<int>(std::min<int64_t>(*v, 200));
    } else if (a[i] == "nodes") {
      limits.nodes = static_cast<uint64_t>(*v);
    } else if (a[i] == "movetime") {
      limits.movetime = static_cast<double>(*v) / 1000;
    } else if (a[i] == "time") {
      limits.time_left = static_cast<double>(*v) / 1000;
    } else if (a[i] == "inc") {
      limits.increment = static_cast<double>(*v) / 1000;
    } else {
      return error("go: unknown limit " + quote(a[i]) +
                   " (depth, nodes, movetime, time, inc, infinite)");
    }
    any = true;
    ++i;
  }
  if (state_->is_terminal()) return say("bestmove none");
  (void)any;
  limits.multipv = multipv_;
  searching_ = true;
  const int players = state_->num_players();
  auto progress = [this, players](const ai::SearchProgress& p) {
    if (p.lines.empty())
      return say(info_line(p, 0, p.score, ai::proven_plies(p.score), p.pv, players));
    for (std::size_t k = 0; k < p.lines.size(); ++k) {
      const auto& l = p.lines[k];
      say(info_line(p, static_cast<int>(k) + 1, l.score, l.proven_plies, l.pv, players));
    }
  };
  auto done = [this](const engine::EngineResult& r) {
    searching_ = false;  // before the line, so a client that reads it may send the next command
    say("bestmove " + (r.best_move.empty() ? std::string("none") : r.best_move));
  };
  if (auto st = engine_.go(limits, progress, done); !st) {
    searching_ = false;
    error(st.error());
  }
}

// `stop` (docs/protocol.md) returns only once the search has ended and its `bestmove` line is
// written, so the next command finds no search running (as UCI clients expect). The search
// thread's callback takes out_mutex_ to write that line; nothing here holds it while waiting.
void Session::stop(const Args&) {
  engine_.stop();
  finish();
}

void Session::perft(const Args& a) {
  if (!need_position()) return;
  if (a.size() != 1) return error("usage: perft DEPTH");
  auto depth = parse_int(a[0], 0, 12, "perft depth");
  if (!depth) return error(depth.error());
  say("perft depth " + std::string(a[0]) + " nodes " +
      std::to_string(state_->perft(static_cast<int>(*depth))));
}

void Session::moves(const Args&) {
  if (!need_position()) return;
  std::string line = "moves";
  for (const auto& m : state_->legal_moves()) line += " " + m;
  say(line);
}

void Session::display(const Args&) {
  if (!need_position()) return;
  // The board as `arbiter show` draws it (games/board_text.h), plain text.
  std::istringstream board(draw_game(*state_, DrawOptions{}));
  for (std::string l; std::getline(board, l);) say(l);
  say("position " + state_->to_text());
}

// `info depth D [multipv K] score S [mate N] nodes N nps X time MS [pv ...]` (docs/protocol.md):
// `multipv` only with MultiPV above 1, `mate` only for a proven result (the moves the player to
// move makes until the game ends, negative when it loses).
std::string Session::info_line(const ai::SearchProgress& p, int multipv, int score,
                               int proven_plies, const std::vector<std::string>& pv, int players) {
  std::ostringstream line;
  line << "info depth " << p.depth;
  if (multipv > 0) line << " multipv " << multipv;
  line << " score " << score;
  if (proven_plies > 0) {
    const int moves = (proven_plies + players - 1) / players;
    line << " mate " << (score > 0 ? moves : -moves);
  }
  line << " nodes " << p.nodes << " nps " << static_cast<uint64_t>(p.nps) << " time "
       << std::llround(p.seconds * 1000);
  if (!pv.empty()) {
    line << " pv";
    for (const auto& m : pv) line << " " << m;
  }
  return line.str();
}

void Session::wait(const Args&) { finish(); }

void Session::help(const Args&) {
  say("commands: arbiter isready setoption newgame position go stop wait perft moves display "
      "quit");
}

}  // namespace arbiter::protocol
