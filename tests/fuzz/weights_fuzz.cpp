// Fuzzes weights files (ai/weights.h): any text reads to named weights or a one-line error
// naming the file and a line; weights read and set on a game's evaluation write back to a text
// that reads to the same weights.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ai/weights.h"
#include "games/trap/ai.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::ai;
  if (size > 4096) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto named = parse_weights(text, "f");
  if (!named) {
    const std::string& e = named.error();
    if (e.rfind("f:", 0) != 0 || e.find('\n') != std::string::npos) std::abort();
    return 0;
  }
  using Ai = GameAi<arbiter::trap::State>;
  auto w = weights_from(Ai::kWeights, Ai::kWeightFields, *named, "f");
  if (!w) {
    if (w.error().rfind("f:", 0) != 0 || w.error().find('\n') != std::string::npos) std::abort();
    return 0;
  }
  auto again = parse_weights(weights_text(*w, Ai::kWeightFields), "g");
  if (!again) std::abort();
  auto back = weights_from(Ai::Weights{}, Ai::kWeightFields, *again, "g");
  if (!back || weight_values(*back, Ai::kWeightFields) != weight_values(*w, Ai::kWeightFields)) {
    std::abort();
  }
  return 0;
}
