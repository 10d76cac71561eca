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
__attribute__((target("avx2"))) int32_t hsum_avx2(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  return _mm_cvtsi128_si32(s);
}

__attribute__((target("avx2"))) inline __m256i row_product(__m256i a, const int8_t* w,
                                                           __m256i ones) {
  const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w));
  return _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), ones);
}

// Four dense units at a time, so each 32 activations are loaded once for four rows (D is a
// multiple of 8). A product of 32 unsigned activations with 32 signed weights: vpmaddubsw makes
// 16-bit pair sums (at most 2 · 127 · 127, so no saturation), vpmaddwd widens them to 32 bits.
__attribute__((target("avx2"))) void forward_avx2(const Network& net, const uint8_t* x,
                                                  int32_t* out) {
  const int n = net.concat();
  alignas(32) uint8_t h[256];
  const __m256i ones = _mm256_set1_epi16(1);
  for (int d = 0; d < net.dense; d += 4) {
    const int8_t* w = net.w1.data() + static_cast<std::size_t>(d) * n;
    __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
    for (int i = 0; i < n; i += 32) {
      const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i));
      s0 = _mm256_add_epi32(s0, row_product(a, w + i, ones));
      s1 = _mm256_add_epi32(s1, row_product(a, w + 1 * n + i, ones));
      s2 = _mm256_add_epi32(s2, row_product(a, w + 2 * n + i, ones));
      s3 = _mm256_add_epi32(s3, row_product(a, w + 3 * n + i, ones));
    }
    h[d] = static_cast<uint8_t>(clip_dense(net.b1[d] + hsum_avx2(s0)));
    h[d + 1] = static_cast<uint8_t>(clip_dense(net.b1[d + 1] + hsum_avx2(s1)));
    h[d + 2] = static_cast<uint8_t>(clip_dense(net.b1[d + 2] + hsum_avx2(s2)));
    h[d + 3] = static_cast<uint8_t>(clip_dense(net.b1[d + 3] + hsum_avx2(s3)));
  }
  for (int p = 0; p < net.outputs; ++p) {
    int32_t sum = net.b2[p];
    const int8_t* w = net.w2.data() + static_cast<std::size_t>(p) * net.dense;
    for (int d = 0; d < net.dense; ++d) sum += h[d] * w[d];
    out[p] = sum;
  }
}

// 32 accumulator entries at a time: packed to bytes with saturation, then floored at zero.
__attribute__((target("avx2"))) void clip_avx2(const int16_t* acc, int hidden, uint8_t* x) {
  const __m256i zero = _mm256_setzero_si256();
  for (int i = 0; i < hidden; i += 32) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i + 16));
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(a, b), 0xd8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(x + i), _mm256_max_epi8(packed, zero));
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

void clip_activations_scalar(const int16_t* acc, int hidden, uint8_t* x) {
  for (int i = 0; i < hidden; ++i) {
    x[i] = static_cast<uint8_t>(std::clamp<int>(acc[i], 0, kActivationMax));
  }
}

void clip_activations(const int16_t* acc, int hidden, uint8_t* x) {
#ifdef ARBITER_AVX2_PATHS
  if (kHasAvx2) return clip_avx2(acc, hidden, x);
#endif
  clip_activations_scalar(acc, hidden, x);
}

}  // namespace arbiter::nn
