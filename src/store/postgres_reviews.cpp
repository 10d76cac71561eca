#include "store/postgres_reviews.h"

namespace arbiter::store::postgres_reviews {
namespace {

// The statuses are passed as parameters (their one spelling is review_rows.h's).
const std::string kQueued(to_text(ReviewStatus::kQueued));
const std::string kRunning(to_text(ReviewStatus::kRunning));

constexpr const char* kColumns =
    "game_id, status, requester, requested_ms, finished_ms, lease_owner, lease_until_ms";

// The row (kColumns, then the report when `with_report`); nullopt for an unknown status, which
// `bad_status` gets.
std::optional<ReviewRow> review_columns(const pqxx::row& r, bool with_report,
                                        std::string* bad_status) {
  const auto status = parse_review_status(r[1].as<std::string>());
  if (!status) {
    *bad_status = r[1].as<std::string>();
    return std::nullopt;
  }
  ReviewRow out;
  out.game_id = r[0].as<std::string>();
  out.status = *status;
  out.requester = r[2].as<std::string>();
  out.requested_ms = r[3].as<int64_t>();
  out.finished_ms = r[4].as<int64_t>();
  out.lease_owner = r[5].as<std::string>();
  out.lease_until_ms = r[6].as<int64_t>();
  if (with_report) out.report = r[7].as<std::string>();
  return out;
}

}  // namespace

bool put(pqxx::transaction_base& w, const ReviewRow& review) {
  const auto r = w.exec_params(
      "INSERT INTO reviews (game_id, status, requester, requested_ms) VALUES ($1, $4, $2, $3) "
      "ON CONFLICT (game_id) DO UPDATE SET status = $4, requester = excluded.requester, "
      "requested_ms = excluded.requested_ms, finished_ms = 0, lease_owner = '', "
      "lease_until_ms = 0, report = '' WHERE reviews.status = $5",
      review.game_id, review.requester, review.requested_ms, kQueued,
      std::string(to_text(ReviewStatus::kFailed)));
  return r.affected_rows() > 0;
}

bool claim(pqxx::transaction_base& w, std::string_view game_id, std::string_view owner,
           int64_t now_ms, int64_t until_ms) {
  const auto r = w.exec_params(
      "UPDATE reviews SET status = $6, lease_owner = $2, lease_until_ms = $4 WHERE game_id = $1 "
      "AND (status = $5 OR (status = $6 AND (lease_until_ms <= $3 OR lease_owner = $2)))",
      std::string(game_id), std::string(owner), now_ms, until_ms, kQueued, kRunning);
  return r.affected_rows() > 0;
}

bool finish(pqxx::transaction_base& w, std::string_view game_id, std::string_view owner, bool done,
            std::string_view report, int64_t now_ms) {
  const auto r = w.exec_params(
      "UPDATE reviews SET status = $3, report = $4, finished_ms = $5, lease_owner = '', "
      "lease_until_ms = 0 WHERE game_id = $1 AND status = $6 AND lease_owner = $2",
      std::string(game_id), std::string(owner),
      std::string(to_text(done ? ReviewStatus::kDone : ReviewStatus::kFailed)), std::string(report),
      now_ms, kRunning);
  return r.affected_rows() > 0;
}

std::optional<ReviewRow> load(pqxx::transaction_base& w, std::string_view game_id,
                              std::string* bad_status) {
  const auto rows =
      w.exec_params("SELECT " + std::string(kColumns) + ", report FROM reviews WHERE game_id = $1",
                    std::string(game_id));
  if (rows.empty()) return std::nullopt;
  return review_columns(rows[0], true, bad_status);
}

std::vector<ReviewRow> claimable(pqxx::transaction_base& w, int64_t now_ms, int limit,
                                 std::string* bad_status) {
  std::vector<ReviewRow> out;
  for (const auto& r : w.exec_params("SELECT " + std::string(kColumns) +
                                         " FROM reviews WHERE status = $2 OR (status = $3 AND "
                                         "lease_until_ms <= $1) ORDER BY requested_ms, game_id "
                                         "LIMIT $4",
                                     now_ms, kQueued, kRunning, limit)) {
    auto row = review_columns(r, false, bad_status);
    if (!row) return {};
    out.push_back(std::move(*row));
  }
  return out;
}

}  // namespace arbiter::store::postgres_reviews
