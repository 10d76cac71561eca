"""State.move_actions(move) and SearchResult.move_actions: the decisions that make a move, found
along that move's own decisions (docs/python.md). For every legal move of positions along
random games of every game, taking the decisions plays exactly the move; the state asked is left
as it was; bad moves are one-line ValueErrors."""

import random

import pytest

import arbiter

from conftest import SLOW

CASES = [("traverse", ""), ("traverse", "players=4"), ("traverse", "circle_reversal=on"),
         ("traverse", "players=3 circle_reversal=on long_jumps=on"), ("travelers", ""),
         ("trap", ""), ("trap", "size=3"), ("trap", "size=5 walls=30")]


@pytest.mark.parametrize("name,params", CASES)
def test_the_decisions_of_every_legal_move_play_it(name, params):
    rng = random.Random(11)
    game = arbiter.load_game(name, params)
    games = 2 if SLOW else 4
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 60:
            before = state.serialize()
            moves = state.legal_moves()
            for move in rng.sample(moves, min(len(moves), 40)):
                actions = state.move_actions(move)
                assert state.serialize() == before
                by_text, by_actions = state.clone(), state.clone()
                by_text.apply_move(move)
                for i, a in enumerate(actions):
                    assert by_actions.decisions_pending() == i
                    by_actions.apply_action(a)
                assert by_actions.decisions_pending() == 0
                assert by_actions.serialize() == by_text.serialize(), (state.position(), move)
                assert by_actions.history()[-1] == by_text.history()[-1]
            state.apply_move(rng.choice(moves))


def test_search_results_name_each_moves_decisions():
    state = arbiter.load_game("trap").new_initial_state()
    r = arbiter.search(state, algorithm="mcts", nodes=3000, seed=1)
    assert r.best_move in r.move_actions and set(r.move_visits) <= set(r.move_actions)
    for move, actions in r.move_actions.items():
        assert actions == state.move_actions(move)
    assert r.best_actions == r.move_actions[r.best_move]
    first = {}
    for move, v in r.move_visits.items():
        first[r.move_actions[move][0]] = first.get(r.move_actions[move][0], 0) + v
    for a, v in first.items():
        assert r.action_visits[a] == v


def test_bad_moves_are_errors():
    state = arbiter.load_game("travelers").new_initial_state()
    with pytest.raises(ValueError) as e:
        state.move_actions("zz")
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        state.move_actions("a1-a9")
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="a move is in progress"):
        state.move_actions("e1-e2")
