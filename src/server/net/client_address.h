// Who a request comes from, as the limits count it (rate limit, creation quota, connections per
// address). IPv6 clients are keyed by their /64 (one host commonly holds a whole /64, so keying by
// the full address would let it take a fresh key per request); an IPv4-mapped IPv6 address is
// keyed as the IPv4 address it carries.
//
// Behind a reverse proxy every connection comes from the proxy: a peer named by --trust-proxy has
// the client read from X-Forwarded-For instead, walking the list from the right (each proxy
// appends the address it saw) past the trusted proxies themselves; the first other entry is the
// client. A missing or malformed header leaves the peer's own address.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::server {

// The limit key of `address`: "203.0.113.7", "2001:db8:1:2::/64".
std::string client_key(const boost::asio::ip::address& address);

class TrustedProxies {
 public:
  TrustedProxies() = default;
  // Each entry an IP address ("127.0.0.1", "::1"); the error names the first that is not.
  static TrustedProxies parse(const std::vector<std::string>& addresses, std::string* error);

  bool empty() const { return proxies_.empty(); }
  bool trusts(const boost::asio::ip::address& peer) const;
  // The client's limit key for a request from `peer` carrying `forwarded_for` (the
  // X-Forwarded-For header, "" when absent).
  std::string client(const boost::asio::ip::address& peer, std::string_view forwarded_for) const;

 private:
  std::vector<boost::asio::ip::address> proxies_;
};

}  // namespace arbiter::server
