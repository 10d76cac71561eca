"""arbiter.spiel: OpenSpiel's pyspiel names and semantics (spiel.h as pyspiel exposes it) over
every game: load_game's string forms and their errors, get_type, get_parameters, utilities
against the returns of played games, history, child, clone, move_number, action texts,
observations, serialization, and the calls pyspiel's own Python MCTS and AlphaZero loop make,
re-implemented here in their style (pyspiel is not installable; the calls are what they use)."""

import copy
import math
import pathlib
import pickle
import random
import re

import numpy as np
import pytest

import arbiter
import arbiter.spiel as pyspiel

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Small ply limits keep every game short; each case is a game string as pyspiel code writes it.
GAMES = ["trap(size=3,max_plies=30)", "traverse(max_plies=30)", "traverse(players=3,max_plies=24)",
         "traverse(players=4,max_plies=24)", "travelers(max_plies=30)"]


def play_random(state, rng, max_actions=100000):
    """Plays random legal actions to the end through the pyspiel names; returns the actions."""
    actions = []
    while not state.is_terminal() and len(actions) < max_actions:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


# --- A user loading games as pyspiel code does.

def test_load_game_string_forms():
    plain = pyspiel.load_game("traverse")
    assert str(plain) == "traverse()" and plain.num_players() == 2
    assert str(pyspiel.load_game("traverse()")) == "traverse()"
    four = pyspiel.load_game("traverse(players=4)")
    assert str(four) == "traverse(players=4)" and four.num_players() == 4
    assert pyspiel.load_game("traverse", {"players": 4}) == four
    assert four.native == arbiter.load_game("traverse", players=4)
    # Typed as pyspiel types them: whole numbers, True/False, text; written back sorted by key.
    expert = pyspiel.load_game("traverse(rules=expert,players=3,long_jumps=True)")
    assert str(expert) == "traverse(long_jumps=True,players=3,rules=expert)"
    assert expert.native == arbiter.load_game("traverse", players=3, rules="expert")
    assert pyspiel.load_game(str(expert)) == expert
    assert pyspiel.load_game("trap(size=3)").native == arbiter.load_game("trap", size=3)
    assert pyspiel.registered_names() == arbiter.games()
    assert pyspiel.game_parameters_from_string("traverse(players=4,rules=basic)") == {
        "name": "traverse", "players": 4, "rules": "basic"}


@pytest.mark.parametrize("text,words", [
    ("nosuch", "unknown game"),
    ("traverse(players=4", "closing ')'"),
    ("traverse(players)", "not key=value"),
    ("traverse(players=4,players=3)", "given twice"),
    ("traverse(players=9)", "players"),
    ("traverse(nosuch=1)", "nosuch"),
    ("(players=4)", "no game name"),
    ("", "no game name"),
    ("traverse(name=trap)", "'name' is not a parameter"),
    ("traverse(players=4,)", "'' is not key=value"),
    ("traverse(seats=(a=1))", "nested"),
    ("traverse x", "not a game name"),
])
def test_malformed_or_unknown_game_strings_are_one_line_errors(text, words):
    with pytest.raises(ValueError) as error:
        pyspiel.load_game(text)
    message = str(error.value)
    assert words in message and "\n" not in message
    assert isinstance(error.value, pyspiel.SpielError) and isinstance(error.value, RuntimeError)


def test_a_parameter_in_both_the_string_and_the_dict_is_an_error():
    with pytest.raises(ValueError, match="given twice"):
        pyspiel.load_game("traverse(players=4)", {"players": 3})
    with pytest.raises(ValueError, match="'params' is not a parameter"):
        pyspiel.load_game("traverse", {"params": "players=4"})


def test_game_pickles_and_compares():
    game = pyspiel.load_game("traverse(players=4,max_plies=24)")
    again = pickle.loads(pickle.dumps(game))
    assert again == game and hash(again) == hash(game) and str(again) == str(game)
    assert game != pyspiel.load_game("traverse(players=3,max_plies=24)")
    # A value with a comma has no game-string form, but the dict form carries it.
    seats = pyspiel.load_game("traverse", {"seats": "s,w,n"})
    assert seats.num_players() == 3 and pickle.loads(pickle.dumps(seats)) == seats


# --- A user asking what kind of game it is (pyspiel algorithms check these first).

