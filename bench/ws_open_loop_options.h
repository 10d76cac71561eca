// ws_open_loop's command line (ws_open_loop.cpp says what each option does).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ws_open_loop {

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string watch_port;  // the watchers but the first (the mover): empty, the same as port
  int games = 5000;
  int watchers = 2;
  double interval = 5;
  double seconds = 30;
  std::string game = "traverse";
  int threads = 2;
  long server_pid = 0;
  std::string time_control = "none";  // the moving games'
  int flaggers = 0;                   // games that flag during the run
  std::string flag_control = "0.05+0";
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "ws_open_loop: %s\n", message.c_str());
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help") {
      std::puts(
          "ws_open_loop --host H --port P --games G --watchers W --interval S --seconds S "
          "[--game NAME] [--threads T] [--server-pid PID] [--time-control TC] [--flaggers F] "
          "[--flag-control TC] [--watch-port P]");
      std::exit(0);
    }
    if (i + 1 >= argc) usage_error(flag + " needs a value (see --help)");
    const std::string v = argv[++i];
    auto number = [&](double lo, double hi) {
      char* end = nullptr;
      const double x = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end != '\0' || !(x >= lo && x <= hi)) {
        usage_error(flag + ": expected a number in " + std::to_string(lo) + ".." +
                    std::to_string(hi) + ", got '" + v + "'");
      }
      return x;
    };
    if (flag == "--host") {
      o.host = v;
    } else if (flag == "--port") {
      o.port = v;
    } else if (flag == "--watch-port") {
      o.watch_port = std::to_string(static_cast<int>(number(1, 65535)));
    } else if (flag == "--games") {
      o.games = static_cast<int>(number(1, 100000));
    } else if (flag == "--watchers") {
      o.watchers = static_cast<int>(number(1, 100));
    } else if (flag == "--interval") {
      o.interval = number(0.01, 3600);
    } else if (flag == "--seconds") {
      o.seconds = number(1, 3600);
    } else if (flag == "--game") {
      o.game = v;
    } else if (flag == "--threads") {
      o.threads = static_cast<int>(number(1, 64));
    } else if (flag == "--server-pid") {
      o.server_pid = static_cast<long>(number(1, 1e9));
    } else if (flag == "--time-control") {
      o.time_control = v;
    } else if (flag == "--flaggers") {
      o.flaggers = static_cast<int>(number(0, 100000));
    } else if (flag == "--flag-control") {
      o.flag_control = v;
    } else {
      usage_error("unknown option " + flag + " (see --help)");
    }
  }
  return o;
}

}  // namespace ws_open_loop
