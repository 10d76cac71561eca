// Fuzzes the net file reader (nn/net_file.h): any bytes load or give an error, and a net that
// loads evaluates without reading out of bounds and writes back to the same bytes.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nn/net_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto net = nn::parse_network(bytes, "fuzz.net");
  if (!net) return 0;
  const nn::Network& n = **net;
  std::array<int16_t, 256> acc{};
  std::copy(n.b0.begin(), n.b0.end(), acc.begin());
  for (int f = 0; f < n.num_features && f < 8; ++f) nn::add_feature(n, f, acc.data());
  std::array<uint8_t, 1024> x{};
  for (int r = 0; r < n.outputs; ++r)
    nn::clip_activations(acc.data(), n.hidden, x.data() + r * n.hidden);
  std::array<int32_t, 4> a{}, b{};
  nn::forward(n, x.data(), a.data());
  nn::forward_scalar(n, x.data(), b.data());
  if (a != b) std::abort();
  auto again = nn::parse_network(nn::serialize_network(n), "again.net");
  if (!again) std::abort();
  return 0;
}
