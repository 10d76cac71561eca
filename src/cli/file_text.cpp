#include "cli/file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace arbiter::cli {

Result<std::string> read_file_text(const std::string& path) {
  const auto cannot = [&](const std::string& why) {
    return make_error("cannot read " + path + ": " + why);
  };
  std::error_code ec;
  const auto type = std::filesystem::status(path, ec).type();
  if (type == std::filesystem::file_type::not_found) return cannot("no such file");
  if (type == std::filesystem::file_type::directory) return cannot("it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return cannot(std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return cannot(std::strerror(errno));
  return text.str();
}

Result<std::string> read_input_text(const std::string& path) {
  if (path != "-") return read_file_text(path);
  std::stringstream text;
  text << std::cin.rdbuf();
  return text.str();
}

}  // namespace arbiter::cli
