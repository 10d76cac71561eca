// The hub's queries (docs/api.md), none of which changes a game: the catalog and the board of a
// position (no game needed), a game object (now or after some moves), a listing, the legal
// endpoint's click tree and typed prefixes, the record download, and a watcher subscribing.
// A query may load a game from the store, and the legal index may take a good part of a second
// to build: each runs on a worker, never an I/O thread (Api::handle_async).
//
// Locking: each takes the game's lock alone, briefly; the click index is built outside it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/play/game_registry.h"
#include "server/play/game_view.h"
#include "server/play/legal_index.h"
#include "server/play/outcome.h"
#include "store/store.h"

namespace arbiter::server {

// A stored game as a game record (docs/records.md): its moves, seats, and how it ended.
std::string record_text(const replay::StoredGame& game);

// Every game's rules and parameters, and the AI levels, built once.
const Catalog& game_catalog();
// A position of `game` (by name): `position` is the game's position text, "" for the start under
// `params`. 400 naming the field (game, params, position) at fault.
Outcome<std::unique_ptr<GameState>> start_state(std::string_view game, std::string_view params,
                                                std::string_view position);
// The board view of a position of `game` (GET /api/board): `position` is the game's position
// text, "" for the start under `params`. 400 naming the field (game, params, position) at fault.
Outcome<BoardView> board_view(std::string_view game, std::string_view params,
                              std::string_view position);

class GameQueries {
 public:
  GameQueries(std::shared_ptr<store::Store> store, GameRegistry& registry, LegalIndexes& legal)
      : store_(std::move(store)), registry_(registry), legal_(legal) {}
  GameQueries(const GameQueries&) = delete;
  GameQueries& operator=(const GameQueries&) = delete;

  // The game object; with `at`, as it stood after that many moves (replay).
  Outcome<GameViewPtr> get(std::string_view id, std::optional<int> at);
  // The games the filter names that still replay, in the store's order.
  Outcome<std::vector<GameViewPtr>> list(const store::GameFilter& filter);
  // The click tree of the game's position after `clicks` (LegalIndex::answer).
  Outcome<LegalClicks> legal(std::string_view id, const std::vector<std::string>& clicks);
  // The legal moves whose text begins with `prefix`, the first `limit` listed.
  Outcome<LegalPrefix> legal_prefix(std::string_view id, std::string_view prefix,
                                    std::size_t limit);
  // The game record (docs/records.md), as text.
  Outcome<std::string> record(std::string_view id);
  // Adds a watcher; it is sent the game's state at once and after every change. Watchers are
  // held weakly: one that has gone away is dropped at the next broadcast.
  Outcome<bool> subscribe(std::string_view id, const std::weak_ptr<Subscriber>& watcher);

 private:
  // The legal endpoint's index of the game's position, built and kept when it is not (an empty
  // one once the game is over).
  Outcome<std::shared_ptr<const LegalIndex>> legal_index(std::string_view id);

  const std::shared_ptr<store::Store> store_;
  GameRegistry& registry_;
  LegalIndexes& legal_;
};

}  // namespace arbiter::server
