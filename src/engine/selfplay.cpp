#include "engine/selfplay.h"

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "core/rng.h"
#include "engine/game_module.h"
#include "engine/searcher.h"
#include "engine/win_probability.h"
#include "nn/selfplay_data.h"

namespace arbiter::engine {

namespace {

using nn::encode_game;
using nn::encode_header;
using nn::read_selfplay;
using nn::SelfplayGame;
using nn::SelfplayHeader;
using nn::SelfplayPosition;

uint64_t mix(uint64_t seed, uint64_t i) {
  uint64_t z = seed * 0x9e3779b97f4a7c15ULL + i + 1;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A player's result as an expected score: 1 a win, ½ a draw (or a share of nothing), 0 a loss.
float result_score(double r) { return r > 0 ? 1.f : r < 0 ? 0.f : 0.5f; }

struct Worker {
  std::unique_ptr<Searcher> searcher;
};

// Plays game `index`. A game with no opening that leaves it running, or still running at the
// ply cap, has no positions (its block is still written, so a continued run skips it).
Result<SelfplayGame> play_one(const SelfplayOptions& o, uint32_t index, int players, Worker& w,
                              const std::optional<WinModel>& model) {
  SelfplayGame g;
  g.index = index;
  Rng rng(mix(o.seed, index));
  std::unique_ptr<GameState> state;
  for (int attempt = 0; attempt < 20 && !state; ++attempt) {
    auto s = o.game->new_state(o.params);
    if (!s) return make_error(s.error());
    const int span = o.random_plies_max - o.random_plies_min + 1;
    const int plies = o.random_plies_min + static_cast<int>(rng.below(span));
    for (int k = 0; k < plies && !(*s)->is_terminal(); ++k) {
      const auto moves = (*s)->legal_moves();
      if (auto st = (*s)->apply(moves[rng.below(moves.size())]); !st) {
        return make_error(st.error());
      }
    }
    if (!(*s)->is_terminal()) state = std::move(*s);
  }
  g.result.assign(players, 0.5f);
  if (!state) return g;
  w.searcher->clear();
  ai::Recipe recipe = o.recipe;
  recipe.seed = mix(o.seed ^ 0x5e1f, index);
  std::atomic<bool> never{false};
  std::vector<uint16_t> features;
  int ply = 0;
  std::vector<SelfplayPosition> kept;
  while (!state->is_terminal()) {
    if (ply >= o.max_plies) return g;  // unscored: no positions
    if (auto st = w.searcher->set_position(*state); !st) return make_error(st.error());
    const EngineResult r = w.searcher->search(recipe, o.limits, never, {});
    if (r.best_move.empty()) return make_error("the engine found no move in a running game");
    if (rng.uniform() < o.sample) {
      SelfplayPosition p;
      p.ply = static_cast<int>(state->history().size());
      p.to_move = state->to_move();
      p.proven = r.score > ai::kWinBound || r.score < -ai::kWinBound;
      const double e = model ? expected_result(*model, r.score)
                             : (r.score > 0   ? 1.0
                                : r.score < 0 ? 0.0
                                              : 0.5);
      p.search.assign(players, static_cast<float>((1 - e) / (players - 1)));
      p.search[p.to_move] = static_cast<float>(e);
      p.text = state->to_text();
      p.features.resize(players);
      for (int k = 0; k < players; ++k) {
        w.searcher->net_features((p.to_move + k) % players, features);
        p.features[k] = features;
      }
      kept.push_back(std::move(p));
    }
    if (auto st = state->apply(r.best_move); !st) return make_error(st.error());
    ++ply;
  }
  const auto returns = state->returns();
  for (int p = 0; p < players; ++p) g.result[p] = result_score(returns[p]);
  g.plies = static_cast<int>(state->history().size());
  g.positions = std::move(kept);
  return g;
}

}  // namespace

Status run_selfplay(const SelfplayOptions& o,
                    const std::function<void(const SelfplayProgress&)>& progress,
                    const std::atomic<bool>* stop) {
  auto start = o.game->new_state(o.params);
  if (!start) return make_error(start.error());
  auto probe = make_searcher(*o.game);
  if (auto st = probe->set_position(**start); !st) return st;
  if (auto st = probe->prepare(o.recipe); !st) return st;
  if (probe->feature_set().empty()) {
    return make_error(std::string(o.game->name()) + " has no learned-evaluation features");
  }
  SelfplayHeader header;
  header.game = std::string(o.game->name());
  header.params = (*start)->params_text();
  header.players = (*start)->num_players();
  header.feature_set = std::string(probe->feature_set());
  header.num_features = probe->num_features();
  nlohmann::json extra = {{"player", o.recipe_spec},
                          {"nodes", o.limits.nodes},
                          {"depth", o.limits.depth},
                          {"movetime", o.limits.movetime},
                          {"seed", o.seed},
                          {"games", o.games},
                          {"shard", std::to_string(o.shard) + "/" + std::to_string(o.shards)},
                          {"sample", o.sample},
                          {"random_plies", {o.random_plies_min, o.random_plies_max}},
                          {"version", 1}};
  header.json = extra.dump();

  // What the file holds already.
  std::set<uint32_t> done;
  SelfplayProgress prog;
  std::error_code ec;
  if (std::filesystem::exists(o.out, ec) && std::filesystem::file_size(o.out, ec) > 0) {
    auto existing = read_selfplay(o.out);
    if (!existing) return make_error(existing.error());
    const auto& h = existing->header;
    if (h.game != header.game || h.params != header.params || h.feature_set != header.feature_set) {
      return make_error(o.out + " holds " + h.game + " " + h.params + " (" + h.feature_set +
                        "), not " + header.game + " " + header.params + ": give another --out");
    }
    for (const auto& g : existing->games) {
      done.insert(g.index);
      prog.positions += g.positions.size();
    }
    std::filesystem::resize_file(o.out, existing->complete_bytes, ec);
    if (ec) return make_error("cannot cut " + o.out + " to its whole games: " + ec.message());
  }
  std::ofstream out(o.out, std::ios::binary | std::ios::app);
  if (!out) return make_error("cannot write " + o.out);
  // A continued run starts a chunk of its own, so each header records its run's settings.
  const std::string chunk = encode_header(header);
  out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
  out.flush();

  std::vector<uint32_t> todo;
  for (int i = o.shard; i < o.games; i += o.shards) {
    prog.games_total++;
    if (done.count(static_cast<uint32_t>(i))) {
      prog.games_done++;
    } else {
      todo.push_back(static_cast<uint32_t>(i));
    }
  }
  const auto model = win_model(o.game->name(), header.players);
  const auto t0 = std::chrono::steady_clock::now();
  std::mutex mutex;
  std::condition_variable cv;
  std::map<std::size_t, std::string> ready;  // by position in todo
  std::size_t next_take = 0, next_write = 0;
  std::string error;
  auto worker = [&] {
    Worker w{make_searcher(*o.game)};
    for (;;) {
      std::size_t k;
      {
        std::lock_guard lock(mutex);
        if (next_take >= todo.size() || !error.empty() || (stop && stop->load())) return;
        k = next_take++;
      }
      auto g = play_one(o, todo[k], header.players, w, model);
      std::lock_guard lock(mutex);
      if (!g) {
        if (error.empty()) error = "game " + std::to_string(todo[k]) + ": " + g.error();
        return;
      }
      prog.positions += g->positions.size();
      ready.emplace(k, encode_game(*g, header.players));
      while (ready.count(next_write)) {
        const std::string& bytes = ready[next_write];
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        ready.erase(next_write++);
        prog.games_done++;
        prog.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (progress) progress(prog);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, o.threads); ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (!error.empty()) return make_error(error);
  if (!out) return make_error("cannot write " + o.out);
  return {};
}

}  // namespace arbiter::engine
