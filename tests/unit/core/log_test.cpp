// The log's lines (core/log.h): both formats one line a program can take apart, the request a
// thread works for in every line it writes, and a database URL's password never shown.
#include "core/log.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

namespace arbiter::log {
namespace {

constexpr int64_t kAt = 1796346115919;  // 2026-12-04T01:01:55.919Z

TEST(Log, TextLineIsKeyValueWithAwkwardValuesQuoted) {
  const std::string line = format_line(Format::kText, kAt, Level::kInfo, "request", "r1",
                                       {{"path", "/api/games"}, {"why", "a b=\"c\""}, {"n", 3}});
  EXPECT_EQ(line,
            "2026-12-04T01:01:55.919Z info request request=r1 path=/api/games "
            "why=\"a b=\\\"c\\\"\" n=3");
}

TEST(Log, JsonLineIsOneObjectWithNumbersUnquoted) {
  const std::string line = format_line(Format::kJson, kAt, Level::kWarn, "store.error", "",
                                       {{"error", "disk\nfull"}, {"ms", 1.5}, {"bad", "\xff"}});
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const auto o = nlohmann::json::parse(line);
  EXPECT_EQ(o["ts"], "2026-12-04T01:01:55.919Z");
  EXPECT_EQ(o["level"], "warn");
  EXPECT_EQ(o["event"], "store.error");
  EXPECT_FALSE(o.contains("request"));
  EXPECT_EQ(o["error"], "disk\nfull");
  EXPECT_EQ(o["ms"], 1.5);
  EXPECT_EQ(o["bad"], "\xef\xbf\xbd");  // not UTF-8: replaced, not thrown
}

TEST(Log, LinesCarryTheThreadsRequestAndLevelsFilter) {
  std::ostringstream sink;
  set_sink(&sink);
  set_format(Format::kText);
  set_level(Level::kInfo);
  {
    RequestScope outer("outer");
    info("a");
    {
      RequestScope inner("inner");
      info("b");
    }
    std::thread([] { info("c"); }).join();  // another thread has its own (none)
    write(Level::kDebug, "hidden");
    info("d");
  }
  info("e");
  set_sink(nullptr);
  const std::string out = sink.str();
  EXPECT_NE(out.find(" info a request=outer\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" info b request=inner\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" info c\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" info d request=outer\n"), std::string::npos) << out;
  EXPECT_NE(out.find(" info e\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("hidden"), std::string::npos) << out;
}

TEST(Log, RequestIdsAreDistinctAndValid) {
  const std::string a = new_request_id(), b = new_request_id();
  EXPECT_NE(a, b);
  EXPECT_EQ(a.size(), 16u);
  EXPECT_TRUE(valid_request_id(a));
  EXPECT_TRUE(valid_request_id("nginx-1.2_x"));
  EXPECT_FALSE(valid_request_id(""));
  EXPECT_FALSE(valid_request_id("a b"));
  EXPECT_FALSE(valid_request_id("x\"y"));
  EXPECT_FALSE(valid_request_id(std::string(65, 'a')));
}

TEST(Log, DatabaseUrlPasswordsAreRedacted) {
  EXPECT_EQ(redact_url("postgresql://ann:s3cret@db.example/arbiter"),
            "postgresql://ann:***@db.example/arbiter");
  EXPECT_EQ(redact_url("postgresql://ann@db/arbiter?password=s3cret&sslmode=require"),
            "postgresql://ann@db/arbiter?password=***&sslmode=require");
  EXPECT_EQ(redact_url("postgresql://db/arbiter"), "postgresql://db/arbiter");
  EXPECT_EQ(redact_url("sqlite:/var/lib/arbiter/games.db"), "sqlite:/var/lib/arbiter/games.db");
  EXPECT_EQ(redact_url("postgresql://db/a@b"), "postgresql://db/a@b");  // '@' past the host
}

}  // namespace
}  // namespace arbiter::log
