#include "server/play/account_seats.h"

#include <string>

#include "server/accounts/caller.h"
#include "server/play/game_start.h"

namespace arbiter::server {
namespace {

constexpr const char* kDeletedName = "deleted";  // as the store names a deleted account's seats

}  // namespace

AccountSeats::AccountSeats(bool rated_same_address, GameRegistry& registry, GameChanges& changes,
                           GameBroadcast& broadcast)
    : rated_same_address_(rated_same_address),
      registry_(registry),
      changes_(changes),
      broadcast_(broadcast) {}

std::optional<ApiError> AccountSeats::same_address_refusal(
    const std::vector<int64_t>& accounts) const {
  if (rated_same_address_ || !addresses_.first_shared(accounts)) return std::nullopt;
  return forbidden(
      "rated: two of the players' accounts have been seen on one address, and accounts seen on "
      "one address play casual games only on this server (--rated-same-address allows it)");
}

bool AccountSeats::rateable_locked(const LiveGame& g) const {
  if (is_aborted(g.row) || !every_seat_moved(g, kRatedMovesPerSeat)) return false;
  return !same_address_refusal(accounts::seat_accounts(g.row));
}

std::optional<ApiError> AccountSeats::rated_join_refusal_locked(
    const LiveGame& g, const accounts::Caller& caller) const {
  if (!g.row.rated || !caller.account()) return std::nullopt;
  const store::AccountId me = caller.account()->id;
  for (int64_t other : accounts::seat_accounts(g.row)) {
    if (auto refused = same_address_refusal({me, other})) return refused;
  }
  return std::nullopt;
}

void AccountSeats::account_deleted(int64_t account_id) {
  for (const GameRegistry::GamePtr& g : registry_.games()) {
    // After any write under way: a change stored from the row as it was keeps the old name.
    changes_.change(g, [this, g, account_id] {
      bool renamed = false;
      for (store::SeatRow& seat : g->row.seats) {
        if (seat.account != account_id || seat.account_name == kDeletedName) continue;
        seat.account_name = kDeletedName;
        renamed = true;
      }
      if (renamed) broadcast_.state_locked(*g);
    });
  }
}

}  // namespace arbiter::server
