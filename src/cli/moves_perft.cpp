// `arbiter moves` and `arbiter perft`.
//
// `moves` on a finished game lists nothing on stdout (there is no legal move) and says why in
// one line on stderr, `the game is over: RESULT`, with exit status 0: the position is valid, so
// it is not bad input, and a script reading stdout still gets the empty list.
#include <chrono>
#include <iostream>

#include "cli/command.h"

namespace arbiter::cli {

Runner setup_moves(CLI::App& sub) {
  auto o = std::make_shared<PositionOptions>();
  add_position_options(sub, *o);
  return [o] {
    auto state = build_state(*o);
    if (!state) return fail(state.error());
    if ((*state)->is_terminal()) {
      std::cerr << "arbiter: the game is over: " << (*state)->result_text() << "\n";
      return 0;
    }
    for (const auto& m : (*state)->legal_moves()) std::cout << m << "\n";
    return 0;
  };
}

Runner setup_perft(CLI::App& sub) {
  struct Options : PositionOptions {
    int depth = 0;
    bool divide = false;
  };
  auto o = std::make_shared<Options>();
  add_position_options(sub, *o);
  sub.add_option("--depth,-d", o->depth, "depth in plies")->required()->transform(in_range(0, 64));
  sub.add_flag("--divide", o->divide, "count below each legal move of the position");
  return [o] {
    auto state = build_state(*o);
    if (!state) return fail(state.error());
    GameState& s = **state;
    if (o->divide) {
      uint64_t total = 0;
      for (const auto& m : s.legal_moves()) {
        auto child = s.clone();
        (void)child->apply(m);
        const uint64_t n = o->depth > 0 ? child->perft(o->depth - 1) : 0;
        total += n;
        std::cout << m << " " << n << "\n";
      }
      std::cout << "total " << total << "\n";
      return 0;
    }
    for (int d = 1; d <= o->depth; ++d) {
      const auto t0 = std::chrono::steady_clock::now();
      const uint64_t n = s.perft(d);
      const double sec =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::cout << "depth " << d << " time " << static_cast<int64_t>(sec * 1000) << " ms nodes "
                << n << "\n";
    }
    return 0;
  };
}

}  // namespace arbiter::cli
