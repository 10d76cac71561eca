// The lobby's seeks (online_api.h; docs/api.md "Lobby", docs/online.md "Lobby"): a logged-in
// player offers a game (open to anyone in a rating range, or a challenge to one player); the
// first to accept it gets a new game with its author, and the seek is gone. Every write of a
// seek tells the lobby (lobby.h), which pushes the change to its watchers; the game made of a
// seek names it, so the lobby tells the author which game it became.
#include <sodium.h>

#include "clocks/time_control.h"
#include "core/params.h"
#include "core/text.h"
#include "games/registry.h"
#include "server/accounts/caller.h"
#include "server/accounts/credentials.h"
#include "server/accounts/online_api.h"
#include "server/http/api_json.h"
#include "server/http/json_response.h"
#include "server/lobby/lobby_json.h"
#include "server/play/live_game.h"
#include "server/play/wait_for.h"
#include "server/ratings/rating_updater.h"

namespace arbiter::server {
namespace {

constexpr int kMaxRating = 4000;
constexpr std::size_t kMaxSeeksPerAccount = 10;

// The number of players a game of `game` under `params` has; the error names the field.
Outcome<int> players_of(const std::string& game, const std::string& params) {
  const Game* g = find_game(game);
  if (!g) return bad_request("game: unknown game " + quote(game));
  auto parsed = ParamMap::parse(params);
  if (!parsed) return bad_request("params: " + parsed.error());
  auto start = g->new_state(*parsed);
  if (!start) return bad_request("params: " + start.error());
  return (*start)->num_players();
}

Outcome<int> rating_bound(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return 0;
  if (!it->is_number_integer()) return bad_request(std::string(key) + ": expected an integer");
  const int64_t v = it->get<int64_t>();
  if (v < 0 || v > kMaxRating) {
    return bad_request(std::string(key) + ": expected 0.." + std::to_string(kMaxRating) +
                       " (0: no bound)");
  }
  return static_cast<int>(v);
}

Outcome<std::string> optional_string(const nlohmann::json& body, const char* key,
                                     std::string fallback) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_string()) return bad_request(std::string(key) + ": expected a string");
  return it->get<std::string>();
}

}  // namespace

OnlineApi::Outcome OnlineApi::list_seeks(Call& c) {
  auto seeks = store_->list_seeks();
  if (!seeks) return Hub::store_failure(seeks.failure());
  const int64_t me = c.who ? c.who->id : 0;
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("seeks").begin_array();
                         for (const auto& s : *seeks) {
                           // A challenge is shown only to the two players it concerns.
                           if (s.challenged != 0 && s.challenged != me && s.account_id != me) {
                             continue;
                           }
                           write_seek(w, s);
                         }
                         w.end_array();
                         w.end_object();
                       }));
}

OnlineApi::Outcome OnlineApi::create_seek(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  store::SeekRow seek;
  seek.account_id = who->id;
  auto game = optional_string(c.body, "game", "");
  if (!game) return game.error();
  if (game->empty()) return bad_request("game: missing");
  auto params = optional_string(c.body, "params", "");
  if (!params) return params.error();
  auto players = players_of(*game, *params);
  if (!players) return players.error();
  auto control_text = optional_string(c.body, "time_control", "none");
  if (!control_text) return control_text.error();
  auto control = clocks::TimeControl::parse(*control_text);
  if (!control) return bad_request("time_control: " + control.error());
  if (auto it = c.body.find("rated"); it != c.body.end() && !it->is_null()) {
    if (!it->is_boolean()) return bad_request("rated: expected true or false");
    seek.rated = it->get<bool>();
  }
  if (seek.rated && !control->limited()) {
    return bad_request("rated: a rated game needs a time control");
  }
  auto low = rating_bound(c.body, "min_rating");
  if (!low) return low.error();
  auto high = rating_bound(c.body, "max_rating");
  if (!high) return high.error();
  if (*low && *high && *low > *high) return bad_request("min_rating: above max_rating");
  auto challenge = optional_string(c.body, "challenge", "");
  if (!challenge) return challenge.error();
  if (!challenge->empty()) {
    auto found = accounts::check_username(*challenge)
                     ? store_->account_by_key(accounts::username_key(*challenge))
                     : store::Result<std::optional<store::AccountRow>>(std::nullopt);
    if (!found) return Hub::store_failure(found.failure());
    if (!*found) return not_found("challenge: no such player " + quote(*challenge));
    if ((*found)->id == who->id) return bad_request("challenge: you cannot challenge yourself");
    seek.challenged = (*found)->id;
    seek.challenged_name = (*found)->username;
  }
  auto existing = store_->list_seeks();
  if (!existing) return Hub::store_failure(existing.failure());
  std::size_t mine = 0;
  for (const auto& s : *existing) mine += s.account_id == who->id;
  if (mine >= kMaxSeeksPerAccount) {
    return conflict("at most " + std::to_string(kMaxSeeksPerAccount) + " seeks at once");
  }
  seek.game = *game;
  seek.params = *params;
  seek.time_control = control->text();
  seek.min_rating = *low;
  seek.max_rating = *high;
  seek.created_ms = now_ms();
  auto made = store_->create_seek(seek);
  if (!made) return Hub::store_failure(made.failure());
  hub_.lobby().seeks_changed();
  made->username = who->username;
  made->challenged_name = seek.challenged_name;
  return json_response(201, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("seek");
                         write_seek(w, *made);
                         w.end_object();
                       }));
}

