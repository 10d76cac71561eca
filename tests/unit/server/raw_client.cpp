#include "raw_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

namespace arbiter::server::test {
namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<int64_t>(0, left.count()));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

RawConnection::RawConnection(uint16_t port, const std::string& from) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return;
  sockaddr_in local{};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, from.c_str(), &local.sin_addr);
  sockaddr_in server{};
  server.sin_family = AF_INET;
  server.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &server.sin_addr);
  if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd_, reinterpret_cast<sockaddr*>(&server), sizeof server) != 0) {
    close();
  }
}

RawConnection::~RawConnection() { close(); }

void RawConnection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool RawConnection::send(const std::string& bytes) {
  std::size_t sent = 0;
  while (fd_ >= 0 && sent < bytes.size()) {
    const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return fd_ >= 0;
}

std::string RawConnection::read_all(std::chrono::milliseconds timeout) {
  std::string out;
  const auto deadline = Clock::now() + timeout;
  char buf[16384];
  while (fd_ >= 0) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) break;
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

std::string RawConnection::read_response(std::chrono::milliseconds timeout) {
  std::string out;
  const auto deadline = Clock::now() + timeout;
  char buf[16384];
  while (fd_ >= 0) {
    const auto end = out.find("\r\n\r\n");
    if (end != std::string::npos) {
      const std::string length = header_value(out, "Content-Length");
      const std::size_t want = end + 4 + (length.empty() ? 0 : std::stoul(length));
      if (out.size() >= want) break;
    }
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) break;
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

bool RawConnection::closed_by_server(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  char buf[4096];
  while (fd_ >= 0) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) return false;
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) return true;
  }
  return true;
}

int first_status(const std::string& text) {
  const auto s = statuses(text);
  return s.empty() ? 0 : s[0];
}

std::vector<int> statuses(const std::string& text) {
  std::vector<int> out;
  for (std::size_t at = text.find("HTTP/1."); at != std::string::npos;
       at = text.find("HTTP/1.", at + 1)) {
    if (at != 0 && text.compare(at - 2, 2, "\r\n") != 0) continue;  // not at a line start
    if (at + 12 <= text.size()) out.push_back(std::atoi(text.c_str() + at + 9));
  }
  return out;
}

std::string header_value(const std::string& text, const std::string& name) {
  const std::string head = lower(text.substr(0, text.find("\r\n\r\n")));
  const std::string key = "\r\n" + lower(name) + ":";
  const auto at = head.find(key);
  if (at == std::string::npos) return "";
  const auto start = text.find_first_not_of(' ', at + key.size());
  const auto end = text.find("\r\n", start);
  return text.substr(start, end - start);
}

std::string body_of(const std::string& text) {
  const auto end = text.find("\r\n\r\n");
  if (end == std::string::npos) return "";
  std::string body = text.substr(end + 4);
  const std::string length = header_value(text, "Content-Length");
  if (!length.empty()) body = body.substr(0, std::stoul(length));
  return body;
}

}  // namespace arbiter::server::test
