// The server tests' fake clock: a ServerTest whose server reads the time from the test, which
// moves it, so no test waits for a clock, a grace or a claim to run out. The disconnect grace
// is a minute of that clock.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

#include "server_fixture.h"

namespace arbiter::server::test {

inline constexpr int64_t kStart = 1'800'000'000'000;  // the fake clock's first reading (Unix ms)

class FakeClockServerTest : public ServerTest {
 protected:
  FakeClockServerTest() {
    options_.clock = [this] { return clock_ms_.load(); };
    options_.disconnect_grace_ms = 60'000;
  }

  void advance(int64_t ms) { clock_ms_ += ms; }
  // The game once `pred` holds of it (a write or a broadcast finishing), or after 5 s.
  json game_when(const std::string& id, const std::function<bool(const json&)>& pred) {
    json g;
    for (int i = 0; i < 500; ++i) {
      g = game(id);
      if (pred(g)) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return g;
  }

  std::atomic<int64_t> clock_ms_{kStart};
};

}  // namespace arbiter::server::test
