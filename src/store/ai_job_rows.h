// The rows of AI jobs (schema 6): an AI turn written for a searcher in another process
// (`arbiter worker`, docs/deploy.md). One job per turn, keyed by its game and ply; a searcher
// leases it (claim), renews the lease while it searches, and stores its move through the same
// ply-checked append a server uses. A lease that runs out (its owner died) frees the job for
// another searcher.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::store {

struct AiJobRow {
  std::string game_id;
  int ply = 0;    // the turn: the number of moves stored when the AI is to move
  int seat = 0;   // the AI seat to move
  int level = 0;  // its level (1–10)
  int64_t created_ms = 0;
  std::string lease_owner;     // the searcher that last claimed it; "" when none has
  int64_t lease_until_ms = 0;  // leased until then; free once past (0: never leased, or given back)
  int attempts = 0;            // how many times it has been claimed
};

}  // namespace arbiter::store
