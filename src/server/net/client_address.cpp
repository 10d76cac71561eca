#include "server/net/client_address.h"

#include <algorithm>

#include "core/text.h"

namespace arbiter::server {
namespace {

namespace ip = boost::asio::ip;

ip::address unmapped(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) {
    return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  }
  return a;
}

}  // namespace

std::string client_key(const ip::address& address) {
  const ip::address a = unmapped(address);
  if (a.is_v4()) return a.to_string();
  ip::address_v6::bytes_type bytes = a.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return ip::address_v6(bytes).to_string() + "/64";
}

TrustedProxies TrustedProxies::parse(const std::vector<std::string>& addresses,
                                     std::string* error) {
  TrustedProxies out;
  for (const std::string& text : addresses) {
    boost::system::error_code ec;
    const ip::address a = ip::make_address(text, ec);
    if (ec) {
      if (error) *error = "--trust-proxy: " + quote(text) + " is not an IP address";
      return {};
    }
    out.proxies_.push_back(unmapped(a));
  }
  return out;
}

bool TrustedProxies::trusts(const ip::address& peer) const {
  const ip::address a = unmapped(peer);
  return std::find(proxies_.begin(), proxies_.end(), a) != proxies_.end();
}

std::string TrustedProxies::client(const ip::address& peer, std::string_view forwarded_for) const {
  if (!trusts(peer)) return client_key(peer);
  const std::vector<std::string_view> hops = split(forwarded_for, ",");
  for (auto hop = hops.rbegin(); hop != hops.rend(); ++hop) {
    std::string_view text = trim(*hop);
    // "[2001:db8::1]" and "[2001:db8::1]:443" (bracketed) are read as the address inside.
    if (text.starts_with('[')) {
      const auto close = text.find(']');
      if (close == std::string_view::npos) break;
      text = text.substr(1, close - 1);
    }
    boost::system::error_code ec;
    const ip::address a = ip::make_address(std::string(text), ec);
    if (ec) break;  // a malformed hop: nothing left of it can be believed
    if (!trusts(a)) return client_key(a);
  }
  return client_key(peer);
}

}  // namespace arbiter::server
