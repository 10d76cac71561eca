// Fuzzes the engine protocol: any sequence of lines gets answers or `error` lines, never a crash
// or a hang. Every `go` is capped at a few hundred nodes and waited for, so searches end.
#include <cstdint>
#include <sstream>
#include <string>

#include "core/text.h"
#include "protocol/session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  if (size > 2048) return 0;
  std::ostringstream out;
  protocol::Session session(out);
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (auto line : split_exact(text, '\n')) {
    std::string l(line);
    const bool go = l.rfind("go", 0) == 0;
    if (go) l += " nodes 300";
    if (!session.handle(l)) break;
    if (go) session.finish();
  }
  return 0;
}
