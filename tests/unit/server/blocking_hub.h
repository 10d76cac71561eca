// The hub's changes, waiting for their answers: each action of Hub (hub.h) has one entry, which
// answers through a Reply; a test that wants the answer in hand calls it through this wrapper,
// which waits (server/play/wait_for.h). The client (fair AI scheduling) is "" as for a tool.
#pragma once

#include <optional>
#include <string_view>

#include "server/play/hub.h"
#include "server/play/wait_for.h"

namespace arbiter::server::test {

class BlockingHub {
 public:
  explicit BlockingHub(Hub& hub) : hub_(hub) {}

  Outcome<Seated> create(const NewGame& request) {
    return wait_for<Seated>([&](Reply<Seated> r) { hub_.create(request, "", std::move(r)); });
  }
  Outcome<GameViewPtr> move(std::string_view id, std::string_view token, std::string_view move,
                            std::optional<int> ply) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.move(id, token, move, ply, "", std::move(r)); });
  }
  Outcome<Seated> join(std::string_view id, int seat, std::string_view token) {
    return wait_for<Seated>([&](Reply<Seated> r) { hub_.join(id, seat, token, std::move(r)); });
  }
  Outcome<GameViewPtr> resign(std::string_view id, std::string_view token,
                              std::optional<int> seat) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.resign(id, token, seat, std::move(r)); });
  }
  Outcome<GameViewPtr> abort(std::string_view id, std::string_view token) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.abort(id, token, std::move(r)); });
  }
  Outcome<GameViewPtr> undo(std::string_view id, std::string_view token) {
    return wait_for<GameViewPtr>([&](Reply<GameViewPtr> r) { hub_.undo(id, token, std::move(r)); });
  }
  Outcome<GameViewPtr> rematch(std::string_view id, std::string_view token) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.rematch(id, token, std::move(r)); });
  }
  Outcome<GameViewPtr> draw(std::string_view id, std::string_view token, DrawAction action) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.draw(id, token, action, std::move(r)); });
  }
  Outcome<GameViewPtr> takeback(std::string_view id, std::string_view token,
                                TakebackAction action) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.takeback(id, token, action, std::move(r)); });
  }
  Outcome<GameViewPtr> claim(std::string_view id, std::string_view token, bool draw) {
    return wait_for<GameViewPtr>(
        [&](Reply<GameViewPtr> r) { hub_.claim(id, token, draw, std::move(r)); });
  }

 private:
  Hub& hub_;
};

}  // namespace arbiter::server::test
