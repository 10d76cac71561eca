// `arbiter match GAME [params] --a SPEC --b SPEC --games N [--tc 1+0.1 | --movetime S]
//  [--concurrency 2] [--openings FILE] [--sprt elo0,elo1] [--records DIR]`
//
// Plays --games games (not pairs): games 2k+1 and 2k+2 form a pair with the seats swapped (with
// 3–4 players the two engines alternate round the table and the assignment rotates each game),
// both from the same opening: a line of --openings (moves from the start position, space
// separated), or --random-plies random moves. On a terminal, prints a progress bar on stderr
// (ended by a newline); elsewhere none. Then W/D/L, Elo ± 95% and the SPRT state (2 players) or
// each engine's win share (3–4 players). A move that overruns its time is counted, not forfeited.
#include "engine/match.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "cli/command.h"
#include "cli/file_text.h"
#include "core/text.h"
#include "engine/game_module.h"
#include "engine/match_stats.h"
#include "engine/searcher.h"
#include "games/registry.h"
#include "records/record.h"
#include "records/seat_tag.h"

namespace arbiter::cli {
namespace {

struct MatchOptions {
  std::string game;
  std::vector<std::string> params;
  std::string a = "level=10", b = "level=5";
  int games = 10;
  std::string tc;
  double movetime = 0;
  int concurrency = 1;
  std::string openings;
  std::string sprt;
  std::string records;
  int random_plies = 2;
  uint64_t seed = 1;
  bool quiet = false;
};

struct Tally {
  std::mutex mutex;
  engine::MatchScore score;  // from A's side (2 players)
  std::array<double, 2> wins{};
  std::array<int, 2> seats{};
  int done = 0;
  int overruns = 0;
  bool decided = false;  // the SPRT stopped the match
  std::string error;
};

Result<std::vector<std::vector<std::string>>> read_openings(const std::string& path) {
  std::vector<std::vector<std::string>> out;
  if (path.empty()) return out;
  auto text = read_file_text(path);
  if (!text) return make_error("--openings: " + text.error());
  for (const std::string_view line : split_exact(*text, '\n')) {
    const auto t = trim(line);
    if (t.empty() || t.front() == '#') continue;
    std::vector<std::string> moves;
    for (auto m : split(t)) moves.emplace_back(m);
    out.push_back(std::move(moves));
  }
  if (out.empty()) return make_error("--openings: no opening in " + quote(path));
  return out;
}

void print_progress(const Tally& t, int total, bool two_players) {
  const int width = 30;
  const int filled = total ? t.done * width / total : width;
  std::string bar(filled, '#');
  bar.resize(width, '.');
  if (two_players) {
    std::fprintf(stderr, "\r[%s] %d/%d  A %d-%d-%d  ", bar.c_str(), t.done, total, t.score.wins,
                 t.score.draws, t.score.losses);
  } else {
    std::fprintf(stderr, "\r[%s] %d/%d  wins A %.1f B %.1f  ", bar.c_str(), t.done, total,
                 t.wins[0], t.wins[1]);
  }
}

}  // namespace

Runner setup_match(CLI::App& sub) {
  auto o = std::make_shared<MatchOptions>();
  sub.add_option("game", o->game, "the game: " + game_names())->required();
  sub.add_option("params", o->params, "game parameters, key=value ...");
  sub.add_option("--a", o->a, "first player: level=N, random, or keys (default level=10)");
  sub.add_option("--b", o->b, "second player (default level=5)");
  sub.add_option("--games,-n", o->games,
                 "games to play in all (not pairs); each two share an opening, seats swapped")
      ->transform(in_range(1, 100000));
  sub.add_option("--tc", o->tc, "clock per side: BASE+INC seconds, e.g. 1+0.1");
  sub.add_option("--movetime", o->movetime, "seconds per move (default 0.1 without --tc)")
      ->transform(in_range(0.0, 3600.0));
  sub.add_option("--concurrency,-c", o->concurrency, "games at once")->transform(in_range(1, 64));
  sub.add_option("--openings", o->openings, "file: one opening per line (moves from the start)");
  sub.add_option("--random-plies", o->random_plies, "random opening plies without --openings")
      ->transform(in_range(0, 40));
  sub.add_option("--sprt", o->sprt, "elo0,elo1: stop when the SPRT decides");
  sub.add_option("--records", o->records, "directory for the game records");
  sub.add_option("--seed", o->seed, "seed of openings and players")
      ->transform(in_range<uint64_t>(0, UINT64_MAX));
  sub.add_flag("--quiet,-q", o->quiet,
               "no progress bar (there is none unless stderr is a terminal)");
  return [o] {
    const Game* game = find_game(o->game);
    if (!game) return fail("unknown game " + quote(o->game) + " (known: " + game_names() + ")");
    auto params = ParamMap::parse(o->params);
    if (!params) return fail(params.error());
    auto start = game->new_state(*params);
    if (!start) return fail(start.error());
    std::array<ai::Recipe, 2> players;
    for (int i = 0; i < 2; ++i) {
      auto r = ai::parse_player_spec(i == 0 ? o->a : o->b);
      if (!r) return fail((i == 0 ? "--a: " : "--b: ") + r.error());
      players[i] = *r;
    }
    // A net must be of this game, player count and parameters: said before any game starts.
    const auto probe = engine::make_searcher(*game);
    if (auto st = probe->set_position(**start); !st) return fail(st.error());
    for (int i = 0; i < 2; ++i) {
      if (auto st = probe->prepare(players[i]); !st) {
        return fail((i == 0 ? "--a: " : "--b: ") + st.error());
      }
    }
    engine::TimeControl tc;
    if (!o->tc.empty()) {
      auto t = engine::parse_time_control(o->tc);
      if (!t) return fail(t.error());
      tc = *t;
    } else {
      tc.movetime = o->movetime > 0 ? o->movetime : 0.1;
    }
    // A node or depth budget gives the same games on any machine only while the clock never
    // cuts it short, and the default move time often does (the result then follows the load).
    if (o->tc.empty() && o->movetime <= 0) {
      for (int i = 0; i < 2; ++i) {
        const std::string& spec = i == 0 ? o->a : o->b;
        if (spec.find("nodes=") != std::string::npos || spec.find("depth=") != std::string::npos) {
          std::fprintf(stderr,
                       "match: note: %s %s also stops at the default move time of 0.1 s; give "
                       "--movetime (e.g. 60) for a match that reproduces\n",
                       i == 0 ? "--a" : "--b", spec.c_str());
        }
      }
    }
    std::optional<engine::Sprt> sprt;
    if (!o->sprt.empty()) {
      const auto f = split(o->sprt, ",");
      char* e0 = nullptr;
      char* e1 = nullptr;
      engine::Sprt s;
      if (f.size() == 2) {
        const std::string a(f[0]), b(f[1]);
        s.elo0 = std::strtod(a.c_str(), &e0);
        s.elo1 = std::strtod(b.c_str(), &e1);
      }
      if (f.size() != 2 || *e0 != '\0' || *e1 != '\0' || !(s.elo1 > s.elo0)) {
        return fail("--sprt: expected elo0,elo1 with elo0 < elo1, e.g. 0,10");
      }
      sprt = s;
    }
    auto openings = read_openings(o->openings);
    if (!openings) return fail(openings.error());
    if (!o->records.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(o->records, ec);
      if (ec) return fail("--records: cannot create " + quote(o->records) + ": " + ec.message());
    }
    const int n = (*start)->num_players();
    const bool two = n == 2;
    Tally tally;
    // The bar redraws one line with '\r': only a terminal shows that as progress.
    const bool show_progress = !o->quiet && isatty(fileno(stderr));
    if (show_progress) print_progress(tally, o->games, two);
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    const auto worker = [&] {
      for (int g = next++; g < o->games && !stop; g = next++) {
        engine::GameSetup setup;
        setup.game = game;
        setup.params = *params;
        setup.tc = tc;
        setup.seed = o->seed + g;
        const int pair = g / 2;
        setup.opening = openings->empty() ? engine::random_opening(**start, o->random_plies,
                                                                   o->seed * 7919 + pair)
                                          : (*openings)[pair % openings->size()];
        for (int p = 0; p < n; ++p) setup.seat_player.push_back((p + g) % 2);
        auto outcome = engine::play_game(setup, players, &stop);
        std::lock_guard lock(tally.mutex);
        if (!outcome) {
          if (tally.decided) return;  // the SPRT ended the match while this game ran
          if (tally.error.empty())
            tally.error = "game " + std::to_string(g + 1) + ": " + outcome.error();
          stop = true;
          return;
        }
        const auto& ret = outcome->returns;
        tally.overruns += outcome->time_overruns;
        for (int p = 0; p < n; ++p) {
          ++tally.seats[setup.seat_player[p]];
          if (ret[p] > 0) tally.wins[setup.seat_player[p]] += 1;
        }
        if (two) {
          const double a = ret[setup.seat_player[0] == 0 ? 0 : 1];
          if (a > 0)
            ++tally.score.wins;
          else if (a < 0)
            ++tally.score.losses;
          else
            ++tally.score.draws;
        }
        ++tally.done;
        if (!o->records.empty()) {
          char name[32];
          std::snprintf(name, sizeof name, "game-%04d.txt", g + 1);
          std::vector<std::pair<std::string, std::string>> tags = {
              {"Round", std::to_string(g + 1)}};
          for (int p = 0; p < n; ++p) {
            tags.emplace_back("Seat." + outcome->final->player_name(p),
                              ai_seat_tag(setup.seat_player[p] == 0 ? o->a : o->b));
          }
          std::ofstream out(std::filesystem::path(o->records) / name);
          out << format_record(make_record(*outcome->initial, *outcome->final, tags));
        }
        if (show_progress) print_progress(tally, o->games, two);
        if (sprt && two && sprt->state(tally.score) != "continue") tally.decided = stop = true;
      }
    };
    std::vector<std::thread> pool;
    for (int i = 0; i < std::min(o->concurrency, o->games); ++i) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    if (show_progress) std::fprintf(stderr, "\n");  // the bar's line ends, whatever happened
    if (!tally.error.empty()) return fail(tally.error);
    std::printf("%s: A (%s) vs B (%s), %d games\n", std::string(game->name()).c_str(), o->a.c_str(),
                o->b.c_str(), tally.done);
    if (two) {
      const auto& s = tally.score;
      const auto elo = engine::estimate_elo(s);
      std::printf("W/D/L %d/%d/%d  score %.1f%%\n", s.wins, s.draws, s.losses, 100 * s.score());
      std::printf("Elo %+.1f +/- %.1f (95%%)\n", elo.elo, elo.margin);
      if (sprt) {
        std::printf("SPRT elo0=%g elo1=%g: LLR %.3f bounds [%.3f, %.3f] %s\n", sprt->elo0,
                    sprt->elo1, sprt->llr(s), sprt->lower(), sprt->upper(), sprt->state(s).c_str());
      }
    } else {
      for (int i = 0; i < 2; ++i) {
        std::printf("%c: %.0f wins in %d seats, win share %.1f%% (a fair share is %.1f%%)\n",
                    i == 0 ? 'A' : 'B', tally.wins[i], tally.seats[i],
                    tally.seats[i] ? 100 * tally.wins[i] / tally.seats[i] : 0.0, 100.0 / n);
      }
    }
    if (tally.overruns) std::printf("time overruns: %d moves\n", tally.overruns);
    return 0;
  };
}

}  // namespace arbiter::cli
