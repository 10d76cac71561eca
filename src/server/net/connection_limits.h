// How many connections the server holds: at most `max_total` in all (below the descriptor limit,
// so the store, the web files and the AI threads keep descriptors to work with) and at most
// `max_per_address` from one client key (client_address.h), except from a trusted proxy, whose
// connections carry many clients. A connection past either is answered 503 or 429 and closed;
// past `max_refusing` such answers in flight it is closed at once. Thread-safe.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arbiter::server {

class ConnectionLimits;

// One admitted connection; releases its place when destroyed (moved along from the HTTP session
// to the WebSocket session it upgrades to).
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(ConnectionSlot&& other) noexcept { *this = std::move(other); }
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ~ConnectionSlot() { release(); }

 private:
  friend class ConnectionLimits;
  enum class Kind { kNone, kAdmitted, kRefusing };
  ConnectionSlot(ConnectionLimits* limits, std::string key, Kind kind)
      : limits_(limits), key_(std::move(key)), kind_(kind) {}
  void release();

  ConnectionLimits* limits_ = nullptr;
  std::string key_;
  Kind kind_ = Kind::kNone;
};

class ConnectionLimits {
 public:
  enum class Verdict {
    kAdmitted,
    kServerFull,          // answer 503
    kTooManyFromAddress,  // answer 429
    kDropped,             // too many refusals in flight already: close without an answer
  };

  ConnectionLimits(std::size_t max_total, std::size_t max_per_address,
                   std::size_t max_refusing = 64)
      : max_total_(max_total), max_per_address_(max_per_address), max_refusing_(max_refusing) {}

  // Counts a new connection from `key` (`per_address` false for a trusted proxy). The slot holds
  // the admitted connection's place, or a refusal's while its answer is written.
  Verdict admit(const std::string& key, bool per_address, ConnectionSlot& slot);
  // Whether most places are taken: idle keep-alive connections are then given a short timeout.
  bool crowded() const;
  std::size_t open() const;
  std::size_t max_total() const { return max_total_; }
  std::size_t max_per_address() const { return max_per_address_; }

 private:
  friend class ConnectionSlot;
  void release(const std::string& key, ConnectionSlot::Kind kind);

  const std::size_t max_total_;
  const std::size_t max_per_address_;  // 0: no per-address limit
  const std::size_t max_refusing_;
  mutable std::mutex mu_;
  std::size_t open_ = 0;
  std::size_t refusing_ = 0;
  std::unordered_map<std::string, std::size_t> per_key_;
};

// Raises the soft limit on open descriptors to the hard limit (a server is otherwise held to the
// shell's default, often 1,024); returns the soft limit in force afterwards.
std::size_t raise_descriptor_limit();

}  // namespace arbiter::server
