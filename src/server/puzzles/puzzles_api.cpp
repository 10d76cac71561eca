#include "server/puzzles/puzzles_api.h"

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "games/registry.h"
#include "server/accounts/tokens.h"
#include "server/http/api_json.h"
#include "server/http/json_body.h"
#include "server/http/json_response.h"
#include "server/http/json_writer.h"
#include "server/play/live_game.h"
#include "server/play/store_failure.h"
#include "server/puzzles/attempt.h"
#include "server/puzzles/puzzle_glicko.h"
#include "server/puzzles/puzzles_json.h"

namespace arbiter::server::puzzles {
namespace {

namespace ep = engine::puzzles;

constexpr std::size_t kLegalBudget = 16u << 20;        // bytes of click indexes kept
constexpr int64_t kBrowserCookieAge = 400LL * 86'400;  // seconds: about a year
constexpr std::size_t kMaxMoves = 64;                  // moves an attempt may carry
constexpr int kCandidates = 8;  // puzzles next() reads to find one that plays
constexpr int kRateTries = 3;   // rating writes that met a concurrent one

// A store failure: its text logged, not answered (store_failure.h).
ApiError store_error(const store::Error& error) { return store_failure("puzzles", error); }

// The browser id of the request's cookie, "" when it has none (or not one of ours).
std::string browser_cookie(std::string_view cookies) {
  for (auto part : split(cookies, ";")) {
    part = trim(part);
    const auto eq = part.find('=');
    if (eq == std::string_view::npos || trim(part.substr(0, eq)) != kBrowserCookie) continue;
    return std::string(trim(part.substr(eq + 1)));
  }
  return "";
}

std::vector<std::string> words(std::string_view text, std::string_view separators) {
  std::vector<std::string> out;
  for (auto w : split(text, separators)) out.emplace_back(w);
  return out;
}

// A puzzle as stored, replayed: its line's positions, or a 500 for a row that no longer plays
// (an arbiter whose rules changed since it was found).
struct Loaded {
  store::PuzzleRow row;
  std::vector<std::string> solution;
  ep::PuzzleLine line;
};

Outcome<Loaded> replay(store::PuzzleRow row) {
  Loaded out;
  out.solution = words(row.solution, " ");
  auto line = ep::replay_puzzle(row.game, row.params, row.position, out.solution);
  if (!line) {
    return internal_error("puzzle " + std::to_string(row.id) + " does not replay: " + line.error());
  }
  out.line = std::move(*line);
  out.row = std::move(row);
  return out;
}

// Puzzle `id` from `store`, replayed: 404 when there is none.
Outcome<Loaded> load_puzzle(store::PuzzleStore& store, int64_t id) {
  auto row = store.puzzle_by_id(id);
  if (!row) return store_error(row.failure());
  if (!*row) return not_found("no puzzle " + std::to_string(id));
  return replay(std::move(**row));
}

}  // namespace

struct PuzzlesApi::Call : api_routes::ConcernCall {
  using ConcernCall::ConcernCall;
  std::string solver;       // "account:ID" or "browser:HASH"
  bool new_solver = false;  // a guest without a browser id yet: one is handed out now
};

// Attempts: 20 at once per address, then two a second (a person clicks far slower).

PuzzlesApi::PuzzlesApi(std::shared_ptr<store::PuzzleStore> store)
    : store_(std::move(store)), attempts_(2, 20), legal_(kLegalBudget) {}

api_routes::Handler PuzzlesApi::serve(Out (PuzzlesApi::*handler)(Call&)) {
  return [this, handler](Hub&, api_routes::Call& routed) -> Response {
    const Request& request = routed.request;
    Call c(routed);
    if (auto bad = c.read_post_body()) return Api::error_response(*bad);
    std::string new_browser;  // a browser id to hand out, "" when the request had one
    if (routed.account) {     // the session the API read (route_request)
      c.solver = store::account_key(routed.account->id);
    } else {
      std::string id = browser_cookie(request.cookie);
      std::string hash = hash_token(id);
      if (hash.empty()) {
        id = new_browser = new_token();
        hash = hash_token(id);
        c.new_solver = true;
      }
      c.solver = "browser:" + hash;
    }
    Response r;
    try {
      auto out = (this->*handler)(c);
      r = out ? std::move(*out) : Api::error_response(out.error());
    } catch (const std::exception& e) {
      r = Api::error_response(internal_error(std::string("internal error: ") + e.what()));
    }
    if (!new_browser.empty()) {
      r.set_cookie =
          std::string(kBrowserCookie) + "=" + new_browser +
          "; HttpOnly; SameSite=Lax; Path=/; Max-Age=" + std::to_string(kBrowserCookieAge);
    }
    return r;
  };
}

// "next" and "rating" come before a puzzle's id, which is a number (puzzle_id): /api/puzzles/next
// is never puzzle "next".
std::vector<api_routes::Route> PuzzlesApi::routes() {
  return {
      {.method = "GET", .pattern = {"api", "puzzles", "next"}, .handler = serve(&PuzzlesApi::next)},
      {.method = "GET",
       .pattern = {"api", "puzzles", "rating"},
       .handler = serve(&PuzzlesApi::rating)},
      {.method = "GET", .pattern = {"api", "puzzles", "*"}, .handler = serve(&PuzzlesApi::one)},
      {.method = "GET",
       .pattern = {"api", "puzzles", "*", "legal"},
       .handler = serve(&PuzzlesApi::legal)},
      {.method = "POST",
       .pattern = {"api", "puzzles", "*", "attempt"},
       .handler = serve(&PuzzlesApi::attempt)},
  };
}

namespace {

Outcome<int64_t> puzzle_id(const std::string& text) {
  auto id = parse_int(text, 1, INT64_MAX, "puzzle id");
  if (!id) return not_found("no puzzle " + quote(text));
  return *id;
}

}  // namespace

PuzzlesApi::Out PuzzlesApi::next(Call& c) {
  const std::string game = c.param("game");
  if (game.empty()) return bad_request("game: missing (one of " + game_names() + ")");
  if (!find_game(game)) {
    return bad_request("game: unknown game " + quote(game) + " (known: " + game_names() + ")");
  }
  auto mine = store_->puzzle_rating(c.solver);
  if (!mine) return store_error(mine.failure());
  const double rating = *mine ? (*mine)->rating : store::PuzzleRatingRow{}.rating;
  auto rows = store_->puzzles_near(game, rating, c.solver, kCandidates);
  if (!rows) return store_error(rows.failure());
  for (auto& row : *rows) {
    auto loaded = replay(std::move(row));
    if (!loaded) continue;  // a row that no longer plays is skipped, not served
    return json_response(200, written(8192, [&](JsonWriter& w) {
                           w.begin_object();
                           w.key("puzzle");
                           write_puzzle(w, loaded->row, loaded->line);
                           w.key("rating");
                           write_solver_rating(w, c.solver, *mine);
                           w.end_object();
                         }));
  }
  return not_found("no puzzles of " + game + " yet");
}

PuzzlesApi::Out PuzzlesApi::one(Call& c) {
  auto id = puzzle_id(c.segments[2]);
  if (!id) return id.error();
  auto loaded = load_puzzle(*store_, *id);
  if (!loaded) return loaded.error();
  return json_response(200, written(8192, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("puzzle");
                         write_puzzle(w, loaded->row, loaded->line);
                         w.end_object();
                       }));
}

