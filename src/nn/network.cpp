#include "nn/network.h"

#include <algorithm>

#include "core/cpu.h"

#ifdef ARBITER_AVX2_PATHS
#include <immintrin.h>
#endif

namespace arbiter::nn {

namespace {

int32_t clip_dense(int32_t sum) { return std::clamp(sum >> kDenseShift, 0, kActivationMax); }

#ifdef ARBITER_AVX2_PATHS
// Sum of 32 products of unsigned activations and signed weights, 32 at a time: maddubs makes
// 16-bit pair sums (at most 2 · 127 · 127, so no saturation), madd widens them to 32 bits.
__attribute__((target("avx2"))) int32_t dot_avx2(const uint8_t* x, const int8_t* w, int n) {
  __m256i sum = _mm256_setzero_si256();
  const __m256i ones = _mm256_set1_epi16(1);
  for (int i = 0; i < n; i += 32) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), ones));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  return _mm_cvtsi128_si32(s);
}

__attribute__((target("avx2"))) void forward_avx2(const Network& net, const uint8_t* x,
                                                  int32_t* out) {
  const int n = net.concat();
  alignas(32) uint8_t h[256];
  for (int d = 0; d < net.dense; ++d) {
    h[d] = static_cast<uint8_t>(
        clip_dense(net.b1[d] + dot_avx2(x, net.w1.data() + static_cast<std::size_t>(d) * n, n)));
  }
  for (int p = 0; p < net.outputs; ++p) {
    int32_t sum = net.b2[p];
    const int8_t* w = net.w2.data() + static_cast<std::size_t>(p) * net.dense;
    for (int d = 0; d < net.dense; ++d) sum += h[d] * w[d];
    out[p] = sum;
  }
}

__attribute__((target("avx2"))) void add_avx2(const int16_t* row, int16_t* acc, int hidden) {
  for (int i = 0; i < hidden; i += 16) {
    auto* a = reinterpret_cast<__m256i*>(acc + i);
    const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + i));
    _mm256_storeu_si256(a, _mm256_add_epi16(_mm256_loadu_si256(a), r));
  }
}

__attribute__((target("avx2"))) void sub_avx2(const int16_t* row, int16_t* acc, int hidden) {
  for (int i = 0; i < hidden; i += 16) {
    auto* a = reinterpret_cast<__m256i*>(acc + i);
    const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + i));
    _mm256_storeu_si256(a, _mm256_sub_epi16(_mm256_loadu_si256(a), r));
  }
}
#endif

const int16_t* row_of(const Network& net, int f) {
  return net.w0.data() + static_cast<std::size_t>(f) * net.hidden;
}

}  // namespace

void forward_scalar(const Network& net, const uint8_t* x, int32_t* out) {
  const int n = net.concat();
  uint8_t h[256];
  for (int d = 0; d < net.dense; ++d) {
    int32_t sum = net.b1[d];
    const int8_t* w = net.w1.data() + static_cast<std::size_t>(d) * n;
    for (int i = 0; i < n; ++i) sum += x[i] * w[i];
    h[d] = static_cast<uint8_t>(clip_dense(sum));
  }
  for (int p = 0; p < net.outputs; ++p) {
    int32_t sum = net.b2[p];
    const int8_t* w = net.w2.data() + static_cast<std::size_t>(p) * net.dense;
    for (int d = 0; d < net.dense; ++d) sum += h[d] * w[d];
    out[p] = sum;
  }
}

void forward(const Network& net, const uint8_t* x, int32_t* out) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return forward_avx2(net, x, out);
#endif
  forward_scalar(net, x, out);
}

// Wrapping int16 arithmetic, as the SIMD lanes do (unsigned arithmetic, then narrowed).
void add_feature_scalar(const Network& net, int f, int16_t* acc) {
  const int16_t* row = row_of(net, f);
  for (int i = 0; i < net.hidden; ++i) {
    acc[i] = static_cast<int16_t>(static_cast<uint16_t>(acc[i]) + static_cast<uint16_t>(row[i]));
  }
}

void sub_feature_scalar(const Network& net, int f, int16_t* acc) {
  const int16_t* row = row_of(net, f);
  for (int i = 0; i < net.hidden; ++i) {
    acc[i] = static_cast<int16_t>(static_cast<uint16_t>(acc[i]) - static_cast<uint16_t>(row[i]));
  }
}

void add_feature(const Network& net, int f, int16_t* acc) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return add_avx2(row_of(net, f), acc, net.hidden);
#endif
  add_feature_scalar(net, f, acc);
}

void sub_feature(const Network& net, int f, int16_t* acc) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return sub_avx2(row_of(net, f), acc, net.hidden);
#endif
  sub_feature_scalar(net, f, acc);
}

void clip_activations(const int16_t* acc, int hidden, uint8_t* x) {
  for (int i = 0; i < hidden; ++i) {
    x[i] = static_cast<uint8_t>(std::clamp<int>(acc[i], 0, kActivationMax));
  }
}

}  // namespace arbiter::nn