@pytest.mark.parametrize("game_string", GAMES)
def test_get_type(game_string):
    game = pyspiel.load_game(game_string)
    t = game.get_type()
    assert t.short_name == game.native.name() and t.long_name == game.native.title()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.min_num_players <= game.num_players() <= t.max_num_players
    if t.short_name == "traverse":
        assert (t.min_num_players, t.max_num_players) == (2, 4)
    else:
        assert (t.min_num_players, t.max_num_players) == (2, 2)
    assert t.provides_observation_tensor and t.provides_observation_string
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    assert set(t.parameter_specification) == {p["name"] for p in game.native.parameters()}
    assert game.get_type() is t and game.new_initial_state().get_type() is t


def test_pyspiel_enum_values():
    assert pyspiel.PlayerId.TERMINAL == -4 == arbiter.TERMINAL_PLAYER
    assert (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.SIMULTANEOUS, pyspiel.PlayerId.INVALID,
            pyspiel.PlayerId.MEAN_FIELD, pyspiel.PlayerId.DEFAULT_PLAYER_ID) == (-1, -2, -3, -5, 0)
    assert pyspiel.INVALID_ACTION == -1
    assert pyspiel.GameType.RewardModel.TERMINAL.value == 1
    assert pyspiel.GameType.Dynamics.SEQUENTIAL.value == 1


def test_get_parameters_are_typed_and_load_the_same_game():
    game = pyspiel.load_game("traverse(players=4)")
    params = game.get_parameters()
    assert params["players"] == 4 and type(params["players"]) is int
    assert params["max_plies"] == 1000  # defaults are included, as pyspiel's
    assert type(params["rules"]) is str
    assert pyspiel.load_game("traverse", params) == game
    trap = pyspiel.load_game("trap(size=3)").get_parameters()
    assert trap == {"size": 3, "walls": 60, "max_plies": 400}
    switches = pyspiel.load_game("traverse(long_jumps=True)").get_parameters()
    assert switches["long_jumps"] is True and switches["goal_anchor"] is False
    # A random set-up is written out per seat, so it loads again without its seed.
    shuffled = pyspiel.load_game("traverse(arrangement=random,seed=5)")
    assert len(shuffled.get_parameters()["south"]) == 8
    for game in [pyspiel.load_game(name) for name in arbiter.games()] + [shuffled]:
        assert pyspiel.load_game(game.get_type().short_name, game.get_parameters()) == game


# --- A user relying on the utility range (MCTS's solver compares with max_utility()).

@pytest.mark.parametrize("game_string", GAMES)
def test_utilities_hold_for_the_returns_of_played_games(game_string):
    game = pyspiel.load_game(game_string)
    n, lo, hi = game.num_players(), game.min_utility(), game.max_utility()
    assert game.utility_sum() == 0.0 and hi == 1.0 and lo == pytest.approx(-1 / (n - 1))
    rng = random.Random(7)
    for _ in range(6):
        state = game.new_initial_state()
        assert state.returns() == [0.0] * n
        play_random(state, rng)
        returns = state.returns()
        assert sum(returns) == pytest.approx(game.utility_sum())
        assert all(lo - 1e-9 <= r <= hi + 1e-9 for r in returns)
        assert [state.player_return(p) for p in range(n)] == returns
        assert state.rewards() == returns  # terminal rewards: the returns at the end
        if game.get_type().short_name == "traverse":  # never a draw (R19): one winner
            assert sorted(returns) == pytest.approx([lo] * (n - 1) + [hi])
        else:
            assert all(r in (lo, 0.0, hi) for r in returns)


# --- A user following a game's history, as search and replay code does.

def test_history_child_clone_and_move_number():
    game = pyspiel.load_game("traverse(players=3,max_plies=24)")
    state = game.new_initial_state()
    assert state.is_initial_state() and state.history() == [] and state.move_number() == 0
    assert state.history_str() == "" and state.full_history() == []
    rng = random.Random(3)
    applied, players = [], []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        players.append(state.current_player())
        before = state.serialize()
        child = state.child(action)
        assert state.serialize() == before, "child() leaves its parent as it was"
        assert child.history() == state.history() + [action]
        state.apply_action(action)
        applied.append(action)
        assert state.native.serialize() == child.native.serialize()
    assert state.history() == applied and state.move_number() == len(applied)
    assert state.history_str() == ", ".join(map(str, applied))
    full = state.full_history()
    assert [(h.player, h.action) for h in full] == list(zip(players, applied))
    assert full[0] == pyspiel.PlayerAction(players[0], applied[0])
    assert not state.is_initial_state()


