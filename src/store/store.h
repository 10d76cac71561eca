// Persistence for served games: one interface, SQLite (WAL) behind it now (sqlite_store.cpp).
// The server appends each move in a transaction before it broadcasts it, so after a crash and a
// restart every game is back exactly: moves, seats (with their hashed tokens) and clocks.
//
// Every call is thread-safe. Errors (an unreadable file, a full disk, a conflicting ply) come
// back as a store::Status (or Result) with a code to act on and a message naming the operation
// and the game; nothing throws.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "store/account_rows.h"
#include "store/ai_job_rows.h"
#include "store/game_enums.h"
#include "store/puzzle_rows.h"
#include "store/review_rows.h"
#include "store/thinking_notice.h"

namespace arbiter::store {

// What kind of failure a store call met; callers decide by the code, never by the message.
enum class ErrorCode {
  kConflict,  // append_move with a stale ply, create_game with an id that exists
  kNotFound,  // update_game, append_move or truncate_moves of a game that is not stored
  kInvalid,   // an argument no store accepts (a negative ply, an unsupported --db url)
  kIo,        // the file or the disk failed (unreadable, full, locked past the busy timeout)
  kCorrupt,   // the file is not a database, is damaged, or holds rows this schema cannot read
};

struct Error {
  ErrorCode code = ErrorCode::kIo;
  std::string message;  // one line: "OP game ID: why"
};

inline Error make_error(ErrorCode code, std::string message) {
  return Error{code, std::move(message)};
}

// A value or a store Error.
template <class T>
class [[nodiscard]] Result : public Expected<T, Error> {
 public:
  using Expected<T, Error>::Expected;
  const std::string& error() const { return this->failure().message; }
  ErrorCode code() const { return this->failure().code; }
};

// Success or a store Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT: implicit by design
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_.message; }
  ErrorCode code() const {
    assert(failed_);
    return error_.code;
  }
  // Whether this is a failure with `c`.
  bool is(ErrorCode c) const { return failed_ && error_.code == c; }
  const Error& failure() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

struct SeatRow {
  SeatKind kind = SeatKind::kHuman;
  int level = 0;             // AI level (1–10) when kind is kAi
  std::string token_hash;    // hex hash of the seat token; "" for ai and open seats
  int64_t time_used_ms = 0;  // the seat's clock: thinking time used so far
  bool rematch = false;      // the holder has offered (or accepted) a rematch
  std::string account;       // the account holding the seat; "" for a guest, ai and open seats
  // Its name as the game shows it: the username, "deleted" once the account is deleted.
  std::string account_name;
};

struct GameRow {
  std::string id;              // random, URL-safe
  std::string game;            // "traverse"
  std::string params;          // canonical key=value list
  std::string position;        // start position text; "" for the game's start position
  std::vector<SeatRow> seats;  // one per player, in turn order
  GameStatus status = GameStatus::kPlaying;
  std::string result;      // result text once finished ("south wins: ...", "north resigned")
  int resigned = -1;       // the seat that resigned (the game is finished), or -1
  int64_t created_ms = 0;  // Unix time
  int64_t updated_ms = 0;
  std::string rematch_of;  // id of the game this one is a rematch of, or ""
  std::string rematch_id;  // id of this game's rematch, or ""
  // Listed (created public): shown in listings; else found only by its id. Games stored
  // before the column existed read as listed.
  bool listed = true;
  // The time control as written by server/clocks/time_control.h ("none", "3+2", "corr:3").
  // Each seat's clock is its time_used_ms against it; stored games before the column: "none".
  std::string time_control = "none";
  bool rated = false;  // a rated game between accounts (ratings change when it ends)
  // The lobby's seek (account_rows.h) the game was made from, 0 for none: every server sharing
  // the store tells the seek's author which game it became (server/lobby/lobby.h). Schema 7.
  int64_t seek_id = 0;
  // Open offers (docs/online.md): the seat that offered a draw, or asked for a takeback; -1
  // for none. Changing them leaves updated_ms alone (a limited clock's turn is timed from the
  // last change of the game, server/play/live_game.h) and sets offers_ms, the time the offers last
  // changed, so a copy of the game read before an offer is known as older. Schema 7.
  int draw_offer = -1;
  int takeback_request = -1;
  int64_t offers_ms = 0;
  // Not stored: when not negative, a write of this row (update, move, takeback) applies only if
  // the stored row's updated_ms is still this, else kConflict and nothing changes. Servers
  // sharing a database set it to the updated_ms of the row their change was made from, so one
  // server's change never overwrites another's it has not seen (a join, say).
  int64_t expected_updated_ms = -1;
};

struct MoveRow {
  int ply = 0;             // 0-based index in the game's move list
  std::string text;        // canonical move text
  int seat = 0;            // player index that moved
  int64_t at_ms = 0;       // Unix time the move was accepted
  int64_t elapsed_ms = 0;  // thinking time charged to the seat for this move
};

// One write of a change, as the store queue (store_queue.h) hands them over in batches.
struct Write {
  // kEnqueueAiJob writes `ai_job` alone (enqueue_ai_job); `game.id` names its game in errors.
  enum class Kind { kCreate, kUpdate, kAppendMove, kTruncateMoves, kEnqueueAiJob };
  Write() = default;
  Write(Kind k, GameRow g, MoveRow m = {}, int from = 0)
      : kind(k), game(std::move(g)), move(std::move(m)), from_ply(from) {}
  Kind kind = Kind::kUpdate;
  GameRow game;
  MoveRow move;      // kAppendMove
  int from_ply = 0;  // kTruncateMoves
  // The AI turn the change leaves to a searcher in another process: written with the change,
  // in its transaction, as enqueue_ai_job does, so a stored change never loses its AI turn.
  std::optional<AiJobRow> ai_job;
};

