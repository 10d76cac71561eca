// `arbiter selfplay GAME [params] --games N (--nodes K | --movetime S) --out FILE`: training
// data for the learned evaluations (engine/selfplay.h; the file: engine/selfplay_data.h).
#include "engine/selfplay.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>

#include "cli/command.h"
#include "core/text.h"
#include "games/registry.h"

namespace arbiter::cli {

namespace {

struct SelfplayCli {
  std::string game;
  std::vector<std::string> params;
  int games = 0;
  uint64_t nodes = 0;
  int depth = 0;
  double movetime = 0;
  int threads = 1;
  uint64_t seed = 1;
  std::string shard = "0/1";
  std::string player = "level=9";
  std::string random_plies = "2-8";
  double sample = 0.5;
  int max_plies = 600;
  std::string out;
  bool quiet = false;
};

std::atomic<bool> g_selfplay_stop{false};

Result<std::pair<int, int>> parse_pair(std::string_view text, char sep, std::string_view what) {
  const auto at = text.find(sep);
  if (at == std::string_view::npos) {
    return make_error(std::string(what) + ": expected A" + sep + "B, got " + quote(text));
  }
  auto a = parse_int(text.substr(0, at), 0, 100000, what);
  auto b = parse_int(text.substr(at + 1), 0, 100000, what);
  if (!a) return make_error(a.error());
  if (!b) return make_error(b.error());
  return std::pair<int, int>{static_cast<int>(*a), static_cast<int>(*b)};
}

}  // namespace

Runner setup_selfplay(CLI::App& sub) {
  auto o = std::make_shared<SelfplayCli>();
  sub.add_option("game", o->game, "the game: " + game_names())->required();
  sub.add_option("params", o->params, "game parameters, key=value ...");
  sub.add_option("--games,-n", o->games, "games to play (all shards together)")
      ->required()
      ->transform(in_range(1, 10000000));
  sub.add_option("--nodes", o->nodes, "nodes per move (deterministic)")
      ->transform(in_range<uint64_t>(1, uint64_t{1} << 40));
  sub.add_option("--depth", o->depth, "depth per move (deterministic)")->transform(in_range(1, 60));
  sub.add_option("--movetime", o->movetime, "seconds per move")->transform(in_range(0.001, 60.0));
  sub.add_option("--threads,-t", o->threads, "games at once")->transform(in_range(1, 256));
  sub.add_option("--seed", o->seed, "seed of openings and sampling")
      ->transform(in_range<uint64_t>(0, UINT64_MAX));
  sub.add_option("--shard", o->shard, "K/N: play games i with i mod N = K (shards concatenate)");
  sub.add_option("--player", o->player, "the player spec of both sides (default level=9)");
  sub.add_option("--random-plies", o->random_plies, "MIN-MAX random opening plies (default 2-8)");
  sub.add_option("--sample", o->sample, "share of plies kept (default 0.5)")
      ->transform(in_range(0.0, 1.0));
  sub.add_option("--max-plies", o->max_plies, "a game still running after these is dropped")
      ->transform(in_range(1, 65535));
  sub.add_option("--out,-o", o->out, "the data file (continued when it exists)")->required();
  sub.add_flag("--quiet,-q", o->quiet, "no progress line (there is none unless stderr is a tty)");
  return [o] {
    const Game* game = find_game(o->game);
    if (!game) return fail("unknown game " + quote(o->game) + " (known: " + game_names() + ")");
    auto params = ParamMap::parse(o->params);
    if (!params) return fail(params.error());
    auto recipe = ai::parse_player_spec(o->player);
    if (!recipe) return fail("--player: " + recipe.error());
    if ((o->nodes > 0) + (o->depth > 0) + (o->movetime > 0) != 1) {
      return fail("give one of --nodes, --depth and --movetime");
    }
    auto shard = parse_pair(o->shard, '/', "--shard");
    if (!shard) return fail(shard.error());
    if (shard->second < 1 || shard->first >= shard->second) {
      return fail("--shard: expected K/N with 0 <= K < N, got " + quote(o->shard));
    }
    auto plies = parse_pair(o->random_plies, '-', "--random-plies");
    if (!plies) return fail(plies.error());
    if (plies->first > plies->second) {
      return fail("--random-plies: MIN-MAX with MIN <= MAX, got " + quote(o->random_plies));
    }
    engine::SelfplayOptions s;
    s.game = game;
    s.params = *params;
    s.recipe = *recipe;
    s.recipe_spec = o->player;
    s.limits.nodes = o->nodes;
    s.limits.depth = o->depth;
    s.limits.movetime = o->movetime;
    s.games = o->games;
    s.threads = o->threads;
    s.seed = o->seed;
    s.shard = shard->first;
    s.shards = shard->second;
    s.random_plies_min = plies->first;
    s.random_plies_max = plies->second;
    s.sample = o->sample;
    s.max_plies = o->max_plies;
    s.out = o->out;
    const bool show = !o->quiet && isatty(fileno(stderr));
    std::signal(SIGINT, [](int) { g_selfplay_stop = true; });
    std::signal(SIGTERM, [](int) { g_selfplay_stop = true; });
    auto status = engine::run_selfplay(
        s,
        [show](const engine::SelfplayProgress& p) {
          if (!show) return;
          std::fprintf(stderr, "\rselfplay: %d/%d games, %llu positions, %.1f s   ", p.games_done,
                       p.games_total, static_cast<unsigned long long>(p.positions), p.seconds);
        },
        &g_selfplay_stop);
    if (show) std::fprintf(stderr, "\n");
    if (!status) return fail(status.error());
    return 0;
  };
}

}  // namespace arbiter::cli
