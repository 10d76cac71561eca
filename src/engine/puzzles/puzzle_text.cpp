#include "engine/puzzles/puzzle_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter::engine::puzzles {
namespace {

constexpr int kFields = 6;
constexpr double kMaxRatingText = 4000;

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

Result<double> rating_field(std::string_view text) {
  const std::string s(trim(text));
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v < 0 ||
      v > kMaxRatingText) {
    return make_error("rating: expected a number from 0 to 4000, got " + quote(text));
  }
  return v == 0 ? 0.0 : v;  // "-0" is 0, written back "0" (not "-0")
}

}  // namespace

std::string puzzle_line(const Puzzle& p) {
  char rating[32];
  std::snprintf(rating, sizeof rating, "%.0f", p.rating);
  return p.game + "\t" + p.params + "\t" + p.position + "\t" + joined(p.solution) + "\t" + rating +
         "\t" + p.source;
}

Result<Puzzle> parse_puzzle_line(std::string_view line) {
  const auto fields = split_exact(line, '\t');
  if (fields.size() != kFields) {
    return make_error(
        "expected 6 tab-separated fields (game, params, position, solution, "
        "rating, source), got " +
        std::to_string(fields.size()));
  }
  Puzzle p;
  p.game = std::string(trim(fields[0]));
  p.params = std::string(trim(fields[1]));
  p.position = std::string(trim(fields[2]));
  for (auto m : split(fields[3])) p.solution.emplace_back(m);
  auto rating = rating_field(fields[4]);
  if (!rating) return make_error(rating.error());
  p.rating = *rating;
  p.source = std::string(trim(fields[5]));
  if (Status st = check_puzzle(p); !st) return make_error(st.error());
  return p;
}

Result<PuzzleLine> replay_puzzle(std::string_view game_name, std::string_view params_text,
                                 std::string_view position,
                                 const std::vector<std::string>& solution) {
  const Game* game = find_game(game_name);
  if (!game) {
    return make_error("game: unknown game " + quote(game_name) + " (known: " + game_names() + ")");
  }
  auto params = ParamMap::parse(params_text);
  if (!params) return make_error("params: " + params.error());
  auto start = game->parse_state(*params, position);
  if (!start) return make_error("position: " + start.error());
  if ((*start)->is_terminal()) return make_error("position: the game is over there");
  if (solution.empty()) return make_error("solution: no moves");
  PuzzleLine out;
  out.solver = (*start)->to_move();
  out.positions.push_back(std::move(*start));
  for (std::size_t i = 0; i < solution.size(); ++i) {
    const GameState& before = *out.positions.back();
    if (before.is_terminal()) {
      return make_error("solution: move " + std::to_string(i + 1) + " " + quote(solution[i]) +
                        " comes after the end of the game");
    }
    auto next = before.clone();
    if (auto st = next->apply(solution[i]); !st) {
      return make_error("solution: move " + std::to_string(i + 1) + " " + quote(solution[i]) +
                        ": " + st.error());
    }
    if (before.to_move() == out.solver) ++out.solver_moves;
    if (i + 1 == solution.size() && before.to_move() != out.solver) {
      return make_error("solution: the last move is not the solver's");
    }
    out.positions.push_back(std::move(next));
  }
  return out;
}

Status check_puzzle(Puzzle& p) {
  auto line = replay_puzzle(p.game, p.params, p.position, p.solution);
  if (!line) return make_error(line.error());
  const GameState& start = *line->positions.front();
  p.game = std::string(start.game().name());  // "Traverse" is stored, and looked up, as "traverse"
  p.params = start.params_text();
  p.position = start.to_text();
  for (std::size_t i = 0; i < p.solution.size(); ++i) {
    p.solution[i] = line->positions[i + 1]->history().back();
  }
  p.solver = line->solver;
  p.solver_moves = line->solver_moves;
  return {};
}

}  // namespace arbiter::engine::puzzles
