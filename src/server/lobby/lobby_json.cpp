#include "server/lobby/lobby_json.h"

#include "store/game_enums.h"

namespace arbiter::server {

void write_seek(JsonWriter& w, const store::SeekRow& s) {
  w.begin_object();
  w.key("id").value(s.id);
  w.key("username").value(s.username);
  w.key("game").value(s.game);
  w.key("params").value(s.params);
  w.key("time_control").value(s.time_control);
  w.key("rated").value(s.rated);
  w.key("min_rating").value(s.min_rating);
  w.key("max_rating").value(s.max_rating);
  w.key("created_ms").value(s.created_ms);
  w.key("challenge").value_if(s.challenged != 0, s.challenged_name);
  w.end_object();
}

std::string lobby_game_text(const LobbyGame& g) {
  return written(256 + 96 * g.seats.size(), [&](JsonWriter& w) {
    w.begin_object();
    w.key("id").value(g.id);
    w.key("game").value(g.game);
    w.key("params").value(g.params);
    w.key("time_control").value(g.time_control);
    w.key("rated").value(g.rated);
    w.key("created_ms").value(g.created_ms);
    w.key("seek").value_if(g.seek_id != 0, g.seek_id);
    w.key("waiting").value(g.waiting());
    w.key("seats").begin_array();
    for (const LobbyGame::Seat& s : g.seats) {
      w.begin_object();
      w.key("player").value(s.player);
      w.key("kind").value(store::to_text(s.kind));
      w.key("level").value(s.level);
      w.key("account").value(s.account);
      w.key("rating").value(s.rating);
      w.key("provisional").value(s.provisional);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  });
}

std::string lobby_snapshot_text(const std::vector<const store::SeekRow*>& seeks,
                                const std::vector<const std::string*>& games) {
  std::size_t size = 64 + 256 * seeks.size();
  for (const std::string* g : games) size += g->size() + 1;
  return written(size, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("lobby");
    w.key("seeks").begin_array();
    for (const store::SeekRow* s : seeks) write_seek(w, *s);
    w.end_array();
    w.key("games").begin_array();
    for (const std::string* g : games) w.raw(*g);
    w.end_array();
    w.end_object();
  });
}

std::string seek_added_text(const store::SeekRow& seek) {
  return written(256, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("seek_added");
    w.key("seek");
    write_seek(w, seek);
    w.end_object();
  });
}

std::string seek_removed_text(int64_t id) {
  return written(48, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("seek_removed");
    w.key("id").value(id);
    w.end_object();
  });
}

std::string lobby_game_event_text(std::string_view type, const std::string& game) {
  return written(game.size() + 40, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value(type);
    w.key("game").raw(game);
    w.end_object();
  });
}

std::string game_removed_text(const std::string& id, const std::string& result) {
  return written(64 + result.size(), [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("game_removed");
    w.key("id").value(id);
    w.key("result").value(result);
    w.end_object();
  });
}

std::string seek_taken_text(int64_t seek, const std::string& game, int seat) {
  return written(96, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("seek_taken");
    w.key("seek").value(seek);
    w.key("game").value(game);
    w.key("seat").value(seat);
    w.end_object();
  });
}

}  // namespace arbiter::server
