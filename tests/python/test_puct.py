"""PUCT search with an evaluator (docs/python.md, "PUCT search with your own network"):
arbiter.search(algorithm="puct"), PuctSearch and BatchedSearch. A visit distribution for every
decision, a move that wins at once found with no knowledge but the rules, one evaluator call
per round across a batch of games, determinism, tree reuse, and one-line errors."""

import random

import numpy as np
import pytest

import arbiter


def uniform(observations, masks):
    """Uniform priors, every value 0: the search knows only the rules."""
    n = observations.shape[0]
    return masks.astype(np.float32), np.zeros((n, 2), np.float32)


def winning_positions(name, params, count, seed=1):
    """Positions (between moves) where some move wins at once and some other move does not."""
    rng = random.Random(seed)
    game = arbiter.load_game(name, params)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            me = state.current_player()
            wins = []
            moves = state.legal_moves()
            for m in moves:
                s = state.clone()
                s.apply_move(m)
                if s.is_terminal() and s.returns()[me] > 0:
                    wins.append(m)
            if wins and len(wins) < len(moves):
                found.append((state.clone(), set(wins)))
                break
            state.apply_move(rng.choice(moves))
    return found


@pytest.mark.parametrize("name,params", [("trap", "size=3"), ("traverse", "")])
def test_a_move_that_wins_at_once_gets_the_visits(name, params):
    for state, wins in winning_positions(name, params, 3):
        r = arbiter.search(state, algorithm="puct", evaluator=uniform, playouts=1500,
                           temperature=0, seed=1)
        assert r.best_move in wins, (state.position(), r.best_move, wins)
        assert r.values[state.current_player()] > 0.3
        # Each decision of the move has its own distribution, while the move is in progress.
        s = state.clone()
        for a in r.best_actions[:-1]:
            s.apply_action(a)
            inner = arbiter.search(s, algorithm="puct", evaluator=uniform, playouts=600,
                                   temperature=0, seed=2)
            mask = s.legal_actions_mask()
            assert inner.action_visits[~mask].sum() == 0
            assert mask[inner.action]


def test_result_holds_visits_policy_values_and_action():
    state = arbiter.load_game("travelers").new_initial_state()
    r = arbiter.search(state, algorithm="puct", playouts=300, seed=4)  # the hand evaluation
    assert r.algorithm == "puct"
    assert r.action_visits.dtype == np.int64 and r.action_visits.shape == (state.game().num_distinct_actions(),)
    assert r.policy.dtype == np.float32 and abs(r.policy.sum() - 1) < 1e-5
    assert r.action_visits.sum() == 299  # the first playout evaluates the root
    assert r.nodes == 300 and r.evaluations > 0
    mask = state.legal_actions_mask()
    assert r.action_visits[~mask].sum() == 0 and mask[r.action]
    assert len(r.values) == 2 and abs(r.values[0] + r.values[1]) < 1e-5
    t0 = arbiter.search(state, algorithm="puct", playouts=300, seed=4, temperature=0)
    assert t0.policy.max() == 1.0 and t0.action == int(np.argmax(t0.action_visits))


def test_same_seed_same_search_and_noise_follows_the_seed():
    state = arbiter.load_game("trap", size=4).new_initial_state()
    run = lambda seed: arbiter.search(state, algorithm="puct", evaluator=uniform, playouts=400,
                                      noise_fraction=0.25, dirichlet_alpha=0.3, seed=seed)
    a, b, c = run(7), run(7), run(8)
    assert (a.action_visits == b.action_visits).all() and a.action == b.action
    assert (a.action_visits != c.action_visits).any()


def test_batches_share_evaluator_calls():
    state = arbiter.load_game("traverse").new_initial_state()
    sizes = []

    def counting(observations, masks):
        sizes.append(observations.shape[0])
        return uniform(observations, masks)

    r = arbiter.search(state, algorithm="puct", evaluator=counting, playouts=400, batch=16)
    assert max(sizes) == 16 and sum(sizes) == r.evaluations
    assert r.evaluator_calls == len(sizes) < 100


def test_puct_search_reuses_its_tree():
    state = arbiter.load_game("trap", size=4).new_initial_state()
    search = arbiter.PuctSearch(uniform, playouts=300, seed=1)
    first = search.search(state)
    assert not first.reused
    state.apply_action(first.action)
    second = search.search(state)
    assert second.reused and second.root_visits > 300
    search.reset()
    assert not search.search(state).reused


