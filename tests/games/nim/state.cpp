#include "games/nim/state.h"

#include "core/text.h"
#include "core/zobrist.h"

namespace arbiter::nim {
namespace {

constexpr auto kKeys = make_zobrist_keys<kMaxHeaps*(kMaxCounters + 1) + 1>(0x4e494d);
constexpr uint64_t key(int heap, int counters) {
  return kKeys[heap * (kMaxCounters + 1) + counters];
}
constexpr uint64_t kSecondToMove = kKeys.back();

}  // namespace

State State::start(const Params& params) {
  State s;
  s.params_ = params;
  for (int h = 0; h < params.heaps; ++h) s.counters_ += s.heaps_[h] = 2 * h + 1;
  s.hash_ = s.compute_hash();
  return s;
}

Result<State> State::parse_position(const Params& params, std::string_view text) {
  const auto fields = split(text);
  const auto heaps = split_exact(fields.empty() ? "" : fields[0], '/');
  if (fields.size() != 2 || static_cast<int>(heaps.size()) != params.heaps ||
      (fields[1] != "first" && fields[1] != "second")) {
    return make_error("nim position: expected " + std::to_string(params.heaps) +
                      " heaps separated by '/', then first or second");
  }
  State s = start(params);
  s.counters_ = 0;
  for (int h = 0; h < params.heaps; ++h) {
    const auto n = parse_int(heaps[h], 0, kMaxCounters, "nim heap");
    if (!n) return make_error(n.error());
    s.counters_ += s.heaps_[h] = static_cast<int>(*n);
  }
  s.to_move_ = fields[1] == "first" ? 0 : 1;
  s.hash_ = s.compute_hash();
  return s;
}

void State::generate(MoveList& out) const {
  out.clear();
  for (int h = 0; h < params_.heaps; ++h) {
    for (int t = 1; t <= heaps_[h]; ++t) out.push_back({uint8_t(h), uint8_t(t)});
  }
}

void State::take(int heap, int counters) {
  hash_ ^= key(heap, heaps_[heap]) ^ key(heap, heaps_[heap] - counters) ^ kSecondToMove;
  heaps_[heap] -= counters;
  counters_ -= counters;
  to_move_ ^= 1;
}

void State::apply(const Move& m) {
  take(m.heap, m.take);
  undo_.push_back(m);
}

void State::undo() {
  take(undo_.back().heap, -undo_.back().take);
  undo_.pop_back();
}

uint64_t State::compute_hash() const {
  uint64_t h = to_move_ ? kSecondToMove : 0;
  for (int i = 0; i < params_.heaps; ++i) h ^= key(i, heaps_[i]);
  return h;
}

// At the end, the player to move did not take the last counter: the other one wins.
std::vector<double> State::returns() const {
  const double first = !is_terminal() ? 0 : to_move_ == 1 ? 1 : -1;
  return {first, -first};
}

std::string State::result_text() const {
  return is_terminal() ? player_name(1 - to_move_) + " wins: took the last counter" : "";
}

std::string State::to_text() const {
  std::string out;
  for (int h = 0; h < params_.heaps; ++h) out += (h ? "/" : "") + std::to_string(heaps_[h]);
  return out + " " + player_name(to_move_);
}

std::string State::move_text(const Move& m) const {
  return std::string(1, char('a' + m.heap)) + std::to_string(m.take);
}

Result<Move> parse_move_text(std::string_view text) {
  const std::string t = to_lower(trim(text));
  if (t.size() < 2 || t[0] < 'a' || t[0] >= 'a' + kMaxHeaps) {
    return make_error("nim move: expected a heap letter and a count, as c3, got " + quote(text));
  }
  const auto n = parse_int(std::string_view(t).substr(1), 1, kMaxCounters, "nim move count");
  if (!n) return make_error(n.error());
  return Move{uint8_t(t[0] - 'a'), uint8_t(*n)};
}

Result<Move> State::parse_move(std::string_view text) const {
  auto m = parse_move_text(text);
  if (m && (m->heap >= params_.heaps || m->take > heaps_[m->heap])) {
    return make_error("nim move " + quote(text) + ": the heap has fewer counters");
  }
  return m;
}

}  // namespace arbiter::nim
