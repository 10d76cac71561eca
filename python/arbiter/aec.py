"""A PettingZoo-style AEC (agent environment cycle) environment over an arbiter game.

Written to PettingZoo's documented AECEnv contract without importing PettingZoo: the attributes
possible_agents, agents, agent_selection, rewards, _cumulative_rewards, terminations,
truncations and infos; reset(seed, options), step(action), observe(agent), last(), agent_iter(),
observation_space(agent), action_space(agent), render() and close(). As PettingZoo's board games
do, an observation is a dict {"observation": float32 (C, H, W) seen by the agent, "action_mask":
int8 (A,)}, the mask all zero for an agent that is not to decide; an agent that has terminated
is stepped with None to remove it. Agents are the game's player names ("south", "north", ...).
A move made of several decisions is several consecutive steps of the same agent. Games end by
their rules (a ply limit ends one as a draw), so truncations stay False.

Spaces are gymnasium's when gymnasium is importable, else the small stand-ins below (same
attributes: n, shape, dtype, low, high, contains(), sample()).
"""

from __future__ import annotations

import numpy as np

from ._arbiter import Game, load_game

try:  # gymnasium is optional: PettingZoo's own spaces when present
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover - depends on the environment
    _spaces = None


class Discrete:
    """Integers 0..n-1 (gymnasium.spaces.Discrete's interface)."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is not None:
            choices = np.flatnonzero(mask)
            return int(self._rng.choice(choices)) if len(choices) else 0
        return int(self._rng.integers(self.n))

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """An array of a fixed shape and dtype within [low, high] (gymnasium.spaces.Box's interface)."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.uniform(self.low, self.high, self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class DictSpace:
    """Named subspaces (gymnasium.spaces.Dict's interface)."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def seed(self, seed=None):
        for i, space in enumerate(self.spaces.values()):
            space.seed(None if seed is None else seed + i)

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __repr__(self):
        return f"Dict({self.spaces})"


def _make_spaces(game: Game):
    shape = game.observation_tensor_shape()
    n = game.num_distinct_actions()
    if _spaces is not None:
        observation = _spaces.Dict({
            "observation": _spaces.Box(0.0, 1.0, shape, np.float32),
            "action_mask": _spaces.Box(0, 1, (n,), np.int8),
        })
        return observation, _spaces.Discrete(n)
    observation = DictSpace({
        "observation": Box(0.0, 1.0, shape, np.float32),
        "action_mask": Box(0, 1, (n,), np.int8),
    })
    return observation, Discrete(n)


class ArbiterAECEnv:
    """One arbiter game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game, render_mode=None, **params):
        if isinstance(game, Game):
            if params:
                raise ValueError("aec: parameters go to load_game, not with a Game")
            self.game = game
        else:
            self.game = load_game(game, **params)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"aec: render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"arbiter_{self.game.name()}_v0")
        self.possible_agents = list(self.game.player_names())
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        observation, action = _make_spaces(self.game)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.state = None
        self.reset()

    # PettingZoo's properties.
    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """A new game. The games have no chance: `seed` only seeds the spaces' sample()."""
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        player = self._index[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == player:
            mask[self.state.legal_actions_mask()] = 1
        return {"observation": self.state.observation_tensor(player), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"aec: {agent} is to decide: None is only for an agent that is done")
        self.state.apply_action(action)  # ValueError, and no change, for an illegal action
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            actor = self._index[agent]
            self.agent_selection = self.possible_agents[(actor + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (PettingZoo's agent_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]

    # The bookkeeping PettingZoo's AECEnv base class provides.
    def _clear_rewards(self):
        for a in self.rewards:
            self.rewards[a] = 0.0

    def _accumulate_rewards(self):
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action):
        if action is not None:
            raise ValueError("aec: an agent that is done can only be stepped with None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = done[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()


def env(game="traverse", render_mode=None, **params):
    """An AEC environment of `game` (a name or a Game) under `params`."""
    return ArbiterAECEnv(game, render_mode=render_mode, **params)
