// A replayed game record as JSON, for UIs and scripts: tags, the start position, and for each
// move its number, player, canonical text and the position text after it; the record's comments
// as `comment` (on the game, and on a move), present only where the record has one; the result
// and returns of Replay (a resignation's when the record has one).
#pragma once

#include <string>

#include "records/record.h"

namespace arbiter {

// `replay` must come from replay_record(record).
std::string record_to_json(const Record& record, const Replay& replay);

}  // namespace arbiter
