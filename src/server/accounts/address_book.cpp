#include "server/accounts/address_book.h"

#include <algorithm>

namespace arbiter::server::accounts {

void AddressBook::seen(int64_t account, std::string_view address) {
  if (account == 0 || address.empty()) return;
  std::lock_guard lock(mu_);
  auto it = addresses_.find(account);
  if (it == addresses_.end()) {
    if (addresses_.size() >= kMaxAccounts) addresses_.clear();
    it = addresses_.emplace(account, std::deque<std::string>{}).first;
  }
  auto& list = it->second;
  auto known = std::find(list.begin(), list.end(), address);
  if (known != list.end()) {
    if (known + 1 == list.end()) return;  // the common case: the latest address again
    list.erase(known);
  }
  list.emplace_back(address);
  if (list.size() > kMaxPerAccount) list.pop_front();
}

bool AddressBook::shared_locked(int64_t a, int64_t b) const {
  if (a == 0 || b == 0 || a == b) return false;
  auto x = addresses_.find(a);
  auto y = addresses_.find(b);
  if (x == addresses_.end() || y == addresses_.end()) return false;
  return std::any_of(x->second.begin(), x->second.end(), [&](const std::string& address) {
    return std::find(y->second.begin(), y->second.end(), address) != y->second.end();
  });
}

bool AddressBook::shared(int64_t a, int64_t b) const {
  std::lock_guard lock(mu_);
  return shared_locked(a, b);
}

std::optional<std::pair<int64_t, int64_t>> AddressBook::first_shared(
    const std::vector<int64_t>& accounts) const {
  std::lock_guard lock(mu_);
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    for (std::size_t j = i + 1; j < accounts.size(); ++j) {
      if (shared_locked(accounts[i], accounts[j])) return std::pair{accounts[i], accounts[j]};
    }
  }
  return std::nullopt;
}

}  // namespace arbiter::server::accounts
