#include "engine/match_stats.h"

#include <cmath>
#include <limits>

namespace arbiter::engine {

double MatchScore::score() const {
  const int n = games();
  return n == 0 ? 0.5 : (wins + 0.5 * draws) / n;
}

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

namespace {
// Per-game variance of the score.
double variance(const MatchScore& s) {
  const int n = s.games();
  if (n == 0) return 0;
  const double m = s.score();
  return (s.wins * (1 - m) * (1 - m) + s.draws * (0.5 - m) * (0.5 - m) + s.losses * m * m) / n;
}
}  // namespace

EloEstimate estimate_elo(const MatchScore& s) {
  EloEstimate e;
  const int n = s.games();
  if (n == 0) return e;
  const double m = s.score();
  e.elo = elo_of_score(m);
  const double se = std::sqrt(variance(s) / n);
  const double lo = m - 1.959964 * se, hi = m + 1.959964 * se;
  e.margin = (elo_of_score(hi) - elo_of_score(lo)) / 2;
  if (std::isnan(e.margin)) e.margin = std::numeric_limits<double>::infinity();
  return e;
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const MatchScore& s) const {
  const int n = s.games();
  const double var = variance(s);
  if (n == 0 || var <= 0) return 0;
  const double s0 = 1 / (1 + std::pow(10, -elo0 / 400));
  const double s1 = 1 / (1 + std::pow(10, -elo1 / 400));
  return n * (s1 - s0) * (2 * s.score() - s0 - s1) / (2 * var);
}

std::string Sprt::state(const MatchScore& s) const {
  const double l = llr(s);
  if (l >= upper()) return "H1 accepted";
  if (l <= lower()) return "H0 accepted";
  return "continue";
}

}  // namespace arbiter::engine
