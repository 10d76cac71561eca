// What the hub answers with: plain data, made under a game's lock and never changed after, with
// no JSON in it. The API (api_json.h) writes these as the objects of docs/api.md; the hub and
// the rules core never see that text.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.h"
#include "games/board_view.h"
#include "games/descriptor_types.h"
#include "store/account_id.h"
#include "store/game_enums.h"

namespace arbiter::server {

// The last move as the UI draws it (docs/api.md `last_move`).
struct LastMove {
  std::string text;
  std::vector<std::string> path;   // the route, for drawing
  std::vector<std::string> cells;  // every cell or slot the move names: clicks and route
};

// The latest progress of an AI seat's search (docs/api.md, WebSocket `thinking`).
struct Thinking {
  int seat = 0;
  int depth = 0;
  int score = 0;
  uint64_t nodes = 0;
  int64_t nps = 0;
  std::vector<std::string> pv;
};

struct SeatView {
  std::string player;  // the player's name in the game ("south")
  store::SeatKind kind = store::SeatKind::kHuman;
  int level = 0;
  int64_t time_used_ms = 0;
  bool rematch = false;
  // Under a limited time control: the time the seat has left at the view's now_ms (nullopt when
  // unlimited), and for the seat to move while its clock runs, when it flags.
  std::optional<int64_t> clock_ms;
  std::optional<int64_t> flag_at_ms;
  std::string account;  // the name of the account holding the seat; "" for none
};

// The game object of docs/api.md.
struct GameView {
  std::string id;
  std::string game;
  std::string params;
  std::string position;
  std::string start_position;
  std::vector<std::string> moves;
  std::optional<LastMove> last_move;
  int ply = 0;
  int to_move = -1;
  store::GameStatus status = store::GameStatus::kPlaying;
  std::string result;
  // Ended before every seat had moved (game_start.h): no result, every return 0, never rated.
  bool aborted = false;
  // A seat holder may abort it now (game_start.h abortable: between people, a seat unmoved).
  bool abortable = false;
  std::vector<double> returns;
  std::vector<SeatView> seats;
  BoardView board;
  std::size_t legal_count = 0;
  std::optional<Thinking> thinking;
  std::string rematch_of;
  std::string rematch_id;
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
  std::string time_control = "none";  // clocks/time_control.h
  bool rated = false;
  int64_t now_ms = 0;  // the server's time the clocks are given at
  // Open offers: the seat that offered a draw, asked for a takeback.
  std::optional<int> draw_offer;
  std::optional<int> takeback_request;
  // When the others may claim the game from the seat to move, away (docs/online.md).
  std::optional<int64_t> claim_at_ms;
};
using GameViewPtr = std::shared_ptr<const GameView>;

// A game with the seat tokens a call hands out (create, join): {"game": ..., "tokens": ...}.
struct Seated {
  GameViewPtr game;
  std::map<int, std::string> tokens;  // seat -> plain token
};

// A seat as a game's creator asks for it and as records name it: "human", "open" or
// "ai:LEVEL" (docs/api.md, docs/records.md).
struct SeatSpec {
  store::SeatKind kind = store::SeatKind::kHuman;
  int level = 0;
};
inline constexpr std::string_view kSeatSpecForms = "expected \"human\", \"open\" or \"ai:LEVEL\"";
Result<SeatSpec> parse_seat_spec(std::string_view text);
std::string seat_spec_text(store::SeatKind kind, int level);

// POST /api/games, its fields as text (docs/api.md).
struct NewGame {
  std::string game;
  std::string params;
  std::string position;
  std::optional<std::vector<std::string>> seats;  // nullopt: every seat human
  bool listed = false;  // "public": listed in GET /api/games; else found only by its id (a link)
  std::string time_control;  // "none", "3+2", "corr:3" (clocks/time_control.h); "" is none
  // The account creating it (accounts/caller.h): it holds the human seats. 0 for a guest.
  store::AccountId account = 0;
  std::string account_name;
  bool rated = false;   // ratings change when it ends (ratings/rating_updater.h)
  int64_t seek_id = 0;  // the lobby's seek it is made from (lobby.h), 0 for none
};

// The legal endpoint's answer for some clicks (docs/api.md).
struct LegalClicks {
  struct Next {
    std::string click;
    std::vector<std::string> path;
    ClickChange change;  // what the click does to the board drawn (MoveParts::changes)
  };
  struct Complete {
    std::string text;
    std::vector<std::string> path;
  };
  int count = 0;
  std::vector<Next> next;
  std::vector<Complete> complete;
};

// GET /api/catalog: each game's descriptor (games/descriptor_types.h) as plain data, and the AI
// levels.
struct Catalog {
  // One `key=value` parameter of the game's schema.
  struct Param {
    std::string name;
    std::string type;                  // "int", "choice", "bool" or "text"
    std::string default_value;         // as written; "" when it follows from other parameters
    int64_t min = 0;                   // int
    int64_t max = 0;                   // int
    std::vector<std::string> choices;  // choice
    std::string example;               // text: what a value looks like
    std::string help;
  };
  struct Seat {
    std::string name;    // the player's name in the game
    std::string colour;  // the colour the rules give it
  };
  // The seats, in turn order, of `players` players, as the parameters `params` give them.
  struct Seating {
    int players = 2;
    std::string params;
    std::vector<Seat> seats;
  };
  struct GameEntry {
    std::string name;
    std::string title;
    std::string summary;
    bool draws = false;  // the game can end in a draw
    std::vector<std::string> params_help;
    std::string defaults;
    std::vector<Param> params;
    // The parameter whose value picks the seating: every seating's `params` sets it alone, to a
    // different value. "" when there is one seating.
    std::string players_param;
    std::vector<Seating> seatings;  // fewest players first
    Legend legend;                  // its board views' glyphs and zones (static tables)
    ClickHints hints;
  };
  struct Level {
    int level = 0;
    std::string name;
  };
  std::vector<GameEntry> games;
  std::vector<Level> levels;
};

// What a game's watchers are sent: its state after a change, or an AI search's progress.
using GameEvent = std::variant<GameViewPtr, Thinking>;

}  // namespace arbiter::server
