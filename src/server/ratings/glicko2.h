// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its
// deviation (how sure we are of it) and a volatility (how erratic the player's results are).
//
// Ratings are updated once per rating period from every game the player finished in it; a
// player who does not play sees the deviation grow, as the paper's step 6 says, by one period's
// worth of volatility per period of absence (fractional periods grow it in proportion). arbiter
// keeps one rating per pool (docs/online.md) and applies each game as it ends: the period is the
// game, and the absence before it is the time since the player's previous rated game.
#pragma once

#include <vector>

namespace arbiter::server::ratings {

struct Rating {
  double rating = 1500;
  double deviation = 350;    // RD, on the rating scale
  double volatility = 0.06;  // sigma
};

// One game against an opponent of the given rating: `score` 1 win, 0.5 draw, 0 loss.
struct Result {
  Rating opponent;
  double score = 0;
};

struct System {
  double tau = 0.5;                // constrains the change in volatility (the paper: 0.3-1.2)
  double max_deviation = 350;      // a new or long-absent player's deviation
  double provisional_above = 110;  // a rating with a larger deviation is provisional
  double epsilon = 0.000001;       // convergence of the volatility iteration
};

// The rating after one period with `results` (none: only the deviation grows).
Rating update(const Rating& player, const std::vector<Result>& results, const System& system = {});

// The deviation after `periods` rating periods without games (capped at max_deviation).
Rating inflate(const Rating& player, double periods, const System& system = {});

inline bool provisional(const Rating& r, const System& system = {}) {
  return r.deviation > system.provisional_above;
}

// How an N-player game's result becomes Glicko-2 games: each seat plays one game against every
// other seat, scored by their returns (more is a win, equal a draw). So a 4-player Traverse win
// counts as three wins, and the three others draw among themselves and lose to the winner.
// `returns[i]` is seat i's return; the answer is, per seat, its results against the other seats.
std::vector<std::vector<Result>> pairwise_results(const std::vector<Rating>& seats,
                                                  const std::vector<double>& returns);

}  // namespace arbiter::server::ratings
