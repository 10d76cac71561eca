// The changes of a game's moves and seats (docs/api.md): a move (a person's, or an AI seat's
// through play_locked), a seat taken, an undo, and a takeback of moves (an undo, an accepted
// takeback request). Each is checked under the game's lock, written by the store thread and
// applied, broadcast and answered once stored (game_changes.h); on a failed write the game is
// left as it was. A move after the seat's flag is refused and ends the game on time at once.
//
// Locking: the `_locked` calls are made under the game's lock; the others take it as a change.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/caller.h"
#include "server/ai_seats/ai_seats.h"
#include "server/play/account_seats.h"
#include "server/play/endings.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"
#include "server/play/play_parts.h"

namespace arbiter::server {

class Moves {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  Moves(const PlayParts& parts, AiSeats& ai, Endings& endings, const AccountSeats& accounts);
  Moves(const Moves&) = delete;
  Moves& operator=(const Moves&) = delete;

  // A seat holder's move on this server's copy of the game as it stands (the hub rereads it on
  // a shared store): `ply`, when given, must be the game's; `client` (when not "") becomes the
  // game's owner for fair AI scheduling.
  void move(const std::string& id, const accounts::Caller& caller, const std::string& move,
            std::optional<int> ply, const std::string& client, Reply<GameViewPtr> done);
  // Takes the open `seat` for `token` (a new seat token, unless it holds a seat already).
  void join(std::string_view id, int seat, const accounts::Caller& caller, Reply<Seated> done);
  // Takes back the holder's last move and every move after it: every other seat an AI or held.
  void undo(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done);

  // Plays `text` for `seat` and stores it; the common path of human and AI moves. A human's
  // move (`by_person`) that would leave an AI to move is refused when the AI queue is full.
  void play_locked(const GamePtr& g, int seat, std::string_view text, bool by_person,
                   Reply<GameViewPtr> done);
  // Takes back the last move of `seats` and every move after it (undo, an accepted takeback).
  void take_back_locked(const GamePtr& g, const std::vector<int>& seats, Reply<GameViewPtr> done);

 private:
  const PlayParts parts_;
  AiSeats& ai_;
  Endings& endings_;
  const AccountSeats& accounts_;
};

}  // namespace arbiter::server
