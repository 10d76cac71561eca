// Match statistics: score, Elo difference with a 95% interval, and the sequential probability
// ratio test (SPRT) that tells when a match may stop. Elo is logistic (400 · log10 odds); the
// SPRT is the normal approximation of the generalised SPRT on game scores (W/D/L).
#pragma once

#include <string>

namespace arbiter::engine {

struct MatchScore {
  int wins = 0;  // of the first engine
  int draws = 0;
  int losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const;  // mean points per game, 0.5 when no game was played
};

struct EloEstimate {
  double elo = 0;
  double margin = 0;  // half-width of the 95% interval; infinite with 0% or 100% scores
};
EloEstimate estimate_elo(const MatchScore& s);
double elo_of_score(double score);  // ±infinity at 0 and 1

struct Sprt {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  double lower() const;  // log(beta / (1 − alpha))
  double upper() const;  // log((1 − beta) / alpha)
  double llr(const MatchScore& s) const;
  // "H0 accepted", "H1 accepted" or "continue".
  std::string state(const MatchScore& s) const;
};

}  // namespace arbiter::engine
