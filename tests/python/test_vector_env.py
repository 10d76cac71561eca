"""arbiter.VectorEnv: shapes and dtypes, arrays reused in place and read-only, step-for-step
agreement with single States under the same seed (automatic reset, the final observation and
rewards included), determinism, and errors for bad actions that leave every game unchanged."""

import os
import subprocess
import sys

import numpy as np
import pytest

import arbiter
from conftest import SLOW

CASES = [("trap", {"size": 3, "max_plies": 40}), ("traverse", {"max_plies": 30}),
         ("traverse", {"players": 4, "max_plies": 24}), ("travelers", {"max_plies": 30})]


def test_shapes_and_dtypes():
    env = arbiter.VectorEnv("traverse", batch=8, threads=2, seed=1, players=3)
    game = env.game
    c, h, w = game.observation_tensor_shape()
    a, n = game.num_distinct_actions(), game.num_players()
    obs, masks, players = env.reset()
    assert obs.shape == (8, c, h, w) and obs.dtype == np.float32
    assert masks.shape == (8, a) and masks.dtype == np.bool_
    assert players.shape == (8,) and players.dtype == np.int32
    obs, masks, rewards, terminated = env.step(env.random_actions())
    assert rewards.shape == (8, n) and rewards.dtype == np.float32
    assert terminated.shape == (8,) and terminated.dtype == np.bool_
    assert env.final_observations.shape == (8, c, h, w)
    assert env.batch == 8 and env.threads == 2


def test_arrays_are_reused_and_read_only():
    env = arbiter.VectorEnv("trap", batch=16, threads=2, seed=2)
    first = env.reset()
    again = env.step(env.random_actions())
    assert first[0] is again[0] and first[1] is again[1]
    pointer = first[0].__array_interface__["data"][0]
    for _ in range(5):
        obs, masks, rewards, terminated = env.step(env.random_actions())
    assert obs.__array_interface__["data"][0] == pointer
    with pytest.raises(ValueError):
        obs[0, 0, 0, 0] = 1.0
    with pytest.raises(ValueError):
        masks[0, 0] = True


def run_alongside(name, params, batch, threads, seed, steps):
    """Steps a VectorEnv and one State per game with the same actions; checks every output."""
    env = arbiter.VectorEnv(name, batch=batch, threads=threads, seed=seed, **params)
    game = env.game
    states = [game.new_initial_state() for _ in range(batch)]
    obs, masks, players = env.reset()
    finished = 0
    for _ in range(steps):
        for i, s in enumerate(states):
            assert players[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()))
            assert np.array_equal(masks[i], s.legal_actions_mask())
        actions = env.random_actions().copy()
        obs, masks, rewards, terminated = env.step(actions)
        players = env.current_players
        for i, s in enumerate(states):
            actor = s.current_player()
            s.apply_action(int(actions[i]))
            assert bool(terminated[i]) == s.is_terminal()
            if s.is_terminal():
                finished += 1
                assert np.allclose(rewards[i], s.returns())
                assert np.array_equal(env.final_observations[i], s.observation_tensor(actor))
                states[i] = game.new_initial_state()
            else:
                assert not rewards[i].any()
    assert env.games_finished == finished
    return finished


@pytest.mark.parametrize("name,params", CASES)
def test_agrees_step_for_step_with_single_states(name, params):
    finished = run_alongside(name, params, batch=12, threads=2, seed=7,
                             steps=60 if SLOW else 160)
    assert finished > 0, "the run sees games end and restart"


# Every size of action space the games have (a mask is written sixteen bytes at a time, with
# its last bytes over a word's edge for some): 157 to 1,477 for Trap, 201 and 1,001 for
# Traverse, 405 for The Travelers.
MASK_CASES = [("trap", {"size": s}) for s in range(3, 9)] + [
    ("traverse", {"rules": "expert"}), ("traverse", {"players": 3}), ("travelers", {})]


@pytest.mark.parametrize("name,params", MASK_CASES)
def test_masks_and_observations_match_the_games_for_every_action_space(name, params):
    env = arbiter.VectorEnv(name, batch=5, threads=2, seed=11, **params)
    env.reset()
    for _ in range(12):
        env.step(env.random_actions())
        for i in range(5):
            state = env.state(i)
            expected = np.zeros(env.game.num_distinct_actions(), bool)
            expected[state.legal_actions()] = True
            assert np.array_equal(env.masks[i], expected)
            assert np.array_equal(env.observations[i],
                                  state.observation_tensor(state.current_player()))


def test_random_actions_are_legal_and_seeded():
    a = arbiter.VectorEnv("travelers", batch=32, threads=2, seed=5)
    b = arbiter.VectorEnv("travelers", batch=32, threads=1, seed=5)
    c = arbiter.VectorEnv("travelers", batch=32, threads=2, seed=6)
    a.reset(), b.reset(), c.reset()
    same = True
    for _ in range(30):
        ra, rb, rc = a.random_actions().copy(), b.random_actions().copy(), c.random_actions()
        assert np.array_equal(ra, rb), "the same seed gives the same actions, whatever threads"
        assert a.masks[np.arange(32), ra].all()
        same = same and np.array_equal(ra, rc)
        oa, *_ = a.step(ra)
        ob, *_ = b.step(rb)
        c.step(rc)
        assert np.array_equal(oa, ob)
    assert not same, "another seed plays other games"


