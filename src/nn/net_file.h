// The network file, `data/nets/<game>-<players>p.net` (docs/ai.md, "The net file"):
//
//   "ARBNNUE1"                      8 bytes, the magic and format version
//   u32 header_bytes, then that many bytes of JSON: game, params, players, feature_set,
//       num_features, hidden, dense, data_hash, training (the trainer's settings)
//   i16 w0[F][H], i16 b0[H], i8 w1[D][P·H], i32 b1[D], i8 w2[P][D], i32 b2[P]   (little-endian)
//   u64 FNV-1a of every byte before it
//
// Loading validates every part: a truncated or padded file, a wrong checksum, dimensions the
// inference cannot run (H a multiple of 32, D a multiple of 8 and at most 256, P 2–4) or a
// header that is not the JSON above is a one-line error naming the file and what is wrong.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "nn/network.h"

namespace arbiter::nn {

Result<std::shared_ptr<const Network>> parse_network(std::string_view bytes, std::string_view name);
Result<std::shared_ptr<const Network>> load_network(const std::string& path);
std::string serialize_network(const Network& net);
Status save_network(const Network& net, const std::string& path);

// The net at `path`, loaded once per process and shared (the searches of every thread and every
// engine use one copy); a failed load is not remembered.
Result<std::shared_ptr<const Network>> shared_network(const std::string& path);

// Whether `net` evaluates positions of `game` with `players` players under `params` (key=value
// text of the game's canonical parameters); the error says which does not match.
Status check_network(const Network& net, std::string_view game, int players,
                     std::string_view params, std::string_view feature_set, int num_features);

// The parameters a net is bound to: a game's canonical key=value text without the keys that do
// not change what a position means (max_plies).
std::string net_params(std::string_view params_text);

uint64_t fnv1a(std::string_view bytes);

}  // namespace arbiter::nn
