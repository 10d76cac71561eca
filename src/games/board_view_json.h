// Board views and move parts as JSON, with the field names of docs/api.md ("Board view").
#pragma once

#include <nlohmann/json.hpp>

#include "games/board_view.h"

namespace arbiter {

nlohmann::json to_json(const BoardView& view);
// {"text", "clicks", "path"}
nlohmann::json to_json(const MoveParts& parts);

}  // namespace arbiter
