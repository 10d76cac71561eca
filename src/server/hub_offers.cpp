// Offers between the players (hub.h, docs/online.md): a draw offered and accepted or declined
// (games with draws), a takeback asked for and accepted or declined (games between people; the
// undo endpoint serves games against the AI). An open offer lives in memory only, is shown in
// the game object's `offers`, and goes with the next move or takeback; accepting one is a
// change stored like any other.
#include <algorithm>

#include "core/text.h"
#include "server/hub.h"

namespace arbiter::server {
namespace {

bool holds(const std::vector<int>& held, int seat) {
  return std::find(held.begin(), held.end(), seat) != held.end();
}

bool any_ai(const LiveGame& g) {
  return std::any_of(g.row.seats.begin(), g.row.seats.end(),
                     [](const store::SeatRow& s) { return s.kind == store::SeatKind::kAi; });
}

// Whether `held` holds a seat other than `seat` (the one answering an offer of `seat`).
bool holds_other(const std::vector<int>& held, int seat) {
  return std::any_of(held.begin(), held.end(), [seat](int s) { return s != seat; });
}

ApiError bad_action(std::string_view action, const char* forms) {
  return bad_request("action: expected " + std::string(forms) + ", got " + quote(action));
}

}  // namespace

bool Hub::has_draws(const LiveGame& g) { return g.state->game().has_draws(); }

void Hub::draw(std::string_view id, std::string_view token, std::string_view action,
               Reply<GameViewPtr> done) {
  if (action != "offer" && action != "accept" && action != "decline") {
    return done(bad_action(action, "offer, accept or decline"));
  }
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, action = std::string(action), done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) {
          return done(conflict("game " + g->row.id + " is over: " + g->row.result));
        }
        if (!has_draws(*g)) return done(bad_request(g->row.game + " has no draws"));
        if (any_ai(*g)) return done(conflict("the AI does not answer draw offers"));
        const std::optional<int> offer = g->draw_offer;
        // Offering what the other side offered already is accepting it.
        if (action == "accept" || (action == "offer" && offer && holds_other(held, *offer))) {
          if (!offer) return done(conflict("no draw has been offered in game " + g->row.id));
          if (!holds_other(held, *offer)) {
            return done(conflict("the draw offer is yours: the other side accepts it"));
          }
          store::GameRow row = g->row;
          row.result = draw_agreed_text();
          row.resigned = -1;
          return finish_locked(g, std::move(row), done);
        }
        if (action == "offer") {
          const int to_move = g->state->to_move();
          g->draw_offer = holds(held, to_move) ? to_move : held.front();
        } else {  // decline, or withdraw one's own offer
          if (!offer) return done(conflict("no draw has been offered in game " + g->row.id));
          g->draw_offer.reset();
        }
        broadcast_state(*g);
        done(g->view());
      });
}

void Hub::takeback(std::string_view id, std::string_view token, std::string_view action,
                   Reply<GameViewPtr> done) {
  if (action != "request" && action != "accept" && action != "decline") {
    return done(bad_action(action, "request, accept or decline"));
  }
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, action = std::string(action), done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) {
          return done(conflict("game " + g->row.id + " is over: " + g->row.result));
        }
        if (any_ai(*g)) {
          return done(conflict("takebacks are between people: against the AI, use undo"));
        }
        const std::optional<int> request = g->takeback_request;
        if (action == "request") {
          // The requester is the holder's seat that moved last.
          int from = g->ply() - 1;
          while (from >= 0 && !holds(held, g->plies[static_cast<std::size_t>(from)].seat)) --from;
          if (from < 0) {
            return done(conflict("nothing to take back: no move of yours in game " + g->row.id));
          }
          g->takeback_request = g->plies[static_cast<std::size_t>(from)].seat;
          broadcast_state(*g);
          return done(g->view());
        }
        if (!request) return done(conflict("no takeback has been asked for in game " + g->row.id));
        if (action == "decline") {
          g->takeback_request.reset();
          broadcast_state(*g);
          return done(g->view());
        }
        if (!holds_other(held, *request)) {
          return done(conflict("the takeback request is yours: the other side accepts it"));
        }
        take_back_locked(g, {*request}, done);
      });
}

}  // namespace arbiter::server
