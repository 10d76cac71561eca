#include "server/accounts/credentials.h"

#include <sodium.h>

#include <cctype>

#include "server/accounts/tokens.h"

namespace arbiter::server::accounts {
namespace {

// The number of code points in `text`, or -1 when it is not valid UTF-8 or holds a control
// character.
long code_points(std::string_view text) {
  long count = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t len = c < 0x80           ? 1
                      : (c >> 5) == 0x6  ? 2
                      : (c >> 4) == 0xe  ? 3
                      : (c >> 3) == 0x1e ? 4
                                         : 0;
    if (len == 0 || i + len > text.size()) return -1;
    if (len == 1 && (c < 0x20 || c == 0x7f)) return -1;
    uint32_t cp = len == 1 ? c : c & (0x7f >> len);
    for (std::size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xc0) != 0x80) return -1;
      cp = (cp << 6) | (cc & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) {
      return -1;
    }
    i += len;
    ++count;
  }
  return count;
}

}  // namespace

Status check_username(std::string_view name) {
  if (name.size() < kMinUsername || name.size() > kMaxUsername) {
    return make_error("username must be 3-20 characters long");
  }
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') {
      return make_error("username may use only letters a-z and A-Z, digits, '_' and '-'");
    }
  }
  return {};
}

std::string username_key(std::string_view name) {
  std::string key(name);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::string username_skeleton(std::string_view name) {
  std::string out = username_key(name);
  for (char& c : out) {
    if (c == 'i' || c == '1') c = 'l';
    if (c == '0') c = 'o';
    if (c == '-') c = '_';
  }
  return out;
}

std::string reserved_lookalike(std::string_view name) {
  static constexpr std::string_view kReserved[] = {"deleted", "guest", "admin", "arbiter"};
  const auto bare = [](std::string_view text) {
    std::string s = username_skeleton(text);
    std::erase(s, '_');
    return s;
  };
  const std::string mine = bare(name);
  for (std::string_view reserved : kReserved) {
    if (mine == bare(reserved)) return std::string(reserved);
  }
  return "";
}

Status check_password(std::string_view password) {
  if (password.size() > kMaxPassword) return make_error("password must be at most 256 bytes");
  const long chars = code_points(password);
  if (chars < 0) return make_error("password must be UTF-8 text without control characters");
  if (static_cast<std::size_t>(chars) < kMinPassword) {
    return make_error("password must be at least 10 characters long");
  }
  return {};
}

Result<std::string> hash_password(std::string_view password) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(),
                            crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return make_error("cannot hash the password: out of memory");
  }
  return std::string(out);
}

bool verify_password(std::string_view hash, std::string_view password) {
  init_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(hash);  // crypto_pwhash_str_verify reads a C string
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

const std::string& decoy_password_hash() {
  static const std::string hash = [] {
    auto made = hash_password(new_token() + new_token());
    return made.ok() ? *made : std::string();
  }();
  return hash;
}

}  // namespace arbiter::server::accounts
