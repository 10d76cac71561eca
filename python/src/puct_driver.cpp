#include "puct_driver.h"

#include <pybind11/numpy.h>

#include <atomic>
#include <chrono>
#include <cstring>

#include "core/rng.h"
#include "core/text.h"

namespace arbiter::python {

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string shape_text(const py::array& a) {
  std::string out = "(";
  for (py::ssize_t d = 0; d < a.ndim(); ++d) out += (d ? ", " : "") + std::to_string(a.shape(d));
  return out + (a.ndim() == 1 ? ",)" : ")");
}

}  // namespace

EvaluatorChoice evaluator_choice(const py::object& evaluator) {
  EvaluatorChoice c;
  constexpr const char* kExpected = "evaluator: expected a callable, \"classic\" or \"net\"";
  if (evaluator.is_none()) {
    c.recipe = ai::Recipe{};
    c.name = "classic";
  } else if (py::isinstance<py::str>(evaluator)) {
    const auto name = evaluator.cast<std::string>();
    ai::Recipe r;
    if (name == "net") r.eval = ai::EvalKind::kNet;
    if (name != "net" && name != "classic") raise_value_error(kExpected + (", got " + quote(name)));
    c.recipe = r;
    c.name = name;
  } else if (PyCallable_Check(evaluator.ptr())) {
    c.fn = evaluator;
    c.name = "callable";
  } else {
    throw py::type_error(kExpected + (", got " + python_type_name(evaluator)));
  }
  return c;
}

engine::PuctOptions puct_options(int64_t playouts, int64_t batch, double c_puct,
                                 double fpu_reduction, double dirichlet_alpha,
                                 double noise_fraction, double temperature, int64_t seed,
                                 bool reuse) {
  if (seed < 0) raise_value_error("seed must not be negative");
  engine::PuctOptions o;
  o.playouts = static_cast<int>(std::clamp<int64_t>(playouts, 0, int64_t{1} << 30));
  o.batch = static_cast<int>(std::clamp<int64_t>(batch, 0, int64_t{1} << 30));
  o.c_puct = c_puct;
  o.fpu_reduction = fpu_reduction;
  o.dirichlet_alpha = dirichlet_alpha;
  o.noise_fraction = noise_fraction;
  o.temperature = temperature;
  o.seed = static_cast<uint64_t>(seed);
  o.reuse = reuse;
  check(engine::check_options(o));
  return o;
}

uint64_t tree_seed(uint64_t seed, int i) {
  return SplitMix64(seed + static_cast<uint64_t>(i)).next();
}

PuctDriver::PuctDriver(GamePtr game, int trees, int threads, EvaluatorChoice evaluator,
                       engine::PuctOptions options)
    : game_(std::move(game)), evaluator_(std::move(evaluator)), options_(options), pool_(threads) {
  const int actions = game_->space.num_actions, players = game_->initial->num_players();
  for (int i = 0; i < trees; ++i) {
    trees_.push_back(
        std::make_unique<engine::PuctTree>(actions, players, tree_seed(options_.seed, i)));
  }
  if (evaluator_.recipe) {
    for (int t = 0; t < pool_.threads(); ++t) {
      builtin_.push_back(take(engine::StaticEvaluator::make(*game_->initial, *evaluator_.recipe)));
    }
  }
}

void PuctDriver::clear() {
  for (auto& t : trees_) t->clear();
}

void PuctDriver::run(std::span<const GameState* const> roots,
                     std::vector<engine::PuctResult>& results, DriverStats& stats) {
  stats = {};
  stats_ = &stats;
  const double start = now();
  const int n = trees();
  counts_.assign(static_cast<std::size_t>(n), 0);
  offsets_.assign(static_cast<std::size_t>(n), 0);
  std::vector<std::string> errors(static_cast<std::size_t>(n));
  std::string error;
  auto abandon_all = [&] {
    for (auto& t : trees_) t->abandon();
  };
  {
    py::gil_scoped_release release;
    pool_.run(n, [&](int, int b, int e) {
      for (int i = b; i < e; ++i) {
        if (roots[static_cast<std::size_t>(i)])
          trees_[static_cast<std::size_t>(i)]->set_root(*roots[static_cast<std::size_t>(i)],
                                                        options_);
      }
    });
    for (;;) {
      std::atomic<bool> running{false};
      pool_.run(n, [&](int, int b, int e) {
        for (int i = b; i < e; ++i) {
          const auto k = static_cast<std::size_t>(i);
          counts_[k] = 0;
          if (roots[k] && !trees_[k]->done()) {
            counts_[k] = trees_[k]->collect();
            running.store(true, std::memory_order_relaxed);
          }
        }
      });
      if (!running.load()) break;
      int total = 0;
      for (std::size_t i = 0; i < counts_.size(); ++i) {
        offsets_[i] = total;
        total += counts_[i];
      }
      if (total == 0) continue;
      try {
        error = evaluate_round(total);
      } catch (...) {
        abandon_all();
        throw;
      }
      if (!error.empty()) {
        abandon_all();
        break;
      }
      const auto A = static_cast<std::size_t>(game_->space.num_actions);
      const auto P = static_cast<std::size_t>(game_->initial->num_players());
      pool_.run(n, [&](int, int b, int e) {
        for (int i = b; i < e; ++i) {
          const auto k = static_cast<std::size_t>(i);
          if (counts_[k] == 0) continue;
          const auto off = static_cast<std::size_t>(offsets_[k]),
                     cnt = static_cast<std::size_t>(counts_[k]);
          if (auto ok =
                  trees_[k]->finish(std::span(priors_).subspan(off * A, cnt * A),
                                    std::span(values_).subspan(off * P, cnt * P), offsets_[k]);
              !ok) {
            errors[k] = ok.error();
          }
        }
      });
      ++stats.evaluator_calls;
      stats.evaluations += static_cast<uint64_t>(total);
      for (std::size_t i = 0; i < errors.size() && error.empty(); ++i) {
        if (!errors[i].empty()) error = errors[i];
      }
      if (!error.empty()) {
        abandon_all();
        break;
      }
    }
  }
  stats.seconds = now() - start;
  if (!error.empty()) raise_value_error(error);
  results.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    if (roots[static_cast<std::size_t>(i)])
      results[static_cast<std::size_t>(i)] = trees_[static_cast<std::size_t>(i)]->result();
  }
}

