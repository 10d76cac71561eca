#include "games/trap/params.h"

#include "core/text.h"
#include "games/trap/geometry.h"

namespace arbiter::trap {

Result<Params> parse_params(const ParamMap& map) {
  if (auto known = map.check_known("trap", {"size", "walls", "max_plies"}); !known) {
    return make_error(known.error());
  }
  Params p;
  struct Field {
    std::string_view key;
    int* target;
    int64_t lo, hi;
  };
  const Field fields[] = {{"size", &p.size, kMinSize, kMaxSize},
                          {"walls", &p.walls, 0, kMaxWallsParam},
                          {"max_plies", &p.max_plies, 0, kMaxPliesParam}};
  for (const auto& f : fields) {
    const auto value = map.get(f.key);
    if (!value) continue;
    auto v = parse_int(*value, f.lo, f.hi, "trap parameter " + std::string(f.key));
    if (!v) return make_error(v.error());
    *f.target = static_cast<int>(*v);
  }
  return p;
}

std::string params_text(const Params& p) {
  return "size=" + std::to_string(p.size) + " walls=" + std::to_string(p.walls) +
         " max_plies=" + std::to_string(p.max_plies);
}

}  // namespace arbiter::trap
