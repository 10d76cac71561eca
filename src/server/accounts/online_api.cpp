#include "server/accounts/online_api.h"

#include "core/text.h"
#include "server/accounts/tokens.h"
#include "server/http/json_body.h"
#include "server/play/live_game.h"

namespace arbiter::server {
namespace {

constexpr int64_t kSessionRecheckMs = 60'000;
constexpr std::size_t kMaxCachedSessions = 100'000;

}  // namespace

// Login attempts: 10 per address (any names) at once, then one every 30 s; 5 per name from one
// address (its /64 for IPv6), then one a minute; 100 per name from all addresses together, then
// one every 6 s, far above what its owner types, so that guessers cannot keep the owner out
// without many addresses. A session's password checks: 5 per account, then one a minute.
// Registrations: 5 per address, then one every 2 minutes.
OnlineApi::OnlineApi(Hub& hub)
    : hub_(hub),
      store_(hub.store()),
      logins_by_address_(1.0 / 30, 10),
      logins_by_name_address_(1.0 / 60, 5),
      logins_by_name_(1.0 / 6, 100),
      password_checks_(1.0 / 60, 5),
      signups_by_address_(1.0 / 120, 5) {}

std::string OnlineApi::session_token(const Request& request) {
  std::string_view auth = trim(request.authorization);
  if (auth.size() > 7 && to_lower(auth.substr(0, 7)) == "bearer ") {
    std::string_view token = trim(auth.substr(7));
    if (is_session_token(token)) return std::string(token);
  }
  for (auto part : split(request.cookie, ";")) {
    part = trim(part);
    const auto eq = part.find('=');
    if (eq == std::string_view::npos || trim(part.substr(0, eq)) != kSessionCookie) continue;
    std::string_view value = trim(part.substr(eq + 1));
    if (is_session_token(value)) return std::string(value);
  }
  return "";
}

std::optional<SessionAccount> OnlineApi::session_of(const Request& request) {
  auto who = read_session(request);
  if (who) hub_.addresses().seen(who->id, request.remote);
  return who;
}

std::optional<SessionAccount> OnlineApi::read_session(const Request& request) {
  const std::string token = session_token(request);
  if (token.empty()) return std::nullopt;
  const std::string hash = hash_token(std::string_view(token).substr(2));
  if (hash.empty()) return std::nullopt;
  const int64_t now = now_ms();
  {
    std::lock_guard lock(sessions_mu_);
    auto it = sessions_.find(hash);
    if (it != sessions_.end()) {
      if (it->second.expires_ms <= now) {
        sessions_.erase(it);
        return std::nullopt;
      }
      // Another server sharing the store may have ended it since (accounts/session_revocations.h).
      if (now - it->second.checked_ms < kSessionRecheckMs &&
          !hub_.session_ended_since(hash, it->second.account.id, it->second.checked_ms)) {
        return it->second.account;
      }
    }
  }
  auto found = store_->session_account(hash, now);
  if (!found || !*found) {
    forget_session(hash);
    return std::nullopt;
  }
  SessionAccount who{(*found)->id, (*found)->username};
  std::lock_guard lock(sessions_mu_);
  if (sessions_.size() >= kMaxCachedSessions) sessions_.clear();
  // The expiry is not read with the account: recheck within the minute, and never past 30 days.
  sessions_[hash] = Cached{who, now + kSessionLifetimeMs, now};
  return who;
}

void OnlineApi::forget_session(const std::string& token_hash) {
  std::lock_guard lock(sessions_mu_);
  sessions_.erase(token_hash);
}

void OnlineApi::forget_sessions(int64_t account_id) {
  std::lock_guard lock(sessions_mu_);
  std::erase_if(sessions_, [&](const auto& kv) { return kv.second.account.id == account_id; });
}

server::Outcome<SessionAccount> OnlineApi::logged_in(const Call& c) {
  if (!c.who) return unauthorized("log in first (POST /api/sessions)");
  return *c.who;
}

api_routes::Handler OnlineApi::serve(Outcome (OnlineApi::*handler)(Call&)) {
  return [this, handler](Hub&, api_routes::Call& routed) -> Response {
    Call c(routed);
    if (auto bad = c.read_post_body()) return Api::error_response(*bad);
    c.session = session_token(c.request);
    // The API read the session already (route_request): its account, not a second lookup.
    if (routed.account) c.who = SessionAccount{routed.account->id, routed.account->name};
    auto out = (this->*handler)(c);
    return out ? std::move(*out) : Api::error_response(out.error());
  };
}

std::vector<api_routes::Route> OnlineApi::routes() {
  return {
      {.method = "POST",
       .pattern = {"api", "accounts"},
       .handler = serve(&OnlineApi::register_account)},
      {.method = "POST", .pattern = {"api", "sessions"}, .handler = serve(&OnlineApi::log_in)},
      {.method = "DELETE", .pattern = {"api", "sessions"}, .handler = serve(&OnlineApi::log_out)},
      {.method = "GET",
       .pattern = {"api", "sessions"},
       .handler = serve(&OnlineApi::session_owner)},
      {.method = "GET", .pattern = {"api", "account"}, .handler = serve(&OnlineApi::account)},
      {.method = "POST",
       .pattern = {"api", "account", "password"},
       .handler = serve(&OnlineApi::change_password)},
      {.method = "POST",
       .pattern = {"api", "account", "delete"},
       .handler = serve(&OnlineApi::delete_account)},
      {.method = "GET", .pattern = {"api", "players", "*"}, .handler = serve(&OnlineApi::player)},
      {.method = "GET",
       .pattern = {"api", "leaderboard"},
       .handler = serve(&OnlineApi::leaderboard)},
      {.method = "GET",
       .pattern = {"api", "games", "*", "ratings"},
       .handler = serve(&OnlineApi::game_ratings)},
      {.method = "GET", .pattern = {"api", "seeks"}, .handler = serve(&OnlineApi::list_seeks)},
      {.method = "POST", .pattern = {"api", "seeks"}, .handler = serve(&OnlineApi::create_seek)},
      {.method = "POST",
       .pattern = {"api", "seeks", "*", "accept"},
       .creates = true,
       .handler = serve(&OnlineApi::accept_seek)},
      {.method = "DELETE",
       .pattern = {"api", "seeks", "*"},
       .handler = serve(&OnlineApi::withdraw_seek)},
  };
}

}  // namespace arbiter::server