def test_bad_actions_change_nothing():
    env = arbiter.VectorEnv("traverse", batch=4, threads=2, seed=1)
    env.reset()
    before = [env.state(i).serialize() for i in range(4)]
    good = env.random_actions().copy()
    illegal = good.copy()
    illegal[2] = next(a for a in range(env.game.num_distinct_actions()) if not env.masks[2, a])
    for bad in (illegal, good[:3], good.astype(np.float64), np.array([[1, 2], [3, 4]]),
                np.full(4, -1), np.full(4, 10**6), "abcd"):
        with pytest.raises(ValueError) as e:
            env.step(bad)
        assert "\n" not in str(e.value)
    assert [env.state(i).serialize() for i in range(4)] == before
    env.step(list(good))  # any integer sequence will do


def test_the_error_names_the_first_game_with_an_illegal_action():
    env = arbiter.VectorEnv("trap", batch=512, threads=2, seed=5)
    env.reset()
    actions = env.random_actions().copy()
    for i in (400, 37, 300):  # in the other thread's half too
        actions[i] = next(a for a in range(env.game.num_distinct_actions()) if not env.masks[i, a])
    with pytest.raises(ValueError, match=r"game 37: action \d+ is not legal there"):
        env.step(actions)


def test_reset_starts_every_game_again():
    env = arbiter.VectorEnv("trap", batch=6, threads=2, seed=3, size=3)
    start = env.reset()[0].copy()
    for _ in range(5):
        env.step(env.random_actions())
    obs, masks, players = env.reset()
    assert np.array_equal(obs, start) and (players == 0).all()


@pytest.mark.parametrize("kwargs", [dict(batch=0), dict(batch=-3), dict(threads=0), dict(seed=-2),
                                    dict(colour="red"), dict(size=99)])
def test_bad_arguments_are_value_errors(kwargs):
    with pytest.raises(ValueError):
        arbiter.VectorEnv("trap", **kwargs)


def test_takes_a_game_object():
    game = arbiter.load_game("traverse", players=4)
    env = arbiter.VectorEnv(game, batch=3)
    assert env.game == game and env.rewards.shape == (3, 4)
    with pytest.raises(ValueError):
        arbiter.VectorEnv(game, batch=3, players=2)
    with pytest.raises(TypeError) as e:
        arbiter.VectorEnv(123)  # neither a name nor a Game: the wrong type, as the docs say
    assert str(e.value) == "VectorEnv: expected a game name or a Game, got int"


def test_arrays_outlive_the_environment():
    env = arbiter.VectorEnv("trap", batch=4, seed=1)
    obs = env.reset()[0]
    copy = obs.copy()
    del env
    import gc
    gc.collect()
    assert np.array_equal(obs, copy)


def test_two_python_threads_on_one_environment():
    """Steps from two threads take turns (the GIL is released while games run): no crash, and
    every step either happens whole or is refused as stale."""
    import threading
    env = arbiter.VectorEnv("traverse", batch=64, threads=2, seed=4)
    env.reset()
    errors = []

    def play():
        for _ in range(40):
            try:
                env.step(env.random_actions().copy())
            except ValueError as e:  # actions drawn before the other thread's step
                errors.append(str(e))

    workers = [threading.Thread(target=play) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for i in range(64):
        s = env.state(i)
        assert np.array_equal(env.masks[i], s.legal_actions_mask())
    assert all("not legal" in e for e in errors)


@pytest.mark.parametrize("batch", [1, 64, 65, 200, 700])
def test_threads_share_any_batch_without_changing_the_games(batch):
    """The worker pool gives each thread a slice of the batch and lets a thread that is done
    take chunks (of 64 games) of the others' slices: with any number of threads, every game is
    stepped once per step, exactly as on one thread."""
    envs = [arbiter.VectorEnv("traverse", batch=batch, threads=t, seed=9, max_plies=20)
            for t in (1, 2, 3, 8)]
    for env in envs:
        env.reset()
    for _ in range(60):
        actions = envs[0].random_actions().copy()
        outputs = [[a.copy() for a in env.step(actions)] for env in envs]
        for other in outputs[1:]:
            for a, b in zip(outputs[0], other):
                assert np.array_equal(a, b)
    assert len({env.games_finished for env in envs}) == 1 and envs[0].games_finished > 0


HEAP_CHECK = """
import arbiter
def heap_mappings(field):
    # The values of an smaps field of the process's [heap] mappings.
    values, in_heap = [], False
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            if "-" in line.split()[0]:  # a mapping's first line
                in_heap = line.rstrip().endswith("[heap]")
            elif in_heap and line.startswith(field + ":"):
                values.append(int(line.split()[1]))
    return values
assert 1 not in heap_mappings("THPeligible"), "the heap was advised before any environment"
# One thread, so that every game is allocated by this thread, in the process's main heap.
env = arbiter.VectorEnv("traverse", batch=4096, threads=1, seed=1, players=4)
assert 1 in heap_mappings("THPeligible"), heap_mappings("THPeligible")
assert sum(heap_mappings("AnonHugePages")) > 0
env.step(env.random_actions())
"""


def transparent_huge_pages():
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            return f.read().split("[")[1].split("]")[0]
    except (OSError, IndexError):
        return None


@pytest.mark.skipif(transparent_huge_pages() != "madvise",
                    reason="huge pages only on advice: where they are always or never given, "
                           "the advice changes nothing")
@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="the sanitizer's allocator keeps the games outside the heap")
def test_the_heap_of_the_games_is_advised_as_huge_pages():
    # docs/python.md: the heap mappings the games live in are advised as huge pages. In a fresh
    # interpreter: here, earlier tests' environments have advised parts of the heap already.
    run = subprocess.run([sys.executable, "-c", HEAP_CHECK], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
