// What the processor running arbiter can do, for the few loops that have a version with wider
// instructions than the build's baseline (x86-64-v2): each chooses once, at start.
#pragma once

namespace arbiter {

#if defined(__x86_64__) && defined(__GNUC__)
// Loops with an AVX2 version (functions with __attribute__((target("avx2")))) are built.
#define ARBITER_AVX2_PATHS 1
// Whether the processor has AVX2. Set before main(); read it only after.
inline const bool kHasAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();
#endif

}  // namespace arbiter
