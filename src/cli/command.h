// The `arbiter` subcommands: a table of small handlers (commands.cpp lists them). Each handler
// declares its options on a CLI11 subcommand and returns the function that runs it.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/result.h"
#include "games/game.h"

namespace arbiter::cli {

// Exit statuses: 0 success, 2 bad input (with one line on stderr), 1 anything else.
inline constexpr int kExitBadInput = 2;

using Runner = std::function<int()>;
struct Command {
  const char* name;
  const char* summary;
  Runner (*setup)(CLI::App& sub);
};
const std::vector<Command>& commands();

// Prints `arbiter: message` on stderr and returns kExitBadInput.
int fail(const std::string& message);

// The bounds of a numeric option, for every numeric option: checked on the option's text before
// CLI11 converts it, so a bad value (out of range, too big for the type, not a number) gets one
// line naming the option and what it takes, `--port: must be a whole number from 0 to 65535,
// got '99999'`, never CLI11's "Could not convert". Integral bounds take whole numbers only.
// Attach it with ->transform(in_range(lo, hi)): it also drops leading zeros, which CLI11 would
// read as octal (--port 08080 is 8080).
namespace detail {
CLI::Validator number_range(long double lo, long double hi, bool whole, const std::string& lo_text,
                            const std::string& hi_text);
std::string number_text(double v);
}  // namespace detail
template <class T>
CLI::Validator in_range(T lo, T hi) {
  if constexpr (std::is_integral_v<T>) {
    return detail::number_range(lo, hi, true, std::to_string(lo), std::to_string(hi));
  } else {
    return detail::number_range(lo, hi, false, detail::number_text(lo), detail::number_text(hi));
  }
}

// The options shared by commands that take a game and a position.
struct PositionOptions {
  std::string game;
  std::vector<std::string> params;  // key=value
  std::string position;             // position text, empty = start
  std::string moves;                // moves to play first, space separated
};
void add_position_options(CLI::App& sub, PositionOptions& o);
// The game, parameters, position and moves of `o`, with every error naming what was wrong.
Result<std::unique_ptr<GameState>> build_state(const PositionOptions& o);

Runner setup_moves(CLI::App& sub);
Runner setup_perft(CLI::App& sub);
Runner setup_show(CLI::App& sub);
Runner setup_analyse(CLI::App& sub);
Runner setup_bench(CLI::App& sub);
Runner setup_play(CLI::App& sub);
Runner setup_match(CLI::App& sub);
Runner setup_selfplay(CLI::App& sub);
Runner setup_eval(CLI::App& sub);
Runner setup_tune(CLI::App& sub);
Runner setup_engine(CLI::App& sub);
Runner setup_serve(CLI::App& sub);
Runner setup_worker(CLI::App& sub);
Runner setup_puzzles(CLI::App& sub);
Runner setup_admin(CLI::App& sub);

}  // namespace arbiter::cli
