// GameAdapter<Descriptor>: wraps a game's concrete State as the runtime Game/GameState.
//
// Layering: a game is one module, its folder (games/<game>/), declared by one Descriptor
// (games/<game>/descriptor.h; src/games/README.md names every member). GameAdapter turns the
// Descriptor into the runtime Game, all but its AI; the engine's table of searches
// (engine/game_module.h) pairs it with GameSearcher<Descriptor>, which takes the concrete State
// out of the StateAdapter (state()) rather than rebuilding it from text. The game list
// (app/game_list.cpp) makes one module per Descriptor. So games/ knows nothing of the searches,
// and the engine knows no game.
//
// What a Descriptor provides (checked at compile time where it is used):
//   struct Descriptor {
//     using State; using Params;
//     static constexpr std::string_view kName, kTitle, kSummary;
//     // Tables (games/descriptor_types.h), arrays or spans (a span for an empty one):
//     static constexpr ParamSpec kParams[]; Seating kSeatings[];
//     static constexpr Legend kLegend;                         // its views' glyphs and zones
//     static constexpr ClickHints kHints;                      // optional: else the defaults
//     static constexpr ConformanceCase kConformance[]; BenchPosition kBench[];
//     static constexpr std::string_view kPerftSuite;           // bench/suites/NAME.txt, or ""
//     static Result<Params> parse_params(const ParamMap&);
//     static std::string params_text(const Params&);        // canonical, defaults included
//     static BoardView view(const State&);                    // games/board_view.h
//     // Move text has one reader: read_move() gives the move as written, legal or not (the
//     // reader parse_move() is built on); move_parts() makes the clicks and path from it and
//     // the position before the move, in the canonical spelling when the move is legal there.
//     static Result<WrittenMove> read_move(const State&, std::string_view move);
//     static Result<MoveParts> move_parts(const State& before, const WrittenMove&);
//     // The research face (docs/research.md), from the game's actions.h, observation.h and
//     // snapshot.h:
//     using Actions;      // the decisions of a move (games/decisions.h says what it provides)
//     using Observation;  // static shape(const Params&) -> {C, H, W};
//                         // static write(const State&, std::span<const int> decisions taken,
//                         //              int player, ObservationOut&); optional:
//                         // static write_taken(const State&, std::span<const int> taken,
//                         //              ObservationOut&), the marks of the decisions alone,
//                         //              with which write() ends (observe_over() adds a
//                         //              decision's marks with it)
//     using Snapshot;     // static std::string write(const State&): the record beyond the
//                         // position text; static Status read(State&, std::string_view record)
//                         // onto a State just parsed from its position text
//   };
//   class State {                                            // copyable, history included
//     using Move; using MoveList;                            // MoveList: iterable, clear(), size()
//     void generate(MoveList&) const;                        // one move per resulting position
//     uint64_t count_moves() const;                          // == generated size, maybe faster
//     void apply(const Move&); void undo();                  // undo takes back the last apply
//     bool is_terminal() const; int to_move() const; int num_players() const;
//     std::string player_name(int) const;
//     std::vector<double> returns() const; std::string result_text() const;
//     uint64_t hash() const; uint64_t compute_hash() const;
//     std::string to_text() const;
//     std::string move_text(const Move&) const;              // canonical, for a legal move
//     Result<Move> parse_move(std::string_view) const;       // any accepted spelling; legal only
//     // usually parse_move() is two stages, read_move() (text -> WrittenMove, the syntax) then
//     // legal_move(const WrittenMove&) (the rules), which Descriptor::read_move/move_parts use
//     // optional: a uniformly random legal move without enumerating them all (not terminal)
//     Move sample_move(Rng&) const;
//     // optional, with Actions::peek: asks the processor for what apply(m) reads at random
//     void prefetch_after(const Move& m) const;
//   };
// A copy of a State carries what its rules need of the game so far (repetition counts, the undo
// stack), so a search on a copy sees the same game as the runtime position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/text.h"
#include "games/content_stamp.h"
#include "games/game.h"
#include "games/perft.h"
#include "games/serialize.h"

namespace arbiter {

template <class Descriptor>
class StateAdapter final : public GameState {
 public:
  using State = typename Descriptor::State;
  using Actions = typename Descriptor::Actions;
  StateAdapter(const Game& game, typename Descriptor::Params params, State&& state)
      : game_(&game),
        params_(std::move(params)),
        state_(std::move(state)),
        actions_(params_),
        observation_size_([this] {
          const auto shape = Descriptor::Observation::shape(params_);
          return static_cast<std::size_t>(shape[0]) * shape[1] * shape[2];
        }()),
        num_actions_(actions_.space().num_actions) {}

