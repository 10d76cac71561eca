#include "server/puzzles/puzzles_json.h"

#include <cmath>

#include "server/http/api_json.h"
#include "server/play/live_game.h"
#include "server/ratings/glicko2.h"

namespace arbiter::server::puzzles {
namespace {

int64_t whole(double v) { return static_cast<int64_t>(std::lround(v)); }

void write_last_move(JsonWriter& w, const LastMove& m) {
  w.begin_object();
  w.key("text").value(m.text);
  w.key("path").value(m.path);
  w.key("cells").value(m.cells);
  w.end_object();
}

std::string_view result_name(AttemptResult r) {
  switch (r) {
    case AttemptResult::kContinue:
      return "continue";
    case AttemptResult::kSolved:
      return "solved";
    case AttemptResult::kFailed:
      return "failed";
  }
  return "?";
}

}  // namespace

void write_puzzle(JsonWriter& w, const store::PuzzleRow& row,
                  const engine::puzzles::PuzzleLine& line) {
  const GameState& start = *line.positions.front();
  w.begin_object();
  w.key("id").value(row.id);
  w.key("game").value(row.game);
  w.key("params").value(row.params);
  w.key("position").value(row.position);
  w.key("solver").value(line.solver);
  w.key("player").value(start.player_name(line.solver));
  w.key("players").begin_array();
  for (int p = 0; p < start.num_players(); ++p) w.value(start.player_name(p));
  w.end_array();
  w.key("rating").value(whole(row.rating));
  w.key("plays").value(row.plays);
  w.key("moves").value(line.solver_moves);
  w.key("board");
  write_board(w, start.view());
  w.end_object();
}

void write_solver_rating(JsonWriter& w, const std::string& solver,
                         const std::optional<store::PuzzleRatingRow>& row) {
  const store::PuzzleRatingRow r = row.value_or(store::PuzzleRatingRow{});
  w.begin_object();
  w.key("solver").value(solver.substr(0, solver.find(':')));  // "account" or "browser"
  w.key("rating").value(whole(r.rating));
  w.key("deviation").value(whole(r.deviation));
  w.key("provisional").value(ratings::provisional({r.rating, r.deviation, r.volatility}));
  w.key("solved").value(r.solved);
  w.key("failed").value(r.failed);
  w.end_object();
}

std::string attempt_text(const AttemptAnswer& a, const std::string& solver) {
  const AttemptStep& step = a.step;
  // The positions along what was played; the replies drawn as last moves.
  auto s = a.line.positions.front()->clone();
  std::vector<LastMove> replies;
  for (std::size_t i = 0; i < step.played.size(); ++i) {
    (void)s->apply(step.played[i]);
    if (i + step.replies >= step.played.size()) {
      if (auto m = describe_last_move(*s)) replies.push_back(std::move(*m));
    }
  }
  const bool ended = step.result != AttemptResult::kContinue;
  return written(4096, [&](JsonWriter& w) {
    w.begin_object();
    w.key("result").value(result_name(step.result));
    w.key("played").value(step.played);
    w.key("replies").begin_array();
    for (const auto& m : replies) write_last_move(w, m);
    w.end_array();
    w.key("position").value(s->to_text());
    w.key("to_move").value(s->is_terminal() ? -1 : s->to_move());
    w.key("board");
    write_board(w, s->view());
    if (ended) {
      w.key("solution").value(a.solution);
      if (step.result == AttemptResult::kFailed) {
        // The right move where the wrong one was played, and the board it leaves.
        auto right = a.line.positions.front()->clone();
        for (std::size_t i = 0; i + 1 < step.played.size(); ++i) (void)right->apply(step.played[i]);
        (void)right->apply(step.expected);
        w.key("expected").value(step.expected);
        w.key("expected_move");
        if (auto m = describe_last_move(*right)) {
          write_last_move(w, *m);
        } else {
          w.null();
        }
        w.key("solution_board");
        write_board(w, right->view());
      }
      w.key("rated").value(a.rated);
      w.key("rating");
      write_solver_rating(w, solver, a.after);
      const double before = a.before ? a.before->rating : store::PuzzleRatingRow{}.rating;
      const double after = a.after ? a.after->rating : before;
      w.key("rating_change").value(whole(after) - whole(before));
      w.key("puzzle_rating").value(whole(a.puzzle_rating));
    }
    w.end_object();
  });
}

}  // namespace arbiter::server::puzzles
