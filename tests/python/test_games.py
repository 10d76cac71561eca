"""Games, parameters and the whole-move face of a State: arbiter.games(), load_game() in its
three spellings, the typed parameter schema, Game sizes, new/deserialized/parsed states, move
text play, the board view, pickling, and the errors bad input gets."""

import json
import pickle

import numpy as np
import pytest

import arbiter


def test_games_are_the_three_real_games():
    assert arbiter.games() == ["traverse", "travelers", "trap"]


def test_load_game_spellings_agree():
    a = arbiter.load_game("traverse", players=4, rules="expert")
    b = arbiter.load_game("traverse", "players=4 rules=expert")
    c = arbiter.load_game("traverse players=4 rules=expert")
    assert a == b == c and hash(a) == hash(b)
    assert a.num_players() == 4
    assert "players=4" in a.params_text() and "rules=expert" in a.params_text()
    assert arbiter.load_game("TRAVERSE").name() == "traverse"


def test_bool_keywords_are_on_and_off():
    on = arbiter.load_game("traverse", long_jumps=True)
    off = arbiter.load_game("traverse", long_jumps=False)
    assert "long_jumps=on" in on.params_text()
    assert off == arbiter.load_game("traverse", rules="basic")


@pytest.mark.parametrize("name", ["traverse", "travelers", "trap"])
def test_game_sizes_and_schema(name):
    game = arbiter.load_game(name)
    c, h, w = game.observation_tensor_shape()
    assert c > 0 and h > 0 and w > 0
    assert game.observation_tensor_size() == c * h * w
    assert game.num_distinct_actions() > 0
    assert game.max_game_length() == -1 or game.max_game_length() > 0
    schema = game.parameters()
    assert schema, "every game has parameters"
    for p in schema:
        assert p["type"] in ("int", "choice", "bool", "text")
        assert isinstance(p["help"], str) and p["help"]
        if p["type"] == "int":
            assert p["min"] <= p["max"]
        if p["type"] == "choice":
            assert p["default"] in p["choices"]
        assert p["value"] is None or isinstance(p["value"], str)
    names = [p["name"] for p in schema]
    assert len(names) == len(set(names))
    assert len(game.player_names()) == game.num_players()
    assert game.title() and game.summary()


def test_parameter_values_in_schema():
    game = arbiter.load_game("trap", size=4, walls=12)
    values = {p["name"]: p["value"] for p in game.parameters()}
    assert values["size"] == "4" and values["walls"] == "12"


@pytest.mark.parametrize("bad", [
    lambda: arbiter.load_game("chess"),
    lambda: arbiter.load_game(""),
    lambda: arbiter.load_game("traverse", players=7),
    lambda: arbiter.load_game("traverse", colour="red"),
    lambda: arbiter.load_game("traverse", players=2.5),
    lambda: arbiter.load_game("traverse", "players"),
    lambda: arbiter.load_game("traverse players=2", players=3),
    lambda: arbiter.load_game("trap", size=10**30),
])
def test_bad_games_and_parameters_are_value_errors(bad):
    with pytest.raises(ValueError) as e:
        bad()
    message = str(e.value)
    assert message and "\n" not in message


def test_error_message_is_arbiters():
    with pytest.raises(ValueError, match="unknown parameter 'colour' for traverse"):
        arbiter.load_game("traverse", colour="red")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        arbiter.load_game("chess")


def test_whole_moves():
    game = arbiter.load_game("traverse")
    state = game.new_initial_state()
    moves = state.legal_moves()
    assert moves == sorted(moves) and moves
    state.apply_move(moves[0])
    assert state.history() == [moves[0]]
    assert state.current_player() == 1
    with pytest.raises(ValueError):
        state.apply_move("z9-z10")
    with pytest.raises(ValueError):
        state.apply_move("")
    assert state.history() == [moves[0]], "a failed move changes nothing"
    state.undo()
    assert state.history() == [] and state.current_player() == 0
    with pytest.raises(ValueError, match="nothing to undo"):
        state.undo()


def test_state_from_position_round_trips():
    game = arbiter.load_game("travelers")
    state = game.new_initial_state()
    state.apply_move(state.legal_moves()[3])
    again = game.state_from_position(state.position())
    assert again.position() == state.position()
    assert again.legal_moves() == state.legal_moves()
    with pytest.raises(ValueError):
        game.state_from_position("not a position")


def test_deserialize_rejects_other_parameters_and_garbage():
    small = arbiter.load_game("trap", size=3)
    big = arbiter.load_game("trap", size=5)
    with pytest.raises(ValueError):
        big.deserialize_state(small.new_initial_state().serialize())
    with pytest.raises(ValueError):
        big.deserialize_state("garbage")


@pytest.mark.parametrize("name", ["traverse", "travelers", "trap"])
def test_board_view_is_the_web_uis(name):
    view = arbiter.load_game(name).new_initial_state().board_view()
    assert isinstance(view, dict)
    for key in ("shape", "width", "height", "cells", "players"):
        assert key in view
    assert view["shape"] in ("square", "hex")
    assert view["cells"] and all("name" in c and "col" in c and "row" in c for c in view["cells"])
    json.dumps(view)  # plain data


