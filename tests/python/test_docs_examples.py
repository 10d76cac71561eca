"""The examples of README.md ("From Python") and docs/python.md run as written."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(), re.S)


def test_readme_example_runs():
    blocks = python_blocks("README.md")
    assert len(blocks) == 1
    assert len(blocks[0].strip().splitlines()) <= 10, "a ten-line example"
    scope = {}
    exec(compile(blocks[0], "README.md", "exec"), scope)
    assert scope["result"].best_move and scope["rewards"].shape == (1024, 2)


def test_docs_game_loop_runs():
    scope = {}
    exec(compile(python_blocks("docs/python.md")[0], "docs/python.md", "exec"), scope)
    assert scope["state"].is_terminal()


def test_docs_vector_env_example_runs():
    scope = {}  # the example imports what it uses
    exec(compile(python_blocks("docs/python.md")[2], "docs/python.md", "exec"), scope)
    assert scope["env"].games_finished > 0


def test_docs_aec_example_runs():
    scope = {}  # the example imports what it uses and defines its policy
    block = python_blocks("docs/python.md")[3].replace('players=4)', 'players=4, max_plies=40)')
    exec(compile(block, "docs/python.md", "exec"), scope)
    assert scope["env"].agents == []


def test_docs_puct_example_runs():
    scope = {}
    exec(compile(python_blocks("docs/python.md")[1], "docs/python.md", "exec"), scope)
    assert scope["again"].nodes == 200 and scope["out"].action_visits.shape[0] == 8


def test_every_python_example_of_the_docs_is_run_here():
    # The tests above run docs/python.md's examples, each in a scope of its own: a new example
    # needs a test of its own here.
    assert len(python_blocks("docs/python.md")) == 4
