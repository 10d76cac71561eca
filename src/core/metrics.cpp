#include "core/metrics.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace arbiter::metrics {

namespace {

// The wall-clock second the process started (when this file's statics were made).
const double kStartSeconds =
    std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();

// A number as the exposition format writes it: integers plainly, else the shortest round trip.
std::string number(double v) {
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  if (std::isnan(v)) return "NaN";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<int64_t>(v));
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", v);
  return text;
}

// A label value escaped as the format asks: backslash, double quote and newline.
std::string escaped(const std::string& value) {
  std::string out;
  for (const char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

// {a="x",b="y"} for the names and values given, plus an extra pair (a histogram's le); "" for
// none.
std::string label_text(const std::vector<std::string>& names, const Labels& values,
                       const std::string& extra_name = "", const std::string& extra_value = "") {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
    out += (out.empty() ? "" : ",") + names[i] + "=\"" + escaped(values[i]) + "\"";
  }
  if (!extra_name.empty()) {
    out += (out.empty() ? "" : ",") + extra_name + "=\"" + escaped(extra_value) + "\"";
  }
  return out.empty() ? "" : "{" + out + "}";
}

void header(std::string& out, const std::string& name, const std::string& help, const char* type) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

template <class Series, class Value>
void render(std::string& out, const Family<Series>& family, const char* type, Value value) {
  header(out, family.name(), family.help(), type);
  family.each([&](const Labels& values, const Series& series) {
    out += family.name() + label_text(family.labels(), values) + " " + number(value(series)) + "\n";
  });
}

void render_histogram(std::string& out, const Family<Histogram>& family) {
  header(out, family.name(), family.help(), "histogram");
  family.each([&](const Labels& values, const Histogram& h) {
    const auto counts = h.counts();
    uint64_t cumulative = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      cumulative += counts[i];
      const std::string le = i < h.bounds().size() ? number(h.bounds()[i]) : "+Inf";
      out += family.name() + "_bucket" + label_text(family.labels(), values, "le", le) + " " +
             std::to_string(cumulative) + "\n";
    }
    out +=
        family.name() + "_sum" + label_text(family.labels(), values) + " " + number(h.sum()) + "\n";
    out += family.name() + "_count" + label_text(family.labels(), values) + " " +
           std::to_string(cumulative) + "\n";
  });
}

// The process's resident memory from /proc/self/statm (its second field, in pages); 0 when
// unreadable.
double resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  if (!(statm >> size >> resident)) return 0;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

}  // namespace

Histogram::Histogram(const std::vector<double>& bounds)
    : bounds_(bounds), counts_(new std::atomic<uint64_t>[bounds.size() + 1]) {
  for (std::size_t i = 0; i <= bounds_.size(); ++i) counts_[i].store(0);
}

void Histogram::observe(double v) {
  std::size_t i = 0;
  while (i < bounds_.size() && v > bounds_[i]) ++i;
  counts_[i].fetch_add(1, std::memory_order_relaxed);
  if (v > 0) sum_micro_.fetch_add(static_cast<uint64_t>(v * 1e6), std::memory_order_relaxed);
}

std::vector<uint64_t> Histogram::counts() const {
  std::vector<uint64_t> out(bounds_.size() + 1);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = counts_[i].load(std::memory_order_relaxed);
  return out;
}

double Histogram::sum() const { return static_cast<double>(sum_micro_.load()) / 1e6; }

const std::vector<double>& latency_buckets() {
  static const std::vector<double> bounds{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                          0.01,   0.025,   0.05,   0.1,   0.25,   0.5,
                                          1,      2.5,     5,      10};
  return bounds;
}

void Metrics::add_reading(GaugeReading reading) {
  std::lock_guard lock(readings_mutex_);
  readings_[reading.name] = std::move(reading);
}

void Metrics::remove_reading(const std::string& name, const void* owner) {
  std::lock_guard lock(readings_mutex_);
  const auto it = readings_.find(name);
  if (it != readings_.end() && it->second.owner == owner) readings_.erase(it);
}

std::string Metrics::exposition() const {
  std::string out;
  const auto count = [](const Counter& c) { return static_cast<double>(c.value()); };
  const auto level = [](const Gauge& g) { return static_cast<double>(g.value()); };
  render(out, http_requests, "counter", count);
  render_histogram(out, http_seconds);
  render(out, websockets, "gauge", level);
  render(out, websocket_messages, "counter", count);
  render(out, moves, "counter", count);
  render(out, games_finished, "counter", count);
  render(out, clock_flags, "counter", count);
  render_histogram(out, ai_search_seconds);
  render_histogram(out, store_seconds);
  render(out, store_errors, "counter", count);
  render(out, logins, "counter", count);
  render(out, rate_limited, "counter", count);
  {
    std::lock_guard lock(readings_mutex_);
    for (const auto& [name, reading] : readings_) {
      header(out, name, reading.help, "gauge");
      for (const auto& [values, value] : reading.read()) {
        out += name + label_text(reading.labels, values) + " " + number(value) + "\n";
      }
    }
  }
  header(out, "process_resident_memory_bytes", "Resident memory of the process", "gauge");
  out += "process_resident_memory_bytes " + number(resident_bytes()) + "\n";
  header(out, "process_start_time_seconds", "When the process started, in Unix seconds", "gauge");
  out += "process_start_time_seconds " + number(kStartSeconds) + "\n";
  return out;
}

Metrics& metrics() {
  // Never destroyed: parts that record or remove readings may be destroyed during the
  // process's exit after this would be (a hub owned by another static), and must find it.
  static Metrics* const instance = new Metrics;
  return *instance;
}

}  // namespace arbiter::metrics