def test_clone_is_independent_and_keeps_the_history():
    state = pyspiel.load_game("trap(size=3)").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    for other in (copy.copy(state), copy.deepcopy(state)):
        assert other.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == 1 and len(twin.history()) == 2
    assert twin.history()[0] == state.history()[0]
    assert state.move_number() == 1 and twin.move_number() == 2


def test_a_move_of_several_decisions_counts_each_decision():
    """Traverse's moves are the piece, then its destination: two actions of one player."""
    state = pyspiel.load_game("traverse").new_initial_state()
    mover = state.current_player()
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == mover and state.move_number() == 1
    assert state.native.history() == [], "no whole move yet"
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() != mover and state.move_number() == 2
    assert len(state.native.history()) == 1 and len(state.history()) == 2


def test_undo_action_takes_back_the_last_action():
    state = pyspiel.load_game("traverse").new_initial_state()
    start = state.serialize()
    first = state.legal_actions()[0]
    state.apply_action(first)
    with pytest.raises(ValueError, match=f"the last action is {first} of player 0, not"):
        state.undo_action(1, first)  # not player 1's
    state.undo_action(0, first)
    assert state.serialize() == start and state.move_number() == 0
    assert state.native.serialize() == pyspiel.State(state.get_game()).native.serialize()
    with pytest.raises(ValueError, match="no action has been applied"):
        state.undo_action(0, first)


# --- A user turning actions into text and back.

def test_action_to_string_both_forms():
    state = pyspiel.load_game("traverse").new_initial_state()
    action = state.legal_actions()[0]
    text = state.action_to_string(action)
    assert text == state.native.action_to_string(action)
    assert state.action_to_string(state.current_player(), action) == text
    assert state.action_to_string(1, action) == text  # the same text for every player
    assert state.get_game().action_to_string(0, action) == text
    assert state.string_to_action(text) == action
    assert state.string_to_action(state.current_player(), text) == action
    with pytest.raises(ValueError, match="player 2 is not a player"):
        state.action_to_string(2, action)
    with pytest.raises(ValueError, match="not an action"):
        state.action_to_string(state.num_distinct_actions())
    with pytest.raises(ValueError):
        state.string_to_action("no such text")


# --- A user at the end of a game, and at turns that are not theirs.

def test_terminal_state_names():
    game = pyspiel.load_game("trap(size=3,max_plies=10)")
    state = game.new_initial_state()
    assert state.is_player_node() and not state.is_chance_node()
    assert not state.is_simultaneous_node() and not state.is_terminal()
    other = 1 - state.current_player()
    assert state.legal_actions(other) == [] and state.legal_actions_mask(other) == \
        [0] * game.num_distinct_actions()
    assert not state.is_player_acting(other) and state.is_player_acting(1 - other)
    play_random(state, random.Random(1))
    assert state.is_terminal() and not state.is_player_node()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(state.current_player()) == []
    assert state.legal_actions(0) == [] and sum(state.legal_actions_mask()) == 0
    with pytest.raises(ValueError):
        state.apply_action(0)


def test_legal_actions_mask_is_a_list_of_ints():
    state = pyspiel.load_game("traverse(players=4)").new_initial_state()
    mask = state.legal_actions_mask()
    assert isinstance(mask, list) and len(mask) == state.num_distinct_actions()
    assert all(type(m) is int for m in mask)
    assert [a for a, m in enumerate(mask) if m] == state.legal_actions()
    assert mask == state.legal_actions_mask(state.current_player())


# --- A user feeding a network.

@pytest.mark.parametrize("game_string", GAMES)
def test_observations_and_information_states(game_string):
    game = pyspiel.load_game(game_string)
    state = game.new_initial_state()
    play_random(state, random.Random(5), max_actions=7)
    shape = game.observation_tensor_shape()
    assert isinstance(shape, list) and math.prod(shape) == game.observation_tensor_size()
    assert game.observation_tensor_layout() == pyspiel.TensorLayout.CHW
    tensor = state.observation_tensor()
    assert isinstance(tensor, list) and len(tensor) == game.observation_tensor_size()
    assert all(type(v) is float for v in tensor[:50])
    assert tensor == state.observation_tensor(state.current_player())
    for p in range(game.num_players()):
        native = state.native.observation_tensor(p)
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32).reshape(shape),
                              native)
        assert state.observation_string(p) == str(state)
        assert state.information_state_string(p) == state.history_str()
    assert state.information_state_string() == state.history_str()
    with pytest.raises(ValueError, match="not a player"):
        state.observation_tensor(game.num_players())
    with pytest.raises(ValueError, match="information state tensor"):
        state.information_state_tensor()
    with pytest.raises(ValueError, match="information state tensor"):
        game.information_state_tensor_shape()
    with pytest.raises(ValueError, match="chance"):
        state.chance_outcomes()


