#include "server/http/api_json.h"

#include "server/play/hub.h"

namespace arbiter::server {
namespace {

// The text `body` writes; `reserve` is a guess of its size.

void write_last_move(JsonWriter& w, const std::optional<LastMove>& m) {
  if (!m) {
    w.null();
    return;
  }
  w.begin_object();
  w.key("text").value(m->text);
  w.key("path").value(m->path);
  w.key("cells").value(m->cells);
  w.end_object();
}

void write_thinking_fields(JsonWriter& w, const Thinking& t) {
  w.key("seat").value(t.seat);
  w.key("depth").value(t.depth);
  w.key("score").value(t.score);
  w.key("nodes").value(t.nodes);
  w.key("nps").value(t.nps);
  w.key("pv").value(t.pv);
}

// A schema entry: only the fields its type uses (docs/api.md).
void write_param(JsonWriter& w, const Catalog::Param& p) {
  w.begin_object();
  w.key("name").value(p.name);
  w.key("type").value(p.type);
  w.key("default").value(p.default_value);
  if (p.type == "int") {
    w.key("min").value(p.min);
    w.key("max").value(p.max);
  }
  if (p.type == "choice") w.key("choices").value(p.choices);
  if (p.type == "text") w.key("example").value(p.example);
  w.key("help").value(p.help);
  w.end_object();
}

void write_seating(JsonWriter& w, const Catalog::Seating& seating) {
  w.begin_object();
  w.key("players").value(seating.players);
  w.key("params").value(seating.params);
  w.key("seats").begin_array();
  for (const auto& seat : seating.seats) {
    w.begin_object().key("name").value(seat.name).key("colour").value(seat.colour).end_object();
  }
  w.end_array();
  w.end_object();
}

void write_counters(JsonWriter& w, const std::vector<ViewCounter>& counters) {
  w.begin_array();
  for (const ViewCounter& c : counters) {
    w.begin_object().key("label").value(c.label).key("value").value(c.value);
    w.key("text").value(c.text).end_object();
  }
  w.end_array();
}

// A click's change (MoveParts::changes): null when it changes nothing drawn.
void write_change(JsonWriter& w, const ClickChange& change) {
  if (change.from.empty() && change.to.empty()) {
    w.null();
    return;
  }
  w.begin_object().key("from").value(change.from).key("to").value(change.to).end_object();
}

void write_legend(JsonWriter& w, const Legend& legend) {
  w.begin_object();
  w.key("glyphs").begin_array();
  for (const GlyphSpec& g : legend.glyphs) {
    w.begin_object();
    w.key("key").value(g.key);
    w.key("tag").value(g.tag);
    w.key("letters").value(g.letters);
    w.key("description").value(g.description);
    w.end_object();
  }
  w.end_array();
  w.key("zones").begin_array();
  for (const ZoneSpec& z : legend.zones) {
    w.begin_object();
    w.key("kind").value(z.kind);
    w.key("mark").value(std::string(1, z.mark));
    w.key("description").value(z.description);
    w.end_object();
  }
  w.end_array();
  w.key("line").value(legend.line);
  w.end_object();
}

}  // namespace

void write_board(JsonWriter& w, const BoardView& view) {
  w.begin_object();
  w.key("shape").value(view.shape);
  w.key("width").value(view.width);
  w.key("height").value(view.height);
  w.key("cells").begin_array();
  for (const ViewCell& c : view.cells) {
    w.begin_object();
    w.key("name").value(c.name);
    w.key("col").value(c.col);
    w.key("row").value(c.row);
    w.key("glyph").value(c.glyph);
    w.key("owner").value(c.owner);
    w.key("tags").value(c.tags);
    w.end_object();
  }
  w.end_array();
  w.key("zones").begin_array();
  for (const ViewZone& z : view.zones) {
    w.begin_object();
    w.key("kind").value(z.kind);
    w.key("owner").value(z.owner);
    w.key("cells").value(z.cells);
    w.end_object();
  }
  w.end_array();
  w.key("walls").value(view.walls);
  w.key("counters");
  write_counters(w, view.counters);
  w.key("players").begin_array();
  for (const ViewPlayer& p : view.players) {
    w.begin_object();
    w.key("name").value(p.name);
    w.key("colour").value(p.colour);
    w.key("forward").value(p.forward);
    w.key("pieces").value(p.pieces);
    w.key("counters");
    write_counters(w, p.counters);
    w.key("to_move").value(p.to_move);
    w.key("summary").value(p.summary);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void write_game(JsonWriter& w, const GameView& g, bool with_board) {
  w.begin_object();
  w.key("id").value(g.id);
  w.key("game").value(g.game);
  w.key("params").value(g.params);
  w.key("position").value(g.position);
  w.key("start_position").value(g.start_position);
  w.key("moves").value(g.moves);
  w.key("last_move");
  write_last_move(w, g.last_move);
  w.key("ply").value(g.ply);
  w.key("to_move").value(g.to_move);
  w.key("status").value(to_text(g.status));
  w.key("result").value(g.result);
  w.key("aborted").value(g.aborted);
  w.key("abortable").value(g.abortable);
  w.key("returns").begin_array();
  for (double r : g.returns) w.value(r);
  w.end_array();
  w.key("seats").begin_array();
  for (const SeatView& seat : g.seats) {
    w.begin_object();
    w.key("player").value(seat.player);
    w.key("kind").value(to_text(seat.kind));
    w.key("level").value(seat.level);
    w.key("time_used_ms").value(seat.time_used_ms);
    w.key("rematch").value(seat.rematch);
    if (!seat.account.empty()) w.key("account").value(seat.account);
    w.key("clock_ms");
    w.value(seat.clock_ms);
    w.key("flag_at_ms");
    w.value(seat.flag_at_ms);
    w.end_object();
  }
  w.end_array();
  if (with_board) {
    w.key("board");
    write_board(w, g.board);
  }
  w.key("legal_count").value(static_cast<uint64_t>(g.legal_count));
  w.key("thinking");
  if (g.thinking) {
    w.begin_object();
    write_thinking_fields(w, *g.thinking);
    w.end_object();
  } else {
    w.null();
  }
  w.key("rematch_of").value(g.rematch_of);
  w.key("rematch_id").value(g.rematch_id);
  w.key("created_ms").value(g.created_ms);
  w.key("updated_ms").value(g.updated_ms);
  w.key("time_control").value(g.time_control);
  w.key("rated").value(g.rated);
  w.key("now_ms").value(g.now_ms);
  w.key("offers").begin_object();
  w.key("draw");
  w.value(g.draw_offer);
  w.key("takeback");
  w.value(g.takeback_request);
  w.end_object();
  w.key("claim_at_ms");
  w.value(g.claim_at_ms);
  w.end_object();
}

std::string board_text(const BoardView& board) {
  return written(4096, [&](JsonWriter& w) { write_board(w, board); });
}

std::string board_answer_text(const BoardView& board) {
  return written(4096, [&](JsonWriter& w) {
    w.begin_object();
    w.key("board");
    write_board(w, board);
    w.end_object();
  });
}

std::string game_text(const GameView& game) {
  return written(8192, [&](JsonWriter& w) { write_game(w, game); });
}

std::string seated_text(const Seated& seated) {
  return written(8192, [&](JsonWriter& w) {
    w.begin_object();
    w.key("game");
    write_game(w, *seated.game);
    w.key("tokens").begin_object();
    for (const auto& [seat, token] : seated.tokens) w.key(std::to_string(seat)).value(token);
    w.end_object();
    w.end_object();
  });
}

std::string games_text(const std::vector<GameViewPtr>& games) {
  return written(1024 * (games.size() + 1), [&](JsonWriter& w) {
    w.begin_object();
    w.key("games").begin_array();
    for (const GameViewPtr& g : games) write_game(w, *g, false);
    w.end_array();
    w.end_object();
  });
}

std::string legal_text(const LegalClicks& legal) {
  return written(1024, [&](JsonWriter& w) {
    w.begin_object();
    w.key("count").value(legal.count);
    w.key("next").begin_array();
    for (const auto& n : legal.next) {
      w.begin_object().key("click").value(n.click).key("path").value(n.path);
      w.key("change");
      write_change(w, n.change);
      w.end_object();
    }
    w.end_array();
    w.key("complete").begin_array();
    for (const auto& c : legal.complete) {
      w.begin_object().key("text").value(c.text).key("path").value(c.path).end_object();
    }
    w.end_array();
    w.end_object();
  });
}

std::string legal_prefix_text(const LegalPrefix& legal) {
  return written(256 + 32 * legal.moves.size(), [&](JsonWriter& w) {
    w.begin_object();
    w.key("prefix").value(legal.prefix);
    w.key("count").value(static_cast<uint64_t>(legal.count));
    w.key("moves").value(legal.moves);
    w.end_object();
  });
}

std::string catalog_text(const Catalog& catalog) {
  return written(4096, [&](JsonWriter& w) {
    w.begin_object();
    w.key("games").begin_array();
    for (const auto& g : catalog.games) {
      w.begin_object();
      w.key("name").value(g.name);
      w.key("title").value(g.title);
      w.key("summary").value(g.summary);
      w.key("draws").value(g.draws);
      w.key("params_help").value(g.params_help);
      w.key("defaults").value(g.defaults);
      w.key("params").begin_array();
      for (const auto& p : g.params) write_param(w, p);
      w.end_array();
      w.key("players_param").value(g.players_param);
      w.key("seatings").begin_array();
      for (const auto& seating : g.seatings) write_seating(w, seating);
      w.end_array();
      w.key("legend");
      write_legend(w, g.legend);
      w.key("hints").begin_object();
      w.key("empty_cell").value(g.hints.empty_cell);
      w.key("bad_target").value(g.hints.bad_target);
      w.end_object();
      w.end_object();
    }
    w.end_array();
    w.key("levels").begin_array();
    for (const auto& l : catalog.levels) {
      w.begin_object().key("level").value(l.level).key("name").value(l.name).end_object();
    }
    w.end_array();
    w.end_object();
  });
}

std::string health_text(const HubHealth& h) {
  auto size = [](std::size_t n) { return static_cast<uint64_t>(n); };
  return written(512, [&](JsonWriter& w) {
    w.begin_object().key("ok").value(h.store.writable && !h.draining);
    if (h.draining) w.key("draining").value(true);
    w.key("store").begin_object();
    w.key("writable").value(h.store.writable).key("error").value(h.store.error);
    w.key("queued").value(size(h.store.queued)).key("capacity").value(size(h.store.capacity));
    w.end_object();
    w.key("ai").begin_object();
    w.key("queued").value(size(h.ai.queued)).key("running").value(size(h.ai.running));
    w.key("capacity").value(size(h.ai.capacity)).end_object();
    w.key("work").begin_object();
    w.key("queued").value(size(h.work_queued)).key("capacity").value(size(h.work_capacity));
    w.end_object();
    w.key("live_games").value(size(h.live_games));
    w.key("legal").begin_object();
    w.key("indexes").value(size(h.legal.indexes)).key("bytes").value(size(h.legal.bytes));
    w.key("budget").value(size(h.legal.budget)).end_object();
    w.key("abandoned").value(h.abandoned);
    w.end_object();
  });
}

std::string event_text(const GameEvent& event) {
  if (const auto* state = std::get_if<GameViewPtr>(&event)) {
    return written(8192, [&](JsonWriter& w) {
      w.begin_object();
      w.key("type").value("state");
      w.key("game");
      write_game(w, **state);
      w.end_object();
    });
  }
  return written(256, [&](JsonWriter& w) {
    w.begin_object();
    w.key("type").value("thinking");
    write_thinking_fields(w, std::get<Thinking>(event));
    w.end_object();
  });
}

std::string pong_text() {
  return written(16,
                 [](JsonWriter& w) { w.begin_object().key("type").value("pong").end_object(); });
}

std::string error_text(std::string_view message) {
  return written(message.size() + 16,
                 [&](JsonWriter& w) { w.begin_object().key("error").value(message).end_object(); });
}

std::string ws_error_text(std::string_view message) {
  return written(message.size() + 32, [&](JsonWriter& w) {
    w.begin_object().key("type").value("error").key("error").value(message).end_object();
  });
}

}  // namespace arbiter::server
