// The web UI's files from one folder (--web DIR). `/` and any path without a file extension
// that names no file get index.html, so the UI's own routes (/g/ID) survive a reload; a missing
// asset (a path with an extension) is a 404. `..` segments are refused. When the folder has no
// index.html, those paths get a short page saying the web UI is not built.
#pragma once

#include <string>
#include <string_view>

#include "server/http/api.h"

namespace arbiter::server {

class StaticFiles {
 public:
  explicit StaticFiles(std::string dir) : dir_(std::move(dir)) {}
  // Answers a GET (or HEAD) for `target` (path and query).
  Response serve(std::string_view target) const;
  static std::string_view content_type(std::string_view path);

 private:
  Response file(const std::string& relative) const;  // 404 when missing
  std::string dir_;
};

}  // namespace arbiter::server
