#include "cli/store_open.h"

#include <filesystem>

namespace arbiter::cli {

store::Result<std::unique_ptr<store::Store>> open_command_store(const std::string& url) {
  if (url == kDefaultStoreUrl) {
    std::error_code ec;
    std::filesystem::create_directory("arbiter-data", ec);
    if (ec) {
      return store::make_error(store::ErrorCode::kIo,
                               "cannot make the store's folder ./arbiter-data: " + ec.message());
    }
  }
  return store::open_store(url);
}

}  // namespace arbiter::cli
