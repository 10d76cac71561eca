#!/usr/bin/env bash
# `pip install ./python` works offline with no build isolation: into a fresh virtual environment
# (with system site packages, for Debian's numpy), from a copy of python/ (the source tree stays
# clean), building in the given build tree; then the installed package plays a game.
# Usage: pip_install.sh SOURCE_DIR BUILD_DIR PYTHON [PRELOAD]
# PRELOAD: a library the interpreter needs first to import the module (the sanitizer runtime in
# sanitizer builds); only the import gets it, not pip and the build it drives.
set -euo pipefail
src=$1 build=$2 python=$3 preload=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/python" "$work/python"
rm -rf "$work/python/build" "$work/python/"*.egg-info
"$python" -m venv --system-site-packages "$work/venv"
ARBITER_BUILD_DIR=$build "$work/venv/bin/python" -m pip install --quiet --no-index \
  --no-build-isolation --no-cache-dir "$work/python"
cd "$work"
env -u PYTHONPATH ${preload:+LD_PRELOAD=$preload} ASAN_OPTIONS=detect_leaks=0 \
  "$work/venv/bin/python" - "$work/venv" <<'PY'
import sys
import arbiter
assert arbiter.__file__.startswith(sys.argv[1]), arbiter.__file__
state = arbiter.load_game("trap", size=3).new_initial_state()
while not state.is_terminal():
    state.apply_action(state.legal_actions()[0])
assert abs(sum(state.returns())) < 1e-9
print("pip install: arbiter", arbiter.games(), "installed and played")
PY
