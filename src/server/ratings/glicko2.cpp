#include "server/ratings/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace arbiter::server::ratings {
namespace {

constexpr double kScale = 173.7178;  // the paper's step 2: Glicko-2's scale to Glicko's

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, const System& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * s.tau) < 0) ++k;
    B = a - k * s.tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; i < 200 && std::abs(B - A) > s.epsilon; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating inflate(const Rating& player, double periods, const System& system) {
  if (periods <= 0) return player;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  const double grown = std::sqrt(phi * phi + periods * sigma * sigma) * kScale;
  return {player.rating, std::min(grown, system.max_deviation), player.volatility};
}

Rating update(const Rating& player, const std::vector<Result>& results, const System& system) {
  if (results.empty()) return inflate(player, 1, system);
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.deviation / kScale;
  double v_inverse = 0, delta_sum = 0;
  for (const Result& r : results) {
    const double mu_j = (r.opponent.rating - 1500) / kScale;
    const double phi_j = r.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
    delta_sum += g(phi_j) * (r.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * delta_sum;
  const double sigma = new_volatility(player.volatility, phi, v, delta, system);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * delta_sum;
  return {mu_new * kScale + 1500, std::min(phi_new * kScale, system.max_deviation), sigma};
}

std::vector<std::vector<Result>> pairwise_results(const std::vector<Rating>& seats,
                                                  const std::vector<double>& returns) {
  std::vector<std::vector<Result>> out(seats.size());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    for (std::size_t j = 0; j < seats.size(); ++j) {
      if (i == j || i >= returns.size() || j >= returns.size()) continue;
      const double score = returns[i] > returns[j] ? 1.0 : returns[i] < returns[j] ? 0.0 : 0.5;
      out[i].push_back({seats[j], score});
    }
  }
  return out;
}

}  // namespace arbiter::server::ratings
