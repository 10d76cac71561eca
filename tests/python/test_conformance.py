"""The C++ conformance checks again, through Python, for every game and parameter set the
conformance suite plays (Game.conformance_cases): random playouts checking clone, the serialize
round-trip, undo, mask == legal actions, action <-> string round-trips, observation shape and
determinism, and returns summing to zero; the decision tree of a move against legal_moves();
perft through Python against the CLI's."""

import random
import subprocess

import numpy as np
import pytest

import arbiter
from conftest import CASES, SLOW, case_id


def observations(state, players):
    return [state.observation_tensor(p) for p in range(players)]


def check_decision(game, state, move_start):
    """Every per-decision check; `move_start` is serialize() at the start of the move."""
    n = game.num_players()
    legal = state.legal_actions()
    assert legal, "a running game has a decision open"
    assert legal == sorted(set(legal))
    assert all(0 <= a < game.num_distinct_actions() for a in legal)
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
    assert np.flatnonzero(mask).tolist() == legal, "mask == legal actions"
    assert 0 <= state.current_player() < n
    for a in legal:  # action <-> string round-trip
        assert state.string_to_action(state.action_to_string(a)) == a

    obs = observations(state, n)
    for o in obs:
        assert o.dtype == np.float32 and o.shape == game.observation_tensor_shape()
        assert np.all(np.isfinite(o)) and o.min() >= 0.0 and o.max() <= 1.0
    for a, b in zip(obs, observations(state, n)):  # determinism
        assert np.array_equal(a, b)
    assert np.array_equal(state.observation_tensor(), obs[state.current_player()])

    text = state.serialize()
    copy = state.clone()
    assert copy.serialize() == text and copy.history() == state.history()
    back = game.deserialize_state(text)  # exact round-trip
    assert back.serialize() == text
    assert back.legal_actions() == legal and back.current_player() == state.current_player()
    assert back.decisions_pending() == state.decisions_pending()
    assert back.position() == state.position()
    for a, b in zip(obs, observations(back, n)):
        assert np.array_equal(a, b)
    if state.decisions_pending() == 0:
        assert move_start == text


def check_undo(state, actions):
    """Each action then undo(): back where it was, also when the action ended a move."""
    before = state.serialize()
    legal = state.legal_actions()
    history = state.history()
    for a in actions:
        c = state.clone()
        c.apply_action(a)
        c.undo()
        assert c.serialize() == before
        assert c.legal_actions() == legal and c.history() == history


def moves_by_decisions(state):
    """Every move the decisions open now make, with how often each is reached."""
    reached = {}

    def walk(s):
        for a in s.legal_actions():
            t = s.clone()
            t.apply_action(a)
            if t.decisions_pending() == 0:
                reached[t.history()[-1]] = reached.get(t.history()[-1], 0) + 1
            else:
                walk(t)

    walk(state)
    return reached


def check_terminal(game, state):
    n = game.num_players()
    assert state.current_player() == arbiter.TERMINAL_PLAYER
    assert state.legal_actions() == [] and not state.legal_actions_mask().any()
    returns = state.returns()
    assert len(returns) == n and abs(sum(returns)) < 1e-9, "returns sum to zero"
    assert state.rewards() == returns
    assert state.result_text()
    back = game.deserialize_state(state.serialize())
    assert back.is_terminal() and back.returns() == returns
    for p in range(n):
        assert state.observation_tensor(p).shape == game.observation_tensor_shape()
    with pytest.raises(ValueError):
        state.apply_action(0)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_playouts(case):
    name, params, games, check_every = case
    game = arbiter.load_game(name, params)
    limit = game.max_game_length()
    for g in range(max(1, games // 3) if SLOW else games):
        rng = random.Random(1000 * g + 7)
        state = game.new_initial_state()
        move_start = state.serialize()
        decisions = 0
        while not state.is_terminal():
            check_decision(game, state, move_start)
            legal = state.legal_actions()
            if decisions % check_every == 0:
                check_undo(state, rng.sample(legal, min(len(legal), 12)))
                if state.decisions_pending() == 0:
                    reached = moves_by_decisions(state)
                    assert sorted(reached) == state.legal_moves()
                    assert set(reached.values()) == {1}, "each move is one sequence of decisions"
            state.apply_action(rng.choice(legal))
            decisions += 1
            if state.decisions_pending() == 0:
                move_start = state.serialize()
        assert limit < 0 or decisions <= limit, "max_game_length bounds the decisions"
        check_terminal(game, state)
        # Undo takes the whole game back, decision by decision.
        for _ in range(decisions):
            state.undo()
        assert state.serialize() == game.new_initial_state().serialize()
        with pytest.raises(ValueError):
            state.undo()


def python_perft(state, depth):
    """Leaf count of the move tree through Python: legal_moves(), apply_move(), undo()."""
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        state.apply_move(m)
        total += python_perft(state, depth - 1) if not state.is_terminal() else 0
        state.undo()
    return total


def cli_perft(cli, name, params, depth, moves):
    command = [cli, "perft", name, *params.split(), "--depth", str(depth)]
    if moves:
        command += ["--moves", " ".join(moves)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    counts = {}
    for line in out.splitlines():
        words = line.split()
        counts[int(words[1])] = int(words[-1])
    return counts


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_perft_matches_cli(case, cli):
    name, params, _, _ = case
    game = arbiter.load_game(name, params)
    rng = random.Random(99)
    state = game.new_initial_state()
    for _ in range(7):  # the start and a position a few moves in
        if state.is_terminal():
            break
        state.apply_move(rng.choice(state.legal_moves()))
    for moves in ([], state.history()):
        s = game.new_initial_state()
        for m in moves:
            s.apply_move(m)
        depth = 2 if len(s.legal_moves()) < 400 else 1
        expected = cli_perft(cli, name, params, depth, moves)
        for d in range(1, depth + 1):
            assert python_perft(s, d) == expected[d] == s.perft(d), f"perft {d} after {moves}"
