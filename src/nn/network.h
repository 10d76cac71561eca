// A learned evaluation: an NNUE-style network (docs/ai.md, "Learned evaluations").
//
//   features (sparse, one set per perspective) → accumulator (int16, H per perspective)
//   → clipped ReLU [0, 127] of every perspective's accumulator, the player to move's first
//   → dense D (int8 weights, int32 sums) → clipped ReLU of sum >> 6
//   → dense P (one logit per player, in seat order from the player to move)
//
// Quantisation (the trainer, python/arbiter/nets/, exports these scales): first-layer weights
// and biases are the float values × 127; dense weights × 64; dense biases × 127 × 64. So an
// output integer o is the float logit o / (127 × 64). Every step is integer arithmetic, so the
// scalar path and the AVX2 path give the same bits.
//
// A Network is immutable once loaded (net_file.h) and shared between search threads; the
// per-search accumulators are accumulator.h's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::nn {

inline constexpr int kActivationMax = 127;  // the clipped ReLU's top, the first layer's scale
inline constexpr int kDenseShift = 6;       // dense weights are × 64
inline constexpr double kOutputScale = 127.0 * 64.0;

// What a net is for and how it was made: the JSON header of its file.
struct NetInfo {
  std::string game;         // registry name: "trap"
  std::string params;       // the game parameters it was trained on, key=value text
  int players = 2;          // the player count it evaluates
  std::string feature_set;  // the features' name and version: "trap-v1"
  std::string data_hash;    // of the training data
  std::string training;     // the trainer's settings, as it wrote them (JSON text)
};

struct Network {
  NetInfo info;
  int num_features = 0;     // F
  int hidden = 0;           // H, per perspective (a multiple of 32)
  int dense = 0;            // D (a multiple of 8)
  int outputs = 0;          // P = info.players
  std::vector<int16_t> w0;  // [F][H]
  std::vector<int16_t> b0;  // [H]
  std::vector<int8_t> w1;   // [D][P·H]
  std::vector<int32_t> b1;  // [D]
  std::vector<int8_t> w2;   // [P][D]
  std::vector<int32_t> b2;  // [P]

  int concat() const { return outputs * hidden; }
};

// The dense layers on clipped first-layer activations `x` (P·H bytes, the player to move's
// perspective first): `out` gets P integers (divide by kOutputScale for logits). Uses AVX2 where
// the processor has it (core/cpu.h), else forward_scalar; both give the same result.
void forward(const Network& net, const uint8_t* x, int32_t* out);
void forward_scalar(const Network& net, const uint8_t* x, int32_t* out);

// acc (H int16) += / -= the first-layer row of feature f; wrapping int16 arithmetic in both
// paths. The _scalar forms are the reference the SIMD ones are tested against.
void add_feature(const Network& net, int f, int16_t* acc);
void sub_feature(const Network& net, int f, int16_t* acc);
void add_feature_scalar(const Network& net, int f, int16_t* acc);
void sub_feature_scalar(const Network& net, int f, int16_t* acc);

// Clipped activations of one perspective's accumulator into x (H bytes); the same in both paths.
void clip_activations(const int16_t* acc, int hidden, uint8_t* x);
void clip_activations_scalar(const int16_t* acc, int hidden, uint8_t* x);

}  // namespace arbiter::nn
