// The stores the store tests run against: SQLite in a fresh file, and PostgreSQL in a fresh
// schema of the cluster `make test` starts (tests/pg/cluster.sh; ctest names its folder in
// ARBITER_TEST_PG). Run outside ctest without that variable, the PostgreSQL cases are skipped
// with a note saying how to run them.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <pqxx/pqxx>
#include <string>

#include "store/sqlite_store.h"
#include "store/store.h"

namespace arbiter::store::testing {

enum class Backend { kSqlite, kPostgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::kSqlite ? "Sqlite" : "Postgres";
}

// The URL of the test cluster (ARBITER_TEST_PG/url), or "" when there is none.
inline std::string test_cluster_url() {
  const char* dir = std::getenv("ARBITER_TEST_PG");
  if (dir == nullptr || *dir == '\0') return "";
  std::ifstream in(std::string(dir) + "/url");
  std::string url;
  std::getline(in, url);
  return url;
}

// A SQLite store at `path`, or nullptr after a test failure naming why it did not open.
inline std::unique_ptr<Store> open_sqlite_ok(const std::string& path) {
  auto store = open_sqlite_store(path);
  EXPECT_TRUE(store.ok()) << store.error();
  return store.ok() ? std::move(store).value() : nullptr;
}

// One database per test: a file in a fresh folder, or a fresh schema (dropped at the end). url()
// may be opened any number of times, by several stores at once, like a database two servers
// share.
class TestDatabase {
 public:
  explicit TestDatabase(Backend backend) : backend_(backend) {
    static int counter = 0;
    const std::string unique = std::to_string(getpid()) + "_" + std::to_string(++counter);
    if (backend == Backend::kSqlite) {
      folder_ = std::filesystem::temp_directory_path() / ("arbiter_store_" + unique);
      std::filesystem::remove_all(folder_);
      std::filesystem::create_directories(folder_);  // open_store makes no folder
      url_ = "sqlite:" + (folder_ / "games.db").string();
      return;
    }
    cluster_ = test_cluster_url();
    if (cluster_.empty()) return;
    schema_ = "test_" + unique;
    pqxx::connection c(cluster_);
    pqxx::nontransaction(c).exec("CREATE SCHEMA " + schema_);
    url_ = cluster_ + "&options=-csearch_path%3D" + schema_;
  }
  ~TestDatabase() {
    if (backend_ == Backend::kSqlite) {
      std::error_code ec;
      std::filesystem::remove_all(folder_, ec);
    } else if (!schema_.empty()) {
      try {
        pqxx::connection c(cluster_);
        pqxx::nontransaction(c).exec("DROP SCHEMA " + schema_ + " CASCADE");
      } catch (const std::exception&) {
        // The cluster is thrown away after the run anyway.
      }
    }
  }
  // "" when the backend cannot run here (PostgreSQL outside ctest).
  const std::string& url() const { return url_; }

 private:
  Backend backend_;
  std::filesystem::path folder_;
  std::string cluster_, schema_, url_;
};

// A test of every backend: `db` is fresh per test; open() opens a store on it.
class StoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (db_.url().empty()) {
      const char* dir = std::getenv("ARBITER_TEST_PG");
      ASSERT_TRUE(dir == nullptr || *dir == '\0')
          << "ARBITER_TEST_PG=" << dir << " but the cluster there has no url: did it start?";
      GTEST_SKIP() << "no PostgreSQL test cluster: run under ctest, or start one with "
                      "`bash tests/pg/cluster.sh start DIR` and set ARBITER_TEST_PG=DIR";
    }
  }
  std::unique_ptr<Store> open() {
    auto store = open_store(db_.url());
    EXPECT_TRUE(store.ok()) << store.error();
    return store.ok() ? std::move(store).value() : nullptr;
  }
  TestDatabase db_{GetParam()};
};

}  // namespace arbiter::store::testing
