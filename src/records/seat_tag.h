// Seat tags: the value of a record's `Seat.<player>` tag (docs/records.md), in one form whoever
// writes the record (`arbiter play`, `arbiter match`, the server):
//
//   human      a person
//   open       a seat nobody has taken (server games)
//   ai:LEVEL   an AI playing a level (1–10) and nothing more: `ai:3`
//   ai:SPEC    an AI given any other player spec (docs/ai.md): `ai:random`,
//              `ai:level=10,nodes=200000`
//
// Older records wrote a plain level as `ai:level=3` (play) and a seat of `match` as the bare
// player spec (`level=2`, `random`); the reader still takes those and turns them into this form.
#pragma once

#include <string>
#include <string_view>

namespace arbiter {

// The tag of an AI seat that plays the player spec `spec` (`level=3` or `3` -> `ai:3`,
// `random` -> `ai:random`, `level=10,nodes=200000` -> `ai:level=10,nodes=200000`).
std::string ai_seat_tag(std::string_view spec);

// The current form of a seat tag written in any form above. A value that is none of them (a
// hand-written note) comes back unchanged. canonical_seat_tag(canonical_seat_tag(v)) equals
// canonical_seat_tag(v).
std::string canonical_seat_tag(std::string_view value);

// True for the name of a seat tag, `Seat.<player>`.
bool is_seat_tag(std::string_view name);

}  // namespace arbiter
