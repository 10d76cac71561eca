// Puzzles over HTTP (docs/api.md "Puzzles"): the next puzzle for a solver, a puzzle by id, the
// clicks of its positions, an attempt's moves checked against its line, and the solver's
// puzzle rating. Its rows of the API's route table (http/route.h) answer /api/puzzles on a hub
// worker (they read the store and build click indexes).
//
// The solver is the logged-in account ("account:ID"), else the browser: a guest's browser gets
// a random id in the HttpOnly cookie `arbiter_browser` on its first request here, and solves as
// "browser:" and the id's hash (server/accounts/tokens.h), so the store never holds the cookie
// itself.
//
// An attempt is stateless (puzzles/attempt.h): each POST carries every move the solver has made.
// When it ends (solved or failed) the solver's and the puzzle's ratings change
// (puzzles/puzzle_glicko.h), once per solver and puzzle (PuzzleStore::rate_puzzle_attempt): trying
// a puzzle again is answered the same way but rated no more. Attempts are limited per address.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/online_api.h"
#include "server/http/api.h"
#include "server/net/rate_limiter.h"
#include "server/play/legal_index.h"

namespace arbiter::server::puzzles {

inline constexpr std::string_view kBrowserCookie = "arbiter_browser";

class PuzzlesApi {
 public:
  explicit PuzzlesApi(std::shared_ptr<store::PuzzleStore> store);

  // This API's rows of the route table (http/route.h): answered on a hub worker, since they
  // read and write the store.
  std::vector<api_routes::Route> routes();

 private:
  struct Call;
  using Out = Outcome<Response>;
  // The row's answer through `handler`, with the body read and the solver known (a new
  // browser's cookie set).
  api_routes::Handler serve(Out (PuzzlesApi::*handler)(Call&));
  Out next(Call& c);
  Out one(Call& c);
  Out legal(Call& c);
  Out attempt(Call& c);
  Out rating(Call& c);

  std::shared_ptr<store::PuzzleStore> store_;
  RateLimiter attempts_;
  LegalIndexes legal_;
};

}  // namespace arbiter::server::puzzles
