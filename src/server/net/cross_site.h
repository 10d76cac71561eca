// Cross-site request forgery (docs/server.md "Cookies and cross-site requests"). A browser sends
// this server's cookies (the session, arbiter_session; the puzzle solver's, arbiter_browser)
// with whatever request another site's page makes it send, and SameSite=Lax alone does not stop
// every such request (a sibling host is "same site"; an old browser ignores the attribute). So
// a change that a cookie speaks for must prove it comes from this server's own pages:
//
// - it is sent as application/json, which no cross-site form or simple request can send without
//   a CORS preflight (which this server never grants), and
// - its Origin (or, without one, its Referer) names this server: the scheme, host and port the
//   client addressed (the Host header, or a trusted proxy's X-Forwarded-Host and
//   X-Forwarded-Proto). "null" names no one.
//
// A request that carries an Authorization header is exempt: no other site can make a browser
// send one. So are GET, HEAD and OPTIONS, which change nothing. A WebSocket upgrade carrying a
// cookie has its Origin checked the same way (it has no body to type).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/text.h"
#include "server/accounts/online_api.h"
#include "server/http/api.h"
#include "server/http/json_body.h"
#include "server/play/outcome.h"
#include "server/puzzles/puzzles_api.h"

namespace arbiter::server {

// Whether a Cookie header holds one of this server's cookies (a session or a solver's browser).
inline bool carries_server_cookie(std::string_view cookie_header);

// Why `request` may be forged by another site and is refused (415 for a body that is not JSON,
// 403 for a missing or foreign Origin), or nullopt. `upgrade`: a WebSocket upgrade, whose Origin
// alone is checked.
inline std::optional<ApiError> cross_site_error(const Request& request, bool upgrade = false);

// ---- implementation -------------------------------------------------------------------------

namespace cross_site_detail {

inline constexpr std::string_view kWhy = "cross-site check: ";

struct Authority {
  std::string scheme;  // "" for a Host header, which has none
  std::string host;    // lowercase; an IPv6 literal keeps its brackets
  std::string port;    // "" when not written
};

// "host", "host:port", "[v6]", "[v6]:port"; nullopt for anything else.
inline std::optional<Authority> parse_authority(std::string_view text) {
  Authority out;
  if (text.empty()) return std::nullopt;
  std::string_view port;
  if (text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.host = to_lower(text.substr(0, close + 1));
    text.remove_prefix(close + 1);
    if (!text.empty()) {
      if (text.front() != ':') return std::nullopt;
      port = text.substr(1);
    }
  } else {
    const auto colon = text.find(':');
    out.host = to_lower(text.substr(0, colon));
    if (colon != std::string_view::npos) port = text.substr(colon + 1);
    if (out.host.empty()) return std::nullopt;
  }
  for (char c : port) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  out.port = std::string(port);
  return out;
}

// The origin of an Origin value ("https://host:port") or of a Referer URL (its path dropped).
inline std::optional<Authority> parse_origin(std::string_view text) {
  const auto sep = text.find("://");
  if (sep == std::string_view::npos) return std::nullopt;
  const std::string scheme = to_lower(text.substr(0, sep));
  if (scheme != "http" && scheme != "https") return std::nullopt;
  std::string_view rest = text.substr(sep + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (rest.find('@') != std::string_view::npos) return std::nullopt;  // no user info
  auto out = parse_authority(rest);
  if (!out) return std::nullopt;
  out->scheme = scheme;
  return out;
}

inline std::string_view default_port(std::string_view scheme) {
  return scheme == "https" ? "443" : "80";
}

// Whether `origin` is the server the client addressed as `host` over https or plain http (this
// server speaks plain http; https only through a trusted proxy that says so).
inline bool same_origin(const Authority& origin, const Authority& host, bool https) {
  const std::string_view scheme = https ? "https" : "http";
  if (origin.scheme != scheme || origin.host != host.host) return false;
  const std::string_view origin_port =
      origin.port.empty() ? default_port(scheme) : std::string_view(origin.port);
  const std::string_view host_port =
      host.port.empty() ? default_port(scheme) : std::string_view(host.port);
  return origin_port == host_port;
}

inline bool safe_method(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "OPTIONS";
}

}  // namespace cross_site_detail

inline bool carries_server_cookie(std::string_view cookie_header) {
  for (auto part : split(cookie_header, ";")) {
    part = trim(part);
    const auto eq = part.find('=');
    if (eq == std::string_view::npos) continue;
    const auto name = trim(part.substr(0, eq));
    if (name == kSessionCookie || name == puzzles::kBrowserCookie) return true;
  }
  return false;
}

inline std::optional<ApiError> cross_site_error(const Request& request, bool upgrade) {
  using namespace cross_site_detail;
  if (!upgrade && safe_method(request.method)) return std::nullopt;
  if (!trim(request.authorization).empty()) return std::nullopt;
  if (!carries_server_cookie(request.cookie)) return std::nullopt;
  if (!upgrade && !is_json_content(request.content_type)) {
    return ApiError{415, std::string(kWhy) +
                             "a change sent with this server's cookie must be application/json, "
                             "got " +
                             (request.content_type.empty() ? std::string("no Content-Type")
                                                           : quote(request.content_type))};
  }
  const bool from_origin = !request.origin.empty();
  const std::string_view named = from_origin ? request.origin : request.referer;
  const char* header = from_origin ? "Origin" : "Referer";
  if (named.empty()) {
    return forbidden(std::string(kWhy) + (upgrade ? "a WebSocket opened" : "a change sent") +
                     " with this server's cookie needs an Origin (or Referer) header naming "
                     "this server (API clients: send the session as a bearer token instead)");
  }
  const auto origin = parse_origin(named);
  const auto host = parse_authority(request.host);
  if (!origin || !host || !same_origin(*origin, *host, request.https)) {
    return forbidden(std::string(kWhy) + header + " " + quote(named) + " is not this server (" +
                     (request.https ? "https://" : "http://") +
                     (request.host.empty() ? std::string("no Host") : request.host) + ")");
  }
  return std::nullopt;
}

}  // namespace arbiter::server
