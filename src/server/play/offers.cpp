#include "server/play/offers.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "core/text.h"
#include "server/play/refusals.h"

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

Outcome<DrawAction> parse_draw_action(std::string_view action) {
  if (action == "offer") return DrawAction::kOffer;
  if (action == "accept") return DrawAction::kAccept;
  if (action == "decline") return DrawAction::kDecline;
  return bad_action(action, "offer, accept or decline");
}

Outcome<TakebackAction> parse_takeback_action(std::string_view action) {
  if (action == "request") return TakebackAction::kRequest;
  if (action == "accept") return TakebackAction::kAccept;
  if (action == "decline") return TakebackAction::kDecline;
  return bad_action(action, "request, accept or decline");
}

Offers::Offers(const PlayParts& parts, Endings& endings, Moves& moves)
    : parts_(parts), endings_(endings), moves_(moves) {}

void Offers::set_offers_locked(const GamePtr& g, int draw_offer, int takeback_request,
                               Reply<GameViewPtr> done) {
  store::GameRow row = g->row;
  row.draw_offer = draw_offer;
  row.takeback_request = takeback_request;
  row.offers_ms =
      std::max(parts_.clock.now(), g->row.offers_ms + 1);  // later than the ones replaced
  store::Write write{store::Write::Kind::kUpdate, row, {}, 0};
  const bool queued = parts_.changes.write_locked(
      g, std::move(write), [this, g, row, done](const store::Status& st) mutable {
        if (!st) return done(write_failure(st));
        g->row = std::move(row);
        parts_.broadcast.state_locked(*g);
        done(g->view());
      });
  if (!queued) done(busy_store());
}

void Offers::draw(const std::string& id, const accounts::Caller& caller, DrawAction action,
                  Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, action, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        if (!Endings::has_draws(*g)) return done(bad_request(g->row.game + " has no draws"));
        if (any_ai(*g)) return done(conflict("the AI does not answer draw offers"));
        const std::optional<int> offer =
            g->row.draw_offer >= 0 ? std::optional<int>(g->row.draw_offer) : std::nullopt;
        // Offering what the other side offered already is accepting it.
        if (action == DrawAction::kAccept ||
            (action == DrawAction::kOffer && offer && holds_other(held, *offer))) {
          if (!offer) return done(conflict("no draw has been offered in game " + g->row.id));
          if (!holds_other(held, *offer)) {
            return done(conflict("the draw offer is yours: the other side accepts it"));
          }
          store::GameRow row = g->row;
          row.result = draw_agreed_text();
          row.resigned = -1;
          return endings_.finish_locked(g, std::move(row), done);
        }
        if (action == DrawAction::kOffer) {
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

void Offers::takeback(const std::string& id, const accounts::Caller& caller, TakebackAction action,
                      Reply<GameViewPtr> done) {
  parts_.changes.seated_change(
      id, caller, [done](const ApiError& e) { done(e); },
      [this, action, done](const GamePtr& g, const std::vector<int>& held) {
        if (!g->playing()) return done(game_over(*g));
        if (any_ai(*g)) {
          return done(conflict("takebacks are between people: against the AI, use undo"));
        }
        const std::optional<int> request = g->row.takeback_request >= 0
                                               ? std::optional<int>(g->row.takeback_request)
                                               : std::nullopt;
        if (action == TakebackAction::kRequest) {
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
        if (action == TakebackAction::kDecline) {
          return set_offers_locked(g, g->row.draw_offer, -1, done);
        }
        if (!holds_other(held, *request)) {
          return done(conflict("the takeback request is yours: the other side accepts it"));
        }
        moves_.take_back_locked(g, {*request}, done);
      });
}

}  // namespace arbiter::server