  const Game& game() const override { return *game_; }
  std::string params_text() const override { return Descriptor::params_text(params_); }
  int num_players() const override { return state_.num_players(); }
  int to_move() const override { return state_.to_move(); }
  std::string player_name(int p) const override { return state_.player_name(p); }

  std::vector<std::string> legal_moves() const override {
    typename State::MoveList moves;
    state_.generate(moves);
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(state_.move_text(m));
    std::sort(out.begin(), out.end());
    return out;
  }
  std::size_t num_legal_moves() const override { return state_.count_moves(); }

  Status apply(std::string_view text) override {
    if (state_.is_terminal()) return make_error("the game is over (" + state_.result_text() + ")");
    if (actions_.pending() > 0) return pending_error();
    auto move = state_.parse_move(text);
    if (!move) return make_error(move.error());
    if (history_.size() == moves_.size()) history_.push_back(state_.move_text(*move));
    state_.apply(*move);
    moves_.push_back(*move);
    move_decisions_.push_back(static_cast<uint32_t>(decisions_.size()));
    new_move();
    return {};
  }
  bool undo() override {
    if (actions_.pending() > 0) {
      actions_.untake(state_);
      legal_valid_ = bits_valid_ = false;
      stamp_.changed();
      return true;
    }
    if (moves_.empty()) return false;
    state_.undo();
    if (history_.size() == moves_.size()) history_.pop_back();
    moves_.pop_back();
    new_move();
    // A move played by decisions is taken back to before its last decision.
    const std::size_t first = move_decisions_.back();
    move_decisions_.pop_back();
    if (first < decisions_.size()) {
      typename State::Move unused{};
      for (std::size_t i = first; i + 1 < decisions_.size(); ++i) {
        actions_.take(state_, decisions_[i], unused);
      }
      decisions_.resize(first);
    }
    return true;
  }
  const std::vector<std::string>& history() const override {
    spell_history();
    return history_;
  }

  bool is_terminal() const override { return state_.is_terminal(); }
  std::vector<double> returns() const override { return state_.returns(); }
  std::string result_text() const override { return state_.result_text(); }
  std::string to_text() const override { return state_.to_text(); }
  BoardView view() const override { return Descriptor::view(state_); }
  Result<MoveParts> move_parts(std::string_view move) const override {
    auto written = Descriptor::read_move(state_, move);
    if (!written) return make_error(written.error());
    return Descriptor::move_parts(state_, *written);
  }
  uint64_t hash() const override { return state_.hash(); }
  uint64_t compute_hash() const override { return state_.compute_hash(); }
  uint64_t perft(int depth) const override {
    State copy = state_;
    return arbiter::perft(copy, depth);
  }
  uint64_t random_playout(uint64_t seed) const override {
    State s = state_;
    Rng rng(seed);
    uint64_t plies = 0;
    typename State::MoveList moves;
    while (!s.is_terminal()) {
      if constexpr (requires { s.sample_move(rng); }) {
        s.apply(s.sample_move(rng));
      } else {
        s.generate(moves);
        s.apply(moves[rng.below(moves.size())]);
      }
      ++plies;
    }
    return plies;
  }
  std::unique_ptr<GameState> clone() const override {
    return std::make_unique<StateAdapter>(*this);
  }
  bool assign(const GameState& other) override {
    const auto* same = dynamic_cast<const StateAdapter*>(&other);
    if (same == nullptr) return false;
    if (same != this) *this = *same;
    return true;
  }

