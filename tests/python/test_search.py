"""arbiter.search(): a legal best move with its line, a value per player and, for MCTS, the
visits per root move and per action (the self-play targets); deterministic with a seed and a
node limit; bad arguments are ValueErrors."""

import random

import numpy as np
import pytest

import arbiter

GAMES = [("traverse", ""), ("traverse", "players=4"), ("travelers", ""), ("trap", "size=4")]


def midgame(name, params, plies=6, seed=3):
    state = arbiter.load_game(name, params).new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply_move(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name,params", GAMES)
@pytest.mark.parametrize("algorithm", ["alphabeta", "mcts", None])
def test_search_answers_a_legal_move(name, params, algorithm):
    state = midgame(name, params)
    before = state.serialize()
    r = arbiter.search(state, nodes=1500, algorithm=algorithm, seed=5)
    assert state.serialize() == before, "the state is left unchanged"
    assert r.best_move in state.legal_moves()
    assert r.pv and r.pv[0] == r.best_move
    assert r.nodes > 0
    assert len(r.values) == state.num_players()
    assert all(-1.0 <= v <= 1.0 for v in r.values)
    # The decisions of the best move make it.
    s = state.clone()
    for a in r.best_actions:
        s.apply_action(a)
    assert s.history()[-1] == r.best_move and s.decisions_pending() == 0


@pytest.mark.parametrize("name,params", GAMES)
def test_mcts_visits_are_training_targets(name, params):
    state = midgame(name, params)
    r = arbiter.search(state, nodes=3000, algorithm="mcts", seed=11)
    assert r.algorithm == "mcts"
    assert set(r.move_visits) <= set(state.legal_moves())
    assert sum(r.move_visits.values()) > 0
    visits = r.action_visits
    assert visits.dtype == np.int64 and visits.shape == (state.game().num_distinct_actions(),)
    assert visits.sum() == sum(r.move_visits.values())
    assert np.all(visits[~state.legal_actions_mask()] == 0), "visits only on legal actions"
    assert visits[r.best_actions[0]] > 0


def test_alphabeta_has_no_visits():
    r = arbiter.search(midgame("traverse", ""), nodes=1000, algorithm="alphabeta")
    assert r.move_visits == {} and r.action_visits is None


@pytest.mark.parametrize("algorithm", ["alphabeta", "mcts"])
def test_deterministic_with_seed_and_nodes(algorithm):
    state = midgame("traverse", "", plies=4)
    a = arbiter.search(state, nodes=4000, algorithm=algorithm, seed=9)
    b = arbiter.search(state, nodes=4000, algorithm=algorithm, seed=9)
    assert (a.best_move, a.score, a.pv, a.nodes, a.values) == (b.best_move, b.score, b.pv, b.nodes,
                                                               b.values)
    assert a.move_visits == b.move_visits


def test_two_player_values_are_zero_sum():
    r = arbiter.search(midgame("travelers", ""), nodes=2000)
    assert r.values[0] == pytest.approx(-r.values[1])


def test_movetime_bounds_the_search():
    r = arbiter.search(midgame("traverse", ""), movetime=0.05, level=9)
    assert r.best_move and r.seconds < 1.0


def test_levels_and_player_specs():
    state = midgame("trap", "size=4")
    for level in (1, 4, 10):
        assert arbiter.search(state, level=level, nodes=500).best_move in state.legal_moves()
    assert arbiter.search(state, level=1).algorithm == "random"
    assert arbiter.search(state, player="algo=mcts,nodes=300").algorithm == "mcts"


def test_a_finished_game_is_not_searched():
    state = arbiter.load_game("trap", "size=3 max_plies=2").new_initial_state()
    while not state.is_terminal():
        state.apply_move(state.legal_moves()[0])
    with pytest.raises(ValueError) as e:
        arbiter.search(state, nodes=100)
    assert str(e.value).startswith("search: the game is over (") and "\n" not in str(e.value)


@pytest.mark.parametrize("kwargs", [
    dict(level=0), dict(level=11), dict(nodes=0), dict(nodes=-5), dict(seed=-1), dict(depth=0),
    dict(movetime=-1.0),
    dict(threads=0), dict(algorithm="minimax"), dict(player="level=99"), dict(player=""),
])
def test_bad_arguments_are_value_errors(kwargs):
    with pytest.raises(ValueError) as e:
        arbiter.search(midgame("traverse", "", plies=1), **kwargs)
    assert "\n" not in str(e.value)


def test_search_mid_move_is_an_error():
    state = arbiter.load_game("traverse").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="move is in progress"):
        arbiter.search(state, nodes=100)
