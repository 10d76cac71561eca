// Live analysis (server/analysis/live_analysis.h): reports come as the search deepens; a new
// position stops the connection's analysis and takes its place; stop() ends it; the slots per
// server and per address are bounds answered "busy"; a search ends by itself at its time cap and
// frees its slot; a finished position and a bad line are answered at once.
#include "server/analysis/live_analysis.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "core/params.h"
#include "games/registry.h"

namespace arbiter::server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// The messages a connection was sent, in order. A search may report once more after its stop, so
// an inbox must outlive the LiveAnalysis it is handed to (declared before it).
class Inbox {
 public:
  LiveAnalysis::Sink sink() {
    return [this](std::string m) {
      std::lock_guard lock(mu_);
      messages_.push_back(json::parse(m));
      cv_.notify_all();
    };
  }
  // Waits for a message that satisfies `want` (among all received so far); nullopt after 10 s.
  std::optional<json> wait(const std::function<bool(const json&)>& want,
                           std::chrono::milliseconds timeout = 10s) {
    std::unique_lock lock(mu_);
    std::optional<json> found;
    cv_.wait_for(lock, timeout, [&] {
      for (const auto& m : messages_) {
        if (want(m)) {
          found = m;
          return true;
        }
      }
      return false;
    });
    return found;
  }
  std::vector<json> all() {
    std::lock_guard lock(mu_);
    return messages_;
  }
  std::size_t size() {
    std::lock_guard lock(mu_);
    return messages_.size();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<json> messages_;
};

// A job searching the start of `game` after `moves`.
LiveAnalysis::Job job(uint64_t request, std::vector<std::string> moves = {},
                      std::string game = "traverse", int lines = 2) {
  LiveAnalysis::Job j;
  j.request = request;
  j.lines = lines;
  j.resolve = [moves, game]() -> Outcome<std::unique_ptr<GameState>> {
    auto state = find_game(game)->new_state(ParamMap{});
    if (!state) return bad_request(state.error());
    for (const auto& m : moves) {
      if (auto st = (*state)->apply(m); !st) return bad_request(st.error());
    }
    return std::move(*state);
  };
  return j;
}

bool info_of(const json& m, uint64_t request) {
  return m["type"] == "info" && m["request"] == request;
}

AnalysisOptions options(int slots, int per_address, double seconds = 20) {
  AnalysisOptions o;
  o.live_slots = slots;
  o.live_per_address = per_address;
  o.live_seconds = seconds;
  return o;
}

// Reports carry ranked lines with a move, its route, a line and each player's expected result;
// the first comes well within the analysis board's 300 ms.
TEST(LiveAnalysis, ReportsRankedLinesAsTheSearchDeepens) {
  Inbox inbox;
  LiveAnalysis live(options(1, 1));
  const auto started = std::chrono::steady_clock::now();
  ASSERT_TRUE(live.start(1, "a", job(7, {"b1-b2"}), inbox.sink()).ok());
  auto first = inbox.wait([](const json& m) { return info_of(m, 7); });
  ASSERT_TRUE(first);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 300ms);
  EXPECT_EQ((*first)["to_move"], 1);
  ASSERT_FALSE((*first)["lines"].empty());
  const json& line = (*first)["lines"][0];
  EXPECT_FALSE(line["move"].get<std::string>().empty());
  EXPECT_GE(line["path"].size(), 2u);
  EXPECT_EQ(line["pv"][0], line["move"]);
  ASSERT_EQ(line["expected"].size(), 2u);
  EXPECT_NEAR(line["expected"][0].get<double>() + line["expected"][1].get<double>(), 1, 1e-3);
  EXPECT_EQ((*first)["expected"], line["expected"]);
  // It deepens: a later report of a greater depth, with two lines (multi-PV 2).
  auto deeper = inbox.wait([&](const json& m) {
    return info_of(m, 7) && m["depth"].get<int>() > (*first)["depth"].get<int>() &&
           m["lines"].size() == 2;
  });
  EXPECT_TRUE(deeper);
  live.stop(1);
}

// A new position stops the analysis under way and takes its place: after the new position's
// first report, no report of the old one comes; stop() ends the new one and frees the slot.
TEST(LiveAnalysis, ANewPositionStopsTheOldOneAndStopEndsIt) {
  Inbox inbox;
  LiveAnalysis live(options(1, 1));
  ASSERT_TRUE(live.start(1, "a", job(1), inbox.sink()).ok());
  ASSERT_TRUE(inbox.wait([](const json& m) { return info_of(m, 1); }));
  // Same connection: replaces it, even with every slot taken.
  ASSERT_TRUE(live.start(1, "a", job(2, {"b1-b2"}), inbox.sink()).ok());
  ASSERT_TRUE(inbox.wait([](const json& m) { return info_of(m, 2); }, 2s));
  std::this_thread::sleep_for(300ms);
  const auto messages = inbox.all();
  bool seen_new = false;
  for (const auto& m : messages) {
    if (m["request"] == 2) seen_new = true;
    if (seen_new) {
      EXPECT_EQ(m["request"], 2) << m.dump();  // never the old position again
    }
  }
  EXPECT_EQ(live.stats().held, 1u);
  live.stop(1);
  EXPECT_EQ(live.stats().held, 0u);
  std::this_thread::sleep_for(100ms);  // the search notices within milliseconds
  const std::size_t after_stop = inbox.size();
  std::this_thread::sleep_for(400ms);
  EXPECT_EQ(inbox.size(), after_stop);  // nothing more once stopped
  EXPECT_EQ(live.stats().running, 0u);
}

