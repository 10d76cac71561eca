// Fuzzes the notices an AI worker sends the servers (store/thinking_notice.h): any process on
// the database may send on the channel, so a notice is refused or read whole, never half read
// and never a crash; one read writes back to a notice that reads the same (its line cut short
// only where it is too long for PostgreSQL).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "store/thinking_notice.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter::store;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto notice = read_thinking_notice(text);
  if (!notice) return 0;
  if (notice->game_id.empty() || notice->ply < 0 || notice->seat < 0 || notice->seat > 63) {
    std::abort();
  }
  const std::string written = write_thinking_notice(*notice);
  if (written.size() > kMaxThinkingNoticeBytes && !notice->pv.empty()) std::abort();
  const auto again = read_thinking_notice(written);
  if (!again || again->game_id != notice->game_id || again->ply != notice->ply ||
      again->seat != notice->seat || again->depth != notice->depth ||
      again->score != notice->score || again->nodes != notice->nodes || again->nps != notice->nps ||
      again->pv.size() > notice->pv.size() ||
      !std::equal(again->pv.begin(), again->pv.end(), notice->pv.begin())) {
    std::abort();
  }
  return 0;
}
