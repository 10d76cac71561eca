"""A Gymnasium vector environment over arbiter's VectorEnv (Gymnasium 1.x's VectorEnv API).

    from arbiter.gym import vector_env
    envs = vector_env("trap", num_envs=64, threads=2, size=4)
    obs, infos = envs.reset(seed=1)
    obs, rewards, terminations, truncations, infos = envs.step(actions)

The contract, as Gymnasium documents it for vector environments:
- reset(seed=None, options=None) -> (observations, infos); options={"reset_mask": bool (B,)}
  resets only the rows marked (the others are left as they are); a seed re-seeds the games
  reset (the random actions of arbiter.VectorEnv), the same seed giving the same games.
- step(actions) -> (observations, rewards, terminations, truncations, infos) with actions an
  integer array (B,) of legal actions (an illegal one is a ValueError naming the game, and no
  game moves). rewards (B,) float32 is the return of the player who made the row's decision,
  zero until a game ends; truncations stay False (games end by their rules, a ply limit
  included). Autoreset is Gymnasium's same-step mode (metadata["autoreset_mode"]): a row whose
  game ended holds the next game's first observation, and infos["final_obs"] the last one.
- infos is a dict of arrays, each with its "_key" mask of the rows it applies to:
  "action_mask" bool (B, A) and "player" int32 (B,) (the player to decide next in each row, so
  the mask and the observation are theirs), "acting_player" int32 (B,) (who decided this
  step), "returns" float32 (B, N) (every player's return in rows that ended, zero elsewhere),
  and after a step "final_obs" float32 (B, C, H, W) where "_final_obs" is the rows that ended.
- single_observation_space Box(0, 1, (C, H, W), float32), single_action_space Discrete(A),
  observation_space and action_space their batched forms (Box (B, C, H, W), MultiDiscrete).

Arrays returned are new arrays (copy=True, Gymnasium's default) or, with copy=False, the
environment's own read-only buffers, overwritten by the next call. Where gymnasium is
importable the class is a gymnasium.vector.VectorEnv and the spaces are gymnasium's.
"""

from __future__ import annotations

import numpy as np

from . import spaces
from ._arbiter import Game, VectorEnv

try:  # gymnasium is optional: its base class and autoreset mode when present
    from gymnasium.vector import VectorEnv as _Base
except ImportError:  # pragma: no cover - depends on the environment
    _Base = object
try:
    from gymnasium.vector import AutoresetMode as _AutoresetMode
    _SAME_STEP = _AutoresetMode.SAME_STEP
except ImportError:  # pragma: no cover - depends on the environment
    _SAME_STEP = "SameStep"


class ArbiterVectorEnv(_Base):
    """num_envs games of one arbiter game, stepped together (see the module's docstring)."""

    metadata = {"autoreset_mode": _SAME_STEP, "render_modes": ["ansi"]}

    def __init__(self, game, num_envs=16, threads=1, seed=0, copy=True, render_mode=None,
                 **params):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"gym: render_mode must be None or 'ansi', got {render_mode!r}")
        if isinstance(game, Game) and params:
            raise ValueError("gym: parameters go to load_game, not with a Game")
        self.env = VectorEnv(game, batch=num_envs, threads=threads, seed=seed, **params)
        self.game = self.env.game
        self.num_envs = self.env.batch
        self.copy = bool(copy)
        self.render_mode = render_mode
        self.spec = None
        self.closed = False
        self.metadata = dict(self.metadata, name=f"arbiter_{self.game.name()}_vector_v0")
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self.single_observation_space = spaces.box(0.0, 1.0, shape, np.float32)
        self.single_action_space = spaces.discrete(actions)
        self.observation_space = spaces.box(0.0, 1.0, (self.num_envs, *shape), np.float32)
        self.action_space = spaces.multi_discrete([actions] * self.num_envs)
        self._all_rows = np.ones(self.num_envs, dtype=bool)

    @property
    def unwrapped(self):
        return self

    def reset(self, *, seed=None, options=None):
        rows = None
        if options is not None:
            unknown = set(options) - {"reset_mask"}
            if unknown:
                raise ValueError(f"gym: unknown reset options {sorted(unknown)} "
                                 "(known: reset_mask)")
            rows = options.get("reset_mask")
            if rows is not None:
                rows = np.asarray(rows)
                if rows.dtype != np.bool_ or rows.shape != (self.num_envs,):
                    raise ValueError(
                        f"gym: reset_mask must be a bool array of shape ({self.num_envs},)")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"gym: seed must be an int or None, got {type(seed).__name__}")
        observations, masks, players = self.env.reset(seed=seed, rows=rows)
        infos = {
            "action_mask": self._out(masks), "_action_mask": self._all_rows.copy(),
            "player": players, "_player": self._all_rows.copy(),
        }
        return self._out(observations), infos

    def step(self, actions):
        actions = np.asarray(actions)
        acting = self.env.current_players  # a copy: the players deciding this step
        observations, masks, returns, terminated = self.env.step(actions)
        ended = terminated.copy()
        rewards = returns[np.arange(self.num_envs), acting].astype(np.float32)
        infos = {
            "action_mask": self._out(masks), "_action_mask": self._all_rows.copy(),
            "player": self.env.current_players, "_player": self._all_rows.copy(),
            "acting_player": acting, "_acting_player": self._all_rows.copy(),
            "returns": self._out(returns), "_returns": ended.copy(),
            "final_obs": self._out(self.env.final_observations), "_final_obs": ended.copy(),
        }
        return (self._out(observations), rewards, ended, np.zeros(self.num_envs, dtype=bool),
                infos)

    def render(self):
        """"ansi": each game's board as text (a tuple of B strings); None: nothing."""
        if self.render_mode is None:
            return None
        return tuple(str(self.env.state(i)) for i in range(self.num_envs))

    def close(self, **kwargs):
        self.closed = True

    def _out(self, array):
        return array.copy() if self.copy else array

    def __repr__(self):
        return f"ArbiterVectorEnv({self.game.name()}, num_envs={self.num_envs})"


def vector_env(game="traverse", num_envs=16, threads=1, seed=0, copy=True, render_mode=None,
               **params):
    """A Gymnasium vector environment of `game` (a name or a Game) under `params`."""
    return ArbiterVectorEnv(game, num_envs=num_envs, threads=threads, seed=seed, copy=copy,
                            render_mode=render_mode, **params)