OnlineApi::Outcome OnlineApi::accept_seek(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  auto id = parse_int(c.segments[2], 1, INT64_MAX, "seek");
  if (!id) return not_found("no such seek: " + quote(c.segments[2]));
  std::lock_guard lock(accept_mu_);
  auto seeks = store_->list_seeks();
  if (!seeks) return Hub::store_failure(seeks.failure());
  auto it = std::find_if(seeks->begin(), seeks->end(), [&](auto& s) { return s.id == *id; });
  if (it == seeks->end()) return not_found("no such seek: " + c.segments[2]);
  const store::SeekRow seek = *it;
  if (seek.account_id == who->id) return conflict("seek " + c.segments[2] + " is your own");
  if (seek.challenged != 0 && seek.challenged != who->id) {
    return forbidden("seek " + c.segments[2] + " is a challenge to " + seek.challenged_name);
  }
  auto players = players_of(seek.game, seek.params);
  if (!players) return players.error();
  if (seek.min_rating || seek.max_rating) {
    auto control = clocks::TimeControl::parse(seek.time_control);
    const std::string pool =
        ratings::pool_name(seek.game, *players, control ? control->speed() : "");
    auto mine = store_->ratings_of(who->id);
    if (!mine) return Hub::store_failure(mine.failure());
    double rating = 1500;  // a player new to the pool
    for (const auto& r : *mine) {
      if (r.pool == pool) rating = r.rating;
    }
    if ((seek.min_rating && rating < seek.min_rating) ||
        (seek.max_rating && rating > seek.max_rating)) {
      return forbidden("your rating " + std::to_string(static_cast<int>(rating)) + " in " + pool +
                       " is outside the seek's range");
    }
  }
  if (seek.rated) {
    if (auto refused = hub_.same_address_refusal({seek.account_id, who->id})) {
      return ApiError{refused->status,
                      "rated: you and the seek's author have been seen on one address, and "
                      "accounts seen on one address play casual games only on this server "
                      "(--rated-same-address allows it)"};
    }
  }
  // Taken now: a second acceptor (here or on another server) finds it gone.
  auto taken = store_->delete_seek(seek.id);
  if (!taken) return Hub::store_failure(taken.failure());
  if (!*taken) return not_found("no such seek: " + c.segments[2]);
  hub_.lobby().seeks_changed();

  // The author sits at a random seat; the acceptor takes the first other one; any further
  // seats (Traverse for 3-4) stay open for others to join.
  const int author_seat = static_cast<int>(randombytes_uniform(static_cast<uint32_t>(*players)));
  NewGame request;
  request.game = seek.game;
  request.params = seek.params;
  request.time_control = seek.time_control;
  request.listed = true;
  request.rated = seek.rated;
  request.account = seek.account_id;
  request.account_name = seek.username;
  request.seek_id = seek.id;  // the lobby tells the author (lobby.h)
  hub_.lobby().seek_accepted(seek.id, seek.account_id);
  request.seats.emplace();
  for (int i = 0; i < *players; ++i) request.seats->push_back(i == author_seat ? "human" : "open");
  // On a hub worker (Api::handle_async): it may wait for the writes.
  auto made = wait_for<Seated>([&](Reply<Seated> r) { hub_.create(request, "", std::move(r)); });
  if (!made) {
    (void)store_->create_seek(seek);  // put back (as a new seek): nothing was made
    hub_.lobby().seeks_changed();
    return made.error();
  }
  const int seat = author_seat == 0 ? 1 : 0;
  auto joined = wait_for<Seated>([&](Reply<Seated> r) {
    hub_.join(made->game->id, seat, accounts::Caller::of_account(who->id, who->username),
              std::move(r));
  });
  if (!joined) return joined.error();
  return json_response(201, seated_text(*joined));
}

OnlineApi::Outcome OnlineApi::withdraw_seek(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  auto id = parse_int(c.segments[2], 1, INT64_MAX, "seek");
  if (!id) return not_found("no such seek: " + quote(c.segments[2]));
  auto seeks = store_->list_seeks();
  if (!seeks) return Hub::store_failure(seeks.failure());
  auto it = std::find_if(seeks->begin(), seeks->end(), [&](auto& s) { return s.id == *id; });
  if (it == seeks->end()) return not_found("no such seek: " + c.segments[2]);
  if (it->account_id != who->id) return forbidden("seek " + c.segments[2] + " is not yours");
  auto gone = store_->delete_seek(*id);
  if (!gone) return Hub::store_failure(gone.failure());
  hub_.lobby().seeks_changed();
  return json_response(200, R"({"ok":true})");
}

}  // namespace arbiter::server
