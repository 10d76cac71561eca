// The lobby (docs/api.md "Lobby WebSocket", docs/online.md "Lobby"): the seeks and the listed
// games being played, kept in memory and pushed to every lobby watcher as they change, so no
// page polls for them.
//
// Sources of change, each handed over without waiting:
//   - this server's games: the hub calls game_changed() under a game's lock after every change
//     (its observer of GameChanged kState, server/play/game_events.h: GameBroadcast::state_locked,
//     a game created or a rematch); it costs a lookup unless the game's face in the lobby
//     (listed, playing, its seats and who holds them) changed;
//   - this server's seeks: the lobby API calls seeks_changed() after each write of a seek;
//   - other servers sharing a PostgreSQL store (server/play/store_sync.h): a seek notice calls
//     seeks_changed(), a game notice of a game not in memory here game_noticed(), and a lost
//     connection resync().
// The work (reading the seeks, a game row, the players' ratings) runs on the lobby's own thread,
// in the order it was handed over, and each change is sent to the watchers from there: a
// watcher sees the lobby as it stood when it subscribed, then every change after, in order.
//
// A game made from a seek names it (store::GameRow::seek_id): when the lobby first sees such a
// game it tells the seek's author's watchers which game it became and their seat ("seek_taken"),
// wherever the seek was accepted.
//
// A challenge is seen only by its two players. The games are the kMaxGames newest listed games
// being played (seats open or not).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "store/store.h"

namespace arbiter::server {

struct LiveGame;

// A lobby watcher: a WebSocket on /api/lobby/ws, or a test double.
class LobbyWatcher {
 public:
  virtual ~LobbyWatcher() = default;
  // Queues one message (JSON text). Called with the lobby's lock held: it must not block or
  // call back.
  virtual void send_lobby(std::shared_ptr<const std::string> message) = 0;
};

// A listed game as the lobby shows it (docs/api.md "Lobby WebSocket").
struct LobbyGame {
  struct Seat {
    std::string player;  // the player's name in the game ("south")
    store::SeatKind kind = store::SeatKind::kHuman;
    int level = 0;
    int64_t account_id = 0;  // 0: not held by an account
    std::string account;     // the account's name
    // The account's rating in the game's pool (1500 when it has none; nullopt for an
    // unlimited game or a seat without an account) and whether it is provisional.
    std::optional<int> rating;
    bool provisional = false;
  };
  std::string id;
  std::string game;
  std::string params;
  std::string time_control = "none";
  bool rated = false;
  bool listed = true;
  bool playing = true;  // the game is being played; a finished one leaves the lobby
  std::string result;   // once finished
  int64_t created_ms = 0;
  int64_t seek_id = 0;  // the seek it was made from, 0 for none
  std::vector<Seat> seats;

  bool waiting() const;  // a seat is open
};

// The lobby face of a stored game: `names` are its players' names, in seat order.
LobbyGame lobby_game_of(const store::GameRow& row, const std::vector<std::string>& names);

class Lobby {
 public:
  static constexpr std::size_t kMaxGames = 200;

  explicit Lobby(std::shared_ptr<store::Store> store);
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;
  // Stops the thread; what is queued is dropped. Later calls do nothing.
  void stop();

  // Adds a watcher for `account_id` (0: a guest). It is sent the lobby as it stands now
  // ({"type": "lobby", ...}) and every change after. Watchers are held weakly: one that has
  // gone away is dropped at the next message.
  void subscribe(const std::weak_ptr<LobbyWatcher>& watcher, int64_t account_id);

  // Under `g`'s lock, after any change of a game in memory here.
  void game_changed(const LiveGame& g);
  // The seeks changed in the store: they are read again.
  void seeks_changed();
  // Seek `seek` of account `author` is being made into a game on this server: its author is
  // told the game when it arrives, even when it was taken before the lobby read it.
  void seek_accepted(int64_t seek, int64_t author);
  // Another server changed game `id` (not in memory here); `moves` as in store::GameChange.
  void game_noticed(const std::string& id, int moves);
  // Reads the seeks and the listed games being played again, and sends every watcher the lobby
  // afresh (at start, and when notices may have been missed).
  void resync();
  // Waits until everything handed over so far has been done and sent (tests).
  void flush();

  std::size_t watchers() const;

 private:
  struct Watcher {
    std::weak_ptr<LobbyWatcher> watcher;
    int64_t account = 0;
  };
  struct Entry {
    LobbyGame game;
    std::shared_ptr<const std::string> text;  // the lobby game's JSON
  };

  void post(std::function<void()> job);
  void run();
  // On the lobby's thread.
  void read_seeks();
  void read_remote();
  void read_all();
  void fill_ratings(LobbyGame& g);
  void apply_game(LobbyGame g);
  // Under mu_.
  void apply_seeks_locked(std::vector<store::SeekRow> fresh);
  void publish_locked(const std::shared_ptr<const std::string>& message,
                      const std::vector<int64_t>& only = {});
  void tell_author_locked(const LobbyGame& g);
  void trim_locked();
  std::shared_ptr<const std::string> snapshot_locked(int64_t account) const;
  void remember_author_locked(int64_t seek, int64_t author);

  std::shared_ptr<store::Store> store_;

  mutable std::mutex mu_;
  std::vector<Watcher> watchers_;
  std::vector<store::SeekRow> seeks_;                  // oldest first
  std::map<std::string, Entry> games_;                 // by id
  std::unordered_map<std::string, std::string> keys_;  // game_changed's last face key per game
  // Seek id → its author, for the seeks seen (kept a while after they go: the game comes next).
  std::unordered_map<int64_t, int64_t> authors_;
  std::deque<int64_t> gone_;  // seeks no longer listed, oldest first, whose author is kept
  bool seeks_queued_ = false;
  std::set<std::string> remote_;  // games other servers changed, to read
  bool remote_queued_ = false;

  std::mutex jobs_mu_;  // after mu_ is never taken while holding it
  std::condition_variable jobs_wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arbiter::server