@pytest.mark.parametrize("name", ["traverse", "travelers", "trap"])
def test_str_draws_the_board(name):
    state = arbiter.load_game(name).new_initial_state()
    text = str(state)  # the terminal's drawing: the board, then a status line per player
    assert text.count("\n") > 3
    for player in state.game().player_names():
        assert player in text
    assert repr(state).startswith("<arbiter.State " + name)


@pytest.mark.parametrize("name", ["traverse", "travelers", "trap"])
def test_str_names_the_last_mover_while_a_decision_is_pending(name):
    game = arbiter.load_game(name)
    state = game.new_initial_state()
    first, mover = state.legal_moves()[0], game.player_names()[state.current_player()]
    state.apply_move(first)
    state.apply_action(state.legal_actions()[0])  # the next player's move begins
    assert state.decisions_pending() == 1
    assert "last move: %s %s\n" % (mover, first) in str(state)


def test_pickle_and_copy():
    import copy
    game = arbiter.load_game("traverse", players=3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert other.serialize() == state.serialize()
    assert pickle.loads(pickle.dumps(game)) == game


def test_states_outlive_their_game_object():
    state = arbiter.load_game("trap", size=3).new_initial_state()
    import gc
    gc.collect()
    assert state.game().name() == "trap"
    state.apply_action(state.legal_actions()[0])


def test_observation_is_seat_relative():
    game = arbiter.load_game("traverse")
    state = game.new_initial_state()
    a, b = state.observation_tensor(0), state.observation_tensor(1)
    assert a.shape == b.shape == game.observation_tensor_shape()
    with pytest.raises(ValueError):
        state.observation_tensor(2)
    with pytest.raises(ValueError):
        state.observation_tensor(-1)


def test_action_errors_are_value_errors():
    game = arbiter.load_game("traverse")
    state = game.new_initial_state()
    before = state.serialize()
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in set(state.legal_actions()))
    for bad in (illegal, -1, game.num_distinct_actions(), 10**40, np.int64(-5)):
        with pytest.raises(ValueError) as e:
            state.apply_action(bad)
        assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        state.action_to_string(-3)
    with pytest.raises(ValueError):
        state.string_to_action("to nowhere")
    with pytest.raises(TypeError):
        state.apply_action("d1")
    assert state.serialize() == before
    state.apply_action(np.int32(state.legal_actions()[0]))  # numpy integers are ids too
    with pytest.raises(TypeError) as e:
        state.apply_action(True)  # a bool is no action id
    assert str(e.value) == "action: expected an integer, got a bool"
    with pytest.raises(ValueError) as e:
        state.legal_actions(7)
    assert "player 7 is not a player of this game" in str(e.value)
    assert state.legal_actions(1 - state.current_player()) == []


def test_numpy_integers_and_huge_numbers_as_parameters():
    assert arbiter.load_game("traverse", players=np.int64(3)).params_text() == \
        arbiter.load_game("traverse", players=3).params_text()
    with pytest.raises(ValueError) as e:
        arbiter.load_game("traverse", max_plies=10**20)
    assert "is out of range" in str(e.value) and "whole number" not in str(e.value)


def test_move_in_progress_blocks_move_text():
    game = arbiter.load_game("traverse")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.decisions_pending() == 1
    with pytest.raises(ValueError):
        state.apply_move(game.new_initial_state().legal_moves()[0])
    state.undo()
    assert state.decisions_pending() == 0


@pytest.mark.parametrize("call,message", [
    (lambda s: arbiter.search("x"), "search(): state must be a State, got str"),
    (lambda s: arbiter.search(s, level="3"), "search(): level must be an int, got str"),
    (lambda s: arbiter.search(s, movetime="fast"),
     "search(): movetime must be a number or None, got str"),
    (lambda s: arbiter.load_game(5), "load_game(): name must be a str, got int"),
    (lambda s: arbiter.VectorEnv("trap", batch="x"), "VectorEnv(): batch must be an int, got str"),
    (lambda s: arbiter.PuctSearch(playouts=1.5), "PuctSearch(): playouts must be an int, got float"),
    (lambda s: arbiter.PuctSearch(nope=3), "PuctSearch(): no argument named 'nope'"),
    (lambda s: s.legal_actions("a"), "legal_actions(): player must be an int or None, got str"),
    (lambda s: s.observation_tensor(1.0),
     "observation_tensor(): player must be an int or None, got float"),
    (lambda s: s.perft("2"), "State.perft(): depth must be an int, got str"),
    (lambda s: s.apply_move(7), "State.apply_move(): move must be a str, got int"),
])
def test_an_argument_of_the_wrong_type_is_a_one_line_type_error(call, message):
    state = arbiter.load_game("trap", size=3).new_initial_state()
    with pytest.raises(TypeError) as error:
        call(state)
    assert str(error.value) == message