# --- A user saving states.

@pytest.mark.parametrize("game_string", GAMES)
def test_serialize_round_trips_with_the_history(game_string):
    game = pyspiel.load_game(game_string)
    state = game.new_initial_state()
    assert state.serialize() == "\n"  # pyspiel's default text: the actions, one a line
    play_random(state, random.Random(11), max_actions=15)
    text = state.serialize()
    assert text == "".join(f"{a}\n" for a in state.history())
    again = game.deserialize_state(text)
    assert again.history() == state.history() and again.move_number() == state.move_number()
    assert again.native.serialize() == state.native.serialize()
    restored = pickle.loads(pickle.dumps(state))
    assert restored.history() == state.history() and restored.get_game() == game


def test_a_state_from_a_position_serializes_its_start():
    game = pyspiel.load_game("trap(size=3)")
    position = game.new_initial_state().native.position()
    state = game.new_initial_state(position)
    state.apply_action(state.legal_actions()[3])
    text = state.serialize()
    assert text.startswith("starting_state=") and text.endswith(f"\n{state.history()[0]}\n")
    again = game.deserialize_state(text)
    assert again.history() == state.history()
    assert again.native.serialize() == state.native.serialize()


def test_bad_serializations_are_one_line_errors():
    game = pyspiel.load_game("trap(size=3)")
    first = game.new_initial_state().legal_actions()[0]
    with pytest.raises(ValueError, match="line 2 'x' is not an action id"):
        game.deserialize_state(f"{first}\nx\n")
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in game.new_initial_state().legal_actions())
    with pytest.raises(ValueError, match="line 1"):
        game.deserialize_state(f"{illegal}\n")
    with pytest.raises(ValueError):
        game.deserialize_state("starting_state=nonsense\n")


# --- A user whose bad input must fail cleanly.

def test_illegal_actions_and_bad_players_change_nothing():
    state = pyspiel.load_game("traverse").new_initial_state()
    illegal = next(a for a in range(state.num_distinct_actions())
                   if a not in state.legal_actions())
    before = state.serialize()
    with pytest.raises(pyspiel.SpielError) as error:
        state.apply_action(illegal)
    assert "\n" not in str(error.value)
    with pytest.raises(ValueError):
        state.apply_action(-1)
    assert state.serialize() == before and state.move_number() == 0
    for bad in (-1, 2):
        with pytest.raises(ValueError, match=f"player {bad} is not a player"):
            state.player_return(bad)
        with pytest.raises(ValueError, match="not a player"):
            state.legal_actions(bad)


# --- OpenSpiel's Python MCTS (open_spiel/python/algorithms/mcts.py), re-implemented in its style
# with exactly the calls it makes: get_type(), max_utility(), current_player(), legal_actions(),
# legal_actions(player), clone(), apply_action(), is_terminal(), returns(), is_chance_node(),
# chance_outcomes() at chance nodes, action_to_string(player, action), PlayerId.CHANCE, Bot.

class RandomRolloutEvaluator:
    """The average returns of random playouts from a state."""

    def __init__(self, n_rollouts=1, random_state=None):
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state):
        total = None
        for _ in range(self.n_rollouts):
            working = state.clone()
            while not working.is_terminal():
                if working.is_chance_node():
                    actions, probs = zip(*working.chance_outcomes())
                    action = self._random_state.choice(actions, p=probs)
                else:
                    action = self._random_state.choice(working.legal_actions())
                working.apply_action(action)  # a numpy integer, as in pyspiel's
            returns = np.array(working.returns())
            total = returns if total is None else total + returns
        return total / self.n_rollouts

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class SearchNode:
    __slots__ = ["action", "player", "prior", "explore_count", "total_reward", "outcome",
                 "children"]

    def __init__(self, action, player, prior):
        self.action, self.player, self.prior = action, player, prior
        self.explore_count, self.total_reward = 0, 0.0
        self.outcome, self.children = None, []

    def uct_value(self, parent_explore_count, uct_c):
        if self.outcome is not None:
            return self.outcome[self.player]
        if self.explore_count == 0:
            return float("inf")
        return (self.total_reward / self.explore_count
                + uct_c * math.sqrt(math.log(parent_explore_count) / self.explore_count))

    def sort_key(self):
        proven = 0 if self.outcome is None else self.outcome[self.player]
        return proven, self.explore_count, self.total_reward

    def best_child(self):
        return max(self.children, key=SearchNode.sort_key)

    def to_str(self, state):
        return f"{state.action_to_string(state.current_player(), self.action)}: " \
               f"{self.explore_count} sims"


