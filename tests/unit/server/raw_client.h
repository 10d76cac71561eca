// Raw TCP for the hostile-client tests: bytes out exactly as written (no HTTP library to tidy
// them), bytes back until the server closes or a deadline passes. POSIX sockets, blocking with
// timeouts, so a broken server fails a test instead of hanging it.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::server::test {

class RawConnection {
 public:
  // Connects to 127.0.0.1:port from `from` (any 127.0.0.0/8 address); open() says whether it did.
  explicit RawConnection(uint16_t port, const std::string& from = "127.0.0.1");
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool open() const { return fd_ >= 0; }
  bool send(const std::string& bytes);
  // Everything the server sends until it closes the connection, or until `timeout`.
  std::string read_all(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Reads until the text holds one whole response (header, and a body of its Content-Length).
  std::string read_response(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Whether the server closed the connection (a read gives end of stream or a reset) within
  // `timeout`; bytes that arrive first are read and dropped.
  bool closed_by_server(std::chrono::milliseconds timeout);
  void close();

 private:
  int fd_ = -1;
};

// The status codes of the responses in `text`, in order ("HTTP/1.1 400 ..." → 400).
std::vector<int> statuses(const std::string& text);
// The status code of the first response in `text`, 0 when there is none.
int first_status(const std::string& text);
// A header's value in the first response of `text` (case-insensitive name), "" when absent.
std::string header_value(const std::string& text, const std::string& name);
// The body of the first response of `text`.
std::string body_of(const std::string& text);

}  // namespace arbiter::server::test