// Bounds: `live_slots` analyses on the server (503 past it), `live_per_address` per address (429);
// a stopped analysis frees its slot at once.
TEST(LiveAnalysis, SlotsAreBoundedPerServerAndPerAddress) {
  Inbox a, b, c;
  LiveAnalysis live(options(2, 1));
  ASSERT_TRUE(live.start(1, "addr-a", job(1), a.sink()).ok());
  auto same_address = live.start(2, "addr-a", job(1), b.sink());
  ASSERT_FALSE(same_address.ok());
  EXPECT_EQ(same_address.error().status, 429);
  ASSERT_TRUE(live.start(2, "addr-b", job(1), b.sink()).ok());
  auto full = live.start(3, "addr-c", job(1), c.sink());
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.error().status, 503);
  EXPECT_NE(full.error().message.find("busy"), std::string::npos);
  live.stop(1);
  ASSERT_TRUE(live.start(3, "addr-c", job(3), c.sink()).ok());
  EXPECT_TRUE(c.wait([](const json& m) { return info_of(m, 3); }));
  live.stop(2);
  live.stop(3);
}

// Item D8: one address holds at most half the slots (at least one), whatever live_per_address
// says: with the default two slots and two per address, a second analysis from one address is
// "busy" (429) and another address still gets the other slot; with one slot, its one address
// holds it.
TEST(LiveAnalysis, OneAddressHoldsAtMostHalfTheSlots) {
  Inbox a, b, c;
  LiveAnalysis live(options(2, 2));
  ASSERT_TRUE(live.start(1, "addr-a", job(1), a.sink()).ok());
  auto second = live.start(2, "addr-a", job(1), b.sink());
  ASSERT_FALSE(second.ok()) << "one address took both slots";
  EXPECT_EQ(second.error().status, 429);
  EXPECT_NE(second.error().message.find("at most 1 of the server's 2"), std::string::npos)
      << second.error().message;
  ASSERT_TRUE(live.start(3, "addr-b", job(1), c.sink()).ok());
  live.stop(1);
  live.stop(3);
  EXPECT_EQ(live_per_address(options(1, 2)), 1);
  EXPECT_EQ(live_per_address(options(8, 8)), 4);
  EXPECT_EQ(live_per_address(options(8, 3)), 3);
  EXPECT_EQ(live_per_address(options(3, 0)), 1);
}

// The time cap: the search ends by itself with a final report, and its slot is free again.
TEST(LiveAnalysis, ASearchEndsAtItsTimeCapAndFreesItsSlot) {
  Inbox inbox;
  Inbox other;
  LiveAnalysis live(options(1, 1, 0.3));
  ASSERT_TRUE(live.start(1, "a", job(5), inbox.sink()).ok());
  auto last = inbox.wait([](const json& m) { return info_of(m, 5) && m["final"] == true; }, 5s);
  ASSERT_TRUE(last);
  EXPECT_LE((*last)["seconds"].get<double>(), 0.5);
  EXPECT_FALSE((*last)["lines"].empty());
  for (int i = 0; i < 50 && live.stats().held > 0; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(live.stats().held, 0u);
  EXPECT_TRUE(live.start(2, "b", job(6), other.sink()).ok());  // the slot is free
  live.stop(2);
}

// A finished position is answered at once with its result; a line that does not replay with
// its error.
TEST(LiveAnalysis, FinishedPositionsAndBadLinesAreAnsweredAtOnce) {
  Inbox inbox;
  LiveAnalysis live(options(1, 1));
  LiveAnalysis::Job finished;
  finished.request = 9;
  finished.resolve = []() -> Outcome<std::unique_ptr<GameState>> {
    // Always the first legal move: the game ends, by its ply limit at the latest.
    auto made = find_game("traverse")->new_state(ParamMap{});
    if (!made) return bad_request(made.error());
    auto s = std::move(*made);
    for (int i = 0; i < 4000 && !s->is_terminal(); ++i) {
      if (!s->apply(s->legal_moves().front()).ok()) break;
    }
    return s;
  };
  ASSERT_TRUE(live.start(1, "a", std::move(finished), inbox.sink()).ok());
  auto done = inbox.wait([](const json& m) { return m["request"] == 9; });
  ASSERT_TRUE(done);
  EXPECT_EQ((*done)["type"], "info");
  EXPECT_EQ((*done)["final"], true);
  EXPECT_TRUE((*done)["lines"].empty());
  EXPECT_EQ((*done)["expected"].size(), 2u);

  ASSERT_TRUE(live.start(1, "a", job(10, {"b1-b9"}), inbox.sink()).ok());
  auto bad = inbox.wait([](const json& m) { return m["request"] == 10; });
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["type"], "error");
  EXPECT_NE((*bad)["error"].get<std::string>().find("b1-b9"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::server
