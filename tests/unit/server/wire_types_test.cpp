// Each wire type is defined once, by the server's JSON writers (server/http/api_json.cpp): the web
// UI's spelling of it (web/src/api.ts) and the API's documentation (docs/api.md) are checked
// against what the writers write, so the three cannot drift apart. Every key a writer writes is
// a field of the TypeScript interface, every required field of the interface is written, nested
// objects and arrays of objects recursively, and every key is named in docs/api.md.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "games/registry.h"
#include "server/http/api_json.h"
#include "server/lobby/lobby_json.h"
#include "server/play/hub.h"
#include "server/play/live_game.h"

namespace arbiter::server::test {
namespace {

std::string read_source(const std::string& path) {
  std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\n") - b + 1);
}

struct TsField {
  bool optional = false;
  std::string type;  // as written: "string", "Seat[]", "{ draw: number | null }", ...
};
using TsFields = std::map<std::string, TsField>;

// The fields of a TypeScript object type's body (between its braces): split at `;` and line
// ends outside nested braces.
TsFields parse_fields(const std::string& body) {
  TsFields out;
  std::string piece;
  int depth = 0;
  auto flush = [&] {
    const std::string p = trim(piece);
    piece.clear();
    const auto colon = p.find(':');
    if (p.empty() || colon == std::string::npos) return;
    std::string name = trim(p.substr(0, colon));
    TsField f;
    if (!name.empty() && name.back() == '?') {
      f.optional = true;
      name.pop_back();
    }
    f.type = trim(p.substr(colon + 1));
    out[name] = f;
  };
  for (char c : body) {
    if (c == '{' || c == '(' || c == '<') ++depth;
    if (c == '}' || c == ')' || c == '>') --depth;
    if (depth == 0 && (c == ';' || c == '\n')) {
      flush();
      continue;
    }
    piece += c;
  }
  flush();
  return out;
}

// Every `export interface NAME { ... }` of a TypeScript file, comments dropped.
std::map<std::string, TsFields> parse_interfaces(std::string text) {
  text = std::regex_replace(text, std::regex("//[^\n]*"), "");
  std::map<std::string, TsFields> out;
  const std::regex head("export interface (\\w+) \\{");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), head); it != std::sregex_iterator();
       ++it) {
    std::size_t i = static_cast<std::size_t>(it->position() + it->length());
    int depth = 1;
    const std::size_t start = i;
    while (i < text.size() && depth > 0) {
      if (text[i] == '{') ++depth;
      if (text[i] == '}') --depth;
      ++i;
    }
    out[(*it)[1]] = parse_fields(text.substr(start, i - 1 - start));
  }
  return out;
}

class WireTypes : public ::testing::Test {
 protected:
  void SetUp() override {
    interfaces_ = parse_interfaces(read_source("web/src/api.ts"));
    docs_ = read_source("docs/api.md");
    ASSERT_TRUE(interfaces_.count("Game")) << "web/src/api.ts has no interface Game";
  }

  // `value` (an object, or an array of objects) checked against the fields of a TypeScript type
  // written as `type`: an interface's name or an inline object type, with [] and | null.
  void check_value(const nlohmann::json& value, std::string type, const std::string& where) {
    // Only a `| null` of the type itself: an inline object's fields keep theirs.
    const std::regex or_null("\\s*\\|\\s*null\\s*$");
    const bool nullable = std::regex_search(type, or_null);
    type = trim(std::regex_replace(type, or_null, ""));
    if (value.is_null()) {
      EXPECT_TRUE(nullable) << where << " is written as null but web/src/api.ts types it " << type;
      return;
    }
    if (value.is_array()) {
      EXPECT_TRUE(type.ends_with("[]") || type == "unknown")
          << where << " is written as an array but web/src/api.ts types it " << type;
      type = trim(std::regex_replace(type, std::regex("\\[\\]$"), ""));
      for (const auto& e : value) check_value(e, type, where + "[]");
      return;
    }
    if (!value.is_object()) return check_primitive(value, type, where);
    type = trim(std::regex_replace(type, std::regex("\\[\\]$"), ""));
    if (type.starts_with("{")) {
      check_object(value, parse_fields(type.substr(1, type.rfind('}') - 1)), where);
      return;
    }
    if (type.starts_with("Record<")) return;  // keys are data (seat numbers), not names
    auto it = interfaces_.find(type);
    ASSERT_NE(it, interfaces_.end()) << where << ": web/src/api.ts has no interface " << type;
    check_object(value, it->second, where);
  }

