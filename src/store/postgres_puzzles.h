// The puzzles (puzzle_rows.h, Store's "puzzles" calls) on PostgreSQL. Each function runs its
// statements in the caller's transaction (postgres_store.cpp opens it and turns the exceptions
// of libpqxx into store Errors). An attempt's ratings are written only over the rows as they
// were read: each UPDATE names the count it read, and PostgreSQL locks the row it changes, so of
// two attempts ending at once on two servers the second finds the count moved on.
#pragma once

#include <cstdint>
#include <optional>
#include <pqxx/pqxx>
#include <string_view>
#include <vector>

#include "store/puzzle_rows.h"

namespace arbiter::store::postgres_puzzles {

// The new puzzle's id; nullopt when its position is stored already.
std::optional<int64_t> add(pqxx::transaction_base& w, const PuzzleRow& puzzle);

enum class AttemptOutcome { kRated, kRatedAlready, kNoPuzzle, kPuzzleChanged, kSolverChanged };
// On anything but kRated or kRatedAlready the caller fails the transaction (nothing written).
AttemptOutcome rate_attempt(pqxx::transaction_base& w, const PuzzleAttemptRow& attempt);

std::optional<PuzzleRow> by_id(pqxx::transaction_base& w, int64_t id);
std::vector<PuzzleRow> near(pqxx::transaction_base& w, std::string_view game, double rating,
                            std::string_view solver, int limit);
std::vector<PuzzleRow> list(pqxx::transaction_base& w, std::string_view game);
std::optional<PuzzleRatingRow> rating(pqxx::transaction_base& w, std::string_view solver);

}  // namespace arbiter::store::postgres_puzzles
