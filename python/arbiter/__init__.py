"""arbiter for research: Traverse, The Travelers and Trap from Python.

    import arbiter
    game = arbiter.load_game("traverse", players=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    arbiter.search(state, nodes=5000).best_move

docs/python.md is the reference: games and their parameters, states played by whole moves or
by actions, observations, serialization, the engine's searches, PUCT search with your own
network (PuctSearch, BatchedSearch), the batched VectorEnv, and the conventions of other
libraries: a Gymnasium vector environment (arbiter.gym), a PettingZoo AEC environment
(arbiter.aec) and OpenSpiel's pyspiel names (arbiter.spiel).
"""

from ._arbiter import (
    TERMINAL_PLAYER,
    BatchedSearch,
    BatchedSearchResult,
    Game,
    PuctSearch,
    SearchResult,
    State,
    VectorEnv,
    games,
    load_game,
    search,
)
from . import _one_line, _arbiter

_one_line.wrap_module(globals(), ["games", "load_game", "search"],
                      [Game, State, VectorEnv, PuctSearch, BatchedSearch, _arbiter.SearchResult])
from . import aec, gym, spaces  # noqa: E402 (after the wrapping: they use what it wraps)
from . import spiel

__all__ = [
    "TERMINAL_PLAYER",
    "BatchedSearch",
    "BatchedSearchResult",
    "Game",
    "PuctSearch",
    "SearchResult",
    "State",
    "VectorEnv",
    "aec",
    "gym",
    "spaces",
    "games",
    "load_game",
    "search",
    "spiel",
]
