#include "cli/puzzles_sources.h"

#include <algorithm>

#include "cli/file_text.h"
#include "cli/store_open.h"
#include "core/text.h"
#include "engine/match.h"
#include "records/record.h"
#include "store/store.h"

namespace arbiter::cli::puzzles {

Status self_play_games(const SelfPlay& setup, const GameSink& sink) {
  auto initial = setup.game->new_state(setup.params);
  if (!initial) return make_error(initial.error());
  for (int i = 0; i < setup.games; ++i) {
    const uint64_t seed = setup.seed * 1'000'003 + static_cast<uint64_t>(i);
    engine::GameSetup g;
    g.game = setup.game;
    g.params = setup.params;
    g.opening = engine::random_opening(**initial, setup.random_plies, seed);
    g.seat_player.assign((*initial)->num_players(), 0);
    g.seed = seed;
    auto played = engine::play_game(g, {setup.player, setup.player});
    if (!played)
      return make_error("self-play game " + std::to_string(i + 1) + ": " + played.error());
    const std::string source = "selfplay " + std::string(setup.game->name()) +
                               " seed=" + std::to_string(setup.seed) +
                               " game=" + std::to_string(i + 1);
    // The opening's random moves are no one's play: mining starts after them.
    if (Status st = sink({std::move(played->start), std::move(played->final), source}); !st) {
      return st;
    }
  }
  return {};
}

Status stored_games(const std::string& db_url, const Game& game, const GameSink& sink) {
  auto store = open_command_store(db_url);
  if (!store) return make_error("--from-db: " + store.error());
  store::GameFilter filter;
  filter.status = store::GameStatus::kFinished;
  filter.limit = 0;
  auto rows = (*store)->list_games(filter);
  if (!rows) return make_error("--from-db: " + rows.error());
  std::reverse(rows->begin(), rows->end());
  for (const store::GameRow& row : *rows) {
    if (row.game != game.name()) continue;
    auto params = ParamMap::parse(row.params);
    if (!params) return make_error("game " + row.id + ": " + params.error());
    auto start =
        row.position.empty() ? game.new_state(*params) : game.parse_state(*params, row.position);
    if (!start) return make_error("game " + row.id + ": " + start.error());
    auto moves = (*store)->load_moves(row.id);
    if (!moves) return make_error("game " + row.id + ": " + moves.error());
    auto final = (*start)->clone();
    for (const auto& m : *moves) {
      if (auto st = final->apply(m.text); !st) {
        return make_error("game " + row.id + " move " + std::to_string(m.ply + 1) + ": " +
                          st.error());
      }
    }
    if (Status st = sink({std::move(*start), std::move(final), "game " + row.id}); !st) return st;
  }
  return {};
}

Status record_games(const std::vector<std::string>& paths, const Game& game, const GameSink& sink) {
  for (const auto& path : paths) {
    auto text = read_file_text(path);
    if (!text) return make_error("--record: " + text.error());
    auto record = parse_record(*text);
    if (!record) return make_error(path + ": " + record.error());
    auto replay = replay_record(*record);
    if (!replay) return make_error(path + ": " + replay.error());
    if (replay->start->game().name() != game.name()) {
      return make_error(path + ": a game of " + quote(replay->start->game().name()) + ", not " +
                        quote(game.name()));
    }
    if (Status st = sink({std::move(replay->start), std::move(replay->final), "record " + path});
        !st) {
      return st;
    }
  }
  return {};
}

}  // namespace arbiter::cli::puzzles
