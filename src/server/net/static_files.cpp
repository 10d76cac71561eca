#include "server/net/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/text.h"

namespace arbiter::server {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNotBuilt =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>arbiter</title></head><body>"
    "<h1>arbiter</h1><p>The web UI is not built. Build it (web/) or point <code>arbiter serve "
    "--web DIR</code> at a built copy; the API is at <code>/api/</code> (see "
    "docs/api.md).</p></body></html>\n";

Response not_found_response() { return Api::error_response(not_found("no such file")); }

}  // namespace

std::string_view StaticFiles::content_type(std::string_view path) {
  struct Type {
    std::string_view ext, type;
  };
  static constexpr Type kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".txt", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},
      {".webmanifest", "application/manifest+json"},
  };
  for (const auto& t : kTypes) {
    if (path.ends_with(t.ext)) return t.type;
  }
  return "application/octet-stream";
}

Response StaticFiles::file(const std::string& relative) const {
  const fs::path path = fs::path(dir_) / relative;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return not_found_response();
  std::ifstream in(path, std::ios::binary);
  if (!in) return not_found_response();
  std::ostringstream bytes;
  bytes << in.rdbuf();
  Response r;
  r.body = std::move(bytes).str();
  r.content_type = std::string(content_type(relative));
  return r;
}

Response StaticFiles::serve(std::string_view target) const {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  std::string relative;
  for (auto segment : split(path, "/")) {
    if (segment == ".." || segment == "." || segment.find('\\') != std::string_view::npos ||
        segment.find('\0') != std::string_view::npos ||
        segment.find('%') != std::string_view::npos) {
      return Api::error_response(bad_request("bad path " + quote(path)));
    }
    relative += (relative.empty() ? "" : "/") + std::string(segment);
  }
  const auto last =
      relative.substr(relative.rfind('/') == std::string::npos ? 0 : relative.rfind('/') + 1);
  if (!relative.empty()) {
    Response r = file(relative);
    if (r.status == 200 || last.find('.') != std::string::npos) return r;
  }
  Response index = file("index.html");
  if (index.status == 200) return index;
  Response page;
  page.body = std::string(kNotBuilt);
  page.content_type = "text/html; charset=utf-8";
  return page;
}

}  // namespace arbiter::server