  // The research face (game.h; docs/research.md).
  ActionSpace action_space() const override {
    ActionSpace space = actions_.space();
    const auto shape = Descriptor::Observation::shape(params_);
    space.channels = shape[0];
    space.height = shape[1];
    space.width = shape[2];
    return space;
  }
  void legal_actions(std::vector<int>& out) const override {
    const auto& legal = legal_now();
    out.assign(legal.begin(), legal.end());
  }
  std::span<const int> legal_actions_view() const override { return legal_now(); }
  void legal_actions_mask(std::span<uint8_t> out) const override {
    std::fill(out.begin(), out.end(), uint8_t{0});
    for (int a : legal_now()) {
      if (static_cast<std::size_t>(a) < out.size()) out[a] = 1;
    }
  }
  std::span<const uint64_t> legal_actions_bits() const override { return legal_bits_now(); }
  Status apply_action(int action) override {
    if (state_.is_terminal()) return make_error("the game is over (" + state_.result_text() + ")");
    const auto& legal = legal_bits_now();
    if (action < 0 || action >= num_actions_ ||
        !((legal[static_cast<std::size_t>(action) >> 6] >> (action & 63)) & 1)) {
      if (action < 0 || action >= num_actions_) {
        return make_error("action " + std::to_string(action) + " is not an action id (0-" +
                          std::to_string(num_actions_ - 1) + ")");
      }
      return make_error("action " + std::to_string(action) + " (" + actions_.text(action) +
                        ") is not a legal decision now");
    }
    typename State::Move move{};
    legal_valid_ = bits_valid_ = false;
    const std::size_t mark = decisions_.size();
    const auto taken = actions_.taken();
    decisions_.insert(decisions_.end(), taken.begin(), taken.end());
    decisions_.push_back(action);
    if (!actions_.take(state_, action, move)) {
      decisions_.resize(mark);
      stamp_.decision_added();
      return {};
    }
    move_decisions_.push_back(static_cast<uint32_t>(mark));
    state_.apply(move);
    moves_.push_back(move);
    new_move();
    return {};
  }
  std::string action_to_string(int action) const override {
    const int n = actions_.space().num_actions;
    if (action < 0 || action >= n) return "action " + std::to_string(action) + " (out of range)";
    return actions_.text(action);
  }
  Result<int> string_to_action(std::string_view text) const override {
    auto action = actions_.read(text);
    if (!action) return action;
    const auto& legal = legal_now();
    if (!std::binary_search(legal.begin(), legal.end(), *action)) {
      return make_error("decision " + quote(text) + " is not legal now");
    }
    return action;
  }
  Result<std::vector<int>> move_actions(std::string_view text) override {
    if (state_.is_terminal()) return make_error("the game is over (" + state_.result_text() + ")");
    if (actions_.pending() > 0) return make_error(pending_error().error());
    auto move = state_.parse_move(text);
    if (!move) return make_error(move.error());
    std::vector<int> out;
    if (!decisions_of(*move, out)) {
      return make_error("no sequence of decisions makes " + quote(text));  // a defect
    }
    return out;
  }
  int decisions_pending() const override { return actions_.pending(); }
  void observe(int player, std::span<float> out) const override {
    std::fill(out.begin(), out.end(), 0.0f);
    if (!observable(player, out)) return;
    ObservationOut writer(out);
    Descriptor::Observation::write(state_, actions_.taken(), player, writer);
  }
  void observe_over(int player, std::span<float> row,
                    ObservationOut::Record& record) const override {
    if (!observable(player, row)) {
      ObservationOut::clear(row, record);
      return;
    }
    const auto taken = actions_.taken();
    if constexpr (requires(ObservationOut & out) {
                    Descriptor::Observation::write_taken(state_, taken, out);
                  }) {
      // The row holds this player's observation of the content before the last decision,
      // which left the position as it was: only that decision's marks are new.
      if (!taken.empty() && record.holds(stamp_.parent(), player)) {
        {
          ObservationOut writer(row, record, ObservationOut::Extend{});
          Descriptor::Observation::write_taken(state_, taken.last(1), writer);
        }
        record.set_source(stamp_.name(), player);
        return;
      }
    }
    {
      ObservationOut writer(row, record);
      Descriptor::Observation::write(state_, taken, player, writer);
    }
    record.set_source(stamp_.name(), player);
  }
  void prefetch_decision(int action) const override {
    // What the decision writes wherever it goes: the legal decisions after it, and the logs a
    // completed move is appended to.
    __builtin_prefetch(legal_bits_.data(), 1);
    if constexpr (!kLegalBits) __builtin_prefetch(legal_.data(), 1);
    prefetch_end(moves_);
    prefetch_end(decisions_);
    prefetch_end(move_decisions_);
    if constexpr (requires(typename State::Move m) {
                    actions_.peek(action, m);
                    state_.prefetch_after(m);
                  }) {
      typename State::Move move{};
      if (actions_.peek(action, move)) state_.prefetch_after(move);
    }
  }
  std::string serialize() const override {
    return format_serialized(Descriptor::kName, params_text(), state_.to_text(),
                             Descriptor::Snapshot::write(state_), actions_.taken());
  }

