// Accounts, sessions, players and leaderboards (online_api.h; docs/api.md "Accounts").
#include <cmath>

#include "clocks/time_control.h"
#include "core/metrics.h"
#include "core/text.h"
#include "server/accounts/credentials.h"
#include "server/accounts/online_api.h"
#include "server/accounts/tokens.h"
#include "server/http/api_json.h"
#include "server/http/json_response.h"
#include "server/play/live_game.h"
#include "server/ratings/glicko2.h"
#include "server/ratings/rating_updater.h"

namespace arbiter::server {
namespace {

constexpr const char* kWrongLogin = "wrong username or password";

// A string field of the body; 400 when absent or not a string.
Outcome<std::string> required_string(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || it->is_null()) return bad_request(std::string(key) + ": missing");
  if (!it->is_string()) return bad_request(std::string(key) + ": expected a string");
  return it->get<std::string>();
}

ApiError limited(const std::string& what, int wait) {
  return ApiError{429, "too many " + what + ": try again in " + std::to_string(wait) + " s"};
}

Response too_many(const std::string& what, int wait) {
  Response r = Api::error_response(limited(what, wait));
  r.retry_after = wait;
  return r;
}

std::string session_cookie(std::string_view value, int64_t max_age_s) {
  return std::string(kSessionCookie) + "=" + std::string(value) +
         "; HttpOnly; SameSite=Lax; Path=/; Max-Age=" + std::to_string(max_age_s);
}

// A rating as shown now: its deviation grown by the days since its last game.
ratings::Rating shown_rating(const store::RatingRow& r, int64_t now) {
  const double days = static_cast<double>(now - r.updated_ms) / ratings::kRatingPeriodMs;
  return ratings::inflate({r.rating, r.deviation, r.volatility}, days);
}

void write_rating(JsonWriter& w, const store::RatingRow& r, int64_t now) {
  const ratings::Rating shown = shown_rating(r, now);
  w.key("pool").value(r.pool);
  w.key("rating").value(static_cast<int64_t>(std::lround(shown.rating)));
  w.key("deviation").value(static_cast<int64_t>(std::lround(shown.deviation)));
  w.key("volatility").value(shown.volatility);
  w.key("games").value(r.games);
  w.key("provisional").value(ratings::provisional(shown));
  w.key("updated_ms").value(r.updated_ms);
}

// Every pool a rated game can be in: each game (Traverse by player count) × both speeds.
std::vector<std::string> all_pools() {
  std::vector<std::string> out;
  for (const auto& game : Hub::catalog().games) {
    for (const auto& seating : game.seatings) {
      for (std::string_view speed : {"real time", "correspondence"}) {
        std::string pool = ratings::pool_name(game.name, seating.players, speed);
        if (std::find(out.begin(), out.end(), pool) == out.end()) out.push_back(pool);
      }
    }
  }
  return out;
}

// GET /api/account's answer (and GET /api/sessions' for a live session).
Response account_answer(const store::AccountRow& row) {
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("username").value(row.username);
                         w.key("created_ms").value(row.created_ms);
                         w.end_object();
                       }));
}

}  // namespace

OnlineApi::Outcome OnlineApi::start_session(const store::AccountRow& account) {
  const std::string token = new_token();
  const int64_t now = now_ms();
  store::SessionRow row{hash_token(token), account.id, now, now + kSessionLifetimeMs};
  if (auto st = store_->create_session(row); !st) return Hub::store_failure(st);
  {
    std::lock_guard lock(sessions_mu_);
    sessions_[row.token_hash] = Cached{{account.id, account.username}, row.expires_ms, now};
  }
  const std::string session = "s." + token;
  Response r = json_response(201, written(256, [&](JsonWriter& w) {
                               w.begin_object();
                               w.key("username").value(account.username);
                               w.key("session").value(session);
                               w.key("expires_ms").value(row.expires_ms);
                               w.end_object();
                             }));
  r.set_cookie = session_cookie(session, kSessionLifetimeMs / 1000);
  return r;
}

