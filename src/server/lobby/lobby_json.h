// The lobby's JSON (docs/api.md "Lobby WebSocket" and "Accounts, players and the lobby"): seeks,
// lobby games and the messages of the lobby WebSocket, written with the server's JSON writer.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/http/json_writer.h"
#include "server/lobby/lobby.h"
#include "store/account_rows.h"

namespace arbiter::server {

// A seek: {"id", "username", "game", "params", "time_control", "rated", "min_rating",
// "max_rating", "created_ms", "challenge"}.
void write_seek(JsonWriter& w, const store::SeekRow& seek);
// A lobby game: {"id", "game", "params", "time_control", "rated", "created_ms", "seek",
// "waiting", "seats": [{"player", "kind", "level", "account", "rating", "provisional"}]}.
std::string lobby_game_text(const LobbyGame& game);

// {"type": "lobby", "seeks": [...], "games": [...]}: the lobby as it stands. `games` are lobby
// game texts.
std::string lobby_snapshot_text(const std::vector<const store::SeekRow*>& seeks,
                                const std::vector<const std::string*>& games);
std::string seek_added_text(const store::SeekRow& seek);  // {"type": "seek_added", "seek"}
std::string seek_removed_text(int64_t id);                // {"type": "seek_removed", "id"}
// {"type": "game_added" or "game_changed", "game": lobby game}.
std::string lobby_game_event_text(std::string_view type, const std::string& game);
// {"type": "game_removed", "id", "result"}: the game ended (result) or left the list ("").
std::string game_removed_text(const std::string& id, const std::string& result);
// {"type": "seek_taken", "seek", "game", "seat"}: to the seek's author.
std::string seek_taken_text(int64_t seek, const std::string& game, int seat);

}  // namespace arbiter::server
