// Game parameters (params.h).
#include "games/travelers/params.h"

#include "core/text.h"

namespace arbiter::travelers {

Result<Params> parse_params(const ParamMap& map) {
  if (auto known = map.check_known("travelers", {"max_plies"}); !known) {
    return make_error(known.error());
  }
  Params p;
  if (const auto v = map.get("max_plies")) {
    const auto n = parse_int(*v, 0, 1'000'000, "max_plies");
    if (!n) return make_error(n.error());
    p.max_plies = static_cast<int>(*n);
  }
  return p;
}

std::string params_text(const Params& p) { return "max_plies=" + std::to_string(p.max_plies); }

}  // namespace arbiter::travelers