struct GameFilter {
  std::vector<std::string> ids;      // only these games (empty: any)
  bool open_only = false;            // games still playing with at least one open seat
  std::optional<GameStatus> status;  // only games with this status (nullopt: any)
  bool listed_only = false;          // only listed games
  std::string account;               // only games with a seat this account holds ("": any)
  int limit = 50;                    // newest first by updated_ms; 0 or less: no limit
};

class Store {
 public:
  virtual ~Store() = default;

  // A new game and its seats; kConflict when the id exists.
  virtual Status create_game(const GameRow& game) = 0;
  // Replaces the game's row and seats (status, result, seat kinds and tokens, clocks, rematch);
  // kNotFound when the game is not stored.
  virtual Status update_game(const GameRow& game) = 0;
  virtual Result<std::optional<GameRow>> load_game(std::string_view id) = 0;
  virtual Result<std::vector<MoveRow>> load_moves(std::string_view id) = 0;
  // The moves from `from_ply` on, in order; empty when there are none (or no such game). What
  // another server appended is read in time independent of the game's length
  // (server/play/hub_sync.cpp). The default reads every move and drops the first `from_ply`.
  virtual Result<std::vector<MoveRow>> load_moves_from(std::string_view id, int from_ply);

  // In one transaction: appends the move (its ply must equal the number of moves stored, else a
  // kConflict and nothing changes) and writes `game` as update_game does.
  virtual Status append_move(const GameRow& game, const MoveRow& move) = 0;
  // In one transaction: deletes the moves from `from_ply` on (a takeback) and writes `game`.
  virtual Status truncate_moves(const GameRow& game, int from_ply) = 0;

  virtual Result<std::vector<GameRow>> list_games(const GameFilter& filter) = 0;

  // Runs each write as the call of its kind would, one status per write in order. A store that
  // can (SQLite) runs the batch in one transaction with each write in its own savepoint: a
  // failed write changes nothing and the others still commit; when the commit itself fails,
  // every write fails. The default runs them one transaction each.
  virtual std::vector<Status> write_batch(const std::vector<Write>& writes);
  // Whether a write would succeed now, by a write that changes nothing (a read-only file, a
  // full disk fail it). The default reports success.
  virtual Status probe_write() { return {}; }
  // Names this store object among the processes sharing its database: the changes it announces
  // carry it (change_feed.h), so a server knows its own. "" for a store nobody shares.
  virtual std::string origin() const { return ""; }

  // ---- accounts, sessions, ratings, seeks (account_rows.h); schema 5 ----------------------
  // Every backend implements these; the defaults (kInvalid) serve test doubles only.

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

  // ---- AI jobs (ai_job_rows.h); schema 6 ------------------------------------------------
  // Every backend implements these; the defaults (kInvalid) serve test doubles only.

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

  // ---- reviews (review_rows.h); schema 6 -------------------------------------------------
  // Every backend implements these; the defaults (kInvalid) serve test doubles only. A review
  // goes queued -> running (leased) -> done or failed; a lease that runs out lets another
  // claim it.

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

  // ---- puzzles (puzzle_rows.h); schema 6 -------------------------------------------------
  // Every backend implements these; the defaults (kInvalid) serve test doubles only.

  // A new puzzle (its id assigned and returned); nullopt, and nothing written, when a puzzle of
  // the same game, parameters and position is stored already.
  virtual Result<std::optional<int64_t>> add_puzzle(const PuzzleRow& puzzle);
  virtual Result<std::optional<PuzzleRow>> puzzle_by_id(int64_t id);
  // Up to `limit` puzzles of `game` for `solver`: those it has no rated attempt of first,
  // nearest to `rating` first (then by id); then those it has, the longest ago first.
  virtual Result<std::vector<PuzzleRow>> puzzles_near(std::string_view game, double rating,
                                                      std::string_view solver, int limit);
  // Every puzzle of `game` ("" for every game), by id.
  virtual Result<std::vector<PuzzleRow>> list_puzzles(std::string_view game);
  // The solver's puzzle rating; nullopt when it has none.
  virtual Result<std::optional<PuzzleRatingRow>> puzzle_rating(std::string_view solver);
  // The end of an attempt, rated once per solver and puzzle: in one transaction records the
  // attempt and writes the solver's and the puzzle's new ratings. false, and nothing written,
  // when the solver's attempt of the puzzle was rated already; kConflict, and nothing written,
  // when the solver's row or the puzzle changed since they were read (read again and retry);
  // kNotFound when there is no such puzzle.
  virtual Result<bool> rate_puzzle_attempt(const PuzzleAttemptRow& attempt);
};

// Opens (creating the file when missing; its folder must exist) the store named by `url`:
// "sqlite:PATH" or a plain PATH for SQLite; ":memory:" for a store that lives only as long as the
// process. A file written by an older arbiter is upgraded in place (sqlite_store.h).
Result<std::unique_ptr<Store>> open_store(std::string_view url);

}  // namespace arbiter::store