  // A string, number or boolean against its TypeScript type: `string` or string literals,
  // `number`, `boolean` (types the check does not know, such as `unknown`, take anything).
  static void check_primitive(const nlohmann::json& value, const std::string& type,
                              const std::string& where) {
    const bool literal = type.starts_with("'") || type.starts_with("\"");
    if (type == "string" || literal) {
      EXPECT_TRUE(value.is_string())
          << where << " is written as " << value.dump() << " but web/src/api.ts types it " << type;
    } else if (type == "number") {
      EXPECT_TRUE(value.is_number())
          << where << " is written as " << value.dump() << " but web/src/api.ts types it number";
    } else if (type == "boolean") {
      EXPECT_TRUE(value.is_boolean())
          << where << " is written as " << value.dump() << " but web/src/api.ts types it boolean";
    } else if (type != "unknown") {
      ADD_FAILURE() << where << " is written as " << value.dump() << " but web/src/api.ts types it "
                    << type;
    }
  }

  void check_object(const nlohmann::json& object, const TsFields& fields,
                    const std::string& where) {
    for (const auto& [key, value] : object.items()) {
      auto f = fields.find(key);
      EXPECT_NE(f, fields.end()) << where << "." << key
                                 << " is written by the server but not declared in web/src/api.ts";
      EXPECT_TRUE(docs_.find("\"" + key + "\"") != std::string::npos ||
                  docs_.find("`" + key + "`") != std::string::npos)
          << where << "." << key << " is written by the server but not named in docs/api.md";
      if (f != fields.end()) check_value(value, f->second.type, where + "." + key);
    }
    for (const auto& [name, f] : fields) {
      if (!f.optional) {
        EXPECT_TRUE(object.contains(name))
            << where << "." << name << " is required by web/src/api.ts but not written";
      }
    }
  }

  std::map<std::string, TsFields> interfaces_;
  std::string docs_;
};

// A game with everything a game object can hold: a last move, a running clock, an AI's
// thinking, open offers, a seat held by an account, a claim time.
GameViewPtr full_game() {
  store::GameRow row;
  row.id = "wire";
  row.game = "traverse";
  row.seats.resize(2);
  row.seats[1].kind = store::SeatKind::kAi;
  row.seats[1].level = 3;
  row.time_control = "3+2";
  row.created_ms = row.updated_ms = 1;
  auto state = find_game("traverse")->new_state(*ParamMap::parse(""));
  const std::string first = (*state)->legal_moves().front();
  auto live = replay_game(row, {store::MoveRow{0, first, 0, 2, 1}});
  EXPECT_TRUE(live.ok()) << live.error();
  GameView v = *(*live)->view();
  v.seats[0].account = "alice";
  v.thinking = Thinking{1, 4, 12, 1000, 5000, {"a1-a2"}};
  v.draw_offer = 0;
  v.takeback_request = 1;
  v.claim_at_ms = 5;
  v.aborted = v.abortable = true;
  return std::make_shared<const GameView>(v);
}

TEST_F(WireTypes, TheGameObjectIsTheWebUisGame) {
  const GameViewPtr game = full_game();
  ASSERT_TRUE(game->last_move && game->seats[0].clock_ms);
  check_value(nlohmann::json::parse(game_text(*game)), "Game", "game");
}

