"""examples/alphazero.py as its docs run it, for a few seconds: self-play through BatchedSearch,
training, an evaluation against a level, a checkpoint, and a second run resuming from it."""

import json
import os
import subprocess
import sys

import pytest

from conftest import SLOW

torch = pytest.importorskip("torch")
# Under the sanitizers the interpreter runs with AddressSanitizer's runtime preloaded, which
# torch's libraries are not built for; the module's side of the example (BatchedSearch, PUCT)
# is tested there by test_puct.py.
pytestmark = pytest.mark.skipif(SLOW, reason="torch under the sanitizer runtime")

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "alphazero.py")


def run(out, minutes="0.05"):
    command = [sys.executable, EXAMPLE, "--game", "trap", "--params", "size=3",
               "--minutes", minutes, "--rows", "8", "--playouts", "16", "--batch", "4",
               "--minibatch", "32", "--eval-games", "2", "--eval-playouts", "16", "--levels", "1,2",
               "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_trains_evaluates_checkpoints_and_resumes(tmp_path):
    first = run(tmp_path)
    assert "network of" in first
    lines = [json.loads(line) for line in open(tmp_path / "log.jsonl")]
    final = lines[-1]
    assert final["kind"] == "final"
    assert final["games"] > 0 and final["samples"] > 0 and final["trained"] > 0
    assert set(final["scores"]) == {"1", "2"}
    assert all(0.0 <= score <= 1.0 for score in final["scores"].values())
    assert (tmp_path / "checkpoint.pt").exists()

    second = run(tmp_path, minutes="0.1")  # the budget is the whole run's, resumed or not
    assert "resumed from" in second
    again = [json.loads(line) for line in open(tmp_path / "log.jsonl")][-1]
    # It went on from the checkpoint (a slow machine may finish no new game in the extra time).
    assert again["seconds"] > final["seconds"]
    assert again["games"] >= final["games"] and again["trained"] >= final["trained"]

    # The checkpoint is of size 3: a run of another size must not load it.
    command = [sys.executable, EXAMPLE, "--game", "trap", "--params", "size=4",
               "--minutes", "0.01", "--out", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "is of trap" in done.stderr