class MCTSBot(pyspiel.Bot):
    def __init__(self, game, uct_c, max_simulations, evaluator, solve=True, random_state=None):
        pyspiel.Bot.__init__(self)
        game_type = game.get_type()
        if game_type.reward_model != pyspiel.GameType.RewardModel.TERMINAL:
            raise ValueError("Game must have terminal rewards.")
        if game_type.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError("Game must have sequential turns.")
        self.uct_c, self.max_simulations, self.evaluator = uct_c, max_simulations, evaluator
        self.solve = solve
        self.max_utility = game.max_utility()
        self._random_state = random_state or np.random.RandomState()

    def step_with_policy(self, state):
        if state.is_chance_node():
            return [(pyspiel.INVALID_ACTION, 1.0)], pyspiel.INVALID_ACTION
        root = self.mcts_search(state)
        best = root.best_child()
        assert best.to_str(state)  # the verbose output's call
        policy = [(a, 1.0 if a == best.action else 0.0)
                  for a in state.legal_actions(state.current_player())]
        return policy, best.action

    def step(self, state):
        return self.step_with_policy(state)[1]

    def _apply_tree_policy(self, root, state):
        visit_path, working, node = [root], state.clone(), root
        while not working.is_terminal() and node.explore_count > 0:
            if not node.children:
                legal = self.evaluator.prior(working)
                self._random_state.shuffle(legal)
                player = working.current_player()
                node.children = [SearchNode(a, player, p) for a, p in legal]
            if working.is_chance_node():
                actions, probs = zip(*working.chance_outcomes())
                action = self._random_state.choice(actions, p=probs)
                chosen = next(c for c in node.children if c.action == action)
            else:
                chosen = max(node.children,
                             key=lambda c: c.uct_value(node.explore_count, self.uct_c))
            working.apply_action(chosen.action)
            node = chosen
            visit_path.append(node)
        return visit_path, working

    def mcts_search(self, state):
        root = SearchNode(None, state.current_player(), 1)
        for _ in range(self.max_simulations):
            visit_path, working = self._apply_tree_policy(root, state)
            if working.is_terminal():
                returns = working.returns()
                visit_path[-1].outcome = returns
                solved = self.solve
            else:
                returns = self.evaluator.evaluate(working)
                solved = False
            while visit_path:
                decider = -1
                while visit_path[decider].player == pyspiel.PlayerId.CHANCE:
                    decider -= 1
                target = returns[visit_path[decider].player]
                node = visit_path.pop()
                node.total_reward += target
                node.explore_count += 1
                if solved and node.children:
                    solved = self._back_up_proof(node)
            if root.outcome is not None:
                break
        return root

    def _back_up_proof(self, node):
        """max^n over proven children: proven when all are, or one reaches max_utility()."""
        player = node.children[0].player
        best, all_solved = None, True
        for child in node.children:
            if child.outcome is None:
                all_solved = False
            elif best is None or child.outcome[player] > best.outcome[player]:
                best = child
        if best is not None and (all_solved or best.outcome[player] == self.max_utility):
            node.outcome = best.outcome
            return True
        return False


def mcts_bot(game, simulations, seed):
    rng = np.random.RandomState(seed)
    return MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                   evaluator=RandomRolloutEvaluator(1, rng), random_state=rng)


@pytest.mark.parametrize("game_string", ["trap(size=3,max_plies=12)",
                                         "traverse(players=4,max_plies=8)",
                                         "travelers(max_plies=8)"])
