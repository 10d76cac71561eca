// `arbiter tune GAME DATA... [--start FILE] [--passes N] [--val SHARE] [--mix L] [--out FILE]`:
// Texel tuning of a game's hand evaluation on self-play data (engine/texel.h, docs/ai.md
// "Tuning the hand evaluations"). Prints the loss before and after, on the games trained on and
// the held-out ones, and each weight's change; writes the tuned weights as a weights file
// (`weights=FILE` in a player spec) to --out.
#include <cstdio>
#include <fstream>

#include "cli/command.h"
#include "engine/game_module.h"
#include "engine/searcher.h"
#include "games/registry.h"
#include "nn/selfplay_data.h"

namespace arbiter::cli {

namespace {
struct TuneCli {
  std::string game;
  std::vector<std::string> data;
  std::string start;
  int passes = 8;
  double val = 0.1;
  double mix = 0;
  std::string out;
};
}  // namespace

Runner setup_tune(CLI::App& sub) {
  auto o = std::make_shared<TuneCli>();
  sub.add_option("game", o->game, "the game: " + game_names())->required();
  sub.add_option("data", o->data, "self-play files (arbiter selfplay) of the game")->required();
  sub.add_option("--start", o->start, "a weights file to start from (default: the game's)");
  sub.add_option("--passes", o->passes, "passes over every weight at most")
      ->transform(in_range(1, 1000));
  sub.add_option("--val", o->val, "share of games held out to measure on")
      ->transform(in_range(0.0, 0.9));
  sub.add_option("--mix", o->mix, "share of the search's value in the label (the rest: result)")
      ->transform(in_range(0.0, 1.0));
  sub.add_option("--out,-o", o->out, "write the tuned weights here");
  return [o] {
    const Game* game = find_game(o->game);
    if (!game) return fail("unknown game " + quote(o->game) + " (known: " + game_names() + ")");
    nn::SelfplayFile all;
    for (const std::string& path : o->data) {
      auto file = nn::read_selfplay(path);
      if (!file) return fail(file.error());
      if (all.header.game.empty()) {
        all.header = file->header;
      } else if (file->header.params != all.header.params || file->header.game != all.header.game) {
        return fail(path + ": data of " + file->header.game + " " + quote(file->header.params) +
                    ", where " + o->data.front() + " is of " + all.header.game + " " +
                    quote(all.header.params));
      }
      for (auto& g : file->games) all.games.push_back(std::move(g));
    }
    auto searcher = engine::make_searcher(*game);
    engine::TuneOptions options;
    options.passes = o->passes;
    options.val = o->val;
    options.mix = o->mix;
    options.log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
    auto report = searcher->tune(all, o->start, options);
    if (!report) return fail(report.error());
    std::printf("%s: %zu positions trained on, %zu held out\n", o->game.c_str(),
                report->train_positions, report->val_positions);
    std::printf("win model scale x %.4f (fitted to the starting weights)\n", report->k);
    std::printf("loss: trained on %.5f -> %.5f, held out %.5f -> %.5f\n", report->train_before,
                report->train_after, report->val_before, report->val_after);
    for (std::size_t i = 0; i < report->names.size(); ++i) {
      std::printf("  %-20s %6d -> %6d\n", report->names[i].c_str(), report->before[i],
                  report->after[i]);
    }
    if (!o->out.empty()) {
      std::ofstream out(o->out, std::ios::binary | std::ios::trunc);
      out << "# " << o->game << " " << all.header.params << ": arbiter tune, held-out loss "
          << report->val_before << " -> " << report->val_after << "\n"
          << searcher->weights_text(report->after);
      if (!out) return fail(o->out + ": cannot write the weights");
    }
    return 0;
  };
}

}  // namespace arbiter::cli
