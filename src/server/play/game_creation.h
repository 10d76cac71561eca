// New games (docs/api.md): a game created (POST /api/games, a seek accepted) and a rematch, made
// once every person seated in a finished game asked for one. The new game's row is written
// first (with the job of its first AI turn, when the AI is remote); once stored it goes live,
// the observers hear of it (the lobby) and an AI seat to move gets its search.
//
// Locking: a rematch is asked under the finished game's lock (as a change), which it holds
// `writing` across both writes (the new game's row, then the old game's); the new game's lock is
// taken after the old game's, under no other lock, before anyone else can reach it.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/accounts/caller.h"
#include "server/ai_seats/ai_seats.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/hub_options.h"
#include "server/play/play_parts.h"

namespace arbiter::server {

class GameCreation {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  GameCreation(const PlayParts& parts, AiSeats& ai);
  GameCreation(const GameCreation&) = delete;
  GameCreation& operator=(const GameCreation&) = delete;

  // Creates the game `request` describes; the creator holds every human seat with one token.
  // `client` names the caller for fair AI scheduling ("" when not known).
  void create(const NewGame& request, std::string client, Reply<Seated> done);
  // The holder of a finished game's seats asks for a rematch; once every person has, the new
  // game (the seats rotated by one) is created and named by the old one's rematch_id.
  void rematch(std::string_view id, const accounts::Caller& caller, Reply<GameViewPtr> done);

 private:
  const PlayParts parts_;
  AiSeats& ai_;
};

}  // namespace arbiter::server