PuzzlesApi::Out PuzzlesApi::rating(Call& c) {
  auto mine = store_->puzzle_rating(c.solver);
  if (!mine) return store_error(mine.failure());
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("rating");
                         write_solver_rating(w, c.solver, *mine);
                         w.end_object();
                       }));
}

// GET /api/puzzles/{id}/legal?moves=...&clicks=...: the clicks of the position after `moves`,
// which must be the line so far up to a move of the solver's (the client knows them: the
// solver played them and the server answered the replies); with `prefix` instead of `clicks`,
// the moves whose text begins with it, as the game's legal endpoint answers it.
PuzzlesApi::Out PuzzlesApi::legal(Call& c) {
  auto id = puzzle_id(c.segments[2]);
  if (!id) return id.error();
  auto loaded = load_puzzle(*store_, *id);
  if (!loaded) return loaded.error();
  const auto moves = words(c.param("moves"), ",");
  const auto& line = loaded->line;
  if (moves.size() >= loaded->solution.size()) {
    return bad_request("moves: the line has " + std::to_string(loaded->solution.size()) +
                       " moves; give those played before a move of the solver's");
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto s = line.positions[i]->clone();
    if (!s->apply(moves[i]) || s->history().back() != loaded->solution[i]) {
      return bad_request("moves[" + std::to_string(i) + "]: " + quote(moves[i]) +
                         " is not the line's move there");
    }
  }
  const GameState& at = *line.positions[moves.size()];
  if (at.to_move() != line.solver) {
    return bad_request("moves: after them another seat is to move, not the solver");
  }
  const bool by_prefix = c.query.count("prefix") > 0;
  if (by_prefix && c.query.count("clicks") > 0) {
    return bad_request("prefix: not with clicks; give one or the other");
  }
  std::vector<std::string> clicks = words(c.param("clicks"), ",");
  const std::string key = "puzzle " + std::to_string(*id);
  auto index = legal_.find(key, moves.size());
  if (!index) {
    auto built = LegalIndex::build(at);
    if (!built) return internal_error("legal moves of " + key + ": " + built.error());
    index = *built;
    legal_.put(key, moves.size(), index);
  }
  if (by_prefix) {
    return json_response(
        200, legal_prefix_text(index->with_prefix(c.param("prefix"), kLegalPrefixListed)));
  }
  return json_response(200, legal_text(index->answer(clicks)));
}