OnlineApi::Outcome OnlineApi::register_account(Call& c) {
  auto name = required_string(c.body, "username");
  if (!name) return name.error();
  auto password = required_string(c.body, "password");
  if (!password) return password.error();
  if (auto st = accounts::check_username(*name); !st) return bad_request("username: " + st.error());
  const std::string key = accounts::username_key(*name);
  if (const std::string reserved = accounts::reserved_lookalike(*name); !reserved.empty()) {
    return conflict("username: " + quote(*name) + " is taken (it reads as " + quote(reserved) +
                    ", a name the server shows)");
  }
  if (auto st = accounts::check_password(*password); !st) {
    return bad_request("password: " + st.error());
  }
  if (const int wait = signups_by_address_.take(c.request.remote)) {
    return too_many("accounts created from " + c.request.remote, wait);
  }
  auto hash = accounts::hash_password(*password);
  if (!hash) return internal_error(hash.error());
  // A look-alike of a live name is taken too. Checked and created under one lock, so two
  // look-alikes registering at once on this server do not both pass (servers sharing a database
  // may still race: the store's key is unique only by case).
  std::lock_guard lock(register_mu_);
  auto alike = store_->account_by_skeleton(accounts::username_skeleton(*name));
  if (!alike) return Hub::store_failure(alike.failure());
  if (*alike) {
    return conflict("username: " + quote(*name) + " is taken" +
                    ((*alike)->username_key == key
                         ? std::string()
                         : " (it reads as " + quote((*alike)->username) + ")"));
  }
  store::AccountRow row{0, *name, key, *hash, now_ms(), false};
  auto made = store_->create_account(row);
  if (!made) {
    if (made.code() == store::ErrorCode::kConflict) {
      return conflict("username: " + quote(*name) + " is taken");
    }
    return Hub::store_failure(made.failure());
  }
  hub_.addresses().seen(made->id, c.request.remote);
  return start_session(*made);
}

OnlineApi::Outcome OnlineApi::log_in(Call& c) {
  auto name = required_string(c.body, "username");
  if (!name) return name.error();
  auto password = required_string(c.body, "password");
  if (!password) return password.error();
  const std::string key = accounts::username_key(*name);
  auto& logins = metrics::metrics().logins;
  if (const int wait = logins_by_address_.take(c.request.remote)) {
    logins.at({"limited"}).add();
    return too_many("login attempts from " + c.request.remote, wait);
  }
  // Counted for unknown names too, so the limits say nothing of which names exist. A name's
  // guesses from one address are few; from everywhere together, many (so that guessers
  // elsewhere cannot lock its owner out).
  if (const int wait = logins_by_name_address_.take(key + "\n" + c.request.remote)) {
    logins.at({"limited"}).add();
    return too_many("login attempts for " + quote(*name) + " from " + c.request.remote, wait);
  }
  if (const int wait = logins_by_name_.take(key)) {
    logins.at({"limited"}).add();
    return too_many("login attempts for " + quote(*name), wait);
  }
  std::optional<store::AccountRow> account;
  if (accounts::check_username(*name) && password->size() <= accounts::kMaxPassword) {
    auto found = store_->account_by_key(key);
    if (!found) return Hub::store_failure(found.failure());
    account = std::move(*found);
  }
  // An unknown name costs one verification too (the decoy), so the answer takes as long.
  const bool ok =
      account ? accounts::verify_password(account->password_hash, *password)
              : (accounts::verify_password(accounts::decoy_password_hash(), *password), false);
  logins.at({ok ? "ok" : "refused"}).add();
  if (!ok) return unauthorized(kWrongLogin);
  hub_.addresses().seen(account->id, c.request.remote);
  return start_session(*account);
}

