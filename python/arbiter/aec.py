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

Where PettingZoo is importable the environment is a pettingzoo.AECEnv (so its api_test and
wrappers take it); spaces are gymnasium's when gymnasium is importable, else arbiter.spaces'
stand-ins with the same interface. render_mode "ansi" returns the board as text, "human"
prints it after every step (and on render()).
"""

from __future__ import annotations

import numpy as np

from . import spaces
from ._arbiter import Game, load_game

try:  # PettingZoo is optional: its base class when present
    from pettingzoo import AECEnv as _Base
except ImportError:  # pragma: no cover - depends on the environment
    _Base = object

def _observation_space(game: Game):
    return spaces.dict_space({
        "observation": spaces.box(0.0, 1.0, game.observation_tensor_shape(), np.float32),
        "action_mask": spaces.box(0, 1, (game.num_distinct_actions(),), np.int8),
    })


class ArbiterAECEnv(_Base):
    """One arbiter game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game, render_mode=None, **params):
        if isinstance(game, Game):
            if params:
                raise ValueError("aec: parameters go to load_game, not with a Game")
            self.game = game
        else:
            self.game = load_game(game, **params)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(
                f"aec: render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"arbiter_{self.game.name()}_v0")
        self.possible_agents = list(self.game.player_names())
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        # One space object per agent: seeding or sampling one agent's leaves the others alone.
        n = self.game.num_distinct_actions()
        self.observation_spaces = {a: _observation_space(self.game) for a in self.possible_agents}
        self.action_spaces = {a: spaces.discrete(n) for a in self.possible_agents}
        self.state = None
        self.reset()

    # PettingZoo's properties.
    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

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
        if self.render_mode == "human":
            self.render()

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (PettingZoo's agent_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        """"ansi": the board as text; "human": printed, None returned; None: nothing."""
        if self.render_mode == "human":
            print(self.state, flush=True)
            return None
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