PuzzlesApi::Out PuzzlesApi::attempt(Call& c) {
  if (const int wait = attempts_.take(c.request.remote)) {
    Response r = Api::error_response({429, "too many attempts from " + c.request.remote +
                                               ": try again in " + std::to_string(wait) + " s"});
    r.retry_after = wait;
    return r;
  }
  // A guest attempts as the browser the cookie names: a request without it would rate a new
  // solver every time.
  if (c.new_solver) {
    return unauthorized("no solver: log in, or send the " + std::string(kBrowserCookie) +
                        " cookie a first request here sets");
  }
  auto id = puzzle_id(c.segments[2]);
  if (!id) return id.error();
  auto field = c.body.find("moves");
  if (field == c.body.end() || field->is_null()) return bad_request("moves: missing");
  if (!field->is_array()) return bad_request("moves: expected an array of move texts");
  if (field->size() > kMaxMoves) {
    return bad_request("moves: at most " + std::to_string(kMaxMoves));
  }
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < field->size(); ++i) {
    if (!(*field)[i].is_string()) {
      return bad_request("moves[" + std::to_string(i) + "]: expected a move text");
    }
    moves.push_back((*field)[i].get<std::string>());
  }
  auto loaded = load_puzzle(*store_, *id);
  if (!loaded) return loaded.error();
  auto step = check_attempt(loaded->line, loaded->solution, moves);
  if (!step) return step.error();
  AttemptAnswer answer{*step, loaded->line, loaded->solution, false, std::nullopt, std::nullopt, 0};
  if (step->result != AttemptResult::kContinue) {
    const bool solved = step->result == AttemptResult::kSolved;
    store::PuzzleRow puzzle = loaded->row;
    for (int attempt = 0;; ++attempt) {
      auto mine = store_->puzzle_rating(c.solver);
      if (!mine) return store_error(mine.failure());
      answer.before = *mine;
      const auto a = rate_attempt(c.solver, *mine, puzzle, solved, now_ms());
      auto rated = store_->rate_puzzle_attempt(a);
      if (rated) {
        answer.rated = *rated;
        answer.after = *rated ? std::optional(a.solver) : *mine;
        answer.puzzle_rating = *rated ? a.puzzle_rating : puzzle.rating;
        break;
      }
      if (rated.code() != store::ErrorCode::kConflict || attempt + 1 == kRateTries) {
        return store_error(rated.failure());
      }
      // Another attempt ended meanwhile: read both rows again.
      auto fresh = store_->puzzle_by_id(*id);
      if (!fresh) return store_error(fresh.failure());
      if (!*fresh) return not_found("no puzzle " + std::to_string(*id));
      puzzle = **fresh;
    }
  }
  return json_response(200, attempt_text(answer, c.solver));
}

}  // namespace arbiter::server::puzzles
