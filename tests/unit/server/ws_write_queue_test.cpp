// The outgoing queue every server WebSocket writes through (server/net/ws_write_queue.h): messages
// leave in the order pushed, a queue full of unread messages fails rather than grows, a stopped
// queue writes no more and never fails, a failed write fails the queue, and the owner lives until
// its writes are done.
#include "server/net/ws_write_queue.h"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <string>
#include <thread>

#include "client.h"

namespace arbiter::server::test {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// A server's end of a WebSocket on loopback, its client a WsClient. Nothing runs on `ioc` until
// a test runs it, so a test's pushes before then are on the stream's strand.
class WsWriteQueueTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tcp::acceptor acceptor(ioc_, {net::ip::make_address("127.0.0.1"), 0});
    boost::beast::error_code accepted;
    std::thread server_side([&] {
      acceptor.accept(boost::beast::get_lowest_layer(server_).socket(), accepted);
      if (!accepted) server_.accept(accepted);
    });
    client_ = std::make_unique<WsClient>(acceptor.local_endpoint().port(), "/");
    server_side.join();
    ASSERT_FALSE(accepted) << accepted.message();
    ASSERT_TRUE(client_->connected());
    server_.text(true);
  }

  // Runs the queue's writes until none is left to complete.
  void run_writes() {
    ioc_.restart();
    ioc_.run();
  }

  static std::shared_ptr<const std::string> message(int n) {
    return std::make_shared<const std::string>(json{{"n", n}}.dump());
  }

  net::io_context ioc_;
  WsWriteQueue::Stream server_{ioc_};
  std::unique_ptr<WsClient> client_;
  int failures_ = 0;
};

TEST_F(WsWriteQueueTest, WritesInTheOrderPushedOneAtATime) {
  WsWriteQueue queue(server_, 8, [this] { ++failures_; });
  for (int n = 1; n <= 3; ++n) queue.push(message(n), nullptr);
  EXPECT_EQ(queue.size(), 3u) << "one write in flight, the others waiting behind it";
  std::thread writer([this] { run_writes(); });
  for (int n = 1; n <= 3; ++n) {
    auto got = client_->read();
    ASSERT_TRUE(got) << "message " << n;
    EXPECT_EQ((*got)["n"], n);
  }
  writer.join();
  EXPECT_EQ(queue.size(), 0u);
  EXPECT_EQ(failures_, 0);
}

// A peer that reads slower than its messages come is failed, not buffered without bound.
TEST_F(WsWriteQueueTest, APushPastTheCapFailsInsteadOfQueueing) {
  WsWriteQueue queue(server_, 2, [this] { ++failures_; });
  queue.push(message(1), nullptr);
  queue.push(message(2), nullptr);
  EXPECT_EQ(failures_, 0);
  queue.push(message(3), nullptr);
  EXPECT_EQ(failures_, 1);
  EXPECT_EQ(queue.size(), 2u) << "the message past the cap is not queued";
  queue.stop();
  run_writes();  // the write in flight ends while the queue it reads is still here
}

// Once the owner closes, the write in flight finishes and nothing else is written or failed.
TEST_F(WsWriteQueueTest, AStoppedQueueWritesNoMoreAndNeverFails) {
  WsWriteQueue queue(server_, 2, [this] { ++failures_; });
  queue.push(message(1), nullptr);
  queue.push(message(2), nullptr);
  queue.stop();
  queue.push(message(3), nullptr);
  queue.push(message(4), nullptr);  // past the cap, but stopped: no failure
  EXPECT_TRUE(queue.stopped());
  EXPECT_EQ(queue.size(), 2u);
  run_writes();
  auto first = client_->read();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["n"], 1);
  EXPECT_FALSE(client_->read(std::chrono::milliseconds(200))) << "a write started after stop()";
  EXPECT_EQ(failures_, 0);
}

TEST_F(WsWriteQueueTest, AFailedWriteFailsTheQueue) {
  WsWriteQueue queue(server_, 8, [this] { ++failures_; });
  boost::beast::error_code ec;
  boost::beast::get_lowest_layer(server_).socket().close(ec);
  queue.push(message(1), nullptr);
  run_writes();
  EXPECT_EQ(failures_, 1);
}

// The session owning the stream and the queue is kept alive by its writes in flight alone.
TEST_F(WsWriteQueueTest, TheOwnerLivesUntilItsWritesComplete) {
  WsWriteQueue queue(server_, 8, [this] { ++failures_; });
  auto owner = std::make_shared<int>(0);
  std::weak_ptr<int> watched = owner;
  queue.push(message(1), owner);
  queue.push(message(2), owner);
  owner.reset();
  EXPECT_FALSE(watched.expired()) << "a write in flight holds its owner";
  run_writes();
  EXPECT_TRUE(watched.expired()) << "the owner is let go once the writes are done";
  EXPECT_EQ(failures_, 0);
}

}  // namespace
}  // namespace arbiter::server::test
