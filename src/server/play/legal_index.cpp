#include "server/play/legal_index.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "core/text.h"
#include "server/play/views.h"

namespace arbiter::server {
namespace {

template <class T>
std::size_t held(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}

}  // namespace

Result<std::shared_ptr<const LegalIndex>> LegalIndex::build(const GameState& state) {
  auto out = std::make_shared<LegalIndex>();
  LegalIndex& x = *out;
  x.names_.push_back("");
  x.ids_.emplace("", 0);
  bool too_many = false;
  // A name of up to 7 bytes (every cell and slot name of the games) is looked up as one word:
  // hashing and comparing strings, ~15 per move, took a fifth of a size-8 Trap's index.
  std::unordered_map<uint64_t, Id> short_ids;
  auto id_of = [&](const std::string& name) -> Id {
    const bool short_name = name.size() < 8;
    uint64_t word = static_cast<uint64_t>(name.size()) << 56;
    if (short_name) {
      std::memcpy(&word, name.data(), name.size());
      if (auto it = short_ids.find(word); it != short_ids.end()) return it->second;
    }
    auto [it, fresh] = x.ids_.try_emplace(name, static_cast<Id>(x.names_.size()));
    if (fresh) {
      if (x.names_.size() >= kMaxNames) too_many = true;
      x.names_.push_back(name);
    }
    if (short_name) short_ids.emplace(word, it->second);
    return it->second;
  };
  if (!state.is_terminal()) {
    const std::vector<std::string> legal = state.legal_moves();
    std::size_t text_bytes = 0;
    for (const std::string& text : legal) text_bytes += text.size();
    x.texts_.reserve(text_bytes);
    x.text_end_.reserve(legal.size());
    x.path_end_.reserve(legal.size());
    x.orders_end_.reserve(legal.size());
    for (const std::string& text : legal) {
      const MoveParts parts = move_parts_of(state, text);
      // The text as legal_moves() gives it (canonical, as parts.text), whose sorted order
      // with_prefix searches.
      x.texts_ += text;
      x.text_end_.push_back(static_cast<uint32_t>(x.texts_.size()));
      for (const auto& cell : parts.path) x.paths_.push_back(id_of(cell));
      x.path_end_.push_back(static_cast<uint32_t>(x.paths_.size()));
      for (std::size_t o = 0; o < parts.clicks.size(); ++o) {
        const auto& order = parts.clicks[o];
        for (std::size_t k = 0; k < order.size(); ++k) {
          x.clicks_.push_back(id_of(order[k]));
          const bool has = o < parts.changes.size() && k < parts.changes[o].size();
          x.changes_.push_back(has ? id_of(parts.changes[o][k].from) : 0);
          x.changes_.push_back(has ? id_of(parts.changes[o][k].to) : 0);
        }
        x.clicks_end_.push_back(static_cast<uint32_t>(x.clicks_.size()));
      }
      x.orders_end_.push_back(static_cast<uint32_t>(x.clicks_end_.size()));
    }
  }
  if (too_many) return make_error("the position names more than 65535 cells and slots");
  x.texts_.shrink_to_fit();
  x.paths_.shrink_to_fit();
  x.clicks_.shrink_to_fit();
  x.changes_.shrink_to_fit();
  x.clicks_end_.shrink_to_fit();
  return std::shared_ptr<const LegalIndex>(std::move(out));
}

std::size_t LegalIndex::bytes() const {
  std::size_t n = sizeof(*this) + texts_.capacity() + held(text_end_) + held(path_end_) +
                  held(paths_) + held(orders_end_) + held(clicks_end_) + held(clicks_) +
                  held(changes_);
  for (const auto& name : names_) n += sizeof(name) + name.capacity() + 2 * sizeof(void*);
  return n;
}

std::string_view LegalIndex::text(std::size_t m) const {
  const uint32_t begin = m == 0 ? 0 : text_end_[m - 1];
  return std::string_view(texts_).substr(begin, text_end_[m] - begin);
}

LegalPrefix LegalIndex::with_prefix(std::string_view prefix, std::size_t limit) const {
  LegalPrefix out;
  out.prefix = std::string(prefix);
  const std::string want = to_lower(prefix);
  // In text order the moves beginning with `want` are one run: after every text below `want`,
  // before every text whose first want.size() characters are above it.
  const auto at = [&](auto pred) {  // the first move number for which pred is false
    std::size_t low = 0, high = moves();
    while (low < high) {
      const std::size_t mid = low + (high - low) / 2;
      if (pred(mid)) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  };
  const std::size_t first = at([&](std::size_t m) { return text(m) < want; });
  const std::size_t last =
      at([&](std::size_t m) { return text(m).substr(0, want.size()) <= want; });
  out.count = last - first;
  for (std::size_t m = first; m < last && out.moves.size() < limit; ++m) {
    out.moves.emplace_back(text(m));
  }
  return out;
}

LegalClicks LegalIndex::answer(const std::vector<std::string>& clicks) const {
  LegalClicks out;
  const std::size_t k = clicks.size();
  std::vector<Id> want;
  for (const auto& c : clicks) {
    auto it = ids_.find(c);
    if (it == ids_.end() || it->second == 0) return out;  // a name no move clicks: nothing
    want.push_back(it->second);
  }
  struct Next {
    std::vector<Id> route;
    Id from = 0, to = 0;
  };
  std::map<Id, Next> next;
  uint32_t order_begin = 0;
  for (std::size_t m = 0; m < text_end_.size(); ++m) {
    const uint32_t order_end = orders_end_[m];
    const uint32_t path_begin = m == 0 ? 0 : path_end_[m - 1];
    const uint32_t path_end = path_end_[m];
    bool matched = false;
    bool done = false;
    for (uint32_t o = order_begin; o < order_end; ++o) {
      const uint32_t c0 = o == 0 ? 0 : clicks_end_[o - 1];
      const uint32_t c1 = clicks_end_[o];
      if (c1 - c0 < k || !std::equal(want.begin(), want.end(), clicks_.begin() + c0)) continue;
      matched = true;
      if (c1 - c0 == k) {
        if (!done) {
          LegalClicks::Complete c;
          c.text = std::string(text(m));
          for (uint32_t p = path_begin; p < path_end; ++p) c.path.push_back(names_[paths_[p]]);
          out.complete.push_back(std::move(c));
        }
        done = true;
        continue;
      }
      const Id click = clicks_[c0 + k];
      // The route to the click: the path up to the click's last appearance in it.
      std::vector<Id> route;
      for (uint32_t p = path_end; p > path_begin; --p) {
        if (paths_[p - 1] == click) {
          route.assign(paths_.begin() + path_begin, paths_.begin() + p);
          break;
        }
      }
      auto [it, fresh] = next.try_emplace(click);
      if (fresh) {
        it->second.route = std::move(route);
        it->second.from = changes_[2 * (c0 + k)];
        it->second.to = changes_[2 * (c0 + k) + 1];
      } else if (route.size() < it->second.route.size()) {
        it->second.route = std::move(route);
      }
    }
    out.count += matched ? 1 : 0;
    order_begin = order_end;
  }
  for (const auto& [click, n] : next) {
    LegalClicks::Next entry;
    entry.click = names_[click];
    for (Id p : n.route) entry.path.push_back(names_[p]);
    entry.change = ClickChange{names_[n.from], names_[n.to]};
    out.next.push_back(std::move(entry));
  }
  std::sort(out.next.begin(), out.next.end(),
            [](const auto& a, const auto& b) { return a.click < b.click; });
  return out;
}

std::shared_ptr<const LegalIndex> LegalIndexes::find(const std::string& id, uint64_t generation) {
  std::lock_guard lock(mu_);
  auto it = by_id_.find(id);
  if (it == by_id_.end() || it->second->generation != generation) return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->index;
}

void LegalIndexes::put(const std::string& id, uint64_t generation,
                       std::shared_ptr<const LegalIndex> index) {
  const std::size_t size = index->bytes();
  std::lock_guard lock(mu_);
  ++built_;
  if (auto it = by_id_.find(id); it != by_id_.end()) erase_locked(it->second);
  if (size > budget_) return;
  while (bytes_ + size > budget_ && !lru_.empty()) erase_locked(std::prev(lru_.end()));
  lru_.push_front(Entry{id, generation, std::move(index), size});
  by_id_[id] = lru_.begin();
  bytes_ += size;
}

void LegalIndexes::drop(const std::string& id) {
  std::lock_guard lock(mu_);
  if (auto it = by_id_.find(id); it != by_id_.end()) erase_locked(it->second);
}

void LegalIndexes::erase_locked(std::list<Entry>::iterator it) {
  bytes_ -= it->bytes;
  by_id_.erase(it->id);
  lru_.erase(it);
}

LegalIndexes::Stats LegalIndexes::stats() const {
  std::lock_guard lock(mu_);
  return {lru_.size(), bytes_, budget_, built_};
}

}  // namespace arbiter::server
