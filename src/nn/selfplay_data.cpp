#include "nn/selfplay_data.h"

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace arbiter::nn {

namespace {

constexpr uint32_t kMaxBlock = 64u << 20;

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

class Cursor {
 public:
  Cursor(std::string_view bytes, std::size_t pos, std::size_t end)
      : bytes_(bytes), pos_(pos), end_(end) {}
  template <class T>
  bool get(T& v) {
    if (end_ - pos_ < sizeof(T)) return false;
    std::memcpy(&v, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool text(std::string& s, std::size_t n) {
    if (end_ - pos_ < n) return false;
    s.assign(bytes_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  std::size_t pos() const { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_, end_;
};

Result<SelfplayHeader> parse_header(const std::string& json) {
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return make_error("the header is not a JSON object");
  SelfplayHeader h;
  h.json = json;
  for (const char* key : {"players", "num_features"}) {
    if (!j.contains(key) || !j[key].is_number_integer()) {
      return make_error(std::string("the header's ") + key + " is not a whole number");
    }
  }
  try {
    h.game = j.at("game").get<std::string>();
    h.params = j.at("params").get<std::string>();
    h.feature_set = j.at("feature_set").get<std::string>();
  } catch (const nlohmann::json::exception&) {
    return make_error("the header lacks game, params, players, feature_set or num_features");
  }
  const auto players = j["players"].get<int64_t>();
  const auto features = j["num_features"].get<int64_t>();
  if (players < 2 || players > 4) return make_error("the header's players is not 2 to 4");
  if (features < 0 || features > 65535) {
    return make_error("the header's num_features is out of range");
  }
  h.players = static_cast<int>(players);
  h.num_features = static_cast<int>(features);
  return h;
}

// One block between `pos` and `end` (its declared end); an error names what is wrong.
Result<SelfplayGame> parse_block(std::string_view bytes, std::size_t pos, std::size_t end,
                                 const SelfplayHeader& h) {
  Cursor c(bytes, pos, end);
  SelfplayGame g;
  uint16_t plies = 0, count = 0;
  if (!c.get(g.index) || !c.get(plies) || !c.get(count)) return make_error("a short game block");
  g.plies = plies;
  g.result.resize(h.players);
  for (auto& r : g.result) {
    if (!c.get(r)) return make_error("a short game block");
  }
  for (int i = 0; i < count; ++i) {
    SelfplayPosition p;
    uint16_t ply = 0, n = 0;
    uint8_t to_move = 0, flags = 0;
    if (!c.get(ply) || !c.get(to_move) || !c.get(flags)) return make_error("a short position");
    if (to_move >= h.players) return make_error("a position's player to move is out of range");
    p.ply = ply;
    p.to_move = to_move;
    p.proven = flags & 1;
    p.search.resize(h.players);
    for (auto& v : p.search) {
      if (!c.get(v)) return make_error("a short position");
    }
    if (!c.get(n) || !c.text(p.text, n)) return make_error("a short position text");
    p.features.resize(h.players);
    for (auto& list : p.features) {
      uint16_t k = 0;
      if (!c.get(k)) return make_error("a short feature list");
      list.resize(k);
      for (auto& f : list) {
        if (!c.get(f)) return make_error("a short feature list");
        if (f >= h.num_features) return make_error("a feature index beyond num_features");
      }
    }
    g.positions.push_back(std::move(p));
  }
  if (c.pos() != end) return make_error("a game block longer than its positions");
  return g;
}

}  // namespace

std::string encode_header(const SelfplayHeader& h) {
  nlohmann::json j =
      h.json.empty() ? nlohmann::json::object() : nlohmann::json::parse(h.json, nullptr, false);
  if (!j.is_object()) j = nlohmann::json::object();
  j["game"] = h.game;
  j["params"] = h.params;
  j["players"] = h.players;
  j["feature_set"] = h.feature_set;
  j["num_features"] = h.num_features;
  const std::string text = j.dump();
  std::string out(kSelfplayMagic);
  put(out, static_cast<uint32_t>(text.size()));
  return out + text;
}

std::string encode_game(const SelfplayGame& g, int players) {
  std::string body;
  put(body, g.index);
  put(body, static_cast<uint16_t>(g.plies));
  put(body, static_cast<uint16_t>(g.positions.size()));
  for (int p = 0; p < players; ++p) put(body, g.result[p]);
  for (const auto& pos : g.positions) {
    put(body, static_cast<uint16_t>(pos.ply));
    put(body, static_cast<uint8_t>(pos.to_move));
    put(body, static_cast<uint8_t>(pos.proven ? 1 : 0));
    for (int p = 0; p < players; ++p) put(body, pos.search[p]);
    put(body, static_cast<uint16_t>(pos.text.size()));
    body += pos.text;
    for (const auto& list : pos.features) {
      put(body, static_cast<uint16_t>(list.size()));
      for (uint16_t f : list) put(body, f);
    }
  }
  std::string out;
  put(out, static_cast<uint32_t>(body.size()));
  return out + body;
}

Result<SelfplayFile> decode_selfplay(std::string_view bytes, std::string_view name) {
  SelfplayFile file;
  const std::string where = std::string(name);
  std::size_t pos = 0;
  bool have_header = false;
  auto fail = [&](std::size_t at, const std::string& what) {
    return make_error(where + ": byte " + std::to_string(at) + ": " + what);
  };
  while (pos < bytes.size()) {
    if (bytes.size() - pos >= kSelfplayMagic.size() &&
        bytes.substr(pos, kSelfplayMagic.size()) == kSelfplayMagic) {
      Cursor c(bytes, pos + kSelfplayMagic.size(), bytes.size());
      uint32_t n = 0;
      std::string json;
      if (!c.get(n) || n > kMaxBlock || !c.text(json, n)) break;  // cut inside a chunk header
      auto h = parse_header(json);
      if (!h) return fail(pos, h.error());
      if (!have_header) {
        file.header = *h;
        have_header = true;
      } else if (h->game != file.header.game || h->params != file.header.params ||
                 h->feature_set != file.header.feature_set || h->players != file.header.players) {
        return fail(pos, "a chunk of " + h->game + " " + h->params + " after one of " +
                             file.header.game + " " + file.header.params);
      }
      pos = c.pos();
      file.complete_bytes = pos;
      continue;
    }
    if (!have_header) return fail(pos, "not a self-play file (no ARBSELF1 at its start)");
    Cursor c(bytes, pos, bytes.size());
    uint32_t n = 0;
    if (!c.get(n)) break;
    if (n > kMaxBlock) return fail(pos, "a game block of " + std::to_string(n) + " bytes");
    if (bytes.size() - c.pos() < n) break;  // cut inside the block
    auto g = parse_block(bytes, c.pos(), c.pos() + n, file.header);
    if (!g) return fail(pos, g.error());
    file.games.push_back(std::move(*g));
    pos = c.pos() + n;
    file.complete_bytes = pos;
  }
  if (!have_header) return fail(0, "not a self-play file (empty)");
  return file;
}

Result<SelfplayFile> read_selfplay(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + path + ": no such file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return decode_selfplay(ss.str(), path);
}

}  // namespace arbiter::nn
