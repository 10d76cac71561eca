// The process's metrics, in Prometheus's data model: counters, gauges and histograms, each a
// family of series told apart by label values, rendered in the text exposition format
// (version 0.0.4) for GET /metrics.
//
// Recording is cheap and safe from any thread: a series is looked up once (a mutex and a map)
// and kept by the caller where it is hot; its value is an atomic. Gauges whose value lives
// elsewhere (games in memory, a queue's depth, a file's size) are read when the metrics are
// rendered, through a callback registered by the part that knows them.
//
// Names follow Prometheus's conventions: arbiter_ first, _total for counters, _seconds and
// _bytes in base units, labels in snake_case.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::metrics {

// Label values of one series, in the order of the family's label names.
using Labels = std::vector<std::string>;

class Counter {
 public:
  void add(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> value_{0};
};

class Gauge {
 public:
  void set(int64_t v) { value_.store(v, std::memory_order_relaxed); }
  void add(int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
  int64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<int64_t> value_{0};
};

// Observations counted into fixed buckets (upper bounds, ascending), with their sum.
class Histogram {
 public:
  explicit Histogram(const std::vector<double>& bounds);
  void observe(double v);
  const std::vector<double>& bounds() const { return bounds_; }
  // Per bucket (and a last one past every bound), not cumulative.
  std::vector<uint64_t> counts() const;
  double sum() const;

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<uint64_t>[]> counts_;
  std::atomic<uint64_t> sum_micro_{0};  // the sum in millionths: atomics of double are slow
};

// Buckets for durations in seconds, from a tenth of a millisecond to ten seconds.
const std::vector<double>& latency_buckets();

// A family: a name, its help, its label names, and one series per label values.
template <class Series>
class Family {
 public:
  template <class... Args>
  Family(std::string name, std::string help, std::vector<std::string> labels, Args... args)
      : name_(std::move(name)),
        help_(std::move(help)),
        labels_(std::move(labels)),
        make_([args...] { return std::make_unique<Series>(args...); }) {
    if (labels_.empty()) at({});  // a family without labels is one series, shown from the start
  }

  // The series of `values` (made on first use; the reference stays valid for the family's life).
  Series& at(const Labels& values) {
    std::lock_guard lock(mutex_);
    auto& slot = series_[values];
    if (!slot) slot = make_();
    return *slot;
  }
  const std::string& name() const { return name_; }
  const std::string& help() const { return help_; }
  const std::vector<std::string>& labels() const { return labels_; }
  // Each series with its label values, sorted by them.
  template <class Visit>
  void each(Visit visit) const {
    std::lock_guard lock(mutex_);
    for (const auto& [values, series] : series_) visit(values, *series);
  }

 private:
  std::string name_, help_;
  std::vector<std::string> labels_;
  std::function<std::unique_ptr<Series>()> make_;
  mutable std::mutex mutex_;
  std::map<Labels, std::unique_ptr<Series>> series_;
};

// A gauge read when rendered: each sample its label values and value.
struct GaugeReading {
  std::string name, help;
  std::vector<std::string> labels;
  std::function<std::vector<std::pair<Labels, double>>()> read;
  const void* owner = nullptr;  // who registered it: only they remove it
};

// What arbiter measures (docs/deploy.md lists them with their meaning).
struct Metrics {
  Family<Counter> http_requests{"arbiter_http_requests_total",
                                "HTTP requests answered, by route and status",
                                {"route", "status"}};
  Family<Histogram> http_seconds{"arbiter_http_request_duration_seconds",
                                 "Time from a request read to its answer, by route",
                                 {"route"},
                                 latency_buckets()};
  Family<Gauge> websockets{"arbiter_websocket_connections",
                           "WebSocket connections open, by kind (game, lobby, analysis)",
                           {"kind"}};
  Family<Counter> websocket_messages{"arbiter_websocket_messages_total",
                                     "WebSocket messages, by direction (in, out)",
                                     {"direction"}};
  Family<Counter> moves{"arbiter_moves_total", "Moves stored, by game", {"game"}};
  Family<Counter> games_finished{"arbiter_games_finished_total",
                                 "Games that ended, by game and how (the result's reason)",
                                 {"game", "reason"}};
  Family<Counter> clock_flags{"arbiter_clock_flags_total", "Games lost on time, by game", {"game"}};
  Family<Histogram> ai_search_seconds{"arbiter_ai_search_seconds",
                                      "Time an AI seat's search took, by game",
                                      {"game"},
                                      latency_buckets()};
  Family<Histogram> store_seconds{"arbiter_store_transaction_seconds",
                                  "Time a store transaction (a batch of writes) took to commit",
                                  {},
                                  latency_buckets()};
  Family<Counter> store_errors{"arbiter_store_errors_total", "Store writes that failed", {}};
  Family<Counter> logins{
      "arbiter_logins_total", "Log-in attempts, by result (ok, refused, limited)", {"result"}};
  Family<Counter> rate_limited{"arbiter_rate_limit_refusals_total",
                               "Requests refused by a limit (requests, creations, connections)",
                               {"limit"}};

  // Gauges read at render time; add_reading() replaces a reading of the same name.
  void add_reading(GaugeReading reading);
  void remove_reading(const std::string& name, const void* owner);
  // Everything in Prometheus's text format, the process's own figures included
  // (process_resident_memory_bytes, process_start_time_seconds).
  std::string exposition() const;

 private:
  mutable std::mutex readings_mutex_;
  std::map<std::string, GaugeReading> readings_;
};

// The process's metrics.
Metrics& metrics();

}  // namespace arbiter::metrics
