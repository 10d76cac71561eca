// Self-play data (`arbiter selfplay`, docs/ai.md "The self-play file"): the positions the
// learned evaluations are trained on. Little-endian throughout.
//
//   chunk:    "ARBSELF1", u32 n, n bytes of JSON (game, params, players, feature_set,
//             num_features, player, limits, seed, shard), then game blocks up to the next chunk
//             or the end of the file. Files of one game, parameters and features concatenate
//             into one (the shards of a generation merge so).
//   block:    u32 bytes (what follows), u32 game index, u16 plies of the game, u16 positions,
//             f32 result[P] (each player's result: 1 a win, ½ a draw, 0 a loss), then positions
//   position: u16 ply, u8 player to move, u8 flags (bit 0: the search proved the result),
//             f32 search[P] (each player's expected result by the search), u16 n, position
//             text (n bytes), then for r = 0 … P−1 the features seen by player
//             (to move + r) mod P: u16 k, u16 index[k]
//
// A reader refuses what does not parse, naming the file, the byte offset and what is wrong; a
// file cut inside a block (a run stopped while writing) reads up to that block, and
// `arbiter selfplay` cuts it there before going on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter::nn {

inline constexpr std::string_view kSelfplayMagic = "ARBSELF1";

struct SelfplayHeader {
  std::string game;
  std::string params;
  int players = 2;
  std::string feature_set;
  int num_features = 0;
  std::string json;  // the whole header as written (player, limits, seed, shard besides)
};

struct SelfplayPosition {
  int ply = 0;
  int to_move = 0;
  bool proven = false;
  std::vector<float> search;  // [P]
  std::string text;
  std::vector<std::vector<uint16_t>> features;  // [P], mover first
};

struct SelfplayGame {
  uint32_t index = 0;
  int plies = 0;
  std::vector<float> result;  // [P]
  std::vector<SelfplayPosition> positions;
};

std::string encode_header(const SelfplayHeader& h);
std::string encode_game(const SelfplayGame& g, int players);

struct SelfplayFile {
  SelfplayHeader header;
  std::vector<SelfplayGame> games;
  // Bytes of whole chunks and blocks: less than the file's size when it was cut inside a block.
  std::size_t complete_bytes = 0;
};

// Reads a whole file's bytes; `name` is for errors. Chunks after the first must have its game,
// parameters and features.
Result<SelfplayFile> decode_selfplay(std::string_view bytes, std::string_view name);
Result<SelfplayFile> read_selfplay(const std::string& path);

}  // namespace arbiter::nn