TEST_F(WireTypes, SeatedIsTheWebUisSeated) {
  Seated seated{full_game(), {{0, "token"}}};
  check_value(nlohmann::json::parse(seated_text(seated)), "Seated", "seated");
}

TEST_F(WireTypes, TheCatalogIsTheWebUisCatalog) {
  check_value(nlohmann::json::parse(catalog_text(Hub::catalog())), "Catalog", "catalog");
}

// A seek and a lobby game as the lobby sends them (the seek's challenge and the game's seek set).
TEST_F(WireTypes, TheLobbysSeekAndGameAreTheWebUis) {
  store::SeekRow seek;
  seek.id = 7;
  seek.username = "alice";
  seek.game = "trap";
  seek.time_control = "5+3";
  seek.rated = true;
  seek.challenged = 3;
  seek.challenged_name = "bob";
  const std::string seek_json = written(256, [&](JsonWriter& w) { write_seek(w, seek); });
  check_value(nlohmann::json::parse(seek_json), "Seek", "seek");
  seek.challenged = 0;
  const std::string open_json = written(256, [&](JsonWriter& w) { write_seek(w, seek); });
  check_value(nlohmann::json::parse(open_json), "Seek", "seek");

  store::GameRow row;
  row.id = "lobby1";
  row.game = "trap";
  row.time_control = "5+3";
  row.rated = true;
  row.seek_id = 7;
  row.seats.resize(2);
  row.seats[0].kind = store::SeatKind::kHuman;
  row.seats[0].account = 1;
  row.seats[0].account_name = "alice";
  LobbyGame game = lobby_game_of(row, {"North", "South"});
  game.seats[0].rating = 1512;
  check_value(nlohmann::json::parse(lobby_game_text(game)), "LobbyGame", "lobby game");
}

// The check itself finds a drift: a key the UI does not declare (or the docs do not name), a
// field the UI requires that is not written, a drift inside a nested array of inline objects.
TEST_F(WireTypes, ADriftIsFound) {
  const TsFields fields = parse_fields("id: string;\n b?: number; seats: { kind: string }[]");
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_TRUE(fields.at("b").optional);
  EXPECT_EQ(fields.at("seats").type, "{ kind: string }[]");
  const auto parsed = parse_interfaces("export interface X {\n  x: string; // note\n}\n");
  ASSERT_EQ(parsed.count("X"), 1u);
  EXPECT_EQ(parsed.at("X").size(), 1u);

  const auto drift = nlohmann::json::parse(
      R"({"id": "g", "b": 1, "undeclared_key": 2, "seats": [{"kind": "ai", "level": 3}]})");
  const auto wrong_kinds = nlohmann::json::parse(R"({"id": 5, "b": null, "seats": []})");
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    check_object(drift, fields, "x");
    check_object(nlohmann::json::parse(R"({"b": 1})"), fields, "y");
    check_object(wrong_kinds, fields, "z");
  }
  std::vector<std::string> messages;
  for (int i = 0; i < failures.size(); ++i)
    messages.push_back(failures.GetTestPartResult(i).message());
  const auto found = [&](const std::string& part) {
    return std::any_of(messages.begin(), messages.end(),
                       [&](const std::string& m) { return m.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(found("x.undeclared_key is written by the server but not declared"));
  EXPECT_TRUE(found("x.undeclared_key is written by the server but not named in docs/api.md"));
  EXPECT_TRUE(found("x.seats[].level is written by the server but not declared"));
  EXPECT_TRUE(found("y.id is required by web/src/api.ts but not written"));
  EXPECT_TRUE(found("y.seats is required by web/src/api.ts but not written"));
  EXPECT_TRUE(found("z.id is written as 5 but web/src/api.ts types it string"));
  EXPECT_TRUE(found("z.b is written as null but web/src/api.ts types it number"));
}

}  // namespace
}  // namespace arbiter::server::test
