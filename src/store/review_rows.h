// The rows of game reviews (schema 6, the `reviews` table): one per game, queued by a request,
// leased by the server that runs it (so servers sharing a database never run one twice, and a
// review whose server died is taken up again once its lease runs out), and kept once done with
// its report: the JSON of engine/review.h's review_json().
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "store/game_enums.h"

namespace arbiter::store {

enum class ReviewStatus { kQueued, kRunning, kDone, kFailed };

namespace detail {
inline constexpr std::array<std::pair<ReviewStatus, std::string_view>, 4> kReviewStatusText = {{
    {ReviewStatus::kQueued, "queued"},
    {ReviewStatus::kRunning, "running"},
    {ReviewStatus::kDone, "done"},
    {ReviewStatus::kFailed, "failed"},
}};
}  // namespace detail

// "queued", "running", "done", "failed": as stored and as the API says them.
constexpr std::string_view to_text(ReviewStatus s) {
  return detail::text_of(detail::kReviewStatusText, s);
}
// nullopt for any other text.
constexpr std::optional<ReviewStatus> parse_review_status(std::string_view text) {
  return detail::parse(detail::kReviewStatusText, text);
}

struct ReviewRow {
  std::string game_id;
  ReviewStatus status = ReviewStatus::kQueued;
  std::string requester;     // who asked: "account:ID" or "address:ADDR" (limits, listings)
  int64_t requested_ms = 0;  // Unix time of the request
  int64_t finished_ms = 0;   // when it ended (done or failed); 0 before
  std::string lease_owner;   // the server running it; "" when nobody holds it
  int64_t lease_until_ms = 0;
  std::string report;  // done: the review's JSON; failed: why, one line; else ""
};

}  // namespace arbiter::store
