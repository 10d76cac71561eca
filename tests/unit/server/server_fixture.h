// The server tests' fixture: an `arbiter serve` in-process on 127.0.0.1 and a free port, over a
// fresh SQLite file in a temporary folder, with helpers that create games and call the API.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "client.h"
#include "server/server.h"
#include "store/store.h"

namespace arbiter::server::test {

namespace fs = std::filesystem;

class ServerTest : public ::testing::Test {
 protected:
  ServerTest() {
    static int counter = 0;
    dir_ = fs::temp_directory_path() /
           ("arbiter_server_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    options_.host = "127.0.0.1";
    options_.port = 0;
    options_.rate_limit = 0;
    options_.create_limit = 0;
    options_.ai_movetime = 0.05;
    options_.ai_workers = 1;
    options_.web_dir = (dir_ / "web").string();
  }
  ~ServerTest() override {
    server_.reset();
    fs::remove_all(dir_);
  }

  void SetUp() override { start(); }

  // (Re)starts the server on the same database file.
  void start() {
    server_.reset();
    auto store = store::open_store("sqlite:" + (dir_ / "games.db").string());
    ASSERT_TRUE(store.ok()) << store.error();
    server_ = std::make_unique<Server>(options_, std::shared_ptr<store::Store>(std::move(*store)));
    Status st = server_->start();
    ASSERT_TRUE(st.ok()) << st.error();
    port_ = server_->port();
  }
  void stop() { server_.reset(); }

  HttpReply get(const std::string& target) { return http(port_, "GET", target); }
  HttpReply post(const std::string& target, const json& body, const std::string& token = "") {
    return http(port_, "POST", target, body.dump(), token);
  }
  // Creates a game; fails the test unless it answers 201. Returns {"game", "tokens"}.
  json create(const std::string& game, const json& seats, const std::string& params = "") {
    json body = {{"game", game}, {"seats", seats}};
    if (!params.empty()) body["params"] = params;
    HttpReply r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.parsed();
  }
  json game(const std::string& id) { return get("/api/games/" + id).parsed(); }
  HttpReply move(const std::string& id, const std::string& text, const std::string& token) {
    return post("/api/games/" + id + "/moves", {{"move", text}}, token);
  }

  fs::path dir_;
  ServerOptions options_;
  std::unique_ptr<Server> server_;
  uint16_t port_ = 0;
};

}  // namespace arbiter::server::test
