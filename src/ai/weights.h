// The tunable weights of a hand evaluation (each game's GameAi: Weights, kWeights,
// kWeightFields, evaluate_with): one named field a row, so that a tuner (engine/texel.h) can
// step each and a weights file (`weights=FILE` in a player spec) can set them by name.
//
// A weights file is text, one `name value` a line (a whole number); `#` starts a comment, blank
// lines are skipped. Fields it does not name keep the game's weights; an unknown name, a
// repeated one or a value that is not a whole number is an error naming the file and the line.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter::ai {

template <class W>
struct WeightField {
  std::string_view name;
  int& (*at)(W&);
};

template <class W, std::size_t N>
std::vector<int> weight_values(W w, const std::array<WeightField<W>, N>& fields) {
  std::vector<int> out;
  for (const auto& f : fields) out.push_back(f.at(w));
  return out;
}

// `values` (in `fields` order) put into a copy of `base`.
template <class W, std::size_t N>
W with_weight_values(W base, const std::array<WeightField<W>, N>& fields,
                     std::span<const int> values) {
  for (std::size_t i = 0; i < N && i < values.size(); ++i) fields[i].at(base) = values[i];
  return base;
}

// The weights file's text of `w`: every field, in order.
template <class W, std::size_t N>
std::string weights_text(W w, const std::array<WeightField<W>, N>& fields) {
  std::string out;
  for (const auto& f : fields) out += std::string(f.name) + " " + std::to_string(f.at(w)) + "\n";
  return out;
}

struct NamedWeight {
  std::string name;
  int value = 0;
  int line = 0;
};

// The lines of a weights file's text; `name` names it in errors.
Result<std::vector<NamedWeight>> parse_weights(std::string_view text, std::string_view name);
// The same from a file.
Result<std::vector<NamedWeight>> read_weights(const std::string& path);

// `base` with the weights `named` sets; an unknown name is an error naming `file` and its line.
template <class W, std::size_t N>
Result<W> weights_from(W base, const std::array<WeightField<W>, N>& fields,
                       const std::vector<NamedWeight>& named, std::string_view file) {
  for (const NamedWeight& n : named) {
    bool known = false;
    for (const auto& f : fields) {
      if (f.name != n.name) continue;
      f.at(base) = n.value;
      known = true;
      break;
    }
    if (!known) {
      std::string names;
      for (const auto& f : fields) names += (names.empty() ? "" : ", ") + std::string(f.name);
      return make_error(std::string(file) + ":" + std::to_string(n.line) + ": unknown weight '" +
                        n.name + "' (known: " + names + ")");
    }
  }
  return base;
}

}  // namespace arbiter::ai