std::string PuctDriver::evaluate_round(int total) {
  if (evaluator_.fn) return evaluate_callable(total);
  const auto A = static_cast<std::size_t>(game_->space.num_actions);
  const auto P = static_cast<std::size_t>(game_->initial->num_players());
  priors_.assign(static_cast<std::size_t>(total) * A, 0);
  values_.assign(static_cast<std::size_t>(total) * P, 0);
  std::vector<std::string> errors(trees_.size());
  const double start = now();
  pool_.run(trees(), [&](int worker, int b, int e) {
    for (int i = b; i < e; ++i) {
      const auto k = static_cast<std::size_t>(i);
      if (counts_[k] == 0) continue;
      const auto off = static_cast<std::size_t>(offsets_[k]),
                 cnt = static_cast<std::size_t>(counts_[k]);
      if (auto ok = builtin_[static_cast<std::size_t>(worker)]->evaluate(
              trees_[k]->leaves(), std::span(priors_).subspan(off * A, cnt * A),
              std::span(values_).subspan(off * P, cnt * P));
          !ok) {
        errors[k] = ok.error();
      }
    }
  });
  stats_->evaluator_seconds += now() - start;
  for (const auto& e : errors) {
    if (!e.empty()) return e;
  }
  return {};
}

std::string PuctDriver::evaluate_callable(int total) {
  const py::ssize_t n = total, C = game_->space.channels, H = game_->space.height,
                    W = game_->space.width, A = game_->space.num_actions,
                    P = game_->initial->num_players();
  py::gil_scoped_acquire gil;
  py::array_t<float> observations({n, C, H, W});
  py::array_t<bool> masks({n, A});
  float* obs = observations.mutable_data();
  auto* mask = reinterpret_cast<uint8_t*>(masks.mutable_data());
  {
    py::gil_scoped_release release;
    const auto plane = static_cast<std::size_t>(C * H * W);
    pool_.run(trees(), [&](int, int b, int e) {
      for (int i = b; i < e; ++i) {
        const auto k = static_cast<std::size_t>(i);
        for (int j = 0; j < counts_[k]; ++j) {
          const engine::PuctTree& t = *trees_[k];
          const GameState& s = t.leaf(j);
          const auto row = static_cast<std::size_t>(offsets_[k] + j);
          s.observe(s.to_move(), std::span(obs + row * plane, plane));
          s.legal_actions_mask(
              std::span(mask + row * static_cast<std::size_t>(A), static_cast<std::size_t>(A)));
        }
      }
    });
  }
  const double start = now();
  py::object out = evaluator_.fn(observations, masks);
  stats_->evaluator_seconds += now() - start;

  if (!py::isinstance<py::tuple>(out) && !py::isinstance<py::list>(out)) {
    return "evaluator: expected it to return (priors, values), got " + python_type_name(out);
  }
  const auto seq = out.cast<py::sequence>();
  if (seq.size() != 2) {
    return "evaluator: expected it to return (priors, values), got " + std::to_string(seq.size()) +
           " items";
  }
  using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;
  const auto priors = Floats::ensure(seq[0]);
  const auto values = Floats::ensure(seq[1]);
  if (!priors)
    return "evaluator: priors must be an array of numbers, got " + python_type_name(seq[0]);
  if (!values)
    return "evaluator: values must be an array of numbers, got " + python_type_name(seq[1]);
  if (priors.ndim() != 2 || priors.shape(0) != n || priors.shape(1) != A) {
    return "evaluator: priors must have shape (" + std::to_string(n) + ", " + std::to_string(A) +
           "), got " + shape_text(priors);
  }
  const bool one_value = P == 2 && values.ndim() == 1 && values.shape(0) == n;
  if (!one_value && (values.ndim() != 2 || values.shape(0) != n || values.shape(1) != P)) {
    return "evaluator: values must have shape (" + std::to_string(n) + ", " + std::to_string(P) +
           ")" + (P == 2 ? " or (" + std::to_string(n) + ",)" : std::string()) + ", got " +
           shape_text(values);
  }
  priors_.resize(static_cast<std::size_t>(n * A));
  std::memcpy(priors_.data(), priors.data(), priors_.size() * sizeof(float));
  values_.resize(static_cast<std::size_t>(n * P));
  if (one_value) {
    // Two players: the value of the one deciding; the other's is its negation.
    for (py::ssize_t i = 0; i < n; ++i) {
      values_[static_cast<std::size_t>(2 * i)] = values.data()[i];
      values_[static_cast<std::size_t>(2 * i + 1)] = -values.data()[i];
    }
  } else {
    std::memcpy(values_.data(), values.data(), values_.size() * sizeof(float));
  }
  return {};
}

}  // namespace arbiter::python
