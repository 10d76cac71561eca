// Online play over HTTP (docs/api.md "Accounts", "Players", "Lobby"): accounts and their
// sessions, players' ratings and leaderboards, and the lobby's seeks. The Api (api.h) hands it
// the requests of its paths, on a hub worker (passwords are hashed, the store is read), and asks
// it who a request's session belongs to.
//
// A session is "s." and 32 hex digits, stored hashed (server/accounts/tokens.h), sent back as the
// HttpOnly, SameSite=Lax cookie `arbiter_session` for the web and in the answer's body for API
// clients, who send it as `Authorization: Bearer s.…` (seat tokens have no "s.", so both
// kinds of bearer work). Files: online_api.cpp (routing, sessions), accounts_api.cpp
// (accounts, sessions, players, leaderboards), lobby_api.cpp (seeks).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/http/route.h"
#include "server/net/rate_limiter.h"

namespace arbiter::server {

inline constexpr std::string_view kSessionCookie = "arbiter_session";
inline constexpr int64_t kSessionLifetimeMs = 30LL * 86'400'000;  // 30 days

inline bool is_session_token(std::string_view token) { return token.starts_with("s."); }

struct SessionAccount {
  int64_t id = 0;
  std::string username;
};

class OnlineApi {
 public:
  explicit OnlineApi(Hub& hub);

  // This API's rows of the route table (http/route.h): answered on a hub worker, since they
  // may hash a password and read the store. Accepting a seek makes a game (the creation quota).
  std::vector<api_routes::Route> routes();
  // The live account of the request's session (a bearer "s.…" first, else the cookie); nullopt
  // when it has none or it has ended. Reads the store only for a session not seen lately. The
  // account is noted as seen on the request's address (Hub::addresses).
  std::optional<SessionAccount> session_of(const Request& request);

 private:
  struct Call : api_routes::ConcernCall {
    using ConcernCall::ConcernCall;
    std::optional<SessionAccount> who;  // the caller's session
    std::string session;                // its token, "" when none
  };
  using Outcome = server::Outcome<Response>;

  // The row's answer through `handler`, with the body and the session read.
  api_routes::Handler serve(Outcome (OnlineApi::*handler)(Call&));
  // accounts_api.cpp
  Outcome register_account(Call& c);
  Outcome log_in(Call& c);
  Outcome log_out(Call& c);
  Outcome account(Call& c);
  // GET /api/sessions: who the session belongs to, 200 with a null username when nobody.
  Outcome session_owner(Call& c);
  Outcome change_password(Call& c);
  Outcome delete_account(Call& c);
  Outcome player(Call& c);
  Outcome leaderboard(Call& c);
  Outcome game_ratings(Call& c);
  // A new session for `account`, as the answer to registration or login (201, with its cookie).
  Outcome start_session(const store::AccountRow& account);
  // lobby_api.cpp
  Outcome list_seeks(Call& c);
  Outcome create_seek(Call& c);
  Outcome accept_seek(Call& c);
  Outcome withdraw_seek(Call& c);

  // The refusal of a session's own password check (a password change, a deletion): 429 past
  // the account's attempts, 403 for a wrong password; nullopt when `password` is the account's.
  std::optional<Outcome> confirm_password(const SessionAccount& who, const std::string& password);
  // session_of without noting the address.
  std::optional<SessionAccount> read_session(const Request& request);
  // The caller's session, or 401.
  static server::Outcome<SessionAccount> logged_in(const Call& c);
  // Forgets cached sessions of `account_id` (logout everywhere, password change, deletion).
  void forget_sessions(int64_t account_id);
  void forget_session(const std::string& token_hash);
  // The seat token's session text: the token of the cookie or bearer, "" when none.
  static std::string session_token(const Request& request);

  Hub& hub_;
  std::shared_ptr<store::Store> store_;
  RateLimiter logins_by_address_;
  RateLimiter logins_by_name_address_;  // by username_key and address
  RateLimiter logins_by_name_;
  // A session's own password checks (change, deletion), by account: never the login buckets,
  // which anyone may empty.
  RateLimiter password_checks_;
  RateLimiter signups_by_address_;
  std::mutex register_mu_;  // a look-alike check and its account's creation at a time
  std::mutex accept_mu_;    // one seek taken at a time on this server

  struct Cached {
    SessionAccount account;
    int64_t expires_ms = 0;
    int64_t checked_ms = 0;  // read from the store then: read again after a minute
  };
  std::mutex sessions_mu_;
  std::unordered_map<std::string, Cached> sessions_;  // by token hash
};

}  // namespace arbiter::server
