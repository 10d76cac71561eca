// ContentStamp: names what a game state holds (its position and the decisions taken of the move
// in progress), so that an observation written earlier can be known to be of the same content.
// Every change gives the state a new name, unique in the process: a name is a serial number of
// the object that made it and that object's count of changes. A copy holds the same content, so
// it keeps the name; its own changes are named under a serial of its own.
//
// A decision that completes no move leaves the position as it was and adds one decision to the
// move in progress: decision_added() remembers the name it had before (the parent), so that an
// observation of the parent's content, with the same observer, needs only the new decision's
// marks to become this one's (StateAdapter::observe_over).
#pragma once

#include <atomic>
#include <cstdint>

namespace arbiter {

class ContentStamp {
 public:
  struct Name {
    uint64_t serial = 0;  // 0: no content (a record that holds nothing names it)
    uint64_t count = 0;
    bool operator==(const Name&) const = default;
  };

  ContentStamp() : serial_(new_serial()) { changed(); }
  // The same content under the same name; later changes under a serial of this object's own.
  ContentStamp(const ContentStamp& other)
      : serial_(new_serial()), name_(other.name_), parent_(other.parent_) {}
  ContentStamp& operator=(const ContentStamp& other) {
    name_ = other.name_;
    parent_ = other.parent_;
    return *this;
  }

  const Name& name() const { return name_; }
  // The content this one is with one decision more, or no content.
  const Name& parent() const { return parent_; }

  // The content changed in any other way (a move, an undo, a new position).
  void changed() {
    name_ = {serial_, ++count_};
    parent_ = {};
  }
  // One decision was added to the move in progress, and nothing else changed.
  void decision_added() {
    const Name before = name_;
    changed();
    parent_ = before;
  }

 private:
  static uint64_t new_serial() {
    static std::atomic<uint64_t> serials{0};
    return serials.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  uint64_t serial_;
  uint64_t count_ = 0;  // names made under serial_
  Name name_;
  Name parent_;
};

}  // namespace arbiter
