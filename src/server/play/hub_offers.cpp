// Offers between the players (hub.h, docs/online.md): a draw offered and accepted or declined
// (games with draws), a takeback asked for and accepted or declined (games between people; the
// undo endpoint serves games against the AI). An open offer is stored with the game's row
// (store::GameRow::draw_offer, takeback_request) before anyone is told of it, like any change:
// it survives a restart and reaches the other servers sharing the store. It is shown in the
// game object's `offers` and goes with the next move, takeback or ending. Storing an offer
// leaves the row's updated_ms alone (the clocks are timed from it) and sets offers_ms.
#include <algorithm>

#include "core/text.h"
#include "server/play/hub.h"

namespace arbiter::server {
namespace {

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

void Hub::set_offers_locked(const GamePtr& g, int draw_offer, int takeback_request,
                            Reply<GameViewPtr> done) {
  store::GameRow row = g->row;
  row.draw_offer = draw_offer;
  row.takeback_request = takeback_request;
  row.offers_ms = std::max(now(), g->row.offers_ms + 1);  // later than the offers it replaces
  store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
  const bool queued =
      write_locked(g, std::move(write), [this, g, row, done](const store::Status& st) mutable {
        if (!st) return done(store_failure(st));
        g->row = std::move(row);
        broadcast_state(*g);
        done(g->view());
      });
  if (!queued)
    done(ApiError{503, "busy: the store has too many writes waiting; try again shortly"});
}

void Hub::draw(std::string_view id, std::string_view token, std::string_view action,
               Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token), action = std::string(action)](
          Reply<GameViewPtr> reply) { draw_now(id, token, action, std::move(reply)); },
      std::move(done));
}

void Hub::draw_now(const std::string& id, const std::string& token, const std::string& action,
                   Reply<GameViewPtr> done) {
  if (action != "offer" && action != "accept" && action != "decline") {
    return done(bad_action(action, "offer, accept or decline"));
  }
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, action, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) {
          return done(conflict("game " + g->row.id + " is over: " + g->row.result));
        }
        if (!has_draws(*g)) return done(bad_request(g->row.game + " has no draws"));
        if (any_ai(*g)) return done(conflict("the AI does not answer draw offers"));
        const std::optional<int> offer =
            g->row.draw_offer >= 0 ? std::optional<int>(g->row.draw_offer) : std::nullopt;
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
          const int by = holds(held, to_move) ? to_move : held.front();
          if (g->row.draw_offer == by) return done(g->view());  // offered already
          return set_offers_locked(g, by, g->row.takeback_request, done);
        }
        // decline, or withdraw one's own offer
        if (!offer) return done(conflict("no draw has been offered in game " + g->row.id));
        set_offers_locked(g, -1, g->row.takeback_request, done);
      });
}

void Hub::takeback(std::string_view id, std::string_view token, std::string_view action,
                   Reply<GameViewPtr> done) {
  rereading(
      std::string(id),
      [this, id = std::string(id), token = std::string(token), action = std::string(action)](
          Reply<GameViewPtr> reply) { takeback_now(id, token, action, std::move(reply)); },
      std::move(done));
}

void Hub::takeback_now(const std::string& id, const std::string& token, const std::string& action,
                       Reply<GameViewPtr> done) {
  if (action != "request" && action != "accept" && action != "decline") {
    return done(bad_action(action, "request, accept or decline"));
  }
  seated_change(
      id, token, [done](const ApiError& e) { done(e); },
      [this, action, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) {
          return done(conflict("game " + g->row.id + " is over: " + g->row.result));
        }
        if (any_ai(*g)) {
          return done(conflict("takebacks are between people: against the AI, use undo"));
        }
        const std::optional<int> request = g->row.takeback_request >= 0
                                               ? std::optional<int>(g->row.takeback_request)
                                               : std::nullopt;
        if (action == "request") {
          // The requester is the holder's seat that moved last.
          int from = g->ply() - 1;
          while (from >= 0 && !holds(held, g->plies[static_cast<std::size_t>(from)].seat)) --from;
          if (from < 0) {
            return done(conflict("nothing to take back: no move of yours in game " + g->row.id));
          }
          const int by = g->plies[static_cast<std::size_t>(from)].seat;
          if (g->row.takeback_request == by) return done(g->view());  // asked already
          return set_offers_locked(g, g->row.draw_offer, by, done);
        }
        if (!request) return done(conflict("no takeback has been asked for in game " + g->row.id));
        if (action == "decline") return set_offers_locked(g, g->row.draw_offer, -1, done);
        if (!holds_other(held, *request)) {
          return done(conflict("the takeback request is yours: the other side accepts it"));
        }
        take_back_locked(g, {*request}, done);
      });
}

}  // namespace arbiter::server
