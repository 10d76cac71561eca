#include "engine/net_paths.h"

#include <cstdlib>

#ifndef ARBITER_NETS_DIR
#define ARBITER_NETS_DIR "data/nets"
#endif

namespace arbiter::engine {

std::string nets_dir() {
  const char* env = std::getenv("ARBITER_NETS_DIR");
  return env != nullptr && *env != '\0' ? env : ARBITER_NETS_DIR;
}

std::string default_net_path(std::string_view game, int players) {
  return nets_dir() + "/" + std::string(game) + "-" + std::to_string(players) + "p.net";
}

}  // namespace arbiter::engine
