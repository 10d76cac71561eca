// Fuzzes the game-record reader and replay (tags, move numbers, parameters, moves).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "records/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto record = parse_record(text);
  if (!record) return 0;
  auto again = parse_record(format_record(*record));
  if (!again || format_record(*again) != format_record(*record)) std::abort();
  auto replay = replay_record(*record);
  (void)replay;
  return 0;
}
