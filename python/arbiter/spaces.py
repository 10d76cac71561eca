"""The spaces arbiter's environments declare: gymnasium's when gymnasium is importable, else
small stand-ins with the same interface (n, nvec, shape, dtype, low, high, contains(),
sample(), seed()), so code written against gymnasium's spaces runs either way.

discrete(n), box(low, high, shape, dtype), multi_discrete(nvec) and dict_space(spaces) make
whichever applies; the stand-in classes are also importable by name.
"""

from __future__ import annotations

import numpy as np

try:  # gymnasium is optional
    from gymnasium import spaces as _gymnasium_spaces
except ImportError:  # pragma: no cover - depends on the environment
    _gymnasium_spaces = None



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


class MultiDiscrete:
    """One integer 0..nvec[i]-1 per entry (gymnasium.spaces.MultiDiscrete's interface)."""

    def __init__(self, nvec, seed=None):
        self.nvec = np.asarray(nvec, dtype=np.int64)
        self.shape = self.nvec.shape
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return (self._rng.random(self.shape) * self.nvec).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and np.issubdtype(x.dtype, np.integer)
                and bool(np.all(x >= 0)) and bool(np.all(x < self.nvec)))

    def __repr__(self):
        return f"MultiDiscrete({self.nvec})"


def discrete(n):
    return _gymnasium_spaces.Discrete(n) if _gymnasium_spaces else Discrete(n)


def box(low, high, shape, dtype):
    if _gymnasium_spaces:
        return _gymnasium_spaces.Box(low, high, tuple(shape), dtype)
    return Box(low, high, shape, dtype)


def multi_discrete(nvec):
    return _gymnasium_spaces.MultiDiscrete(nvec) if _gymnasium_spaces else MultiDiscrete(nvec)


def dict_space(spaces):
    return _gymnasium_spaces.Dict(spaces) if _gymnasium_spaces else DictSpace(spaces)
