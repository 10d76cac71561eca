// Seat tokens and game ids. A token is 16 random bytes (libsodium) written as 32 hex digits; the
// server keeps only its hash (crypto_generichash, hex) and compares hashes in constant time.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::server {

// Initialises libsodium once; every function here calls it, so callers need not.
void init_sodium();

std::string new_token();  // 32 lowercase hex digits
// The stored form of a token: the hex hash of its 16 bytes; "" when `token` is not 32 hex digits
// (so a malformed token never matches a seat).
std::string hash_token(std::string_view token);
// Constant-time equality of two token hashes; false when either is empty.
bool same_hash(std::string_view a, std::string_view b);

// A new game id: 10 characters from [0-9A-Za-z], URL-safe.
std::string new_game_id();
// Whether `id` could name a game (1–64 characters from [0-9A-Za-z_-]); a cheap 404 before any
// store lookup.
bool valid_game_id(std::string_view id);

}  // namespace arbiter::server
