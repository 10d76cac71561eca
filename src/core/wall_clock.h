// The wall clock as the store and the server count time: Unix milliseconds.
#pragma once

#include <cstdint>

namespace arbiter {

int64_t now_ms();

}  // namespace arbiter
