// Accounts' part in the games (hub.h): the accounts seen on one address that may not play rated
// games together (accounts/address_book.h, --rated-same-address), and a deleted account's seats.
//
// Locking: the `_locked` calls are made under the game's lock; the address book's mutex comes
// after it. account_deleted takes each game's lock in turn (as a change), no other held.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/accounts/address_book.h"
#include "server/accounts/caller.h"
#include "server/play/game_broadcast.h"
#include "server/play/game_changes.h"
#include "server/play/game_registry.h"
#include "server/play/live_game.h"
#include "server/play/outcome.h"

namespace arbiter::server {

class AccountSeats {
 public:
  AccountSeats(bool rated_same_address, GameRegistry& registry, GameChanges& changes,
               GameBroadcast& broadcast);
  AccountSeats(const AccountSeats&) = delete;
  AccountSeats& operator=(const AccountSeats&) = delete;

  // The addresses accounts were seen on (the API notes them).
  accounts::AddressBook& addresses() { return addresses_; }
  // The refusal of a rated game between `accounts` (0s ignored) when two of them were seen on
  // one address and the server does not allow it; nullopt when they may play it rated.
  std::optional<ApiError> same_address_refusal(const std::vector<int64_t>& accounts) const;
  // Whether the finished game changes ratings: not aborted, every seat moved
  // kRatedMovesPerSeat times (game_start.h), and no two of its accounts seen on one address
  // (unless rated_same_address). The rating pool's own terms: ratings::rating_pool.
  bool rateable_locked(const LiveGame& g) const;
  // The refusal of `token`'s account taking a seat in the rated game `g` beside an account
  // seen on one address with it; nullopt when it may.
  std::optional<ApiError> rated_join_refusal_locked(const LiveGame& g,
                                                    const accounts::Caller& caller) const;
  // Account `account_id` was deleted (the store renamed its seats): its seats in the games in
  // memory are shown as "deleted" at once, and their watchers and the lobby told.
  void account_deleted(int64_t account_id);

 private:
  const bool rated_same_address_;
  GameRegistry& registry_;
  GameChanges& changes_;
  GameBroadcast& broadcast_;
  accounts::AddressBook addresses_;
};

}  // namespace arbiter::server
