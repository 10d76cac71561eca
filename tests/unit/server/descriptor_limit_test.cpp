// Descriptor exhaustion: a server whose descriptor limit is lower than the connections held
// against it. Each test runs the server in a child process (fork) with its own lowered
// RLIMIT_NOFILE, so this process keeps descriptors for the clients, and reads the child's CPU
// time from /proc to see whether its accept loop spins.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include "raw_client.h"
#include "server/server.h"
#include "store/store.h"

namespace arbiter::server::test {
namespace {

// A server in a child process with the descriptor limit `soft`/`hard`; killed by the destructor.
class ChildServer {
 public:
  ChildServer(rlim_t soft, rlim_t hard, std::size_t max_connections) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      ::close(fds[0]);
      rlimit limit{soft, hard};
      if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(3);
      ServerOptions o;
      o.host = "127.0.0.1";
      o.port = 0;
      o.web_dir = "/nonexistent";
      o.rate_limit = 0;
      o.create_limit = 0;
      o.max_connections_per_address = 0;
      o.max_connections = max_connections;
      o.threads = 1;
      o.ai_workers = 1;
      auto store = store::open_store(":memory:");
      if (!store) _exit(4);
      Server server(o, std::shared_ptr<store::Store>(std::move(*store)));
      if (!server.start()) _exit(5);
      rlimit now{};
      getrlimit(RLIMIT_NOFILE, &now);
      const uint16_t port = server.port();
      const uint64_t reply[2] = {port, static_cast<uint64_t>(now.rlim_cur)};
      if (write(fds[1], reply, sizeof reply) != sizeof reply) _exit(6);
      for (;;) pause();  // until killed
    }
    ::close(fds[1]);
    uint64_t reply[2] = {0, 0};
    if (pid_ > 0 && read(fds[0], reply, sizeof reply) == sizeof reply) {
      port_ = static_cast<uint16_t>(reply[0]);
      soft_after_start_ = reply[1];
    }
    ::close(fds[0]);
  }
  ~ChildServer() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  uint16_t port() const { return port_; }
  uint64_t soft_after_start() const { return soft_after_start_; }
  // User + system CPU time of the child so far.
  std::chrono::milliseconds cpu_time() const {
    std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));  // after "pid (comm) "
    std::string skip;
    for (int i = 3; i < 14; ++i) fields >> skip;  // state .. cmajflt: fields 3-13
    long utime = 0, stime = 0;
    fields >> utime >> stime;
    return std::chrono::milliseconds((utime + stime) * 1000 / sysconf(_SC_CLK_TCK));
  }

 private:
  pid_t pid_ = -1;
  uint16_t port_ = 0;
  uint64_t soft_after_start_ = 0;
};

std::string health_request() { return "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"; }

// Idle connections from several addresses, more than the child has descriptors for.
std::vector<std::unique_ptr<RawConnection>> flood(uint16_t port, int count) {
  std::vector<std::unique_ptr<RawConnection>> out;
  for (int i = 0; i < count; ++i) {
    out.push_back(std::make_unique<RawConnection>(port, "127.0.1." + std::to_string(1 + i % 200)));
  }
  return out;
}

// Out of file descriptors, the accept loop spun (1,200 idle connections against 1,024: half a
// core, health probes timing out). It now backs off on EMFILE/ENFILE: with every descriptor
// taken it stays near idle, and once some connections close, health answers again.
TEST(DescriptorExhaustion, AcceptLoopBacksOffAndHealthAnswersOnceSomeClose) {
  // Connections uncapped (a cap far above the limit), so the descriptors run out for real.
  ChildServer child(48, 48, 100'000);
  ASSERT_NE(child.port(), 0) << "the child server did not start";
  auto idle = flood(child.port(), 80);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // accepted until EMFILE
  const auto before = child.cpu_time();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const auto spent = child.cpu_time() - before;
  EXPECT_LT(spent, std::chrono::milliseconds(250)) << "the accept loop spins";

  idle.erase(idle.begin(), idle.begin() + 60);
  RawConnection probe(child.port());
  ASSERT_TRUE(probe.send(health_request()));
  EXPECT_EQ(first_status(probe.read_response(std::chrono::seconds(5))), 200);
}

// With the connection cap taken from the descriptor limit, a connection past it gets a clear
// 503 instead of a hang, and the server never runs out of descriptors for its own work.
TEST(DescriptorExhaustion, ConnectionsPastTheCapAre503) {
  ChildServer child(64, 64, 0);  // the cap: 64 less a reserve of 16
  ASSERT_NE(child.port(), 0) << "the child server did not start";
  auto idle = flood(child.port(), 48);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  RawConnection probe(child.port(), "127.0.2.1");
  ASSERT_TRUE(probe.send(health_request()));
  const std::string answer = probe.read_all(std::chrono::seconds(5));
  EXPECT_EQ(first_status(answer), 503) << answer;
  EXPECT_NE(body_of(answer).find("connection limit"), std::string::npos) << answer;
  idle.clear();
  int status = 0;
  for (int attempt = 0; attempt < 40 && status != 200; ++attempt) {
    RawConnection again(child.port(), "127.0.2.2");
    again.send(health_request());
    status = first_status(again.read_response(std::chrono::seconds(2)));
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(status, 200);
}

// The soft descriptor limit is raised to the hard one at start.
TEST(DescriptorExhaustion, StartRaisesTheSoftLimitToTheHardOne) {
  ChildServer child(64, 512, 0);
  ASSERT_NE(child.port(), 0) << "the child server did not start";
  EXPECT_EQ(child.soft_after_start(), 512u);
}

}  // namespace
}  // namespace arbiter::server::test