OnlineApi::Outcome OnlineApi::log_out(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  const std::string hash = hash_token(std::string_view(c.session).substr(2));
  if (auto st = store_->delete_session(hash); !st) return Hub::store_failure(st);
  forget_session(hash);
  Response r = json_response(200, R"({"ok":true})");
  r.set_cookie = session_cookie("", 0);
  return r;
}

OnlineApi::Outcome OnlineApi::account(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  auto row = store_->account_by_id(who->id);
  if (!row) return Hub::store_failure(row.failure());
  if (!*row || (*row)->deleted) return unauthorized("log in first (POST /api/sessions)");
  return account_answer(**row);
}

// The web UI asks this at every page load: a logged-out visitor is an answer, not a failure (a
// 401 would be a failed request in the browser's console on every page).
OnlineApi::Outcome OnlineApi::session_owner(Call& c) {
  if (c.who) {
    auto row = store_->account_by_id(c.who->id);
    if (!row) return Hub::store_failure(row.failure());
    if (*row && !(*row)->deleted) return account_answer(**row);
  }
  return json_response(200, R"({"username":null})");
}

std::optional<OnlineApi::Outcome> OnlineApi::confirm_password(const SessionAccount& who,
                                                              const std::string& password) {
  if (const int wait = password_checks_.take(std::to_string(who.id))) {
    return too_many("password attempts for " + quote(who.username), wait);
  }
  auto row = store_->account_by_id(who.id);
  if (!row) return Hub::store_failure(row.failure());
  if (!*row || !accounts::verify_password((*row)->password_hash, password)) {
    return forbidden("password: wrong password");
  }
  return std::nullopt;
}

OnlineApi::Outcome OnlineApi::change_password(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  auto password = required_string(c.body, "password");
  if (!password) return password.error();
  auto next = required_string(c.body, "new_password");
  if (!next) return next.error();
  if (auto st = accounts::check_password(*next); !st) {
    return bad_request("new_password: " + st.error());
  }
  if (auto refused = confirm_password(*who, *password)) return *refused;
  auto hash = accounts::hash_password(*next);
  if (!hash) return internal_error(hash.error());
  const std::string keep = hash_token(std::string_view(c.session).substr(2));
  if (auto st = store_->set_password(who->id, *hash, keep); !st) return Hub::store_failure(st);
  forget_sessions(who->id);  // the others ended; this one is read again
  return json_response(200, R"({"ok":true})");
}

OnlineApi::Outcome OnlineApi::delete_account(Call& c) {
  auto who = logged_in(c);
  if (!who) return who.error();
  auto password = required_string(c.body, "password");
  if (!password) return password.error();
  if (auto refused = confirm_password(*who, *password)) return *refused;
  if (auto st = store_->delete_account(who->id); !st) return Hub::store_failure(st);
  forget_sessions(who->id);
  hub_.lobby().seeks_changed();   // its seeks and the challenges to it are gone
  hub_.account_deleted(who->id);  // its seats in the games in memory read "deleted" now
  Response r = json_response(200, R"({"ok":true})");
  r.set_cookie = session_cookie("", 0);
  return r;
}

OnlineApi::Outcome OnlineApi::player(Call& c) {
  const std::string& name = c.segments[2];
  if (!accounts::check_username(name)) return not_found("no such player: " + quote(name));
  auto row = store_->account_by_key(accounts::username_key(name));
  if (!row) return Hub::store_failure(row.failure());
  if (!*row) return not_found("no such player: " + quote(name));
  auto rated = store_->ratings_of((*row)->id);
  if (!rated) return Hub::store_failure(rated.failure());
  store::GameFilter filter;
  filter.account = (*row)->id;
  // A profile is public: an unlisted game is found only by its link (the player's own account
  // page lists theirs, GET /api/games?mine=1).
  filter.listed_only = true;
  filter.limit = 20;
  auto games = hub_.list(filter);
  if (!games) return games.error();
  const int64_t now = now_ms();
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("username").value((*row)->username);
                         w.key("created_ms").value((*row)->created_ms);
                         w.key("ratings").begin_array();
                         for (const auto& r : *rated) {
                           w.begin_object();
                           write_rating(w, r, now);
                           w.end_object();
                         }
                         w.end_array();
                         w.key("games").begin_array();
                         for (const GameViewPtr& g : *games) write_game(w, *g, false);
                         w.end_array();
                         w.end_object();
                       }));
}

