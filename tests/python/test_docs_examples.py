"""The examples of README.md ("From Python") and docs/python.md run as written, each in a scope
of its own (so each imports what it uses)."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(), re.S)


def run_block(containing, replace=("", "")):
    """Runs the one example of docs/python.md containing `containing`; returns its scope."""
    blocks = [b for b in python_blocks("docs/python.md") if containing in b]
    assert len(blocks) == 1, f"one example of docs/python.md has {containing!r}"
    scope = {}
    exec(compile(blocks[0].replace(*replace), "docs/python.md", "exec"), scope)
    return scope


def test_readme_example_runs():
    blocks = python_blocks("README.md")
    assert len(blocks) == 1
    assert len(blocks[0].strip().splitlines()) <= 10, "a ten-line example"
    scope = {}
    exec(compile(blocks[0], "README.md", "exec"), scope)
    assert scope["result"].best_move and scope["rewards"].shape == (1024, 2)


def test_docs_game_loop_runs():
    assert run_block("print(state.result_text()")["state"].is_terminal()


def test_docs_puct_example_runs():
    scope = run_block("arbiter.PuctSearch(")
    assert scope["again"].nodes == 200 and scope["out"].action_visits.shape[0] == 8


def test_docs_vector_env_example_runs():
    assert run_block("env.random_actions()  ")["env"].games_finished > 0


def test_docs_gym_example_runs():
    scope = run_block("from arbiter.gym import")
    assert scope["last_positions"].shape[1:] == scope["obs"].shape[1:]


def test_docs_aec_example_runs():
    scope = run_block("from arbiter import aec",
                      ('players=4)', 'players=4, max_plies=40)'))
    assert scope["env"].agents == []


def test_docs_spiel_example_runs():
    scope = run_block("import arbiter.spiel as pyspiel")
    assert scope["state"].is_terminal()
    assert str(scope["game"]) == "traverse(max_plies=40,players=4)"


def test_every_python_example_of_the_docs_is_run_here():
    # A new example needs a test of its own above.
    assert len(python_blocks("docs/python.md")) == 6
