// The reviews of finished games (review_rows.h); schema 6. A review goes queued -> running
// (leased) -> done or failed; a lease that runs out lets another claim it.
// Every backend implements these; the defaults (kInvalid) serve test doubles only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/review_rows.h"
#include "store/store_status.h"

namespace arbiter::store {

class ReviewStore {
 public:
  virtual ~ReviewStore() = default;

  // Queues the review `review` describes (its game_id, requester, requested_ms; stored as
  // queued, with no lease or report). kConflict, and nothing changes, when the game has a
  // review queued, running or done; a failed one is replaced.
  virtual Status put_review(const ReviewRow& review);
  // Leases the game's review to `owner` until `until_ms`, as running: when it is queued, when
  // its lease has run out by `now_ms`, or when `owner` holds it already (a renewal). false, and
  // nothing changes, when it is missing, done, failed, or leased to another owner still.
  virtual Result<bool> claim_review(std::string_view game_id, std::string_view owner,
                                    int64_t now_ms, int64_t until_ms);
  // Ends `owner`'s lease at `now_ms`: done with `report` (the review's JSON) when `done`, else
  // failed with `report` saying why. kConflict, and nothing changes, when `owner` does not hold
  // the review's lease (it ran out and another claimed it, or it was never claimed).
  virtual Status finish_review(std::string_view game_id, std::string_view owner, bool done,
                               std::string_view report, int64_t now_ms);
  // The game's review, report included; nullopt when none was asked for.
  virtual Result<std::optional<ReviewRow>> load_review(std::string_view game_id);
  // The reviews claim_review() would lease at `now_ms` to a new owner (queued, or running
  // under a lease that has run out), oldest request first, at most `limit`, without reports.
  virtual Result<std::vector<ReviewRow>> claimable_reviews(int64_t now_ms, int limit);
};

}  // namespace arbiter::store
