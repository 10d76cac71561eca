"""Trap's and Traverse's observation planes against docs/research.md, rebuilt here from the
position text (docs/trap.md, docs/traverse.md) and the decisions taken, plane by plane, for every
player along random games: the observations are written from precomputed tables, and this is
their independent reference."""

import random

import numpy as np
import pytest

import arbiter

# geometry.h's six directions as (row, number) steps.
DIRECTIONS = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)]


def cell(name):
    """(row, number) of a cell name: 'c4' -> (2, 4)."""
    return ord(name[0]) - ord("a"), int(name[1:])


def reference(game, state, player, seen):
    """The observation as docs/research.md lays it out. `seen`: the positions so far (P11)."""
    params = {p["name"]: int(p["value"]) for p in game.parameters()}
    size, walls, max_plies = params["size"], params["walls"], params["max_plies"]
    side = 2 * size - 1
    out = np.zeros((19, side, side), np.float32)
    red, blue, wall_text, pile, turn, ply = state.position().split()[:6]
    real = set()
    for r in range(side):
        for n in range(1, side + 1):
            if max(1, r - size + 2) <= n <= min(side, size + r):  # P5
                real.add((r, n))

    def at(rn):
        return 2 * size - 2 - rn[0], rn[1] - 1

    def fill(plane, value):
        for rn in real:
            out[(plane, *at(rn))] = value

    fill(0, 1.0)
    movers = [red.split(","), blue.split(",")]
    for k, owner in enumerate((player, 1 - player)):
        for m in movers[owner]:
            trapped = m.endswith("*")
            out[(1 + 2 * k + trapped, *at(cell(m.rstrip("*"))))] = 1.0
    for w in ([] if wall_text == "-" else wall_text.split(",")):
        x, y = (cell(c) for c in w.split("|"))
        d = DIRECTIONS.index((y[0] - x[0], y[1] - x[1]))
        out[(5 + d, *at(x))] = 1.0
        out[(5 + (d + 3) % 6, *at(y))] = 1.0
    to_move = 0 if turn == "r" else 1
    if not state.is_terminal() and to_move == player:
        fill(11, 1.0)
    if player == 0:
        fill(12, 1.0)
    fill(13, 1.0 if pile == "-" else int(pile) / walls)
    if max_plies > 0:
        fill(14, min(1.0, int(ply) / max_plies))
    fill(15, min(1.0, (seen.count(state.position().split()[:5]) - 1) / 2))
    taken = state.serialize().split(";")[-1]
    for a in ([] if taken in ("", "-") else [int(t) for t in taken.split(",")]):
        text = state.action_to_string(a)
        if "|" in text:
            for c in text.split("|"):
                out[(18, *at(cell(c)))] = 1.0
        elif "-" in text:
            start, end = text.split("-")
            out[(16, *at(cell(start)))] = 1.0
            out[(17, *at(cell(end)))] = 1.0
    return out


def assert_planes(state, player, expected):
    """The state's observation by `player` equals `expected`, plane by plane."""
    got = state.observation_tensor(player)
    for plane in range(expected.shape[0]):
        assert np.array_equal(got[plane], expected[plane]), (
            f"plane {plane} as player {player} sees {state.serialize()}")


@pytest.mark.parametrize("params", ["size=3 max_plies=60", "size=4 walls=6", "walls=0 max_plies=30",
                                    "size=8 walls=20 max_plies=40"])
def test_trap_planes_follow_the_documented_layout(params):
    game = arbiter.load_game("trap", params)
    rng = random.Random(params)
    for _ in range(3):
        state = game.new_initial_state()
        seen = [state.position().split()[:5]]
        while True:
            for player in (0, 1):
                assert_planes(state, player, reference(game, state, player, seen))
            if state.is_terminal():
                break
            before = state.decisions_pending()
            state.apply_action(rng.choice(state.legal_actions()))
            if before + 1 != state.decisions_pending():  # the turn was played
                seen.append(state.position().split()[:5])


SEATS = "swne"  # seat letters of the position text: South, West, North, East (docs/traverse.md)
KINDS = "SDTC"  # square, diamond, triangle, circle


def traverse_reference(game, state, player, seen):
    """Traverse's observation as docs/research.md lays it out, from the position text."""
    params = {p["name"]: p["value"] for p in game.parameters()}
    n, max_plies = game.num_players(), int(params["max_plies"])
    out = np.zeros((5 * n + 10, 10, 10), np.float32)
    board, turn, ply = state.position().split()
    seats = [SEATS.index(p["name"][0]) for p in state.board_view()["players"]]
    for h, row in enumerate(board.split("/")):  # row 10 first: plane row h is board row 10 - h
        w, k = 0, 0
        while k < len(row):
            if row[k].isdigit():
                digits = row[k] + (row[k + 1] if k + 1 < len(row) and row[k + 1].isdigit() else "")
                w, k = w + int(digits), k + len(digits)
                continue
            owner = seats.index(SEATS.index(row[k + 1]))
            out[4 * ((owner - player) % n) + KINDS.index(row[k]), h, w] = 1.0
            w, k = w + 1, k + 2
    out[4 * n + seats[player]] = 1.0
    if not state.is_terminal():
        out[4 * n + 4 + (state.current_player() - player) % n] = 1.0
    taken = state.serialize().split(";")[-1]
    for a in ([] if taken in ("", "-") else [int(t) for t in taken.split(",")]):
        word, *rest = state.action_to_string(a).split()
        if word == "pass":
            continue
        square = rest[0]
        plane = {"from": 0, "to": 1, "lift": 2, "place": 3}[word]
        out[5 * n + 4 + plane, 10 - int(square[1:]), ord(square[0]) - ord("a")] = 1.0
    if max_plies > 0:
        out[5 * n + 8] = min(1.0, int(ply) / max_plies)
    out[5 * n + 9] = min(1.0, (seen.count((board, turn)) - 1) / 2)
    return out


@pytest.mark.parametrize("params", ["players=2", "players=3 max_plies=0", "players=4 max_plies=40",
                                    "players=2 circle_reversal=on long_jumps=on max_plies=30",
                                    "players=4 rules=expert max_plies=24"])
def test_traverse_planes_follow_the_documented_layout(params):
    game = arbiter.load_game("traverse", params)
    rng = random.Random(params)
    for _ in range(2):
        state = game.new_initial_state()
        seen = [tuple(state.position().split()[:2])]
        for _ in range(160):
            for player in range(game.num_players()):
                assert_planes(state, player, traverse_reference(game, state, player, seen))
            if state.is_terminal():
                break
            ply = state.position().split()[2]
            state.apply_action(rng.choice(state.legal_actions()))
            if state.position().split()[2] != ply:  # a move was completed
                seen.append(tuple(state.position().split()[:2]))


def test_traverse_repetition_plane_counts_earlier_occurrences():
    game = arbiter.load_game("traverse", "players=2")
    state = game.new_initial_state()
    seen = [tuple(state.position().split()[:2])]
    shuffle = ["b1-b2", "b10-b9", "b2-b3", "b9-b8"] + ["b3-b2", "b8-b9", "b2-b3", "b9-b8"] * 2
    for move in shuffle:
        state.apply_move(move)
        seen.append(tuple(state.position().split()[:2]))
        for player in (0, 1):
            assert np.array_equal(state.observation_tensor(player),
                                  traverse_reference(game, state, player, seen)), move
    assert state.observation_tensor(0)[19].max() == 1.0  # the third occurrence
