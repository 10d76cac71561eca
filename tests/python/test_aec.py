"""arbiter.aec: the PettingZoo AEC contract (agents, agent_selection, observe, last, step with
None for an agent that is done, rewards accumulated into _cumulative_rewards, action masks,
spaces), played to the end of games of every game."""

import random

import numpy as np
import pytest

import arbiter
from arbiter import aec


def play(env, rng):
    """PettingZoo's documented loop; returns the rewards each agent saw at its last step."""
    env.reset(seed=42)
    seen = {}
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert agent == env.agent_selection
        assert env.observation_space(agent).contains(observation)
        assert isinstance(info, dict) and truncation is False
        if termination or truncation:
            seen[agent] = reward
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            action = int(rng.choice(np.flatnonzero(mask)))
            assert env.action_space(agent).contains(action)
        env.step(action)
        steps += 1
        assert steps < 100000
    assert env.agents == []
    return seen


@pytest.mark.parametrize("name,params", [("traverse", {"max_plies": 40}),
                                         ("traverse", {"players": 4, "max_plies": 40}),
                                         ("travelers", {"max_plies": 40}),
                                         ("trap", {"size": 3})])
def test_games_play_to_the_end(name, params):
    env = aec.env(name, **params)
    assert env.possible_agents == env.game.player_names()
    rng = np.random.default_rng(1)
    for _ in range(3):
        seen = play(env, rng)
        assert set(seen) == set(env.possible_agents), "every agent sees the end"
        returns = env.state.returns()
        assert [seen[a] for a in env.possible_agents] == pytest.approx(returns)
        assert sum(seen.values()) == pytest.approx(0.0)


def test_observe_is_seat_relative_and_masked():
    env = aec.env("traverse")
    first, second = env.possible_agents
    assert env.agent_selection == first
    mine, theirs = env.observe(first), env.observe(second)
    assert mine["action_mask"].sum() == len(env.state.legal_actions())
    assert not theirs["action_mask"].any(), "only the agent to decide has actions"
    assert np.array_equal(mine["observation"], env.state.observation_tensor(0))
    assert np.array_equal(theirs["observation"], env.state.observation_tensor(1))


def test_a_move_of_several_decisions_keeps_the_agent():
    env = aec.env("traverse")
    agent = env.agent_selection
    env.step(env.state.legal_actions()[0])  # the piece: the destination is still to choose
    assert env.agent_selection == agent
    assert env.rewards[agent] == 0


def test_errors():
    env = aec.env("trap", size=3)
    with pytest.raises(ValueError):
        env.step(None)  # the agent to decide must decide
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)
    with pytest.raises(ValueError, match="render_mode"):
        aec.env("trap", render_mode="rgb_array")


def test_render_and_metadata():
    env = aec.env("travelers", render_mode="ansi")
    assert env.metadata["name"] == "arbiter_travelers_v0"
    assert "white" in env.render()
    assert env.num_agents == env.max_num_agents == 2


def test_human_render_prints_every_step(capsys):
    env = aec.env("trap", size=3, render_mode="human")
    assert env.render() is None
    drawn = capsys.readouterr().out
    assert drawn.strip() == str(env.state).strip()
    env.step(env.state.legal_actions()[0])
    assert capsys.readouterr().out.strip() == str(env.state).strip()
    assert env.unwrapped is env


def test_each_agent_has_its_own_spaces():
    env = aec.env("traverse", players=3)
    first, second = env.possible_agents[:2]
    assert env.action_space(first) is not env.action_space(second)
    assert env.action_space(first).n == env.game.num_distinct_actions()
    env.reset(seed=5)
    a = [env.action_space(first).sample() for _ in range(5)]
    env.reset(seed=5)
    assert a == [env.action_space(first).sample() for _ in range(5)]


def test_reset_starts_again():
    env = aec.env("trap", size=3)
    rng = random.Random(3)
    for _ in range(4):
        env.step(rng.choice(env.state.legal_actions()))
    env.reset()
    assert env.state.history() == [] and env.agents == env.possible_agents
    assert all(v == 0 for v in env._cumulative_rewards.values())
