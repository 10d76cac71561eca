// The one check of a JSON body (server/http/json_body.h) that the game, accounts, lobby, puzzles
// and analysis APIs share: the 415 for a body not sent as JSON, the 400s for malformed JSON and for
// a value that is not an object, an empty body as an empty object, and a WebSocket message's
// text read by the same parser.
#include "server/http/json_body.h"

#include <gtest/gtest.h>

namespace arbiter::server {
namespace {

using nlohmann::json;

TEST(JsonBody, ContentTypeNamesJsonInAnyCaseWithParameters) {
  EXPECT_TRUE(is_json_content("application/json"));
  EXPECT_TRUE(is_json_content(" Application/JSON ; charset=utf-8"));
  EXPECT_FALSE(is_json_content("text/plain"));
  EXPECT_FALSE(is_json_content(""));
  EXPECT_FALSE(json_content_error("application/json; charset=utf-8"));
}

TEST(JsonBody, ANonJsonContentTypeIs415NamingWhatWasSent) {
  auto none = json_content_error("");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 415);
  EXPECT_EQ(none->message, "Content-Type: expected application/json, got none");
  auto form = json_content_error("text/plain");
  ASSERT_TRUE(form);
  EXPECT_EQ(form->message, "Content-Type: expected application/json, got 'text/plain'");
}

TEST(JsonBody, MalformedJsonIs400OnOneLine) {
  for (const char* text : {"{not json", "[1,", "1e999"}) {
    auto parsed = parse_json(text);
    ASSERT_FALSE(parsed) << text;
    EXPECT_EQ(parsed.error().status, 400) << text;
    EXPECT_EQ(parsed.error().message.rfind("malformed JSON: ", 0), 0u) << parsed.error().message;
    EXPECT_EQ(parsed.error().message.find('\n'), std::string::npos);
  }
  // A message's text may be any value: the caller says what it wanted.
  auto array = parse_json("[1, 2]");
  ASSERT_TRUE(array);
  EXPECT_TRUE(array->is_array());
}

TEST(JsonBody, ABodyMustBeAnObjectAndAnEmptyOneIsEmpty) {
  for (const char* text : {"", "  \n"}) {
    auto empty = json_object_body(text);
    ASSERT_TRUE(empty) << empty.error().message;
    EXPECT_EQ(*empty, json::object());
  }
  auto array = json_object_body("[1]");
  ASSERT_FALSE(array);
  EXPECT_EQ(array.error().status, 400);
  EXPECT_EQ(array.error().message, "the body must be a JSON object");
  auto object = json_object_body(R"({"move": "c1-b2"})");
  ASSERT_TRUE(object);
  EXPECT_EQ((*object)["move"], "c1-b2");
}

TEST(JsonBody, APostIsCheckedForItsContentTypeFirst) {
  Request request;
  request.method = "POST";
  request.body = "{not json";
  auto refused = json_post_body(request);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().status, 415);
  request.content_type = "application/json";
  auto malformed = json_post_body(request);
  ASSERT_FALSE(malformed);
  EXPECT_EQ(malformed.error().status, 400);
  request.body = "";
  auto empty = json_post_body(request);
  ASSERT_TRUE(empty);
  EXPECT_EQ(*empty, json::object());
}

}  // namespace
}  // namespace arbiter::server