def test_pyspiel_mcts_plays_whole_games(game_string):
    game = pyspiel.load_game(game_string)
    bots = [mcts_bot(game, simulations=12, seed=p) for p in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        policy, action = bots[player].step_with_policy(state)
        assert action in state.legal_actions()
        assert sum(p for _, p in policy) == 1.0
        state.apply_action(action)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.move_number() == len(state.history()) <= game.max_game_length()


# Red to move on the size-3 field. Blue's last free mover stands in the corner a1: the wall a1|a2
# and Red's mover on b2 close two of its three sides, so a turn that closes b1 as well (the wall
# a1|b1, or a Red mover stepped onto b1) and keeps b2 closed traps it and wins (P9, P10).
TRAP_WIN_IN_ONE = "b2,c3,d4 a1,e3*,e5* a1|a2 20 r 0"


def test_pyspiel_mcts_finds_the_winning_turn():
    game = pyspiel.load_game("trap(size=3,max_plies=40)")
    bot = mcts_bot(game, simulations=400, seed=1)
    state = game.new_initial_state(TRAP_WIN_IN_ONE)
    red = state.current_player()
    while state.current_player() == red:  # the turn's two decisions
        state.apply_action(bot.step(state))
    assert state.is_terminal() and state.returns()[red] == game.max_utility()


def test_the_winning_turn_is_not_found_by_chance():
    """The test above means something: a random turn from that position seldom wins."""
    game = pyspiel.load_game("trap(size=3,max_plies=40)")
    rng, wins, tries = random.Random(2), 0, 500
    for _ in range(tries):
        state = game.new_initial_state(TRAP_WIN_IN_ONE)
        while state.current_player() == 0:
            state.apply_action(rng.choice(state.legal_actions()))
        wins += state.is_terminal()
    assert 0 < wins < tries / 10  # about 2%


# --- OpenSpiel's AlphaZero loop (alpha_zero.py's game play, evaluator.py): the calls it makes on
# the game and on states, with a stand-in network (uniform priors, value 0) over the observation.

class UniformModel:
    """A network's interface as AlphaZero's evaluator calls it: inference(obs, mask)."""

    def __init__(self, observation_shape, output_size):
        self.observation_shape, self.output_size = tuple(observation_shape), output_size

    def inference(self, obs, mask):
        assert obs.reshape(self.observation_shape).shape == self.observation_shape
        assert mask.shape == (self.output_size,)
        return 0.0, mask / mask.sum()


class AlphaZeroEvaluator:
    def __init__(self, game, model):
        if game.num_players() != 2:
            raise ValueError("Game must be for two players.")
        game_type = game.get_type()
        if game_type.reward_model != pyspiel.GameType.RewardModel.TERMINAL:
            raise ValueError("Game must have terminal rewards.")
        if game_type.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError("Game must have sequential turns.")
        self._model = model

    def _inference(self, state):
        obs = np.asarray(state.observation_tensor())
        mask = np.asarray(state.legal_actions_mask())
        return self._model.inference(obs, mask)

    def evaluate(self, state):
        value, _ = self._inference(state)
        return np.array([value, -value])

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        _, policy = self._inference(state)
        return [(action, policy[action]) for action in state.legal_actions()]


@pytest.mark.parametrize("game_string", ["trap(size=3,max_plies=10)", "traverse(max_plies=10)",
                                         "travelers(max_plies=10)"])
def test_alphazero_self_play_calls(game_string):
    game = pyspiel.load_game(game_string)
    model = UniformModel(game.observation_tensor_shape(), game.num_distinct_actions())
    bots = [MCTSBot(game, 2.0, 8, AlphaZeroEvaluator(game, model),
                    random_state=np.random.RandomState(p)) for p in range(2)]
    histogram = [0] * (game.max_game_length() + 1)  # the learner's game-length histogram
    state, trajectory, actions = game.new_initial_state(), [], []
    while not state.is_terminal():
        root = bots[state.current_player()].mcts_search(state)
        policy = np.zeros(game.num_distinct_actions())
        for child in root.children:
            policy[child.action] = child.explore_count
        policy /= policy.sum()
        action = root.best_child().action
        trajectory.append((state.observation_tensor(), state.current_player(),
                           state.legal_actions_mask(), action, policy))
        actions.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    histogram[len(actions)] += 1
    assert len(trajectory) == state.move_number() and sum(histogram) == 1
    observations = np.array([t[0] for t in trajectory], np.float32)
    assert observations.shape == (len(trajectory), game.observation_tensor_size())
    masks = np.array([t[2] for t in trajectory])
    for (_, _, mask, action, policy) in trajectory:
        assert mask[action] == 1 and np.all(policy[np.asarray(mask) == 0] == 0)
    assert masks.shape == (len(trajectory), game.num_distinct_actions())
    assert len(state.returns()) == 2


def test_alphazero_refuses_games_of_more_than_two_players():
    game = pyspiel.load_game("traverse(players=4)")
    model = UniformModel(game.observation_tensor_shape(), game.num_distinct_actions())
    with pytest.raises(ValueError, match="two players"):
        AlphaZeroEvaluator(game, model)
