"""OpenSpiel's pyspiel names over arbiter's games, so code written for pyspiel runs unchanged.

    import arbiter.spiel as pyspiel
    game = pyspiel.load_game("traverse(players=4)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    state.returns()

The contract is pyspiel's (open_spiel/spiel.h, as its pybind11 module exposes it), for a
sequential, deterministic, perfect-information, zero-sum game with terminal rewards:

- `load_game("name")`, `load_game("name(key=value,...)")` and `load_game("name", {key: value})`;
  values in the text are typed as pyspiel types them (True/False, whole numbers, text).
  `str(game)` is the name with the parameters given, sorted: "traverse(players=4)".
- An action is one decision of arbiter's research face (docs/research.md): a move is one or more
  decisions of the same player, so `move_number()` and `history()` count decisions, not moves.
  `history()` is the action ids applied since the state's start, `full_history()` the same as
  PlayerAction(player, action) pairs.
- `current_player()` is PlayerId.TERMINAL (-4) once the game is over; there are no chance or
  simultaneous nodes.
- `observation_tensor()` and `legal_actions_mask()` are flat lists (float, int), as pyspiel
  returns them; `game.observation_tensor_shape()` is [C, H, W] (layout CHW). The observation is
  seat-relative: planes of players start at the observer.
- `information_state_string()` is `history_str()`, as pyspiel's perfect-information board games
  give it: the information state must be perfect-recall (spiel.h), which the board is not, a
  position being reachable by several histories. There is no information-state tensor
  (`provides_information_state_tensor` is False, as for those games): use the observation.
- `serialize()` is pyspiel's default text, the action ids one a line, after a
  "starting_state=<arbiter serialization>" line when the state did not start at the game's
  initial state; `game.deserialize_state()` replays it, so the history comes back with it.

Bad input (an unknown game, a malformed game string, a bad parameter, an illegal action, a
player the game does not have) raises SpielError, a ValueError with a one-line message that is
also a RuntimeError, as pyspiel's SpielError is. A failed call changes nothing.

`State.native` and `Game.native` are the arbiter.State and arbiter.Game underneath, for the rest
of arbiter (move text, search); play through the wrapper, or its history goes out of step.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import NamedTuple

from . import _arbiter


class SpielError(ValueError, RuntimeError):
    """Bad input: a ValueError, as everywhere in arbiter, and a RuntimeError, as pyspiel's."""


INVALID_ACTION = -1


class PlayerId(enum.IntEnum):
    """pyspiel's player ids: the players are 0..n-1, these stand for the rest."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


assert PlayerId.TERMINAL == _arbiter.TERMINAL_PLAYER, "arbiter's terminal id is pyspiel's"


class TensorLayout(enum.Enum):
    HWC = 0
    CHW = 1


class PlayerAction(NamedTuple):
    """One entry of State.full_history(): who took which action."""

    player: int
    action: int


@dataclasses.dataclass(frozen=True)
class GameType:
    """pyspiel's GameType: what kind of game it is (the enums carry pyspiel's values)."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    short_name: str
    long_name: str
    dynamics: "GameType.Dynamics"
    chance_mode: "GameType.ChanceMode"
    information: "GameType.Information"
    utility: "GameType.Utility"
    reward_model: "GameType.RewardModel"
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: dict
    default_loadable: bool = True
    provides_factored_observation_string: bool = False
    is_concrete: bool = True


class Bot:
    """pyspiel's Bot base class, so bots written against it (its MCTSBot) subclass it here."""

    def __init__(self):
        pass

    def step(self, state):
        raise NotImplementedError("Bot.step")

    def step_with_policy(self, state):
        raise NotImplementedError("Bot.step_with_policy")

    def restart_at(self, state):
        pass

    def restart(self):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def inform_actions(self, state, actions):
        pass

    def provides_policy(self):
        return False

    def provides_force_action(self):
        return False

    def is_clone_implemented(self):
        return False


# --- Game strings: "name(key=value,...)", as pyspiel's GameParametersFromString reads them.

