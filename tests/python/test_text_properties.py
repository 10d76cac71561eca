"""Property-based tests (hypothesis) on text inputs: whatever text a caller passes as parameters,
a move, an action, a position or a serialized state, the answer is a result or a ValueError with
a one-line message, never a crash; accepted texts round-trip."""

import random

from hypothesis import assume, given, strategies as st

import arbiter

GAMES = ["traverse", "travelers", "trap"]
texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
wordy = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789=-|,.;: SWNE", max_size=60)


def one_line_error(call):
    try:
        return call()
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
        return None


def some_state(name, seed, plies):
    state = arbiter.load_game(name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@given(name=st.sampled_from(GAMES), params=st.one_of(texts, wordy))
def test_parameter_text(name, params):
    game = one_line_error(lambda: arbiter.load_game(name, params))
    if game is not None:
        again = arbiter.load_game(name, game.params_text())
        assert again == game


@given(name=st.sampled_from(GAMES), key=st.sampled_from(
    ["players", "size", "walls", "max_plies", "rules", "seats", "long_jumps"]),
    value=st.one_of(st.integers(), st.booleans(), texts))
def test_parameter_keywords(name, key, value):
    one_line_error(lambda: arbiter.load_game(name, **{key: value}))


@given(name=st.sampled_from(GAMES), seed=st.integers(0, 1000), plies=st.integers(0, 30),
       move=st.one_of(texts, wordy))
def test_move_text(name, seed, plies, move):
    state = some_state(name, seed, plies)
    before = state.serialize()
    if one_line_error(lambda: state.apply_move(move)) is None and state.serialize() != before:
        assert state.history()[-1] in some_state(name, seed, plies).legal_moves()
    else:
        assert state.serialize() == before


@given(name=st.sampled_from(GAMES), seed=st.integers(0, 1000), plies=st.integers(0, 30),
       text=st.one_of(texts, wordy, st.builds(lambda w, c: f"{w} {c}", st.sampled_from(
           ["from", "to", "circle", "wall", "step", "drop", "displace"]), wordy)))
def test_action_text(name, seed, plies, text):
    state = some_state(name, seed, plies)
    action = one_line_error(lambda: state.string_to_action(text))
    if action is not None:
        assert action in state.legal_actions()
        assert state.string_to_action(state.action_to_string(action)) == action


@given(name=st.sampled_from(GAMES), text=st.one_of(texts, wordy))
def test_position_text(name, text):
    game = arbiter.load_game(name)
    state = one_line_error(lambda: game.state_from_position(text))
    if state is not None:
        assert game.state_from_position(state.position()).position() == state.position()


@given(name=st.sampled_from(GAMES), seed=st.integers(0, 1000), plies=st.integers(0, 40),
       data=st.data())
def test_serialized_text_mutated(name, seed, plies, data):
    state = some_state(name, seed, plies)
    game = state.game()
    text = state.serialize()
    i = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.one_of(texts, wordy).map(lambda s: s[:4]))
    mutated = text[:i] + insert + text[i + cut:]
    assume(mutated != text)
    back = one_line_error(lambda: game.deserialize_state(mutated))
    if back is not None:  # accepted: a valid state whose text round-trips
        assert game.deserialize_state(back.serialize()).serialize() == back.serialize()
        back.legal_actions()
        back.observation_tensor(0)


@given(name=st.sampled_from(GAMES), text=st.one_of(texts, wordy))
def test_deserialize_any_text(name, text):
    one_line_error(lambda: arbiter.load_game(name).deserialize_state(text))


@given(spec=st.one_of(texts, wordy))
def test_player_spec_text(spec):
    state = arbiter.load_game("trap", "size=3").new_initial_state()
    result = one_line_error(lambda: arbiter.search(state, player=spec, nodes=50, depth=2))
    if result is not None:
        assert result.best_move in state.legal_moves()
