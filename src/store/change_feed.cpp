#include "store/change_feed.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <optional>
#include <pqxx/pqxx>
#include <thread>

#include "store/postgres_store.h"

namespace arbiter::store {
namespace {

// "GAME MOVES ORIGIN" as the PostgreSQL store writes it (postgres_store.cpp); nullopt for
// anything else.
std::optional<GameChange> parse_notice(const std::string& payload) {
  const auto second = payload.rfind(' ');
  if (second == std::string::npos || second == 0) return std::nullopt;
  const auto first = payload.rfind(' ', second - 1);
  if (first == std::string::npos || first == 0) return std::nullopt;
  GameChange change;
  change.game_id = payload.substr(0, first);
  change.origin = payload.substr(second + 1);
  const char* begin = payload.data() + first + 1;
  const char* end = payload.data() + second;
  auto [stop, ec] = std::from_chars(begin, end, change.moves);
  if (ec != std::errc() || stop != end) return std::nullopt;
  return change;
}

// "SEEK ORIGIN" on the seeks' channel; nullopt for anything else.
std::optional<GameChange> parse_seek_notice(const std::string& payload) {
  const auto space = payload.find(' ');
  if (space == std::string::npos) return std::nullopt;
  GameChange change;
  change.kind = GameChange::Kind::kSeeks;
  change.origin = payload.substr(space + 1);
  const char* end = payload.data() + space;
  auto [stop, ec] = std::from_chars(payload.data(), end, change.seek_id);
  if (ec != std::errc() || stop != end) return std::nullopt;
  return change;
}

// "token HASH ORIGIN" or "account ID ORIGIN" on the sessions' channel; nullopt for anything else.
std::optional<GameChange> parse_session_notice(const std::string& payload) {
  const auto first = payload.find(' ');
  const auto second = first == std::string::npos ? first : payload.find(' ', first + 1);
  if (second == std::string::npos) return std::nullopt;
  GameChange change;
  change.kind = GameChange::Kind::kSessions;
  change.origin = payload.substr(second + 1);
  const std::string what = payload.substr(0, first);
  const std::string value = payload.substr(first + 1, second - first - 1);
  if (what == "token" && !value.empty()) {
    change.session_hash = value;
    return change;
  }
  if (what != "account") return std::nullopt;
  auto [stop, ec] = std::from_chars(value.data(), value.data() + value.size(), change.account_id);
  if (ec != std::errc() || stop != value.data() + value.size()) return std::nullopt;
  return change;
}

// An AI worker's search progress (thinking_notice.h); nullopt for anything else.
std::optional<GameChange> parse_thinking_notice(const std::string& payload) {
  auto notice = read_thinking_notice(payload);
  if (!notice) return std::nullopt;
  GameChange change;
  change.kind = GameChange::Kind::kThinking;
  change.game_id = notice->game_id;
  change.moves = notice->ply;
  change.thinking = std::move(*notice);
  return change;
}

class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection_base& c, const char* channel,
           const std::function<void(const GameChange&)>& on_change)
      : pqxx::notification_receiver(c, channel), on_change_(on_change) {}
  void operator()(const std::string& payload, int /*backend_pid*/) override {
    auto change = channel() == kSeekChannel       ? parse_seek_notice(payload)
                  : channel() == kSessionChannel  ? parse_session_notice(payload)
                  : channel() == kThinkingChannel ? parse_thinking_notice(payload)
                                                  : parse_notice(payload);
    if (change) on_change_(*change);
  }

 private:
  const std::function<void(const GameChange&)>& on_change_;
};

class PostgresChangeFeed final : public ChangeFeed {
 public:
  PostgresChangeFeed(std::string url, std::function<void(const GameChange&)> on_change)
      : url_(std::move(url)), on_change_(std::move(on_change)) {}
  ~PostgresChangeFeed() override {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }

  // Connects and subscribes before returning, so no change committed after this returns is
  // missed; then listens on its own thread.
  Status start() {
    try {
      connect();
    } catch (const std::exception& e) {
      std::string why = e.what();
      why = why.substr(0, why.find('\n'));
      return make_error(ErrorCode::kIo, "listen for changes: " + why);
    }
    thread_ = std::thread([this] { run(); });
    return {};
  }

 private:
  void connect() {
    reset_receivers();
    conn_ = std::make_unique<pqxx::connection>(url_);
    receiver_ = std::make_unique<Receiver>(*conn_, kGameChannel, on_change_);
    seek_receiver_ = std::make_unique<Receiver>(*conn_, kSeekChannel, on_change_);
    session_receiver_ = std::make_unique<Receiver>(*conn_, kSessionChannel, on_change_);
    thinking_receiver_ = std::make_unique<Receiver>(*conn_, kThinkingChannel, on_change_);
    // The LISTEN is sent when the receiver is made; a round trip makes sure it is in effect.
    pqxx::nontransaction(*conn_).exec("SELECT 1");
  }

  void run() {
    while (!stop_) {
      try {
        if (!conn_) {
          connect();
          on_change_(GameChange{});  // notices may have been missed while away
        }
        conn_->await_notification(0, 100'000);  // wakes every 0.1 s to see stop_
      } catch (const std::exception&) {
        reset_receivers();
        conn_.reset();
        for (int i = 0; i < 5 && !stop_; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
      }
    }
    reset_receivers();
    conn_.reset();
  }

  // Before their connection goes.
  void reset_receivers() {
    receiver_.reset();
    seek_receiver_.reset();
    session_receiver_.reset();
    thinking_receiver_.reset();
  }

  std::string url_;
  std::function<void(const GameChange&)> on_change_;
  std::unique_ptr<pqxx::connection> conn_;
  std::unique_ptr<Receiver> receiver_;           // games
  std::unique_ptr<Receiver> seek_receiver_;      // the lobby's seeks
  std::unique_ptr<Receiver> session_receiver_;   // sessions ended
  std::unique_ptr<Receiver> thinking_receiver_;  // AI workers' search progress
  std::atomic<bool> stop_ = false;
  std::thread thread_;
};

}  // namespace

Result<std::unique_ptr<ChangeFeed>> listen_for_changes(
    const std::string& url, std::function<void(const GameChange&)> on_change) {
  if (!is_postgres_url(url)) {
    return make_error(ErrorCode::kInvalid,
                      "listen for changes: only a PostgreSQL store shares its games");
  }
  auto feed = std::make_unique<PostgresChangeFeed>(url, std::move(on_change));
  if (Status s = feed->start(); !s.ok()) return s.failure();
  return std::unique_ptr<ChangeFeed>(std::move(feed));
}

}  // namespace arbiter::store
