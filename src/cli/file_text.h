// The text of a file a command reads (a record, a puzzle file, an opening book), with one
// wording for every command when it cannot: `cannot read PATH: no such file`, `cannot read PATH:
// it is a directory`, `cannot read PATH: <the system's reason>`.
#pragma once

#include <string>

#include "core/result.h"

namespace arbiter::cli {

Result<std::string> read_file_text(const std::string& path);
// The same, and `-` reads standard input.
Result<std::string> read_input_text(const std::string& path);

}  // namespace arbiter::cli
