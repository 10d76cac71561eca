// Where the shipped nets are (data/nets/, docs/ai.md): `<game>-<players>p.net` in the folder
// named by ARBITER_NETS_DIR in the environment, else the source tree's data/nets.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::engine {

std::string nets_dir();
std::string default_net_path(std::string_view game, int players);

}  // namespace arbiter::engine
