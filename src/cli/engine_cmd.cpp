// `arbiter engine`: the text protocol on standard input and output (docs/protocol.md).
#include <iostream>

#include "cli/command.h"
#include "protocol/session.h"

namespace arbiter::cli {

Runner setup_engine(CLI::App&) {
  return [] {
    protocol::Session session(std::cout);
    for (std::string line; std::getline(std::cin, line);) {
      if (!session.handle(line)) return 0;
    }
    session.finish();  // end of input: let a running search report its move
    return 0;
  };
}

}  // namespace arbiter::cli
