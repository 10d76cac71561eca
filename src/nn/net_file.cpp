#include "nn/net_file.h"

#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

namespace arbiter::nn {

namespace {

constexpr std::string_view kMagic = "ARBNNUE1";
constexpr std::size_t kMaxHeader = 1 << 16;

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool take(void* out, std::size_t n) {
    if (bytes_.size() - pos_ < n) return false;
    std::memcpy(out, bytes_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  template <class T>
  bool take_vector(std::vector<T>& v, std::size_t count) {
    v.resize(count);
    return take(v.data(), count * sizeof(T));
  }
  std::size_t pos() const { return pos_; }
  std::size_t left() const { return bytes_.size() - pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

template <class T>
void put(std::string& out, const std::vector<T>& v) {
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

Result<int> header_int(const nlohmann::json& h, const char* key, int lo, int hi) {
  if (!h.contains(key) || !h[key].is_number_integer()) {
    return make_error(std::string("header: no whole number \"") + key + "\"");
  }
  const auto v = h[key].get<int64_t>();
  if (v < lo || v > hi) {
    return make_error(std::string("header: \"") + key + "\" is " + std::to_string(v) +
                      ", expected " + std::to_string(lo) + " to " + std::to_string(hi));
  }
  return static_cast<int>(v);
}

Result<std::string> header_text(const nlohmann::json& h, const char* key) {
  if (!h.contains(key) || !h[key].is_string()) {
    return make_error(std::string("header: no text \"") + key + "\"");
  }
  return h[key].get<std::string>();
}

Result<Network> parse(std::string_view bytes) {
  if (bytes.size() < kMagic.size() || bytes.substr(0, kMagic.size()) != kMagic) {
    return make_error("not an arbiter net file (no ARBNNUE1 at its start)");
  }
  if (bytes.size() < kMagic.size() + 4 + 8) return make_error("truncated (no header)");
  uint64_t stored = 0;
  std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  Reader r(body);
  char magic[8];
  r.take(magic, 8);
  uint32_t header_bytes = 0;
  r.take(&header_bytes, 4);
  if (header_bytes > kMaxHeader || header_bytes > r.left()) {
    return make_error("truncated or damaged (header of " + std::to_string(header_bytes) +
                      " bytes)");
  }
  std::string header(header_bytes, '\0');
  r.take(header.data(), header_bytes);
  const auto h = nlohmann::json::parse(header, nullptr, false);
  if (h.is_discarded() || !h.is_object()) return make_error("header: not a JSON object");
  Network net;
  auto game = header_text(h, "game");
  auto params = header_text(h, "params");
  auto features = header_text(h, "feature_set");
  auto players = header_int(h, "players", 2, 4);
  auto f = header_int(h, "num_features", 1, 1 << 16);
  auto hidden = header_int(h, "hidden", 32, 256);
  auto dense = header_int(h, "dense", 8, 256);
  if (!game) return make_error(game.error());
  if (!params) return make_error(params.error());
  if (!features) return make_error(features.error());
  if (!players) return make_error(players.error());
  if (!f) return make_error(f.error());
  if (!hidden) return make_error(hidden.error());
  if (!dense) return make_error(dense.error());
  if (*hidden % 32 != 0) return make_error("header: \"hidden\" must be a multiple of 32");
  if (*dense % 8 != 0) return make_error("header: \"dense\" must be a multiple of 8");
  net.info.game = *game;
  net.info.params = *params;
  net.info.feature_set = *features;
  net.info.players = *players;
  if (h.contains("data_hash") && h["data_hash"].is_string()) {
    net.info.data_hash = h["data_hash"].get<std::string>();
  }
  if (h.contains("training")) net.info.training = h["training"].dump();
  net.num_features = *f;
  net.hidden = *hidden;
  net.dense = *dense;
  net.outputs = *players;
  const std::size_t F = net.num_features, H = net.hidden, D = net.dense, P = net.outputs;
  const std::size_t expected = F * H * 2 + H * 2 + D * P * H + D * 4 + P * D + P * 4;
  if (r.left() != expected) {
    return make_error("weights are " + std::to_string(r.left()) +
                      " bytes, the header's shape needs " + std::to_string(expected) +
                      (r.left() < expected ? " (truncated)" : ""));
  }
  if (fnv1a(body) != stored) return make_error("checksum mismatch (damaged file)");
  r.take_vector(net.w0, F * H);
  r.take_vector(net.b0, H);
  r.take_vector(net.w1, D * P * H);
  r.take_vector(net.b1, D);
  r.take_vector(net.w2, P * D);
  r.take_vector(net.b2, P);
  return net;
}

}  // namespace

std::string net_params(std::string_view params_text) {
  std::string out;
  std::size_t i = 0;
  while (i < params_text.size()) {
    std::size_t j = params_text.find(' ', i);
    if (j == std::string_view::npos) j = params_text.size();
    const std::string_view word = params_text.substr(i, j - i);
    if (!word.empty() && !word.starts_with("max_plies=")) {
      if (!out.empty()) out += ' ';
      out += word;
    }
    i = j + 1;
  }
  return out;
}

uint64_t fnv1a(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

Result<std::shared_ptr<const Network>> parse_network(std::string_view bytes,
                                                     std::string_view name) {
  auto net = parse(bytes);
  if (!net) return make_error("net file " + std::string(name) + ": " + net.error());
  return std::shared_ptr<const Network>(std::make_shared<Network>(std::move(*net)));
}

Result<std::shared_ptr<const Network>> load_network(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + path + ": no such file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_network(ss.str(), path);
}

std::string serialize_network(const Network& net) {
  nlohmann::json h;
  h["game"] = net.info.game;
  h["params"] = net.info.params;
  h["players"] = net.outputs;
  h["feature_set"] = net.info.feature_set;
  h["num_features"] = net.num_features;
  h["hidden"] = net.hidden;
  h["dense"] = net.dense;
  h["data_hash"] = net.info.data_hash;
  if (!net.info.training.empty()) {
    h["training"] = nlohmann::json::parse(net.info.training, nullptr, false);
  }
  const std::string header = h.dump();
  std::string out(kMagic);
  const auto n = static_cast<uint32_t>(header.size());
  out.append(reinterpret_cast<const char*>(&n), 4);
  out += header;
  put(out, net.w0);
  put(out, net.b0);
  put(out, net.w1);
  put(out, net.b1);
  put(out, net.w2);
  put(out, net.b2);
  const uint64_t sum = fnv1a(out);
  out.append(reinterpret_cast<const char*>(&sum), 8);
  return out;
}

Status save_network(const Network& net, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return make_error("cannot write " + path);
  const std::string bytes = serialize_network(net);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) return make_error("cannot write " + path);
  return {};
}

Result<std::shared_ptr<const Network>> shared_network(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Network>> loaded;
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(path); it != loaded.end()) return it->second;
  auto net = load_network(path);
  if (net) loaded.emplace(path, *net);
  return net;
}

Status check_network(const Network& net, std::string_view game, int players,
                     std::string_view params, std::string_view feature_set, int num_features) {
  if (net.info.game != game) {
    return make_error("the net evaluates " + net.info.game + ", not " + std::string(game));
  }
  if (net.outputs != players) {
    return make_error("the net evaluates " + std::to_string(net.outputs) + "-player " +
                      net.info.game + ", not " + std::to_string(players) + " players");
  }
  if (net.info.params != params) {
    return make_error("the net was trained on " + net.info.game + " " + net.info.params + ", not " +
                      std::string(params));
  }
  if (net.info.feature_set != feature_set || net.num_features != num_features) {
    return make_error("the net's features are " + net.info.feature_set + " (" +
                      std::to_string(net.num_features) + "), this build's " +
                      std::string(feature_set) + " (" + std::to_string(num_features) + ")");
  }
  return {};
}

}  // namespace arbiter::nn
