#include "server/play/game_changes.h"

#include <utility>

#include "server/accounts/caller.h"
#include "server/accounts/tokens.h"
#include "server/play/refusals.h"

namespace arbiter::server {
namespace {

// Changes of one game that may wait behind the one being written; past it, 503.
constexpr std::size_t kMaxWaiting = 64;

}  // namespace

GameChanges::GameChanges(GameRegistry& registry, store::StoreQueue& writes, bool shared_store,
                         std::function<void(const std::string& id)> conflicted)
    : registry_(registry),
      writes_(writes),
      shared_store_(shared_store),
      conflicted_(std::move(conflicted)) {}

void GameChanges::seated_change(
    std::string_view id, const accounts::Caller& caller, std::function<void(const ApiError&)> fail,
    std::function<void(const GamePtr&, const std::vector<int>&)> action) {
  registry_.with_game(
      id,
      [this, caller, fail, action](const GamePtr& g) {
        change(
            g,
            [g, caller, fail, action] {
              auto held = held_seats(*g, caller);
              if (!held) return fail(held.error());
              action(g, *held);
            },
            [fail, id = g->row.id] { fail(busy_game(id)); });
      },
      fail);
}

void GameChanges::change(const GamePtr& g, std::function<void()> step, std::function<void()> busy) {
  std::unique_lock lock(g->mu);
  if (!g->writing) return step();
  if (busy && g->waiting.size() >= kMaxWaiting) return busy();
  g->waiting.push_back(std::move(step));
}

void GameChanges::run_waiting_locked(LiveGame& g) {
  while (!g.writing && !g.waiting.empty()) {
    auto step = std::move(g.waiting.front());
    g.waiting.pop_front();
    step();
  }
}

bool GameChanges::write_locked(const GamePtr& g, store::Write write,
                               std::function<void(const store::Status&)> then) {
  g->writing = true;
  // The change was made from the row this server holds: on a store other servers share, it
  // applies only if nobody has changed the game since (a conflict rereads it).
  if (shared_store_) write.game.expected_updated_ms = g->row.updated_ms;
  const bool queued =
      writes_.submit(std::move(write), [this, g, then = std::move(then)](const store::Status& st) {
        std::unique_lock lock(g->mu);
        g->writing = false;
        if (st.is(store::ErrorCode::kConflict)) conflicted_(g->row.id);
        then(st);
        run_waiting_locked(*g);
      });
  if (!queued) g->writing = false;
  return queued;
}

bool GameChanges::create_row(store::GameRow row, int attempt,
                             std::function<void(Outcome<store::GameRow>)> then,
                             std::optional<store::AiJobRow> ai_job) {
  row.id = new_game_id();
  store::Write write{store::Write::Kind::kCreate, row, {}, 0};
  if (ai_job) ai_job->game_id = row.id;
  write.ai_job = ai_job;
  auto done = [this, row, attempt, then, ai_job](const store::Status& st) mutable {
    if (st.is(store::ErrorCode::kConflict) && attempt < 3) {
      if (!create_row(std::move(row), attempt + 1, then, ai_job)) then(busy_store());
      return;
    }
    if (!st) return then(write_failure(st));
    then(std::move(row));
  };
  return writes_.submit(std::move(write), done);
}

Outcome<std::vector<int>> GameChanges::held_seats(const LiveGame& g,
                                                  const accounts::Caller& caller) {
  if (caller.nobody()) {
    return unauthorized("missing seat token (send Authorization: Bearer TOKEN)");
  }
  if (const auto& account = caller.account()) {  // a logged-in caller: its seats
    std::vector<int> held;
    for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
      if (g.row.seats[i].account == account->id) held.push_back(static_cast<int>(i));
    }
    if (held.empty()) return unauthorized(account->name + " holds no seat in game " + g.row.id);
    return held;
  }
  const std::string hash = hash_token(caller.seat_token());
  std::vector<int> held;
  for (std::size_t i = 0; i < g.row.seats.size(); ++i) {
    if (same_hash(g.row.seats[i].token_hash, hash)) held.push_back(static_cast<int>(i));
  }
  if (held.empty()) return unauthorized("wrong seat token for game " + g.row.id);
  return held;
}

}  // namespace arbiter::server
