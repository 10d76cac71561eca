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

bool OnlineApi::owns(const std::vector<std::string>& segments) {
  if (segments.size() < 2 || segments[0] != "api") return false;
  const std::string& s = segments[1];
  return s == "accounts" || s == "account" || s == "sessions" || s == "players" ||
         s == "leaderboard" || s == "seeks";
}

bool OnlineApi::makes_game(std::string_view method, const std::vector<std::string>& segments) {
  return method == "POST" && segments.size() == 4 && segments[0] == "api" &&
         segments[1] == "seeks" && segments[3] == "accept";
}

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

Response OnlineApi::handle(const Request& request, const std::vector<std::string>& segments,
                           const std::map<std::string, std::string>& query) {
  Call c{request, segments, query};
  if (request.method == "POST") {
    auto body = json_post_body(request);
    if (!body) return Api::error_response(body.error());
    c.body = std::move(*body);
  }
  try {
    c.session = session_token(request);
    c.who = session_of(request);
    auto out = route(c);
    return out ? std::move(*out) : Api::error_response(out.error());
  } catch (const std::exception& e) {
    return Api::error_response(internal_error(std::string("internal error: ") + e.what()));
  }
}

OnlineApi::Outcome OnlineApi::route(Call& c) {
  const auto& s = c.segments;
  const std::string& m = c.request.method;
  const std::size_t n = s.size();
  auto is = [&](std::initializer_list<std::string_view> path) {
    if (path.size() != n) return false;
    std::size_t i = 0;
    for (auto p : path) {
      if (p != "*" && p != s[i]) return false;
      ++i;
    }
    return true;
  };
  struct Entry {
    std::initializer_list<std::string_view> path;
    const char* method;
    Outcome (OnlineApi::*handler)(Call&);
  };
  static const Entry table[] = {
      {{"api", "accounts"}, "POST", &OnlineApi::register_account},
      {{"api", "sessions"}, "POST", &OnlineApi::log_in},
      {{"api", "sessions"}, "DELETE", &OnlineApi::log_out},
      {{"api", "account"}, "GET", &OnlineApi::account},
      {{"api", "account", "password"}, "POST", &OnlineApi::change_password},
      {{"api", "account", "delete"}, "POST", &OnlineApi::delete_account},
      {{"api", "players", "*"}, "GET", &OnlineApi::player},
      {{"api", "leaderboard"}, "GET", &OnlineApi::leaderboard},
      {{"api", "seeks"}, "GET", &OnlineApi::list_seeks},
      {{"api", "seeks"}, "POST", &OnlineApi::create_seek},
      {{"api", "seeks", "*", "accept"}, "POST", &OnlineApi::accept_seek},
      {{"api", "seeks", "*"}, "DELETE", &OnlineApi::withdraw_seek},
  };
  bool known = false;
  for (const Entry& e : table) {
    if (!is(e.path)) continue;
    known = true;
    if (m == e.method) return (this->*e.handler)(c);
  }
  if (known) return ApiError{405, "method " + m + " not allowed here"};
  return not_found("no such path: " + quote(c.request.target));
}

}  // namespace arbiter::server
