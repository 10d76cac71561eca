// Fuzzes the engine protocol: any sequence of lines gets answers or `error` lines, never a crash
// or a hang. Every `go` is capped at a few hundred nodes and waited for, so searches end, and a
// `perft` deeper than 2 runs at depth 2: deep perft is slow by nature (hours at depth 8), not a
// hang, and its argument is still parsed as sent.
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
    const auto words = split(l);  // as Session::handle splits
    if (words.size() == 2 && words[0] == "perft") {
      if (auto depth = parse_int(words[1], 0, 12, "depth"); depth && *depth > 2) l = "perft 2";
    }
    if (!session.handle(l)) break;
    if (go) session.finish();
  }
  return 0;
}
