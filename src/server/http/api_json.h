// The API's JSON (docs/api.md), written in one place from the hub's plain data (game_view.h):
// the game object and its board, the answers of the other calls, the WebSocket messages and
// errors. Every body and message the server sends is made here, with the one JSON writer
// (json_writer.h, which says why it is not nlohmann); keys keep the order of docs/api.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/board_view.h"
#include "server/http/json_writer.h"
#include "server/play/game_view.h"
#include "server/play/legal_index.h"

namespace arbiter::server {

void write_board(JsonWriter& w, const BoardView& board);
// The game object; lists (GET /api/games) leave out `board`.
void write_game(JsonWriter& w, const GameView& game, bool with_board = true);

std::string board_text(const BoardView& board);
std::string game_text(const GameView& game);
std::string seated_text(const Seated& seated);                  // {"game": ..., "tokens": ...}
std::string games_text(const std::vector<GameViewPtr>& games);  // {"games": [...]}, no boards
std::string legal_text(const LegalClicks& legal);
// The legal endpoint's answer for a typed prefix: {"prefix", "count", "moves"}.
std::string legal_prefix_text(const LegalPrefix& legal);
// How many moves a prefix answer lists at most (`count` says how many match).
inline constexpr std::size_t kLegalPrefixListed = 50;
std::string board_answer_text(const BoardView& board);  // {"board": ...}, GET /api/board
std::string catalog_text(const Catalog& catalog);
struct HubHealth;  // hub.h
// GET /api/health: {"ok", "store": {writable, error, queued, capacity}, "ai", "work",
// "live_games", "legal", "abandoned"} (docs/api.md).
std::string health_text(const HubHealth& health);

// A WebSocket message: {"type": "state", "game": ...} or {"type": "thinking", "seat", ...}.
std::string event_text(const GameEvent& event);
std::string pong_text();  // {"type": "pong"}
// {"error": message}, the body of every failed call.
std::string error_text(std::string_view message);
// {"type": "error", "error": message}, a WebSocket message answered with an error.
std::string ws_error_text(std::string_view message);

}  // namespace arbiter::server
