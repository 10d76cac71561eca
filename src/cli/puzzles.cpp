// `arbiter puzzles generate|import|export` (docs/analysis.md "Puzzles"):
//
//   generate --game G [PARAMS] [--games N] [--from-db URL] [--record FILE...] [--nodes N]
//            [--verify-nodes N] [--threads T] [--player SPEC] [--seed S] [--random-plies R]
//            (--db URL | --out FILE)
//   import FILE... [--db URL]
//   export [--game G] [--db URL]
//
// generate mines games (self-play, a store's finished games, records: puzzles_sources.h) with
// the finder (engine/puzzles/finder.h), prints one line per puzzle found and writes them to the
// store's puzzles table and/or appends them to a file in the puzzle text format
// (engine/puzzles/puzzle_text.h). import reads such files into a store, skipping puzzles whose
// position is stored already; export prints a store's puzzles in that format.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli/command.h"
#include "cli/file_text.h"
#include "cli/puzzles_sources.h"
#include "cli/store_open.h"
#include "core/text.h"
#include "core/wall_clock.h"
#include "engine/puzzles/finder.h"
#include "engine/puzzles/puzzle_text.h"
#include "games/registry.h"
#include "server/puzzles/review_puzzles.h"
#include "store/store.h"

namespace arbiter::cli {
namespace {

namespace ep = engine::puzzles;

struct GenerateOptions {
  std::string game;
  std::vector<std::string> params;
  int games = 0;
  std::string from_db;
  std::vector<std::string> records;
  uint64_t nodes = 20'000;
  uint64_t verify_nodes = 0;
  int threads = 0;
  std::string player = "level=5";
  uint64_t seed = 1;
  int random_plies = 4;
  std::string db;
  std::string out;
  bool quiet = false;
};

std::string joined_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Writes `p` to the store (when one is open) and the file (when open); whether it was new.
Result<bool> keep(const ep::Puzzle& p, store::Store* db, std::ofstream* out) {
  if (out) *out << ep::puzzle_line(p) << "\n";
  if (!db) return true;
  auto added = db->add_puzzle(server::puzzles::puzzle_row(p, now_ms()));
  if (!added) return make_error(added.error());
  return added->has_value();
}

int generate(const GenerateOptions& o) {
  const Game* game = find_game(o.game);
  if (!game)
    return fail("--game: unknown game " + quote(o.game) + " (known: " + game_names() + ")");
  auto params = ParamMap::parse(o.params);
  if (!params) return fail(params.error());
  if (auto probe = game->new_state(*params); !probe) return fail(probe.error());
  if (o.games == 0 && o.from_db.empty() && o.records.empty()) {
    return fail("nothing to mine: give --games N, --from-db URL or --record FILE");
  }
  if (o.db.empty() && o.out.empty()) return fail("nowhere to write: give --db URL or --out FILE");
  auto player = ai::parse_player_spec(o.player);
  if (!player) return fail("--player: " + player.error());
  if (o.games > 0 && player->nodes == 0 && player->depth == 0) {
    return fail(
        "--player: give a node or depth budget (level=1..6, or nodes=N) so the games "
        "are the same on every machine");
  }
  std::unique_ptr<store::Store> db;
  if (!o.db.empty()) {
    auto opened = open_command_store(o.db);
    if (!opened) return fail("--db: " + opened.error());
    db = std::move(*opened);
  }
  std::ofstream out;
  if (!o.out.empty()) {
    out.open(o.out, std::ios::app);
    if (!out) return fail("--out: cannot write " + o.out);
  }

  ep::FinderOptions finder;
  finder.nodes = o.nodes;
  finder.verify_nodes = o.verify_nodes;
  finder.threads = o.threads > 0
                       ? o.threads
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const bool bar = !o.quiet && isatty(fileno(stderr));
  int games = 0, found = 0, added = 0;
  auto mine = [&](puzzles::MinedGame g) -> Status {
    ++games;
    if (bar) {
      finder.progress = [&](int done, int total) {
        std::fprintf(stderr, "\rgame %d: %d/%d positions ", games, done, total);
      };
    }
    auto puzzles = ep::find_puzzles(*g.start, *g.final, finder, g.source);
    if (bar) std::fprintf(stderr, "\n");
    if (!puzzles) return make_error(g.source + ": " + puzzles.error());
    for (const auto& p : *puzzles) {
      auto kept = keep(p, db.get(), out.is_open() ? &out : nullptr);
      if (!kept) return make_error(kept.error());
      ++found;
      added += *kept ? 1 : 0;
      if (!o.quiet) {
        std::cout << "puzzle " << p.source << ": rating " << p.rating << ", " << p.solver_moves
                  << (p.solver_moves == 1 ? " move" : " moves") << ": " << joined_words(p.solution)
                  << (*kept ? "" : " (stored already)") << "\n";
      }
    }
    return {};
  };
  if (o.games > 0) {
    puzzles::SelfPlay setup{game, *params, o.games, *player, o.seed, o.random_plies};
    if (Status st = puzzles::self_play_games(setup, mine); !st) return fail(st.error());
  }
  if (!o.from_db.empty()) {
    if (Status st = puzzles::stored_games(o.from_db, *game, mine); !st) return fail(st.error());
  }
  if (!o.records.empty()) {
    if (Status st = puzzles::record_games(o.records, *game, mine); !st) return fail(st.error());
  }
  std::cout << found << (found == 1 ? " puzzle" : " puzzles") << " from " << games
            << (games == 1 ? " game" : " games");
  if (db) std::cout << ", " << added << " new in the store";
  std::cout << "\n";
  return 0;
}

int import_files(const std::vector<std::string>& files, const std::string& db_url) {
  std::vector<ep::Puzzle> all;
  for (const auto& path : files) {
    auto file = read_file_text(path);
    if (!file) return fail(file.error());
    int n = 0;
    for (const std::string_view line : split_exact(*file, '\n')) {
      ++n;
      const std::string_view text = trim(line);
      if (text.empty() || text[0] == '#') continue;
      auto p = ep::parse_puzzle_line(line);
      if (!p) return fail(path + ":" + std::to_string(n) + ": " + p.error());
      all.push_back(std::move(*p));
    }
  }
  auto db = open_command_store(db_url);
  if (!db) return fail("--db: " + db.error());
  int added = 0;
  for (const auto& p : all) {
    auto kept = keep(p, db->get(), nullptr);
    if (!kept) return fail(kept.error());
    added += *kept ? 1 : 0;
  }
  std::cout << "imported " << added << (added == 1 ? " puzzle" : " puzzles") << " ("
            << all.size() - added << " stored already)\n";
  return 0;
}

int export_puzzles(const std::string& game, const std::string& db_url) {
  if (!game.empty() && !find_game(game)) {
    return fail("--game: unknown game " + quote(game) + " (known: " + game_names() + ")");
  }
  auto db = open_command_store(db_url);
  if (!db) return fail("--db: " + db.error());
  auto rows = (*db)->list_puzzles(game);
  if (!rows) return fail(rows.error());
  for (const auto& row : *rows) {
    ep::Puzzle p;
    p.game = row.game;
    p.params = row.params;
    p.position = row.position;
    for (auto m : split(row.solution)) p.solution.emplace_back(m);
    p.rating = row.rating;
    p.source = row.source;
    std::cout << ep::puzzle_line(p) << "\n";
  }
  return 0;
}

}  // namespace

Runner setup_puzzles(CLI::App& sub) {
  sub.require_subcommand(1);
  auto g = std::make_shared<GenerateOptions>();
  CLI::App* gen = sub.add_subcommand(
      "generate", "find puzzles in self-play, stored or recorded games (docs/analysis.md)");
  gen->add_option("--game", g->game, "the game: " + game_names())->required();
  gen->add_option("params", g->params, "game parameters, key=value ...");
  gen->add_option("--games", g->games, "self-play games to play and mine")
      ->transform(in_range(0, 100000));
  gen->add_option("--from-db", g->from_db, "mine the finished games of this store");
  gen->add_option("--record", g->records, "mine these record files")->expected(1, -1);
  gen->add_option("--nodes", g->nodes, "nodes of the first search of each position (20000)")
      ->transform(in_range<uint64_t>(1, uint64_t{1} << 40));
  gen->add_option("--verify-nodes", g->verify_nodes,
                  "nodes of the deeper searches: verification, replies, line (4 x --nodes)")
      ->transform(in_range<uint64_t>(1, uint64_t{1} << 40));
  gen->add_option("--threads", g->threads,
                  "positions searched at once (default: every core); the puzzles are the same "
                  "whatever the number")
      ->transform(in_range(1, 256));
  gen->add_option("--player", g->player,
                  "self-play engine for both seats, with a node or depth budget (level=5)");
  gen->add_option("--seed", g->seed, "seed of the self-play games (1)")
      ->transform(in_range<uint64_t>(0, UINT64_MAX));
  gen->add_option("--random-plies", g->random_plies, "random opening moves of self-play (4)")
      ->transform(in_range(0, 40));
  gen->add_option("--db", g->db, "store to add the puzzles to (sqlite:PATH, postgresql://...)");
  gen->add_option("--out", g->out, "file to append the puzzles to, one line each");
  gen->add_flag("--quiet", g->quiet, "print only the summary");

  auto files = std::make_shared<std::vector<std::string>>();
  auto import_db = std::make_shared<std::string>(kDefaultStoreUrl);
  CLI::App* imp = sub.add_subcommand("import", "add puzzles from puzzle files to a store");
  imp->add_option("files", *files, "puzzle files (data/puzzles/*.txt)")->required();
  imp->add_option("--db", *import_db, std::string("store (default ") + kDefaultStoreUrl + ")");

  auto export_game = std::make_shared<std::string>();
  auto export_db = std::make_shared<std::string>(kDefaultStoreUrl);
  CLI::App* exp = sub.add_subcommand("export", "print a store's puzzles, one line each");
  exp->add_option("--game", *export_game, "only this game's");
  exp->add_option("--db", *export_db, std::string("store (default ") + kDefaultStoreUrl + ")");

  return [=] {
    if (gen->parsed()) return generate(*g);
    if (imp->parsed()) return import_files(*files, *import_db);
    if (exp->parsed()) return export_puzzles(*export_game, *export_db);
    return fail("puzzles: expected generate, import or export");
  };
}

}  // namespace arbiter::cli