def _typed_value(text):
    """A parameter value as pyspiel types it: True/False, a whole number, a number, else text."""
    if text in ("True", "true"):
        return True
    if text in ("False", "false"):
        return False
    if text and all(c in "+-0123456789" for c in text):
        try:
            return int(text)
        except ValueError:
            raise SpielError(f"game string: {text!r} is not a whole number") from None
    if text and all(c in "+-0123456789." for c in text):
        try:
            return float(text)
        except ValueError:
            raise SpielError(f"game string: {text!r} is not a number") from None
    return text


def _parse_parameters(game_string, inner):
    """The key=value list between the parentheses, as a dict of typed values."""
    params = {}
    if not inner.strip():
        return params
    for item in inner.split(","):
        key, equals, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or not key:
            raise SpielError(f"game string {game_string!r}: {item.strip()!r} is not key=value")
        if key in params:
            raise SpielError(f"game string {game_string!r}: parameter {key!r} given twice")
        params[key] = _typed_value(value)
    return params


def game_parameters_from_string(game_string):
    """pyspiel's game_parameters_from_string: {"name": name, key: typed value, ...}."""
    if not isinstance(game_string, str):
        raise TypeError(f"game string: expected a str, got {type(game_string).__name__}")
    name, paren, rest = game_string.strip().partition("(")
    name = name.strip()
    if not name:
        raise SpielError(f"game string {game_string!r}: no game name")
    if any(c.isspace() or c in ")=," for c in name):
        raise SpielError(f"game string {game_string!r}: {name!r} is not a game name")
    if not paren:
        return {"name": name}
    if not rest.endswith(")"):
        raise SpielError(f"game string {game_string!r}: missing the closing ')'")
    inner = rest[:-1]
    if "(" in inner or ")" in inner:
        raise SpielError(f"game string {game_string!r}: nested parentheses (arbiter's games take "
                         "no game as a parameter)")
    params = _parse_parameters(game_string, inner)
    if "name" in params:  # the key of the game's own name in the dict returned
        raise SpielError(f"game string {game_string!r}: 'name' is not a parameter of {name}")
    return {"name": name, **params}


def _value_text(value):
    """A parameter value as pyspiel's GameParametersToString writes it."""
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(value)


def _game_string(name, params):
    return name + "(" + ",".join(f"{k}={_value_text(params[k])}" for k in sorted(params)) + ")"


def load_game(game_string, params=None):
    """A Game: load_game("traverse"), load_game("traverse(players=4)") or
    load_game("traverse", {"players": 4}) (a key in both the string and the dict is an error)."""
    parsed = game_parameters_from_string(game_string)
    name = parsed.pop("name")
    if params is not None:
        if not isinstance(params, dict):
            raise TypeError(f"load_game: params must be a dict, got {type(params).__name__}")
        for key, value in params.items():
            if not isinstance(key, str):
                raise TypeError(f"load_game: parameter names are str, got {type(key).__name__}")
            if key in parsed:
                raise SpielError(f"load_game: parameter {key!r} given twice")
            parsed[key] = value
    for reserved in ("name", "params"):  # arbiter.load_game's own arguments; no game's keys
        if reserved in parsed:
            raise SpielError(f"load_game: {reserved!r} is not a parameter of {name}")
    try:
        native = _arbiter.load_game(name, **parsed)
    except ValueError as e:
        raise SpielError(str(e)) from None
    return Game(native, parsed)


def registered_names():
    """The short names of the games load_game knows."""
    return list(_arbiter.games())


# --- Games.

def _typed_parameter(spec, text):
    """A parameter's canonical text as a Python value of its schema type."""
    if spec["type"] == "int":
        return int(text)
    if spec["type"] == "bool":
        return text == "on"
    return text


def _utility_range(num_players):
    """(min, max) of a player's return. Every arbiter game scores the winner +1 and each other
    player -1/(n-1), a draw 0 (Traverse R21 for 3-4 players, which never draws; Trap P12 and
    The Travelers V14 give -1, 0, +1), so the returns always sum to zero."""
    return -1.0 / (num_players - 1), 1.0


