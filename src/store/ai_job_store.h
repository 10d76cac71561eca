// The AI jobs: AI turns left to `arbiter worker` processes (ai_job_rows.h); schema 6.
// Every backend implements these; the defaults (kInvalid) serve test doubles only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/ai_job_rows.h"
#include "store/store_status.h"
#include "store/thinking_notice.h"

namespace arbiter::store {

class AiJobStore {
 public:
  virtual ~AiJobStore() = default;

  // Writes `job` unless its game has a job for that ply already (then nothing changes, and
  // that is success): one job per turn, whoever writes it first.
  virtual Status enqueue_ai_job(const AiJobRow& job);
  // Leases the oldest job free at `now_ms` (never leased, given back, or its lease run out) to
  // `owner` until now_ms + lease_ms, counting the attempt, and returns it as leased; nullopt
  // when none is free. Two callers never get one job while its lease runs (PostgreSQL: FOR
  // UPDATE SKIP LOCKED; SQLite: one writer at a time).
  virtual Result<std::optional<AiJobRow>> claim_ai_job(std::string_view owner, int64_t now_ms,
                                                       int64_t lease_ms);
  // Moves `owner`'s lease of the job to `until_ms` (0 gives it back: free at once); false when
  // the job is gone or another owner has claimed it since.
  virtual Result<bool> renew_ai_lease(std::string_view game_id, int ply, std::string_view owner,
                                      int64_t until_ms);
  // Deletes the job once its turn is over: unless `force`, only when its game is no longer
  // playing with exactly `ply` moves stored (false, and the job kept, when it is). Decided in
  // one transaction with the game's writes, so a job written again by a change that brings the
  // game back to this turn (an undo) is never lost.
  virtual Result<bool> finish_ai_job(std::string_view game_id, int ply, bool force = false);
  // Every job, oldest first.
  virtual Result<std::vector<AiJobRow>> list_ai_jobs();
  // Tells the servers sharing the database of an AI worker's search progress
  // (thinking_notice.h): a notice, nothing stored. A store no other process shares has no one
  // to tell: the default does nothing.
  virtual Status publish_thinking(const ThinkingNotice& /*notice*/) { return {}; }
};

}  // namespace arbiter::store
