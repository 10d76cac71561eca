// The rules for account names and passwords, and how passwords are kept: argon2id through
// libsodium's crypto_pwhash_str (its self-describing string holds the salt and the cost, so a
// later arbiter may raise the cost and still verify old hashes).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace arbiter::server::accounts {

inline constexpr std::size_t kMinUsername = 3, kMaxUsername = 20;
inline constexpr std::size_t kMinPassword = 10;   // characters (UTF-8 code points)
inline constexpr std::size_t kMaxPassword = 256;  // bytes: bounds the hashing work per request

// 3-20 characters from [A-Za-z0-9_-]; the error says which rule failed.
Status check_username(std::string_view name);
// The form names are looked up by: lowercase, so "Alice" and "alice" are one account.
std::string username_key(std::string_view name);
// The form names must differ in, so that no one registers a look-alike of another's name:
// lowercase, with 'i' and '1' read as 'l', '0' as 'o', and '-' as '_' ("pauI", "pau1" and
// "paul" are one; "b0b" is "bob"). store::kSkeletonSql folds a stored key alike.
std::string username_skeleton(std::string_view name);
// The reserved name (one the server shows for things other than accounts: "deleted", "guest",
// "admin", "arbiter") that `name` reads as, by its skeleton with '_' and '-' dropped ("adm1n",
// "_admin", "Ad-min"); "" for none.
std::string reserved_lookalike(std::string_view name);
// At least 10 characters, at most 256 bytes, valid UTF-8, no control characters.
Status check_password(std::string_view password);

// argon2id (libsodium's interactive limits); an error only when the machine is out of memory.
Result<std::string> hash_password(std::string_view password);
// Whether `password` matches `hash` (from hash_password); false for a malformed hash.
bool verify_password(std::string_view hash, std::string_view password);
// A hash of nothing anyone can type, verified against when a name is unknown, so that a login
// takes as long whether or not the account exists.
const std::string& decoy_password_hash();

}  // namespace arbiter::server::accounts