@pytest.mark.parametrize("batch", [1, 4])
def test_batched_search_row_i_is_puct_search_with_seed_plus_i(batch):
    env = arbiter.VectorEnv("trap", batch=6, threads=2, seed=3, size=4)
    env.reset()
    for _ in range(3):
        env.step(env.random_actions())
    calls = []

    def counting(observations, masks):
        calls.append(observations.shape[0])
        return uniform(observations, masks)

    batched = arbiter.BatchedSearch(env, evaluator=counting, playouts=200, batch=batch, seed=10,
                                    noise_fraction=0.25)
    r = batched.search()
    assert r.action_visits.shape == (6, env.game.num_distinct_actions())
    assert r.policy.shape == (6, env.game.num_distinct_actions()) and r.values.shape == (6, 2)
    assert max(calls) <= 6 * batch and r.evaluator_calls == len(calls)
    assert np.allclose(r.policy.sum(axis=1), 1)
    for i in range(6):
        single = arbiter.PuctSearch(uniform, playouts=200, batch=batch, seed=10 + i,
                                    noise_fraction=0.25).search(env.state(i))
        assert (single.action_visits == r.action_visits[i]).all(), i
        assert single.action == r.actions[i]
        assert np.allclose(single.values, r.values[i])
        assert env.masks[i][r.actions[i]]
    assert not r.reused.any()
    # Stepping by the chosen actions, each tree keeps the subtree of its game's new position.
    env.step(r.actions)
    again = batched.search()
    running = ~env.terminated
    assert (again.reused == running).all()
    assert (again.root_visits[running] > 200).all()


def test_two_player_evaluators_may_return_one_value_per_row():
    state = arbiter.load_game("traverse").new_initial_state()
    one = lambda o, m: (m.astype(np.float32), np.zeros(o.shape[0], np.float32))
    a = arbiter.search(state, algorithm="puct", evaluator=one, playouts=100, seed=1)
    b = arbiter.search(state, algorithm="puct", evaluator=uniform, playouts=100, seed=1)
    assert (a.action_visits == b.action_visits).all()


def test_built_in_evaluators():
    state = arbiter.load_game("traverse").new_initial_state()
    for evaluator in ["classic", "net", None]:
        r = arbiter.search(state, algorithm="puct", evaluator=evaluator, playouts=100)
        assert r.action_visits.sum() == 99
    with pytest.raises(ValueError, match="net"):
        arbiter.search(arbiter.load_game("trap").new_initial_state(), algorithm="puct",
                       evaluator="net", playouts=10)


def test_bad_evaluators_and_options_are_one_line_errors():
    state = arbiter.load_game("trap", size=4).new_initial_state()
    A = state.game().num_distinct_actions()
    cases = [
        (lambda o, m: m, "expected it to return \\(priors, values\\), got ndarray"),
        (lambda o, m: (m, m, m), "got 3 items"),
        (lambda o, m: (np.ones((o.shape[0], A - 1)), np.zeros((o.shape[0], 2))),
         f"priors must have shape \\(1, {A}\\), got \\(1, {A - 1}\\)"),
        (lambda o, m: (np.ones((o.shape[0], A)), np.zeros((o.shape[0], 3))),
         "values must have shape"),
        (lambda o, m: (np.ones((o.shape[0], A)), np.full((o.shape[0], 2), np.nan)),
         "values\\[0\\]\\[0\\] is not a finite number"),
        (lambda o, m: (-np.ones((o.shape[0], A)), np.zeros((o.shape[0], 2))),
         "priors\\[0\\]\\[\\d+\\] is -1.0+, not a finite number >= 0"),
        (lambda o, m: ("x", np.zeros((o.shape[0], 2))), "priors must be an array of numbers"),
    ]
    search = arbiter.PuctSearch(playouts=50, batch=1)
    for fn, message in cases:
        with pytest.raises(ValueError, match=message) as e:
            arbiter.search(state, algorithm="puct", evaluator=fn, playouts=20, batch=1)
        assert "\n" not in str(e.value)

    class Boom(Exception):
        pass

    def boom(o, m):
        raise Boom("from the evaluator")

    search = arbiter.PuctSearch(boom, playouts=50)
    with pytest.raises(Boom):
        search.search(state)
    with pytest.raises(TypeError, match="evaluator: expected a callable"):
        arbiter.PuctSearch(123)
    with pytest.raises(ValueError, match="evaluator: expected a callable"):
        arbiter.PuctSearch("nets")
    for kwargs, message in [({"playouts": 0}, "playouts"), ({"batch": 0}, "batch"),
                            ({"noise_fraction": 2}, "noise_fraction"),
                            ({"temperature": -1}, "temperature"), ({"c_puct": float("nan")}, "c_puct"),
                            ({"dirichlet_alpha": 0}, "dirichlet_alpha"), ({"seed": -1}, "seed")]:
        with pytest.raises(ValueError, match=message):
            arbiter.PuctSearch(uniform, **kwargs)
    with pytest.raises(TypeError, match="BatchedSearch: expected a VectorEnv, got int"):
        arbiter.BatchedSearch(123)
    with pytest.raises(ValueError, match="not movetime"):
        arbiter.search(state, algorithm="puct", movetime=0.1)
    with pytest.raises(ValueError, match="options of algorithm='puct'"):
        arbiter.search(state, evaluator=uniform, nodes=10)
    state2 = state.clone()
    while not state2.is_terminal():
        state2.apply_move(state2.legal_moves()[0])
    with pytest.raises(ValueError, match="the game is over"):
        arbiter.search(state2, algorithm="puct", evaluator=uniform)
    # After all of that a search still works.
    assert arbiter.PuctSearch(uniform, playouts=30).search(state).action_visits.sum() == 29