class Game:
    """One arbiter game under one parameter set, by pyspiel's names (see the module's docstring).
    Made by load_game()."""

    __slots__ = ("_native", "_given", "_type", "_initial")

    def __init__(self, native, given):
        self._native = native  # arbiter.Game
        self._given = dict(given)  # the parameters as given, for str(game)
        self._type = None  # made on first get_type()
        self._initial = None  # an arbiter.State for action_to_string, made on first use

    @property
    def native(self):
        """The arbiter.Game underneath."""
        return self._native

    # Sizes and kind.
    def num_distinct_actions(self):
        return self._native.num_distinct_actions()

    def num_players(self):
        return self._native.num_players()

    def max_chance_outcomes(self):
        return 0

    def min_utility(self):
        return _utility_range(self.num_players())[0]

    def max_utility(self):
        return _utility_range(self.num_players())[1]

    def utility_sum(self):
        return 0.0

    def max_game_length(self):
        """An upper bound on the decisions of a game; -1 when the parameters set none (Traverse
        or Trap with max_plies=0), where pyspiel's contract asks for a finite bound."""
        return self._native.max_game_length()

    def max_move_number(self):
        return self.max_game_length()

    def max_history_length(self):
        return self.max_game_length()

    def get_type(self):
        if self._type is None:
            self._type = self._make_type()
        return self._type

    def _make_type(self):
        schema = self._native.parameters()
        players = next((p for p in schema if p["name"] == "players" and p["type"] == "int"), None)
        n = self.num_players()
        return GameType(
            short_name=self._native.name(),
            long_name=self._native.title(),
            dynamics=GameType.Dynamics.SEQUENTIAL,
            chance_mode=GameType.ChanceMode.DETERMINISTIC,
            information=GameType.Information.PERFECT_INFORMATION,
            utility=GameType.Utility.ZERO_SUM,
            reward_model=GameType.RewardModel.TERMINAL,
            max_num_players=players["max"] if players else n,
            min_num_players=players["min"] if players else n,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={p["name"]: _typed_parameter(p, p["default"])
                                     for p in schema},
        )

    def get_parameters(self):
        """Every parameter with its value, defaults included, typed (int, bool, str). One that
        arbiter's schema gives no value of its own is left out: the rule switches rules=
        implies, seats where players implies it, the set-up keys of the default set-up."""
        return {p["name"]: _typed_parameter(p, p["value"])
                for p in self._native.parameters() if p["value"] is not None}

    # Tensors.
    def observation_tensor_shape(self):
        return list(self._native.observation_tensor_shape())

    def observation_tensor_size(self):
        return self._native.observation_tensor_size()

    def observation_tensor_layout(self):
        return TensorLayout.CHW

    def information_state_tensor_shape(self):
        raise SpielError(f"{self._native.name()} has no information state tensor "
                         "(perfect information: use observation_tensor_shape)")

    def information_state_tensor_size(self):
        return self.information_state_tensor_shape()  # raises: there is none

    def policy_tensor_shape(self):
        return [self.num_distinct_actions()]

    # States.
    def new_initial_state(self, position=None):
        """The start position, or the state of arbiter's one-line position text."""
        if position is None:
            return State._make(self, self._native.new_initial_state(), None, 0, None)
        try:
            native = self._native.state_from_position(position)
        except ValueError as e:
            raise SpielError(str(e)) from None
        return State._make(self, native, None, 0, native.serialize())

    def new_initial_states(self):
        return [self.new_initial_state()]

    def deserialize_state(self, text):
        """The state State.serialize() wrote: its start, then its actions replayed."""
        if not isinstance(text, str):
            raise TypeError(f"deserialize_state: expected a str, got {type(text).__name__}")
        lines = text.split("\n")
        state = self._starting_state(lines[0])
        first = 0 if state._start is None else 1  # the start line, when there is one
        for number, line in enumerate(lines[first:], start=first + 1):
            if not line.strip():
                continue
            try:
                action = int(line)
            except ValueError:
                raise SpielError(f"deserialize_state: line {number} {line!r} is not an "
                                 "action id") from None
            try:
                state.apply_action(action)
            except SpielError as e:
                raise SpielError(f"deserialize_state: line {number}: {e}") from None
        return state

    def _starting_state(self, first_line):
        prefix = "starting_state="
        if not first_line.startswith(prefix):
            return self.new_initial_state()
        start = first_line[len(prefix):]
        try:
            native = self._native.deserialize_state(start)
        except ValueError as e:
            raise SpielError(str(e)) from None
        return State._make(self, native, None, 0, start)

    def action_to_string(self, player, action):
        """An action's text: arbiter's are the same in every position, so any state says it."""
        _check_player(self.num_players(), player)
        if self._initial is None:
            self._initial = self._native.new_initial_state()
        return _action_text(self._initial, action)

    # Identity.
    def __str__(self):
        return _game_string(self._native.name(), self._given)

    def __repr__(self):
        return str(self)

    def to_string(self):
        return str(self)

    def __eq__(self, other):
        return isinstance(other, Game) and self._native == other._native

    def __hash__(self):
        return hash(self._native)

    def __reduce__(self):
        # The name and the dict, not str(self): a value with a comma (seats="s,n") has no
        # game-string form.
        return (load_game, (self._native.name(), dict(self._given)))


