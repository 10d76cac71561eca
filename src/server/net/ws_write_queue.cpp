#include "server/net/ws_write_queue.h"

#include <boost/asio/buffer.hpp>
#include <utility>

namespace arbiter::server {

WsWriteQueue::WsWriteQueue(Stream& stream, std::size_t max_queued, std::function<void()> on_failure)
    : stream_(stream), max_queued_(max_queued), on_failure_(std::move(on_failure)) {}

void WsWriteQueue::push(std::shared_ptr<const std::string> message, std::shared_ptr<void> owner) {
  if (stopped_) return;
  if (queue_.size() >= max_queued_) return on_failure_();
  queue_.push_back(std::move(message));
  if (queue_.size() == 1) write_front(std::move(owner));
}

void WsWriteQueue::write_front(std::shared_ptr<void> owner) {
  stream_.async_write(boost::asio::buffer(*queue_.front()),
                      [this, owner](boost::beast::error_code ec, std::size_t) {
                        if (stopped_) return;
                        if (ec) return on_failure_();
                        queue_.pop_front();
                        if (!queue_.empty()) write_front(owner);
                      });
}

}  // namespace arbiter::server
