"""arbiter.gym: Gymnasium 1.x's vector environment contract (reset(seed=, options=) -> (obs,
infos); step -> (obs, rewards, terminations, truncations, infos); same-step autoreset with
final_obs; infos as arrays with "_key" masks; single and batched spaces), per-row reset, and
the native VectorEnv's reset(seed=, rows=) and copies that do not alias."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import arbiter
from arbiter.gym import vector_env

CASES = [("trap", {"size": 3}), ("traverse", {"max_plies": 30}),
         ("traverse", {"players": 4, "max_plies": 24}), ("travelers", {"max_plies": 30})]


def random_actions(rng, masks):
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


def initial_observation(game):
    state = game.new_initial_state()
    return state.observation_tensor(state.current_player())


@pytest.mark.parametrize("name,params", CASES)
def test_the_vector_contract_over_whole_games(name, params):
    envs = vector_env(name, num_envs=6, threads=2, seed=3, **params)
    game, n = envs.game, envs.game.num_players()
    obs, infos = envs.reset(seed=3)
    assert obs.shape == (6, *game.observation_tensor_shape()) and obs.dtype == np.float32
    assert envs.observation_space.contains(obs)
    assert all(envs.single_observation_space.contains(o) for o in obs)
    assert infos["action_mask"].shape == (6, game.num_distinct_actions())
    assert infos["_action_mask"].all() and infos["_player"].all()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        actions = random_actions(rng, infos["action_mask"])
        assert envs.action_space.contains(actions)
        acting = infos["player"]
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.shape == (6,) and rewards.dtype == np.float32
        assert terminations.dtype == np.bool_ and not truncations.any()
        assert (infos["acting_player"] == acting).all()
        assert (infos["_final_obs"] == terminations).all()
        assert (infos["_returns"] == terminations).all()
        for i in range(6):
            if terminations[i]:
                ended += 1
                returns = infos["returns"][i]
                assert sum(returns) == pytest.approx(0.0, abs=1e-6)
                assert rewards[i] == returns[acting[i]]
                # Same-step autoreset: the row already holds the next game's start.
                assert np.array_equal(obs[i], initial_observation(game))
                assert not np.array_equal(infos["final_obs"][i], obs[i])
            else:
                assert rewards[i] == 0.0 and not infos["returns"][i].any()
            assert infos["player"][i] == envs.env.state(i).current_player()
    assert ended > 0


def test_reset_mask_resets_only_the_rows_marked():
    envs = vector_env("traverse", num_envs=4, seed=1)
    obs, infos = envs.reset()
    start = obs.copy()
    rng = np.random.default_rng(2)
    for _ in range(5):
        obs, _, _, _, infos = envs.step(random_actions(rng, infos["action_mask"]))
    moved = obs.copy()
    mask = np.array([True, False, True, False])
    obs, infos = envs.reset(options={"reset_mask": mask})
    assert np.array_equal(obs[mask], start[mask])
    assert np.array_equal(obs[~mask], moved[~mask])
    assert str(envs.env.state(0)) == str(envs.game.new_initial_state())
    assert str(envs.env.state(1)) != str(envs.game.new_initial_state())


def test_a_seed_replays_the_same_random_games():
    a = vector_env("trap", num_envs=8, seed=0, size=3)
    b = vector_env("trap", num_envs=8, seed=99, size=3)
    a.reset(seed=7)
    b.reset(seed=7)
    for _ in range(50):
        actions = a.env.random_actions()
        assert np.array_equal(actions, b.env.random_actions())
        ra, rb = a.step(actions), b.step(actions)
        assert np.array_equal(ra[0], rb[0]) and np.array_equal(ra[1], rb[1])
    fresh = arbiter.VectorEnv("trap", batch=8, seed=7, size=3)
    a.reset(seed=7)
    assert np.array_equal(a.env.random_actions(), fresh.random_actions())


def test_copies_by_default_views_on_request():
    envs = vector_env("trap", num_envs=2, size=3)
    obs, infos = envs.reset()
    assert obs.flags.writeable and obs is not envs.env.observations
    viewing = vector_env("trap", num_envs=2, size=3, copy=False)
    obs, infos = viewing.reset()
    assert not obs.flags.writeable


def test_bad_input_is_a_one_line_error():
    envs = vector_env("trap", num_envs=2, size=3)
    obs, infos = envs.reset()
    illegal = np.flatnonzero(~infos["action_mask"][0])[0]
    before = str(envs.env.state(0))
    with pytest.raises(ValueError) as error:
        envs.step(np.array([illegal, illegal]))
    assert "\n" not in str(error.value) and str(envs.env.state(0)) == before
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(options={"reset_mask": np.array([1, 0])})
    with pytest.raises(ValueError, match="unknown reset options"):
        envs.reset(options={"seed": 1})
    with pytest.raises(TypeError, match="seed"):
        envs.reset(seed="1")
    with pytest.raises(ValueError, match="render_mode"):
        vector_env("trap", render_mode="human")


def test_render_ansi_draws_every_board():
    envs = vector_env("trap", num_envs=2, size=3, render_mode="ansi")
    envs.reset()
    boards = envs.render()
    assert len(boards) == 2 and boards[0] == str(envs.game.new_initial_state())
    envs.close()
    assert envs.closed and envs.unwrapped is envs


def test_native_players_and_random_actions_do_not_alias():
    """The docs' reading of a step's rewards: the players taken before the step stay theirs."""
    env = arbiter.VectorEnv("traverse", batch=4, seed=1, max_plies=6)
    env.reset()
    changed = 0
    for _ in range(20):
        players = env.current_players
        actions = env.random_actions()
        kept_players, kept_actions = players.copy(), actions.copy()
        env.step(actions)
        assert np.array_equal(players, kept_players) and np.array_equal(actions, kept_actions)
        changed += int((env.current_players != players).any())
    assert changed > 0, "the players to decide did change under the steps"


def test_native_reset_seed_and_rows():
    env = arbiter.VectorEnv("trap", batch=4, seed=1, size=3)
    first = env.random_actions()
    env.step(first)
    env.reset(seed=1)
    assert np.array_equal(env.random_actions(), first)
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match="rows"):
        env.reset(rows=[True])


STUBS = {
    "gymnasium/__init__.py": "",
    "gymnasium/vector/__init__.py": textwrap.dedent("""
        import enum
        class AutoresetMode(enum.Enum):
            NEXT_STEP = "NextStep"
            SAME_STEP = "SameStep"
            DISABLED = "Disabled"
        class VectorEnv:
            pass
    """),
    "gymnasium/spaces/__init__.py": textwrap.dedent("""
        class Space:
            def __init__(self, *args, **kwargs):
                self.args = args
        class Box(Space): pass
        class Discrete(Space): pass
        class MultiDiscrete(Space): pass
        class Dict(Space): pass
    """),
    "pettingzoo/__init__.py": "class AECEnv:\n    pass\n",
}


def test_the_libraries_base_classes_and_spaces_when_importable(tmp_path):
    """With gymnasium and PettingZoo importable (here, stand-ins of their published class
    names), the environments are their subclasses and declare their spaces."""
    for path, text in STUBS.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    program = textwrap.dedent("""
        import gymnasium.vector, gymnasium.spaces, pettingzoo
        from arbiter import aec, gym
        envs = gym.vector_env("trap", num_envs=2, size=3)
        assert isinstance(envs, gymnasium.vector.VectorEnv)
        assert envs.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
        assert isinstance(envs.single_action_space, gymnasium.spaces.Discrete)
        assert isinstance(envs.action_space, gymnasium.spaces.MultiDiscrete)
        env = aec.env("trap", size=3)
        assert isinstance(env, pettingzoo.AECEnv)
        assert isinstance(env.observation_space("red"), gymnasium.spaces.Dict)
        print("ok")
    """)
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