  // The concrete position, with its history: what the game's searcher copies.
  const State& state() const { return state_; }

 private:
  Status pending_error() const {
    return make_error("a move is in progress (" + std::to_string(actions_.pending()) +
                      " decisions taken): finish it with actions, or undo them");
  }
  // Depth first through the decisions open now, appending to `out` the rest of `m`'s sequence;
  // every decision taken is taken back. The game's Actions may say which decisions can belong
  // to a move (may_take: a filter, never false for one that does) and which move a decision
  // completes without taking it (peek).
  bool decisions_of(const typename State::Move& m, std::vector<int>& out) {
    std::vector<int> open;
    legal_actions(open);
    for (const int a : open) {
      if constexpr (requires { actions_.may_take(state_, m, a); }) {
        if (!actions_.may_take(state_, m, a)) continue;
      }
      if constexpr (requires(typename State::Move mv) { actions_.peek(a, mv); }) {
        typename State::Move completed{};
        if (actions_.peek(a, completed)) {
          if (completed != m) continue;
          out.push_back(a);
          return true;
        }
      }
      if (!apply_action(a)) continue;
      out.push_back(a);
      const bool found = actions_.pending() == 0 ? moves_.back() == m : decisions_of(m, out);
      undo();
      if (found) return true;
      out.pop_back();
    }
    return false;
  }
  // Spells the moves played since history() was last asked for: each in the position before
  // it, found by taking the moves back on a copy. Decisions complete moves without spelling
  // them (a batch of games stepped by actions reads no text); a record reads them once.
  void spell_history() const {
    if (history_.size() == moves_.size()) return;
    State before = state_;
    for (std::size_t i = history_.size(); i < moves_.size(); ++i) before.undo();
    for (std::size_t i = history_.size(); i < moves_.size(); ++i) {
      history_.push_back(before.move_text(moves_[i]));
      before.apply(moves_[i]);
    }
  }
  template <class T>
  static void prefetch_end(const std::vector<T>& log) {
    if (log.size() < log.capacity()) __builtin_prefetch(log.data() + log.size(), 1);
  }
  // Whether observe() writes planes for `player` into `out` (else it stays zero).
  bool observable(int player, std::span<const float> out) const {
    return out.size() == observation_size_ && player >= 0 && player < state_.num_players();
  }
  // A move was played or taken back: no decision is pending.
  void new_move() {
    actions_.clear();
    legal_valid_ = bits_valid_ = false;
    stamp_.changed();
  }
  const std::vector<int>& legal_now() const {
    if (!legal_valid_) {
      legal_.clear();
      if (!state_.is_terminal()) actions_.legal(state_, legal_);
      legal_valid_ = true;
    }
    return legal_;
  }
  // legal_now() as a bitset: from the game's Actions::legal_bits where it has one (a batch
  // then never lists the ids), else from the list.
  const std::vector<uint64_t>& legal_bits_now() const {
    if (!bits_valid_) {
      legal_bits_.assign((static_cast<std::size_t>(num_actions_) + 63) / 64, 0);
      if (!state_.is_terminal()) {
        if constexpr (kLegalBits) {
          actions_.legal_bits(state_, std::span<uint64_t>(legal_bits_));
        } else {
          for (int a : legal_now()) {
            legal_bits_[static_cast<std::size_t>(a) >> 6] |= uint64_t{1} << (a & 63);
          }
        }
      }
      bits_valid_ = true;
    }
    return legal_bits_;
  }

  const Game* game_;
  typename Descriptor::Params params_;
  State state_;
  std::vector<typename State::Move> moves_;  // played, oldest first
  // The texts of the first history_.size() moves_ (spell_history() adds the rest).
  mutable std::vector<std::string> history_;
  // The decisions of the moves of moves_ played by apply_action (none for a move played by
  // its text): move i's are decisions_[move_decisions_[i] …), up to the next move's.
  std::vector<int> decisions_;
  std::vector<uint32_t> move_decisions_;
  Actions actions_;
  std::size_t observation_size_;  // channels * height * width of the parameters
  // Whether the game's Actions give the legal decisions as a bitset themselves.
  static constexpr bool kLegalBits =
      requires(const Actions& a, const State& s, std::span<uint64_t> out) {
    a.legal_bits(s, out);
  };
  int num_actions_;  // of the action space
  // legal_actions() of the current state and decisions, computed on first use, as a list and
  // as a bitset.
  mutable std::vector<int> legal_;
  mutable bool legal_valid_ = false;
  mutable std::vector<uint64_t> legal_bits_;
  mutable bool bits_valid_ = false;
  // Names the position and decisions taken, for observe_over(): every change above renews it.
  ContentStamp stamp_;
};

// The runtime Game of a Descriptor (its searches: engine/game_module.h).
template <class Descriptor>
class GameAdapter : public Game {
 public:
  GameAdapter() : params_help_(params_help_text(Descriptor::kParams)) {}

