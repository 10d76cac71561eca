// The network's inference: the SIMD path equals the scalar reference bit for bit, and the file
// round-trips and refuses every damaged form with a line naming what is wrong.
#include "nn/network.h"

#include <gtest/gtest.h>

#include <array>

#include "core/cpu.h"
#include "nn/net_file.h"
#include "test_net.h"

namespace arbiter::nn {
namespace {

Network sample_net(int players = 2) {
  return testing::random_network("trap", "size=5 walls=60", players, "trap-v1", 429,
                                 players == 2 ? 128 : 64, 32, 7);
}

TEST(NetworkTest, SimdForwardEqualsScalar) {
  for (int players : {2, 3, 4}) {
    const Network net = sample_net(players);
    Rng rng(players);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<uint8_t> x(net.concat());
      for (auto& v : x) v = static_cast<uint8_t>(rng.below(128));
      std::array<int32_t, 4> a{}, b{};
      forward(net, x.data(), a.data());
      forward_scalar(net, x.data(), b.data());
      ASSERT_EQ(a, b) << "players " << players << " trial " << trial;
    }
  }
}

TEST(NetworkTest, SimdFeatureUpdatesEqualScalar) {
  const Network net = sample_net();
  std::vector<int16_t> a(net.b0), b(net.b0);
  Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    const int f = static_cast<int>(rng.below(net.num_features));
    if (rng.below(2)) {
      add_feature(net, f, a.data());
      add_feature_scalar(net, f, b.data());
    } else {
      sub_feature(net, f, a.data());
      sub_feature_scalar(net, f, b.data());
    }
  }
  EXPECT_EQ(a, b);
#ifdef ARBITER_AVX2_PATHS
  if (!kHasAvx2) GTEST_SKIP() << "no AVX2 here: only the scalar path ran";
#endif
}

TEST(NetworkTest, SimdClipEqualsScalar) {
  Rng rng(5);
  std::vector<int16_t> acc(256);
  for (auto& a : acc) a = static_cast<int16_t>(static_cast<int>(rng.below(65536)) - 32768);
  acc[0] = 127, acc[1] = 128, acc[2] = -1, acc[3] = 0, acc[4] = 32767, acc[5] = -32768;
  std::vector<uint8_t> a(256), b(256);
  clip_activations(acc.data(), 256, a.data());
  clip_activations_scalar(acc.data(), 256, b.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(b[0], 127);
  EXPECT_EQ(b[1], 127);
  EXPECT_EQ(b[2], 0);
  EXPECT_EQ(b[4], 127);
  EXPECT_EQ(b[5], 0);
}

TEST(NetworkTest, ForwardMatchesHandComputedValue) {
  // One hidden unit path worked by hand: every activation 1, one dense unit, weights 64 (1.0).
  Network n = testing::random_network("trap", "", 2, "trap-v1", 1, 32, 8, 1);
  std::fill(n.w1.begin(), n.w1.end(), 0);
  std::fill(n.b1.begin(), n.b1.end(), 0);
  std::fill(n.w2.begin(), n.w2.end(), 0);
  n.b2 = {5, -5};
  n.w1[0] = 64;  // dense unit 0 reads activation 0 of the mover's perspective
  n.w2[0] = 64;  // output 0 reads dense unit 0
  std::vector<uint8_t> x(n.concat(), 0);
  x[0] = 100;
  std::array<int32_t, 2> out{};
  forward_scalar(n, x.data(), out.data());
  // dense: 100 · 64 = 6400, >> 6 = 100; output 0: 5 + 100 · 64.
  EXPECT_EQ(out[0], 5 + 100 * 64);
  EXPECT_EQ(out[1], -5);
}

TEST(NetFileTest, RoundTrips) {
  const Network net = sample_net(4);
  auto back = parse_network(serialize_network(net), "x.net");
  ASSERT_TRUE(back) << back.error();
  const Network& b = **back;
  EXPECT_EQ(b.info.game, "trap");
  EXPECT_EQ(b.info.params, "size=5 walls=60");
  EXPECT_EQ(b.outputs, 4);
  EXPECT_EQ(b.w0, net.w0);
  EXPECT_EQ(b.w1, net.w1);
  EXPECT_EQ(b.b1, net.b1);
  EXPECT_EQ(b.w2, net.w2);
  EXPECT_EQ(b.b2, net.b2);
}

std::string error_of(const std::string& bytes) {
  auto r = parse_network(bytes, "bad.net");
  return r ? std::string("(loaded)") : r.error();
}

TEST(NetFileTest, RefusesDamagedFiles) {
  const std::string good = serialize_network(sample_net());
  EXPECT_EQ(error_of(""), "net file bad.net: not an arbiter net file (no ARBNNUE1 at its start)");
  EXPECT_EQ(error_of("hello world, not a net"),
            "net file bad.net: not an arbiter net file (no ARBNNUE1 at its start)");
  EXPECT_NE(error_of(good.substr(0, good.size() / 2)).find("truncated"), std::string::npos);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 1;
  EXPECT_EQ(error_of(flipped), "net file bad.net: checksum mismatch (damaged file)");
  EXPECT_NE(error_of(good + "xx").find("the header's shape needs"), std::string::npos);
  Network odd = sample_net();
  odd.hidden = 48;
  EXPECT_NE(error_of(serialize_network(odd)).find("multiple of 32"), std::string::npos);
  EXPECT_EQ(load_network("/no/such/file.net").error(),
            "cannot read /no/such/file.net: no such file");
}

TEST(NetFileTest, ChecksTheGameItIsFor) {
  const Network net = sample_net();
  EXPECT_TRUE(check_network(net, "trap", 2, "size=5 walls=60", "trap-v1", 429));
  EXPECT_EQ(check_network(net, "travelers", 2, "size=5 walls=60", "trap-v1", 429).error(),
            "the net evaluates trap, not travelers");
  EXPECT_EQ(check_network(net, "trap", 3, "size=5 walls=60", "trap-v1", 429).error(),
            "the net evaluates 2-player trap, not 3 players");
  EXPECT_EQ(check_network(net, "trap", 2, "size=6 walls=60", "trap-v1", 429).error(),
            "the net was trained on trap size=5 walls=60, not size=6 walls=60");
  EXPECT_NE(
      check_network(net, "trap", 2, "size=5 walls=60", "trap-v2", 429).error().find("features"),
      std::string::npos);
  EXPECT_EQ(net_params("size=5 walls=60 max_plies=400"), "size=5 walls=60");
}

}  // namespace
}  // namespace arbiter::nn
