// Offers between the players (docs/online.md): a draw offered and accepted or declined (games
// with draws), a takeback asked for and accepted or declined (games between people; the undo
// endpoint serves games against the AI). An open offer is stored with the game's row
// (store::GameRow::draw_offer, takeback_request) before anyone is told of it, like any change:
// it survives a restart and reaches the other servers sharing the store. It is shown in the
// game object's `offers` and goes with the next move, takeback or ending. Storing an offer
// leaves the row's updated_ms alone (the clocks are timed from it) and sets offers_ms.
//
// The actions are typed: the API reads the wire's word (draw: "offer", "accept", "decline";
// takeback: "request", "accept", "decline") into them once (parse_draw_action and
// parse_takeback_action), and a word that is none of them is answered 400 there.
//
// Locking: the `_locked` calls are made under the game's lock; the others take it as a change.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/accounts/caller.h"
#include "server/play/endings.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/hub_options.h"
#include "server/play/moves.h"
#include "server/play/play_parts.h"

namespace arbiter::server {

// Offering what the other side offered already is accepting it; declining one's own offer
// withdraws it.
enum class DrawAction { kOffer, kAccept, kDecline };
// Only the other side accepts a takeback; declining one's own request withdraws it.
enum class TakebackAction { kRequest, kAccept, kDecline };

// The action a request's `action` names; 400 naming the forms otherwise.
Outcome<DrawAction> parse_draw_action(std::string_view action);
Outcome<TakebackAction> parse_takeback_action(std::string_view action);

class Offers {
 public:
  using GamePtr = std::shared_ptr<LiveGame>;

  Offers(const PlayParts& parts, Endings& endings, Moves& moves);
  Offers(const Offers&) = delete;
  Offers& operator=(const Offers&) = delete;

  // The changes on this server's copy of the game as it stands (the hub rereads it on a shared
  // store, StoreSync::rereading).
  void draw(const std::string& id, const accounts::Caller& caller, DrawAction action,
            Reply<GameViewPtr> done);
  void takeback(const std::string& id, const accounts::Caller& caller, TakebackAction action,
                Reply<GameViewPtr> done);

 private:
  // Stores the game's open offers (-1: none) and, once stored, broadcasts them.
  void set_offers_locked(const GamePtr& g, int draw_offer, int takeback_request,
                         Reply<GameViewPtr> done);

  const PlayParts parts_;
  Endings& endings_;
  Moves& moves_;
};

}  // namespace arbiter::server
