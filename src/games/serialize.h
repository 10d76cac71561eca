// The envelope of GameState::serialize() text, shared by every game (docs/research.md):
//
//   arbiter-state 1;<game>;<params text>;<position text>;<record>;<decisions>
//
// six fields separated by ';' (no position or parameter text holds one): the game's name, its
// canonical parameter text, its position text, the game's record of what the position text
// does not say (its Snapshot: earlier positions for repetition, how the game ended), and the
// decisions taken of the move in progress as comma-separated action ids ("" for none).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter {

inline constexpr std::string_view kSerializedMagic = "arbiter-state 1";

struct SerializedFields {
  std::string_view game, params, position, record, decisions;
};

std::string format_serialized(std::string_view game, std::string_view params,
                              std::string_view position, std::string_view record,
                              std::span<const int> decisions);
// Splits the envelope; errors name the field ("serialized state: expected 6 fields ...").
Result<SerializedFields> split_serialized(std::string_view text);
// "3,17,40" -> ids in [0, num_actions); "" -> none.
Result<std::vector<int>> parse_decisions(std::string_view text, int num_actions);

// Fixed-width lower-case hex of 64-bit keys, for the games' records.
void append_hex64(std::string& out, uint64_t value);
// Exactly 16 hex digits (either case); false otherwise.
bool parse_hex64(std::string_view text, uint64_t& value);

}  // namespace arbiter
