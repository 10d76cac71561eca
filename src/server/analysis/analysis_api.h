// The analysis board's API (docs/api.md "Analysis"): the lines it shows and plays on (a stored
// game's, a record's or a pasted position's), their legal clicks, reviews of finished games,
// and live analysis over the WebSocket /api/analysis/ws. The Api (api.h) hands it the requests
// of its paths on a hub worker; the WebSocket's session hands it each message.
//
// Who may analyse: anyone may have the engine analyse any position typed in, and any stored
// game once it has ended; a stored game being played is analysed by no one while it is played
// (a seat holder need not say who it is, so none is told apart). Files: this one's .cpp
// (routes, messages), analysis_line.h (lines), live_analysis.h, review_jobs.h.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/analysis/analysis_options.h"
#include "server/analysis/live_analysis.h"
#include "server/analysis/review_jobs.h"
#include "server/http/route.h"
#include "server/net/rate_limiter.h"
#include "server/play/legal_index.h"

namespace arbiter::server {

class OnlineApi;

// One analysis WebSocket as the API sees it.
struct AnalysisClient {
  uint64_t connection = 0;  // unique to the connection
  std::string remote;       // its address (limit key)
  Request upgrade;          // the upgrade request: its cookie says who is logged in
  LiveAnalysis::Sink send;  // queues a message on the socket; thread-safe, never blocks
  std::weak_ptr<ReviewWatcher> watcher;  // the socket, told of the reviews it watches
};

class AnalysisApi {
 public:
  // `rate_limit`: WebSocket messages per second per address (burst twice that), 0 for none.
  AnalysisApi(Hub& hub, OnlineApi& online, const AnalysisOptions& options, double rate_limit);
  ~AnalysisApi();

  // Whether a WebSocket upgrade to `target` is the analysis socket's.
  static bool is_websocket(std::string_view target);
  // This API's rows of the route table (http/route.h): answered on a hub worker, since they
  // read the store and replay lines.
  std::vector<api_routes::Route> routes();

  // Whether `remote` may open an analysis socket now (the rate limit).
  bool admit(const std::string& remote);
  // One text message from `client`: returns the message to answer with at once ("" for none;
  // live analysis and review news come later through client.send).
  std::string handle_ws_message(const AnalysisClient& client, std::string_view text);
  // `client` has gone: its analysis stops.
  void disconnected(const AnalysisClient& client);

  LiveAnalysis& live() { return live_; }
  ReviewJobs& reviews() { return reviews_; }
  // Stops the live analyses and the reviews and joins their threads (before the I/O stops).
  void shutdown();

 private:
  // "account:ID" for a logged-in caller, else "address:REMOTE": whose reviews count together.
  std::string requester(const Request& request);
  Response line(const Request& request);
  Response legal(const Request& request);
  Response review(const Request& request, const std::string& id);

  Hub& hub_;
  OnlineApi& online_;
  const AnalysisOptions options_;
  RateLimiter limiter_;
  LegalIndexes legal_;  // the click indexes of lines asked about lately
  ReviewJobs reviews_;
  LiveAnalysis live_;
};

}  // namespace arbiter::server