# --- States.

def _check_player(num_players, player):
    if isinstance(player, bool) or not 0 <= player < num_players:
        raise SpielError(f"player {player!r} is not a player of this game (0..{num_players - 1})")


def _action_text(native, action):
    try:
        return native.action_to_string(action)
    except ValueError as e:
        raise SpielError(str(e)) from None


class State:
    """A game in progress, by pyspiel's names (see the module's docstring). Made by
    Game.new_initial_state(), State.child() and State.clone().

    The history is a chain of (earlier, player, action) tuples shared between a state and its
    clones, so clone() and child() cost the native clone and nothing per decision played."""

    __slots__ = ("_game", "_native", "_history", "_move_number", "_start")

    def __init__(self, game):
        """State(game) is game.new_initial_state(), as pyspiel's State(game)."""
        if not isinstance(game, Game):
            raise TypeError(f"State: expected an arbiter.spiel.Game, got {type(game).__name__}")
        self._game, self._native = game, game.native.new_initial_state()
        self._history, self._move_number, self._start = None, 0, None

    @classmethod
    def _make(cls, game, native, history, move_number, start):
        state = cls.__new__(cls)
        state._game = game  # the spiel Game
        state._native = native  # arbiter.State
        state._history = history  # None, or (earlier chain, player, action)
        state._move_number = move_number  # decisions applied since the start
        state._start = start  # arbiter serialization of the start; None: the game's initial
        return state

    @property
    def native(self):
        """The arbiter.State underneath (play through the wrapper to keep the history)."""
        return self._native

    # Whose turn.
    def current_player(self):
        return self._native.current_player()

    def is_terminal(self):
        return self._native.is_terminal()

    def is_chance_node(self):
        return False

    def is_simultaneous_node(self):
        return False

    def is_mean_field_node(self):
        return False

    def is_player_node(self):
        return self._native.current_player() >= 0

    def is_player_acting(self, player):
        _check_player(self.num_players(), player)
        return player == self._native.current_player()

    def is_initial_state(self):
        return self._history is None

    def num_players(self):
        return self._native.num_players()

    def num_distinct_actions(self):
        return self._game.num_distinct_actions()

    def get_game(self):
        return self._game

    def get_type(self):
        return self._game.get_type()

    # Actions.
    def legal_actions(self, player=None):
        """Sorted ids; [] once terminal and for a player who is not to decide."""
        if player is None or player == self._native.current_player():
            return self._native.legal_actions()
        _check_player(self.num_players(), player)
        return []

    def legal_actions_mask(self, player=None):
        """A list of num_distinct_actions() ints, 1 at the legal actions."""
        if player is None or player == self._native.current_player():
            return self._native.legal_actions_mask().view("uint8").tolist()
        _check_player(self.num_players(), player)
        return [0] * self.num_distinct_actions()

    def apply_action(self, action):
        player = self._native.current_player()
        try:
            self._native.apply_action(action)
        except ValueError as e:
            raise SpielError(str(e)) from None
        self._history = (self._history, player, int(action))
        self._move_number += 1

    apply_action_with_legality_check = apply_action  # every action is checked

    def child(self, action):
        child = self.clone()
        child.apply_action(action)
        return child

    def undo_action(self, player, action):
        """Takes back the last action, which must be `action` of `player`."""
        last = self._history
        if last is None:
            raise SpielError("undo_action: no action has been applied to this state")
        if (last[1], last[2]) != (player, action):
            raise SpielError(f"undo_action: the last action is {last[2]} of player {last[1]}, "
                             f"not {action} of player {player}")
        self._native.undo()
        self._history = last[0]
        self._move_number -= 1

    def clone(self):
        return State._make(self._game, self._native.clone(), self._history, self._move_number,
                           self._start)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def action_to_string(self, player_or_action, action=None):
        """action_to_string(player, action) or action_to_string(action) (the player to decide):
        arbiter's texts ("from d1", "c3-c4") are the same in every position for every player."""
        if action is None:
            action = player_or_action
        elif player_or_action != self._native.current_player():
            _check_player(self.num_players(), player_or_action)
        return _action_text(self._native, action)

    def string_to_action(self, player_or_text, text=None):
        """string_to_action(player, text) or string_to_action(text): the id of the legal action
        of that text (as pyspiel's, it looks among the actions open now)."""
        if text is None:
            text = player_or_text
        elif player_or_text != self._native.current_player():
            _check_player(self.num_players(), player_or_text)
        try:
            return self._native.string_to_action(text)
        except ValueError as e:
            raise SpielError(str(e)) from None

    # History.
    def history(self):
        """The action ids applied since the state's start, in order."""
        return [action for _, action in self._pairs()]

    def full_history(self):
        return [PlayerAction(player, action) for player, action in self._pairs()]

    def history_str(self):
        return ", ".join(str(action) for _, action in self._pairs())

    def _pairs(self):
        pairs = []
        link = self._history
        while link is not None:
            link, player, action = link
            pairs.append((player, action))
        pairs.reverse()
        return pairs

    def move_number(self):
        """Decisions applied since the start (a move of several decisions counts each)."""
        return self._move_number

    # Results.
    def returns(self):
        return self._native.returns()

    def rewards(self):
        return self._native.rewards()

    def player_return(self, player):
        _check_player(self.num_players(), player)
        return self._native.returns()[player]

    def player_reward(self, player):
        _check_player(self.num_players(), player)
        return self._native.rewards()[player]

    def chance_outcomes(self):
        raise SpielError(f"chance_outcomes: {self._game.native.name()} has no chance nodes")

    # Views.
    def observation_string(self, player=None):
        """The board as arbiter draws it, with each player's status (the same for every player:
        perfect information)."""
        if player is not None:
            _check_player(self.num_players(), player)
        return str(self._native)

    def observation_tensor(self, player=None):
        """C*H*W floats, flat, plane by plane (CHW), seen by `player` (default: the player to
        decide, or 0 once the game is over)."""
        if player is not None:
            _check_player(self.num_players(), player)
        return self._native.observation_tensor(player).ravel().tolist()

    def information_state_string(self, player=None):
        """The history (perfect recall), as pyspiel's perfect-information board games give it."""
        if player is not None:
            _check_player(self.num_players(), player)
        return self.history_str()

    def information_state_tensor(self, player=None):
        raise SpielError(f"{self._game.native.name()} has no information state tensor "
                         "(perfect information: use observation_tensor)")

    def serialize(self):
        """pyspiel's text: the action ids one a line, after the start when it is not the game's
        initial state."""
        start = "" if self._start is None else f"starting_state={self._start}\n"
        return start + "\n".join(str(a) for a in self.history()) + "\n"

    def __str__(self):
        return str(self._native)

    def __repr__(self):
        return str(self._native)

    def to_string(self):
        return str(self._native)

    def __reduce__(self):
        return (Game.deserialize_state, (self._game, self.serialize()))
