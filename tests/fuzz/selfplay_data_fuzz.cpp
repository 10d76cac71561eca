// Fuzzes the self-play data reader (engine/selfplay_data.h): any bytes read or give an error
// naming the byte; what reads writes back to bytes that read the same.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nn/selfplay_data.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::nn;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto file = decode_selfplay(bytes, "fuzz.data");
  if (!file) return 0;
  if (file->complete_bytes > bytes.size()) std::abort();
  std::string again = encode_header(file->header);
  for (const auto& g : file->games) again += encode_game(g, file->header.players);
  auto back = decode_selfplay(again, "again.data");
  if (!back || back->games.size() != file->games.size()) std::abort();
  return 0;
}
