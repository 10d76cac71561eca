// Accounts, their sessions and ratings, and the lobby's seeks (account_rows.h); schema 5.
// Every backend implements these; the defaults (kInvalid) serve test doubles only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/account_rows.h"
#include "store/store_status.h"

namespace arbiter::store {

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // A new account (id assigned, returned); kConflict when its username_key is taken.
  virtual Result<AccountRow> create_account(const AccountRow& account);
  // By id (deleted ones too) or by username_key (live ones only); nullopt when none.
  virtual Result<std::optional<AccountRow>> account_by_id(int64_t id);
  virtual Result<std::optional<AccountRow>> account_by_key(std::string_view key);
  // A live account whose username_key, folded as kSkeletonSql folds it, is `skeleton`; nullopt
  // when none. No index serves it (it reads every live account): for registrations only.
  virtual Result<std::optional<AccountRow>> account_by_skeleton(std::string_view skeleton);
  // A new password hash; in the same transaction every session but `keep_session` ends.
  virtual Status set_password(int64_t id, std::string_view hash, std::string_view keep_session);
  // In one transaction: the row keeps its id but loses its name and password; its sessions,
  // ratings and seeks go; its seats stay, named "deleted". kNotFound when no live account.
  virtual Status delete_account(int64_t id);

  virtual Status create_session(const SessionRow& session);
  // The live account of an unexpired session; nullopt when none.
  virtual Result<std::optional<AccountRow>> session_account(std::string_view token_hash,
                                                            int64_t now_ms);
  virtual Status delete_session(std::string_view token_hash);

  // Every pool's rating of one account, by pool.
  virtual Result<std::vector<RatingRow>> ratings_of(int64_t account_id);
  // A pool's ratings, highest first (with usernames), of live accounts.
  virtual Result<std::vector<RatingRow>> leaderboard(std::string_view pool, int limit);
  // The rating update of a finished game, once: in one transaction marks `game_id` rated and
  // writes `rows`; kConflict (and nothing written) when the game was rated already.
  virtual Status apply_ratings(std::string_view game_id, const std::vector<RatingRow>& rows);

  // A new seek (id assigned, returned).
  virtual Result<SeekRow> create_seek(const SeekRow& seek);
  // Every seek, oldest first, with the names of its author and challenged account.
  virtual Result<std::vector<SeekRow>> list_seeks();
  // Removes a seek; false when there was none (taken by someone else, or withdrawn).
  virtual Result<bool> delete_seek(int64_t id);
};

}  // namespace arbiter::store
