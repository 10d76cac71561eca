// The web UI's files: index.html for / and client-side routes, content types, 404 for missing
// assets, no way out of the folder, and a short page when the UI is not built.
#include <fstream>
#include <string>

#include "server_fixture.h"

namespace arbiter::server::test {
namespace {

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

TEST_F(ServerTest, ServesTheWebUi) {
  const fs::path web = options_.web_dir;
  write(web / "index.html", "<html>index</html>");
  write(web / "assets" / "app.js", "console.log(1)");
  write(web / "style.css", "body{}");
  write(dir_ / "secret.txt", "secret");

  HttpReply root = get("/");
  EXPECT_EQ(root.status, 200);
  EXPECT_EQ(root.body, "<html>index</html>");
  EXPECT_EQ(root.content_type, "text/html; charset=utf-8");
  HttpReply js = get("/assets/app.js");
  EXPECT_EQ(js.body, "console.log(1)");
  EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(get("/style.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(get("/g/abc123?x=1").body, "<html>index</html>");  // a client-side route
  EXPECT_EQ(get("/assets/missing.js").status, 404);
  EXPECT_EQ(get("/../secret.txt").status, 400);
  EXPECT_EQ(get("/assets/%2e%2e/%2e%2e/secret.txt").status, 400);
  EXPECT_EQ(http(port_, "POST", "/", "x").status, 405);
  // HEAD: GET's status and headers, no body.
  HttpReply head = http(port_, "HEAD", "/assets/app.js");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.body, "");
  EXPECT_EQ(head.content_length, "14");
  EXPECT_EQ(head.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(http(port_, "HEAD", "/assets/missing.js").status, 404);
  HttpReply health = http(port_, "HEAD", "/api/health");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.body, "");
  EXPECT_NE(health.content_length, "0");
  EXPECT_EQ(http(port_, "HEAD", "/api/games").status, 200);  // a GET route
  EXPECT_EQ(http(port_, "GET", "/").status, 200);            // the connection logic is intact
}

TEST_F(ServerTest, SaysWhenTheWebUiIsNotBuilt) {
  HttpReply root = get("/");
  EXPECT_EQ(root.status, 200);
  EXPECT_NE(root.body.find("not built"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::server::test
