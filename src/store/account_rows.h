// The rows of online play (schema 5): accounts, their sessions, their ratings per pool, and the
// lobby's seeks. Account ids are positive integers the store assigns; a seat names its holder
// by that id (SeatRow::account, account_id.h).
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::store {

// A username_key (lowercase) folded to its skeleton in SQL, as both backends read it: 'i' and
// '1' as 'l', '0' as 'o', '-' as '_' (server/accounts/credentials.h username_skeleton, which
// must fold alike).
inline constexpr const char* kSkeletonSql =
    "replace(replace(replace(replace(a.username_key, 'i', 'l'), '1', 'l'), '0', 'o'), '-', '_')";

struct AccountRow {
  int64_t id = 0;
  std::string username;       // as registered; "" once deleted
  std::string username_key;   // lowercase: unique, so names differing in case are one account
  std::string password_hash;  // argon2id string (server/accounts/credentials.h); "" once deleted
  int64_t created_ms = 0;
  bool deleted = false;
};

// A login: only the hash of its token is kept (server/accounts/tokens.h).
struct SessionRow {
  std::string token_hash;
  int64_t account_id = 0;
  int64_t created_ms = 0;
  int64_t expires_ms = 0;
};

// One account's Glicko-2 rating in one pool ("traverse-2p/real-time", docs/online.md).
struct RatingRow {
  int64_t account_id = 0;
  std::string pool;
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int games = 0;
  int64_t updated_ms = 0;  // when its last rated game ended
  std::string username;    // read with the row (leaderboards); not written
};

// A seek in the lobby: a game its author offers; anyone in `min_rating`..`max_rating` (0: no
// bound) may accept it, or only `challenged` when it names an account (a challenge).
struct SeekRow {
  int64_t id = 0;
  int64_t account_id = 0;
  std::string game;
  std::string params;
  std::string time_control = "none";
  bool rated = false;
  int min_rating = 0;
  int max_rating = 0;
  int64_t created_ms = 0;
  int64_t challenged = 0;       // the account challenged; 0 for an open seek
  std::string username;         // the author's name, read with the row; not written
  std::string challenged_name;  // the challenged account's name, read with the row
};

}  // namespace arbiter::store