  std::string_view name() const override { return Descriptor::kName; }
  std::string_view title() const override { return Descriptor::kTitle; }
  std::string_view summary() const override { return Descriptor::kSummary; }
  std::span<const ParamSpec> param_specs() const override { return Descriptor::kParams; }
  std::string_view params_help() const override { return params_help_; }
  std::span<const Seating> seatings() const override { return Descriptor::kSeatings; }
  const Legend& legend() const override { return Descriptor::kLegend; }
  const ClickHints& hints() const override {
    if constexpr (requires { Descriptor::kHints; }) {
      return Descriptor::kHints;
    } else {
      static constexpr ClickHints kDefaults;
      return kDefaults;
    }
  }
  std::span<const ConformanceCase> conformance_cases() const override {
    return Descriptor::kConformance;
  }
  std::span<const BenchPosition> bench_positions() const override { return Descriptor::kBench; }
  std::string_view perft_suite() const override { return Descriptor::kPerftSuite; }
  bool has_draws() const override { return Descriptor::kHasDraws; }
  const MoveLister* move_lister() const override {
    if constexpr (requires { Descriptor::move_lister(); }) {
      return Descriptor::move_lister();
    } else {
      return nullptr;
    }
  }
  std::span<const WinModel> win_models() const override {
    if constexpr (requires { Descriptor::kWinModels; }) {
      return Descriptor::kWinModels;
    } else {
      return {};
    }
  }

  Result<std::unique_ptr<GameState>> new_state(const ParamMap& map) const override {
    auto params = Descriptor::parse_params(map);
    if (!params) return make_error(params.error());
    auto start = Descriptor::State::start(*params);
    return wrap(std::move(*params), std::move(start));
  }
  Result<std::unique_ptr<GameState>> parse_state(const ParamMap& map,
                                                 std::string_view text) const override {
    auto params = Descriptor::parse_params(map);
    if (!params) return make_error(params.error());
    auto state = Descriptor::State::parse_position(*params, text);
    if (!state) return make_error(state.error());
    return wrap(std::move(*params), std::move(*state));
  }
  Result<std::unique_ptr<GameState>> deserialize(std::string_view text) const override {
    auto fields = split_serialized(text);
    if (!fields) return make_error(fields.error());
    if (fields->game != Descriptor::kName) {
      return make_error("serialized state: it is a state of " + quote(fields->game) + ", not " +
                        std::string(Descriptor::kName));
    }
    auto map = ParamMap::parse(fields->params);
    if (!map) return make_error("serialized state: parameters: " + map.error());
    auto params = Descriptor::parse_params(*map);
    if (!params) return make_error("serialized state: parameters: " + params.error());
    auto state = Descriptor::State::parse_position(*params, fields->position);
    if (!state) return make_error("serialized state: " + state.error());
    if (auto read = Descriptor::Snapshot::read(*state, fields->record); !read) {
      return make_error("serialized state: record: " + read.error());
    }
    auto out =
        std::make_unique<StateAdapter<Descriptor>>(*this, std::move(*params), std::move(*state));
    const int n = out->action_space().num_actions;
    auto decisions = parse_decisions(fields->decisions, n);
    if (!decisions) return make_error(decisions.error());
    for (int a : *decisions) {
      if (auto taken = out->apply_action(a); !taken) {
        return make_error("serialized state: decisions: " + taken.error());
      }
      if (out->decisions_pending() == 0) {
        return make_error("serialized state: decisions: they complete a move (" +
                          out->history().back() + "); a serialized state plays it instead");
      }
    }
    return std::unique_ptr<GameState>(std::move(out));
  }

 private:
  Result<std::unique_ptr<GameState>> wrap(typename Descriptor::Params params,
                                          typename Descriptor::State state) const {
    return std::unique_ptr<GameState>(
        std::make_unique<StateAdapter<Descriptor>>(*this, std::move(params), std::move(state)));
  }

  std::string params_help_;
};

}  // namespace arbiter
