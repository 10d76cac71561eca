"""Shared set-up of the Python tests (ctest runs each test_*.py with PYTHONPATH at the built
package and ARBITER_CLI naming the built `arbiter`)."""

import os
import random

import pytest
from hypothesis import HealthCheck, settings

import arbiter
from arbiter import _arbiter

# "ci" in the Release build, "slow" under the sanitizers (HYPOTHESIS_PROFILE, python/CMakeLists.txt).
settings.register_profile("ci", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("slow", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Under the sanitizers everything is ~10x slower: the playout tests play fewer games there.
SLOW = os.environ.get("HYPOTHESIS_PROFILE") == "slow"


def conformance_cases():
    """Every (game, params, games, check_every) the C++ conformance suite plays."""
    out = []
    for name in arbiter.games():
        for params, games, check_every in _arbiter._conformance_cases(name):
            out.append((name, params, games, check_every))
    return out


def case_id(case):
    name, params = case[0], case[1]
    return f"{name}[{params or 'defaults'}]"


CASES = conformance_cases()


@pytest.fixture
def cli():
    path = os.environ.get("ARBITER_CLI")
    if not path:
        pytest.skip("ARBITER_CLI (the built arbiter) is not set: run through ctest")
    return path


def random_playout(state, rng, max_decisions=100000):
    """Plays random actions to the end; returns the number of decisions."""
    n = 0
    while not state.is_terminal() and n < max_decisions:
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


@pytest.fixture
def rng():
    return random.Random(12345)
