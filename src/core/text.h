// Small text helpers shared by every parser. All are total: any input gives a value or an error.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace arbiter {

std::string_view trim(std::string_view s);
// Splits on any run of the given separator characters; no empty pieces.
std::vector<std::string_view> split(std::string_view s, std::string_view separators = " \t\r\n");
// Splits on every occurrence of one character; keeps empty pieces.
std::vector<std::string_view> split_exact(std::string_view s, char separator);
// A decimal integer in [lo, hi]; `what` names the field in the error.
Result<int64_t> parse_int(std::string_view s, int64_t lo, int64_t hi, std::string_view what);
std::string to_lower(std::string_view s);
// Quotes a user-supplied fragment for an error message, shortened when long.
std::string quote(std::string_view s);

}  // namespace arbiter
