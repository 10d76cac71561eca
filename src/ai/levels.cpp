#include "ai/levels.h"

#include <algorithm>
#include <cassert>

#include "ai/weights.h"
#include "core/text.h"
#include "nn/net_file.h"

namespace arbiter::ai {

namespace {
constexpr Algorithm kAB = Algorithm::kAlphaBeta;
constexpr Algorithm kBrs = Algorithm::kBestReply;
constexpr Algorithm kRnd = Algorithm::kRandom;

// The ladder. Levels 1–6 have fixed budgets (depth or nodes) and shrinking noise, so they play
// alike at any time control; 7–9 take a doubling share of the caller's time (25%, 50%, all) and
// no noise, and 10 adds a second thread. The node budgets stay below what 25% of 0.05 s buys
// (~12k nodes), so the ladder is monotone from that time per move up; the shares are spread
// because time is worth little in a race (Traverse: 40 times the nodes scored 75%).
// `multiplayer` is the algorithm used with 3–4 players: in 4-player Traverse matches best-reply
// search beat MCTS-max^n and paranoid alpha-beta (docs/ai.md), so every searching level uses it
// (paranoid search with a node budget even lost to paranoid search at depth 2). There depth is
// what tells levels apart and nothing is gained past depth 3 (in 40-game 4-player Traverse
// matches depth 2 lost 11–29 to level 10, depth 3 with noise 40 drew 21–19, and evaluation noise
// of 40 or 150 made no difference at depth 2), so with 3–4 players levels 2–6 search one ply
// with shrinking noise, 7 two plies, 8 three, and 9–10 as deep as their time allows
// (`multiplayer_depth`).
const std::array<Recipe, kMaxLevel> kLevels = {{
    {"random", kRnd, kRnd, 0, 0, 0, 0, 1, 0, 0, EvalKind::kClassic, {}, {}},
    {"glance", kAB, kBrs, 1, 0, 0, 300, 1, 0, 1, EvalKind::kClassic, {}, {}},
    {"novice", kAB, kBrs, 2, 0, 0, 150, 1, 0, 1, EvalKind::kClassic, {}, {}},
    {"casual", kAB, kBrs, 0, 500, 0, 80, 1, 0, 1, EvalKind::kClassic, {}, {}},
    {"club", kAB, kBrs, 0, 2'000, 0, 40, 1, 0, 1, EvalKind::kClassic, {}, {}},
    {"strong", kAB, kBrs, 0, 8'000, 0, 15, 1, 0, 1, EvalKind::kClassic, {}, {}},
    {"expert", kAB, kBrs, 0, 0, 0.25, 0, 1, 0, 2, EvalKind::kClassic, {}, {}},
    {"master", kAB, kBrs, 0, 0, 0.5, 0, 1, 0, 3, EvalKind::kClassic, {}, {}},
    {"grandmaster", kAB, kBrs, 0, 0, 1.0, 0, 1, 0, 0, EvalKind::kClassic, {}, {}},
    {"strongest", kAB, kBrs, 0, 0, 1.0, 0, 2, 0, 0, EvalKind::kClassic, {}, {}},
}};

Result<int64_t> int_value(std::string_view key, std::string_view value, int64_t lo, int64_t hi) {
  return parse_int(value, lo, hi, std::string(key));
}

}  // namespace

std::string_view eval_name(EvalKind e) { return e == EvalKind::kNet ? "net" : "classic"; }

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kRandom:
      return "random";
    case Algorithm::kAlphaBeta:
      return "alphabeta";
    case Algorithm::kMcts:
      return "mcts";
    default:
      return "brs";
  }
}

const std::array<Recipe, kMaxLevel>& level_table() { return kLevels; }

const Recipe& level_recipe(int level) {
  assert(level >= kMinLevel && level <= kMaxLevel);
  return kLevels[level - 1];
}

Algorithm algorithm_for(const Recipe& r, int players) {
  if (players > 2 && r.algorithm != Algorithm::kRandom && r.multiplayer != Algorithm::kRandom) {
    return r.multiplayer;
  }
  return r.algorithm;
}

SearchLimits recipe_limits(const Recipe& r, const SearchLimits& caller, int players) {
  SearchLimits l;
  l.depth = r.depth;
  if (players > 2 && r.multiplayer_depth > 0) {
    l.depth = l.depth > 0 ? std::min(l.depth, r.multiplayer_depth) : r.multiplayer_depth;
  }
  l.nodes = r.nodes;
  if (r.time_share > 0) {
    if (caller.movetime > 0) {
      l.movetime = caller.movetime * r.time_share;
    } else if (caller.time_left > 0) {
      l.time_left = caller.time_left * r.time_share;
      l.increment = caller.increment * r.time_share;
    } else if (caller.depth == 0 && caller.nodes == 0) {
      l.movetime = r.time_share;  // nobody gave a budget: one second at full share
    }
  } else {
    // A fixed-budget recipe still never overruns the caller's clock.
    l.movetime = caller.movetime;
    l.time_left = caller.time_left;
    l.increment = caller.increment;
  }
  if (caller.depth > 0) l.depth = l.depth > 0 ? std::min(l.depth, caller.depth) : caller.depth;
  if (caller.nodes > 0) l.nodes = l.nodes > 0 ? std::min(l.nodes, caller.nodes) : caller.nodes;
  l.multipv = std::max(1, caller.multipv);
  return l;
}

Result<Recipe> parse_player_spec(std::string_view spec) {
  Recipe r = level_recipe(kMaxLevel);
  const auto parts = split(spec, ", \t");
  if (parts.empty()) return make_error("empty player spec (try level=5 or random)");
  for (auto part : parts) {
    if (part == "random") {
      r = level_recipe(1);
      continue;
    }
    const auto eq = part.find('=');
    if (eq == std::string_view::npos) {
      return make_error("player spec: expected key=value, got " + quote(part));
    }
    const auto key = part.substr(0, eq), value = part.substr(eq + 1);
    if (key == "level") {
      auto v = int_value(key, value, kMinLevel, kMaxLevel);
      if (!v) return make_error("player spec: " + v.error());
      const uint64_t seed = r.seed;
      const EvalKind eval = r.eval;
      std::string evalfile = std::move(r.evalfile);
      std::string weightsfile = std::move(r.weightsfile);
      r = level_recipe(static_cast<int>(*v));
      r.seed = seed;
      r.eval = eval;
      r.evalfile = std::move(evalfile);
      r.weightsfile = std::move(weightsfile);
    } else if (key == "algo") {
      if (value == "random") {
        r.algorithm = Algorithm::kRandom;
      } else if (value == "alphabeta" || value == "ab" || value == "paranoid") {
        r.algorithm = r.multiplayer = Algorithm::kAlphaBeta;
      } else if (value == "mcts") {
        r.algorithm = r.multiplayer = Algorithm::kMcts;
      } else if (value == "brs" || value == "best_reply") {
        r.algorithm = Algorithm::kAlphaBeta;  // 2 players: best reply is alpha-beta
        r.multiplayer = Algorithm::kBestReply;
      } else {
        return make_error("player spec: unknown algo " + quote(value) +
                          " (random, alphabeta, paranoid, mcts, brs)");
      }
    } else if (key == "depth") {
      auto v = int_value(key, value, 0, kMaxPly - 8);
      if (!v) return make_error("player spec: " + v.error());
      r.depth = static_cast<int>(*v);
      r.multiplayer_depth = 0;  // an explicit budget holds for every player count
    } else if (key == "nodes") {
      auto v = int_value(key, value, 0, int64_t{1} << 50);
      if (!v) return make_error("player spec: " + v.error());
      r.nodes = static_cast<uint64_t>(*v);
      r.multiplayer_depth = 0;
    } else if (key == "time") {
      auto v = int_value(key, value, 0, 100);
      if (!v) return make_error("player spec: time is a percentage: " + v.error());
      r.time_share = static_cast<double>(*v) / 100;
      r.multiplayer_depth = 0;
    } else if (key == "noise") {
      auto v = int_value(key, value, 0, 100000);
      if (!v) return make_error("player spec: " + v.error());
      r.noise = static_cast<int>(*v);
    } else if (key == "mpdepth") {
      auto v = int_value(key, value, 0, kMaxPly - 8);
      if (!v) return make_error("player spec: " + v.error());
      r.multiplayer_depth = static_cast<int>(*v);
    } else if (key == "threads") {
      auto v = int_value(key, value, 1, 64);
      if (!v) return make_error("player spec: " + v.error());
      r.threads = static_cast<int>(*v);
    } else if (key == "seed") {
      auto v = int_value(key, value, 0, INT64_MAX);
      if (!v) return make_error("player spec: " + v.error());
      r.seed = static_cast<uint64_t>(*v);
    } else if (key == "eval") {
      if (value == "classic") {
        r.eval = EvalKind::kClassic;
        r.evalfile.clear();
      } else if (value == "net") {
        r.eval = EvalKind::kNet;
        r.weightsfile.clear();
      } else {
        return make_error("player spec: unknown eval " + quote(value) + " (classic, net)");
      }
    } else if (key == "evalfile") {
      if (value.empty()) return make_error("player spec: evalfile needs a file");
      auto net = nn::shared_network(std::string(value));
      if (!net) return make_error("player spec: " + net.error());
      r.eval = EvalKind::kNet;
      r.evalfile = std::string(value);
    } else if (key == "weights") {
      if (value.empty()) return make_error("player spec: weights needs a file");
      // Read now, so that a bad file is refused here; the game checks the names (set_position).
      if (auto read = read_weights(std::string(value)); !read) {
        return make_error("player spec: " + read.error());
      }
      r.eval = EvalKind::kClassic;
      r.evalfile.clear();
      r.weightsfile = std::string(value);
    } else {
      return make_error("player spec: unknown key " + quote(key) +
                        " (level, algo, depth, nodes, time, noise, threads, seed, mpdepth, eval, "
                        "evalfile, weights)");
    }
  }
  if (r.algorithm != Algorithm::kRandom && r.depth == 0 && r.nodes == 0 && r.time_share == 0) {
    r.time_share = 1.0;
  }
  return r;
}

std::string recipe_text(const Recipe& r) {
  std::string out = std::string(r.name) + " algo=" + std::string(algorithm_name(r.algorithm));
  if (r.multiplayer != Algorithm::kRandom && r.multiplayer != r.algorithm) {
    out += " multiplayer=" + std::string(algorithm_name(r.multiplayer));
  }
  if (r.depth) out += " depth=" + std::to_string(r.depth);
  if (r.multiplayer_depth) out += " mpdepth=" + std::to_string(r.multiplayer_depth);
  if (r.nodes) out += " nodes=" + std::to_string(r.nodes);
  if (r.time_share > 0) out += " time=" + std::to_string(static_cast<int>(r.time_share * 100));
  if (r.noise) out += " noise=" + std::to_string(r.noise);
  if (r.threads > 1) out += " threads=" + std::to_string(r.threads);
  if (r.eval == EvalKind::kNet) out += " eval=net";
  if (!r.evalfile.empty()) out += " evalfile=" + r.evalfile;
  if (!r.weightsfile.empty()) out += " weights=" + r.weightsfile;
  return out;
}

}  // namespace arbiter::ai
