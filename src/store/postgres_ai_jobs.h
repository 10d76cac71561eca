// The AI jobs (ai_job_rows.h, Store's "AI jobs" calls) on PostgreSQL. Each function runs its
// statements in the caller's transaction (postgres_store.cpp opens it and turns the exceptions
// of libpqxx into store Errors). A claim takes the oldest free job with FOR UPDATE SKIP LOCKED,
// so workers claiming at once each get a different job without waiting on each other; a finish
// locks the game's row first, so it is decided in order with the game's writes.
#pragma once

#include <cstdint>
#include <optional>
#include <pqxx/pqxx>
#include <string_view>
#include <vector>

#include "store/ai_job_rows.h"

namespace arbiter::store::postgres_ai_jobs {

void enqueue(pqxx::transaction_base& w, const AiJobRow& job);
std::optional<AiJobRow> claim(pqxx::transaction_base& w, std::string_view owner, int64_t now_ms,
                              int64_t lease_ms);
bool renew(pqxx::transaction_base& w, std::string_view game_id, int ply, std::string_view owner,
           int64_t until_ms);
bool finish(pqxx::transaction_base& w, std::string_view game_id, int ply, bool force);
std::vector<AiJobRow> list(pqxx::transaction_base& w);

}  // namespace arbiter::store::postgres_ai_jobs