// GET /api/games/{id}/ratings: each seat's account and its rating in the game's pool now, as
// profiles show it (1500 for a player new to the pool); null for a seat without a live account
// or a game with no time control, which has no pool.
OnlineApi::Outcome OnlineApi::game_ratings(Call& c) {
  auto game = hub_.get(c.segments[2]);
  if (!game) return game.error();
  const GameView& g = **game;
  auto control = clocks::TimeControl::parse(g.time_control);
  const std::string pool =
      control && control->limited()
          ? ratings::pool_name(g.game, static_cast<int>(g.seats.size()), control->speed())
          : "";
  std::vector<std::optional<store::RatingRow>> shown;
  for (const SeatView& seat : g.seats) {
    std::optional<store::RatingRow> rating;
    if (!pool.empty() && accounts::check_username(seat.account)) {
      auto account = store_->account_by_key(accounts::username_key(seat.account));
      if (!account) return Hub::store_failure(account.failure());
      if (*account && !(*account)->deleted) {
        auto rows = store_->ratings_of((*account)->id);
        if (!rows) return Hub::store_failure(rows.failure());
        rating = store::RatingRow{};  // a player new to the pool
        rating->pool = pool;
        for (const store::RatingRow& r : *rows) {
          if (r.pool == pool) rating = r;
        }
      }
    }
    shown.push_back(std::move(rating));
  }
  const int64_t now = now_ms();
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("pool").value(pool);
                         w.key("rated").value(g.rated);
                         w.key("seats").begin_array();
                         for (std::size_t i = 0; i < g.seats.size(); ++i) {
                           w.begin_object();
                           w.key("account").value(g.seats[i].account);
                           if (shown[i]) {
                             write_rating(w, *shown[i], now);
                           } else {
                             w.key("rating").null();
                           }
                           w.end_object();
                         }
                         w.end_array();
                         w.end_object();
                       }));
}

OnlineApi::Outcome OnlineApi::leaderboard(Call& c) {
  const std::vector<std::string> pools = all_pools();
  auto it = c.query.find("pool");
  if (it == c.query.end() || it->second.empty()) {
    return json_response(200, written(256, [&](JsonWriter& w) {
                           w.begin_object();
                           w.key("pools").value(pools);
                           w.end_object();
                         }));
  }
  const std::string& pool = it->second;
  if (std::find(pools.begin(), pools.end(), pool) == pools.end()) {
    return bad_request("pool: unknown pool " + quote(pool) + " (GET /api/leaderboard lists them)");
  }
  int limit = 50;
  if (auto l = c.query.find("limit"); l != c.query.end()) {
    auto n = parse_int(l->second, 1, 200, "limit");
    if (!n) return bad_request(n.error());
    limit = static_cast<int>(*n);
  }
  auto rows = store_->leaderboard(pool, limit);
  if (!rows) return Hub::store_failure(rows.failure());
  const int64_t now = now_ms();
  return json_response(200, written(256, [&](JsonWriter& w) {
                         w.begin_object();
                         w.key("pool").value(pool);
                         w.key("players").begin_array();
                         int rank = 0;
                         for (const auto& r : *rows) {
                           w.begin_object();
                           w.key("rank").value(++rank);
                           w.key("username").value(r.username);
                           write_rating(w, r, now);
                           w.end_object();
                         }
                         w.end_array();
                         w.end_object();
                       }));
}

}  // namespace arbiter::server
