#include "core/wall_clock.h"

#include <chrono>

namespace arbiter {

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace arbiter
