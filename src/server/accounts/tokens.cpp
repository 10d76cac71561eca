#include "server/accounts/tokens.h"

#include <sodium.h>

#include <cstdint>
#include <cstdlib>
#include <mutex>

namespace arbiter::server {
namespace {

constexpr std::size_t kTokenBytes = 16;
constexpr std::size_t kIdLength = 10;
constexpr std::string_view kIdAlphabet =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, n);
  out.pop_back();
  return out;
}

}  // namespace

void init_sodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Without a working random source no token is safe to hand out.
    if (sodium_init() < 0) std::abort();
  });
}

std::string new_token() {
  init_sodium();
  unsigned char bytes[kTokenBytes];
  randombytes_buf(bytes, sizeof bytes);
  return to_hex(bytes, sizeof bytes);
}

std::string hash_token(std::string_view token) {
  init_sodium();
  if (token.size() != kTokenBytes * 2) return "";
  unsigned char bytes[kTokenBytes];
  std::size_t len = 0;
  if (sodium_hex2bin(bytes, sizeof bytes, token.data(), token.size(), nullptr, &len, nullptr) !=
          0 ||
      len != kTokenBytes) {
    return "";
  }
  unsigned char hash[crypto_generichash_BYTES];
  crypto_generichash(hash, sizeof hash, bytes, sizeof bytes, nullptr, 0);
  return to_hex(hash, sizeof hash);
}

bool same_hash(std::string_view a, std::string_view b) {
  init_sodium();
  if (a.empty() || b.empty() || a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string new_game_id() {
  init_sodium();
  std::string id(kIdLength, '0');
  for (char& c : id) c = kIdAlphabet[randombytes_uniform(kIdAlphabet.size())];
  return id;
}

bool valid_game_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (kIdAlphabet.find(c) == std::string_view::npos && c != '-' && c != '_') return false;
  }
  return true;
}

}  // namespace arbiter::server
