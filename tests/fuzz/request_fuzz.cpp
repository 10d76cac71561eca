// Fuzzes the HTTP API as a function (server/http/api.h): any request gets a status and a JSON body
// (`{"error": ...}` for a failure); never a crash. A game WebSocket's messages have their own
// target (game_ws_fuzz.cpp). Input: line 1 `METHOD TARGET`, line 2 the Authorization header, the
// rest the body.
// `{id}` and `{token}` anywhere stand for a game made at start-up and its creator's token.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/http/api.h"
#include "store/store.h"

namespace {

using namespace arbiter;
using namespace arbiter::server;

// A fresh store, hub and game; remade every so often so memory stays bounded.
struct Fixture {
  Fixture() {
    auto opened = store::open_store(":memory:");
    if (!opened) std::abort();
    HubOptions options;
    options.ai_movetime = 0.001;
    options.ai_workers = 1;
    hub = std::make_unique<Hub>(std::shared_ptr<store::Store>(std::move(*opened)), options);
    api = std::make_unique<Api>(*hub, 0);
    Request create;
    create.method = "POST";
    create.target = "/api/games";
    create.body = R"({"game":"traverse","seats":["human","ai:1"]})";
    create.remote = "f";
    create.content_type = "application/json";
    Response r = api->handle(create);
    if (r.status != 201) std::abort();
    const auto j = nlohmann::json::parse(r.body);
    id = j["game"]["id"];
    token = j["tokens"]["0"];
  }
  std::unique_ptr<Hub> hub;
  std::unique_ptr<Api> api;
  std::string id, token;
  int runs = 0;
};

void substitute(std::string& s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
}

void check_json(const std::string& body, bool error) {
  const auto j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_discarded()) std::abort();
  if (error && !(j.is_object() && j.contains("error") && j["error"].is_string())) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::unique_ptr<Fixture> fixture;
  if (!fixture || ++fixture->runs > 500) {
    fixture.reset();
    fixture = std::make_unique<Fixture>();
  }
  Fixture& f = *fixture;
  std::string text(reinterpret_cast<const char*>(data), size);
  substitute(text, "{id}", f.id);
  substitute(text, "{token}", f.token);
  const auto line1 = text.find('\n');
  const std::string first = text.substr(0, line1);
  const std::string rest = line1 == std::string::npos ? "" : text.substr(line1 + 1);
  const auto line2 = rest.find('\n');
  Request request;
  const auto space = first.find(' ');
  request.method = first.substr(0, space);
  request.target = space == std::string::npos ? "/" : first.substr(space + 1);
  request.authorization = rest.substr(0, line2);
  request.body = line2 == std::string::npos ? "" : rest.substr(line2 + 1);
  request.remote = "fuzz";
  request.content_type = "application/json";

  const Response r = f.api->handle(request);
  if (r.status < 200 || r.status > 599) std::abort();
  if (r.content_type == "application/json") check_json(r.body, r.status >= 400);
  return 0;
}
