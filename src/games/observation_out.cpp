#include "games/observation_out.h"

#include <algorithm>

#include "core/cpu.h"

namespace arbiter {
namespace {

// A plane's values are written whole at most steps of a batch (the ply's fraction of the
// limit changes every ply), so the widest stores the processor has are worth a check per call.
#ifdef ARBITER_AVX2_PATHS
__attribute__((target("avx2"))) void fill_avx2(float* __restrict to, std::size_t count,
                                               float value) {
  for (std::size_t k = 0; k < count; ++k) to[k] = value;
}
__attribute__((target("avx2"))) void scale_avx2(float* __restrict to,
                                                const float* __restrict pattern, std::size_t count,
                                                float value) {
  for (std::size_t k = 0; k < count; ++k) to[k] = pattern[k] * value;
}
#endif

}  // namespace

void ObservationOut::write_fill(float* to, std::size_t count, float value) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return fill_avx2(to, count, value);
#endif
  std::fill_n(to, count, value);
}

void ObservationOut::write_scaled(float* __restrict to, const float* __restrict pattern,
                                  std::size_t count, float value) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return scale_avx2(to, pattern, count, value);
#endif
  for (std::size_t k = 0; k < count; ++k) to[k] = pattern[k] * value;
}

}  // namespace arbiter
