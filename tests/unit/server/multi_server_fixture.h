// The multi-server tests' fixture: `kServers` `arbiter serve`s in-process on 127.0.0.1 and free
// ports, all on one database (a fresh schema of the PostgreSQL test cluster, docs/deploy.md), each
// through a connection of its own, as separate processes sharing `--store postgres://…` would be.
// Without a test cluster (ARBITER_TEST_PG unset or empty) every test is skipped; a cluster named
// but giving no database URL fails.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "client.h"
#include "server/server.h"
#include "store/store.h"
#include "unit/store/store_backends.h"

namespace arbiter::server::test {

template <int kServers>
class MultiServerFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    if (db_.url().empty()) {
      const char* dir = std::getenv("ARBITER_TEST_PG");
      ASSERT_TRUE(dir == nullptr || *dir == '\0') << "no url in the test cluster " << dir;
      GTEST_SKIP() << "no PostgreSQL test cluster (ARBITER_TEST_PG)";
    }
    for (int i = 0; i < kServers; ++i) {
      ServerOptions o;
      o.host = "127.0.0.1";
      o.port = 0;
      o.rate_limit = 0;
      o.create_limit = 0;
      o.ai_workers = 1;
      o.shared_store_url = db_.url();
      adjust(o);
      auto opened = store::open_store(db_.url());
      ASSERT_TRUE(opened.ok()) << opened.error();
      servers_[i] = std::make_unique<Server>(
          o, server_store(i, std::shared_ptr<store::Store>(std::move(*opened))));
      Status st = servers_[i]->start();
      ASSERT_TRUE(st.ok()) << st.error();
      ports_[i] = servers_[i]->port();
    }
  }
  // The servers stop before the test's own members go (a fake clock they read, say).
  void TearDown() override {
    for (auto& server : servers_) server.reset();
  }

  // A test's options beyond the common ones above (a fake clock, the AI's settings).
  virtual void adjust(ServerOptions&) {}
  // The store server `i` runs on, given its own connection (a test may wrap it to count reads).
  virtual std::shared_ptr<store::Store> server_store(int, std::shared_ptr<store::Store> opened) {
    return opened;
  }

  HttpReply post(int server, const std::string& target, const json& body,
                 const std::string& token = "") {
    return http(ports_[server], "POST", target, body.dump(), token);
  }
  json game(int server, const std::string& id) {
    return http(ports_[server], "GET", "/api/games/" + id).parsed();
  }

  store::testing::TestDatabase db_{store::testing::Backend::kPostgres};
  std::unique_ptr<Server> servers_[kServers];
  uint16_t ports_[kServers] = {};
};

}  // namespace arbiter::server::test
