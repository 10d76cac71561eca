#include "server/lobby/lobby.h"

#include <algorithm>
#include <cmath>
#include <future>

#include "clocks/time_control.h"
#include "core/params.h"
#include "games/registry.h"
#include "server/lobby/lobby_json.h"
#include "server/play/live_game.h"
#include "server/ratings/glicko2.h"
#include "server/ratings/rating_updater.h"

namespace arbiter::server {
namespace {

// Seeks whose author is kept after they leave the list (the game made of one comes next).
constexpr std::size_t kGoneSeeksKept = 1024;

// What the lobby shows of a game in memory, as a short text: when it has not changed since the
// last call, nothing is handed over.
std::string face_key(const store::GameRow& row) {
  std::string key = row.status == store::GameStatus::kPlaying ? "p" : "f";
  for (const store::SeatRow& s : row.seats) {
    key += static_cast<char>('0' + static_cast<int>(s.kind));
    key += std::to_string(s.account);
    key += ':';
    key += s.account_name;  // "deleted" once its account is (Hub::account_deleted)
    key += '|';
  }
  return key;
}

// The players' names of a stored game, from its rules (a row read from the store).
std::vector<std::string> player_names(const store::GameRow& row) {
  std::vector<std::string> names;
  const Game* game = find_game(row.game);
  auto params = ParamMap::parse(row.params);
  if (game && params) {
    if (auto state = game->new_state(*params)) {
      for (int i = 0; i < (*state)->num_players(); ++i) names.push_back((*state)->player_name(i));
    }
  }
  return names;
}

// Who may see a seek: everyone, or a challenge's two players.
std::vector<int64_t> audience(const store::SeekRow& s) {
  if (s.challenged == 0) return {};
  return {s.account_id, s.challenged};
}

bool visible_to(const store::SeekRow& s, int64_t account) {
  return s.challenged == 0 || account == s.account_id || account == s.challenged;
}

std::shared_ptr<const std::string> shared(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

}  // namespace

bool LobbyGame::waiting() const {
  return std::any_of(seats.begin(), seats.end(),
                     [](const Seat& s) { return s.kind == store::SeatKind::kOpen; });
}

LobbyGame lobby_game_of(const store::GameRow& row, const std::vector<std::string>& names) {
  LobbyGame g;
  g.id = row.id;
  g.game = row.game;
  g.params = row.params;
  g.time_control = row.time_control;
  g.rated = row.rated;
  g.listed = row.listed;
  g.playing = row.status == store::GameStatus::kPlaying;
  g.result = row.result;
  g.created_ms = row.created_ms;
  g.seek_id = row.seek_id;
  for (std::size_t i = 0; i < row.seats.size(); ++i) {
    const store::SeatRow& s = row.seats[i];
    LobbyGame::Seat seat;
    seat.player = i < names.size() ? names[i] : "seat " + std::to_string(i);
    seat.kind = s.kind;
    seat.level = s.level;
    seat.account_id = s.account;
    seat.account = s.account_name;
    g.seats.push_back(std::move(seat));
  }
  return g;
}

Lobby::Lobby(std::shared_ptr<store::Store> store) : store_(std::move(store)) {
  thread_ = std::thread([this] { run(); });
}

Lobby::~Lobby() { stop(); }

void Lobby::stop() {
  {
    std::lock_guard lock(jobs_mu_);
    if (stopping_) return;
    stopping_ = true;
    jobs_.clear();
  }
  jobs_wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Lobby::post(std::function<void()> job) {
  {
    std::lock_guard lock(jobs_mu_);
    if (stopping_) return;
    jobs_.push_back(std::move(job));
  }
  jobs_wake_.notify_one();
}

void Lobby::run() {
  std::unique_lock lock(jobs_mu_);
  for (;;) {
    jobs_wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (stopping_) return;
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

void Lobby::flush() {
  auto done = std::make_shared<std::promise<void>>();
  auto answer = done->get_future();
  {
    std::lock_guard lock(jobs_mu_);
    if (stopping_) return;
    jobs_.push_back([done] { done->set_value(); });
  }
  jobs_wake_.notify_one();
  answer.wait();
}

std::size_t Lobby::watchers() const {
  std::lock_guard lock(mu_);
  return static_cast<std::size_t>(std::count_if(
      watchers_.begin(), watchers_.end(), [](const Watcher& w) { return !w.watcher.expired(); }));
}

void Lobby::subscribe(const std::weak_ptr<LobbyWatcher>& watcher, int64_t account_id) {
  std::lock_guard lock(mu_);
  auto w = watcher.lock();
  if (!w) return;
  watchers_.push_back({watcher, account_id});
  w->send_lobby(snapshot_locked(account_id));
}

std::shared_ptr<const std::string> Lobby::snapshot_locked(int64_t account) const {
  std::vector<const store::SeekRow*> seeks;
  for (const store::SeekRow& s : seeks_) {
    if (visible_to(s, account)) seeks.push_back(&s);
  }
  std::vector<const Entry*> entries;
  for (const auto& [id, e] : games_) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(), [](const Entry* a, const Entry* b) {
    return a->game.created_ms != b->game.created_ms ? a->game.created_ms > b->game.created_ms
                                                    : a->game.id < b->game.id;
  });
  std::vector<const std::string*> games;
  for (const Entry* e : entries) games.push_back(e->text.get());
  return shared(lobby_snapshot_text(seeks, games));
}

void Lobby::publish_locked(const std::shared_ptr<const std::string>& message,
                           const std::vector<int64_t>& only) {
  std::erase_if(watchers_, [&](const Watcher& w) {
    auto s = w.watcher.lock();
    if (!s) return true;
    if (only.empty() || std::find(only.begin(), only.end(), w.account) != only.end()) {
      s->send_lobby(message);
    }
    return false;
  });
}

// ---- changes handed over ----------------------------------------------------------------

void Lobby::game_changed(const LiveGame& g) {
  if (!g.row.listed || g.row.id.empty()) return;
  std::string key = face_key(g.row);
  {
    std::lock_guard lock(mu_);
    auto it = keys_.find(g.row.id);
    if (g.playing()) {
      if (it != keys_.end() && it->second == key) return;
      keys_[g.row.id] = std::move(key);
    } else {
      if (it == keys_.end() && games_.find(g.row.id) == games_.end()) return;  // never shown
      if (it != keys_.end()) keys_.erase(it);
    }
  }
  std::vector<std::string> names;
  for (int i = 0; i < g.state->num_players(); ++i) names.push_back(g.state->player_name(i));
  post([this, face = lobby_game_of(g.row, names)]() mutable { apply_game(std::move(face)); });
}

void Lobby::seeks_changed() {
  {
    std::lock_guard lock(mu_);
    if (seeks_queued_) return;  // a reading not yet started will see this change too
    seeks_queued_ = true;
  }
  post([this] { read_seeks(); });
}

void Lobby::seek_accepted(int64_t seek, int64_t author) {
  std::lock_guard lock(mu_);
  remember_author_locked(seek, author);
}

void Lobby::game_noticed(const std::string& id, int moves) {
  {
    std::lock_guard lock(mu_);
    // A move changes the lobby only when it ends a game the lobby shows.
    if (moves > 0 && games_.find(id) == games_.end()) return;
    remote_.insert(id);
    if (remote_queued_) return;
    remote_queued_ = true;
  }
  post([this] { read_remote(); });
}

void Lobby::resync() {
  post([this] { read_all(); });
}

// ---- on the lobby's thread --------------------------------------------------------------

void Lobby::read_seeks() {
  {
    std::lock_guard lock(mu_);
    seeks_queued_ = false;
  }
  auto fresh = store_->list_seeks();
  if (!fresh) return;  // the next change, or a resync, reads them again
  std::lock_guard lock(mu_);
  apply_seeks_locked(std::move(*fresh));
}

void Lobby::remember_author_locked(int64_t seek, int64_t author) { authors_[seek] = author; }

void Lobby::apply_seeks_locked(std::vector<store::SeekRow> fresh) {
  auto listed = [](const std::vector<store::SeekRow>& list, int64_t id) {
    return std::any_of(list.begin(), list.end(), [id](const auto& s) { return s.id == id; });
  };
  for (const store::SeekRow& old : seeks_) {
    if (listed(fresh, old.id)) continue;
    publish_locked(shared(seek_removed_text(old.id)), audience(old));
    gone_.push_back(old.id);
  }
  while (gone_.size() > kGoneSeeksKept) {
    authors_.erase(gone_.front());
    gone_.pop_front();
  }
  for (const store::SeekRow& s : fresh) {
    remember_author_locked(s.id, s.account_id);
    if (listed(seeks_, s.id)) continue;
    publish_locked(shared(seek_added_text(s)), audience(s));
  }
  seeks_ = std::move(fresh);
}

void Lobby::read_remote() {
  store::GameFilter filter;
  {
    std::lock_guard lock(mu_);
    remote_queued_ = false;
    filter.ids.assign(remote_.begin(), remote_.end());
    remote_.clear();
  }
  if (filter.ids.empty()) return;
  filter.limit = 0;
  auto rows = store_->list_games(filter);
  if (!rows) return;
  for (const store::GameRow& row : *rows) apply_game(lobby_game_of(row, player_names(row)));
}

void Lobby::read_all() {
  auto seeks = store_->list_seeks();
  store::GameFilter filter;
  filter.status = store::GameStatus::kPlaying;
  filter.listed_only = true;
  filter.limit = static_cast<int>(kMaxGames);
  auto rows = store_->list_games(filter);
  if (!seeks || !rows) return;
  std::map<std::string, Entry> games;
  for (const store::GameRow& row : *rows) {
    LobbyGame g = lobby_game_of(row, player_names(row));
    fill_ratings(g);
    auto text = shared(lobby_game_text(g));
    std::string id = g.id;  // the key is taken before `g` is moved into its entry
    games.emplace(std::move(id), Entry{std::move(g), std::move(text)});
  }
  std::lock_guard lock(mu_);
  for (const store::SeekRow& s : *seeks) remember_author_locked(s.id, s.account_id);
  seeks_ = std::move(*seeks);
  games_ = std::move(games);
  std::erase_if(watchers_, [&](const Watcher& w) {
    auto s = w.watcher.lock();
    if (!s) return true;
    s->send_lobby(snapshot_locked(w.account));
    return false;
  });
}

void Lobby::fill_ratings(LobbyGame& g) {
  auto control = clocks::TimeControl::parse(g.time_control);
  if (!control || !control->limited()) return;
  const std::string pool =
      ratings::pool_name(g.game, static_cast<int>(g.seats.size()), control->speed());
  const int64_t now = now_ms();
  for (LobbyGame::Seat& seat : g.seats) {
    if (seat.account_id == 0) continue;
    ratings::Rating shown{1500, 350, 0.06};  // a player new to the pool
    if (auto rows = store_->ratings_of(seat.account_id)) {
      for (const store::RatingRow& r : *rows) {
        if (r.pool != pool) continue;
        const double days = static_cast<double>(now - r.updated_ms) / ratings::kRatingPeriodMs;
        shown = ratings::inflate({r.rating, r.deviation, r.volatility}, days);
      }
    }
    seat.rating = static_cast<int>(std::lround(shown.rating));
    seat.provisional = ratings::provisional(shown);
  }
}

void Lobby::apply_game(LobbyGame g) {
  const bool shown = g.playing && g.listed;
  if (shown) fill_ratings(g);  // store reads, before the lock
  std::lock_guard lock(mu_);
  auto it = games_.find(g.id);
  if (!shown) {
    if (it == games_.end()) return;
    games_.erase(it);
    publish_locked(shared(game_removed_text(g.id, g.result)));
    return;
  }
  auto text = shared(lobby_game_text(g));
  if (it == games_.end()) {
    const bool from_seek = g.seek_id != 0;
    auto& entry = games_[g.id];
    entry = Entry{std::move(g), text};
    publish_locked(shared(lobby_game_event_text("game_added", *text)));
    if (from_seek) tell_author_locked(entry.game);
    trim_locked();
  } else if (*it->second.text != *text) {
    it->second = Entry{std::move(g), text};
    publish_locked(shared(lobby_game_event_text("game_changed", *text)));
  }
}

void Lobby::tell_author_locked(const LobbyGame& g) {
  auto it = authors_.find(g.seek_id);
  if (it == authors_.end()) return;  // a seek this server never saw
  const int64_t author = it->second;
  authors_.erase(it);  // told once
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (g.seats[i].account_id != author) continue;
    publish_locked(shared(seek_taken_text(g.seek_id, g.id, static_cast<int>(i))), {author});
    return;
  }
}

void Lobby::trim_locked() {
  while (games_.size() > kMaxGames) {
    auto oldest = std::min_element(games_.begin(), games_.end(), [](const auto& a, const auto& b) {
      return a.second.game.created_ms < b.second.game.created_ms;
    });
    const std::string id = oldest->first;
    games_.erase(oldest);
    publish_locked(shared(game_removed_text(id, "")));
  }
}

}  // namespace arbiter::server
