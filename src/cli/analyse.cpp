// `arbiter analyse RECORD [--movetime S | --nodes N] [--threads T] [--json]`: searches every
// position of a recorded game and judges each move, for whoever played it, as best, good,
// inaccuracy, mistake or blunder by the drop in that player's expected result (engine/review.h,
// docs/analysis.md). Prints the record annotated with a comment on every move (and a summary on
// the game), or the review as JSON; a progress bar on stderr when it is a terminal.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <thread>

#include "cli/command.h"
#include "cli/file_text.h"
#include "core/text.h"
#include "engine/review.h"
#include "records/record.h"

namespace arbiter::cli {

namespace {

struct AnalyseOptions {
  std::string path;
  double movetime = 0;
  uint64_t nodes = 0;
  int threads = 0;
  int multipv = 1;
  std::string player = "level=10";
  bool json = false;
  bool quiet = false;
};

void print_progress(int done, int total) {
  constexpr int kWidth = 30;
  const int filled = total ? done * kWidth / total : kWidth;
  std::string bar(filled, '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r[%s] %d/%d positions ", bar.c_str(), done, total);
}

// The settings a review states, "level=10 nodes=2000 multipv=1".
std::string settings_text(const AnalyseOptions& o) {
  std::string out = o.player;
  if (o.nodes) out += " nodes=" + std::to_string(o.nodes);
  if (o.movetime > 0) out += " movetime=" + cli::detail::number_text(o.movetime);
  if (o.multipv > 1) out += " multipv=" + std::to_string(o.multipv);
  return out;
}

int run(const AnalyseOptions& o) {
  auto text = read_input_text(o.path);
  if (!text) return fail(text.error());
  auto record = parse_record(*text);
  if (!record) return fail(o.path + ": " + record.error());
  auto replay = replay_record(*record);
  if (!replay) return fail(o.path + ": " + replay.error());
  auto recipe = ai::parse_player_spec(o.player);
  if (!recipe) return fail("--player: " + recipe.error());
  engine::ReviewOptions options;
  options.recipe = *recipe;
  options.limits.nodes = o.nodes;
  options.limits.movetime = o.nodes == 0 && o.movetime == 0 ? 0.1 : o.movetime;
  options.limits.multipv = o.multipv;
  options.threads = o.threads > 0
                        ? o.threads
                        : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const bool bar = !o.quiet && isatty(fileno(stderr));
  if (bar) options.progress = print_progress;
  auto review = engine::review_game(*replay->start, *replay->final, options);
  if (bar) std::fprintf(stderr, "\n");
  if (!review) return fail(o.path + ": " + review.error());
  const std::string settings = settings_text(o);
  if (o.json) {
    std::cout << engine::review_json(*review, settings) << "\n";
    return 0;
  }
  Record annotated = *record;
  // An older resigned record's "*" is written back as the resignation's result.
  if (!annotated.tag("Result").empty()) annotated.set_tag("Result", replay->result());
  annotated.comments.clear();
  annotated.set_comment(0, engine::review_summary(*replay->start, *review, settings));
  for (const auto& m : review->moves) annotated.set_comment(m.ply, engine::review_comment(m));
  std::cout << format_record(annotated);
  return 0;
}

}  // namespace

Runner setup_analyse(CLI::App& sub) {
  auto o = std::make_shared<AnalyseOptions>();
  sub.add_option("record", o->path, "record file, or - for standard input")->required();
  sub.add_option("--movetime", o->movetime,
                 "seconds of search per position (0.1 unless --nodes is given)")
      ->transform(in_range(0.0, 3600.0));
  sub.add_option("--nodes", o->nodes, "nodes searched per position (MCTS: playouts)")
      ->transform(in_range<uint64_t>(1, uint64_t{1} << 40));
  sub.add_option("--threads", o->threads,
                 "positions searched at once (default: every core); with --nodes the review is "
                 "the same whatever the number")
      ->transform(in_range(1, 256));
  sub.add_option("--multipv", o->multipv, "root moves each search ranks (default 1)")
      ->transform(in_range(1, 64));
  sub.add_option("--player", o->player, "the searching player spec (docs/ai.md), default level=10");
  sub.add_flag("--json", o->json, "print the review as JSON instead of the annotated record");
  sub.add_flag("--quiet", o->quiet, "no progress bar (there is none unless stderr is a terminal)");
  return [o] { return run(*o); };
}

}  // namespace arbiter::cli
