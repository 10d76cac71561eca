#!/usr/bin/env bash
# What README.md says of the Makefile holds: its list of fuzz targets names every
# tests/fuzz/NAME_fuzz.cpp (the targets tests/fuzz/run.sh runs), `make run HOST=... PORT=...`
# passes them to serve as --host and --port (and the serve synopsis shows --host), and
# `make python` hands pip a package folder in the build tree, so pip's build/ and *.egg-info
# never land in python/. The recipes are read with `make -n` (nothing runs).
# Usage: readme_make.sh SOURCE_DIR
set -uo pipefail
root=$1
status=0
fail() { echo "readme_make: $*"; status=1; }

# The paragraph that lists the targets: from "one target per text parser" to its blank line.
list=$(awk '/one target per text parser/ {on = 1} on && /^$/ {exit} on' "$root/README.md")
[ -n "$list" ] || fail "README.md has no list of fuzz targets"
for src in "$root"/tests/fuzz/*_fuzz.cpp; do
  name=$(basename "$src" _fuzz.cpp)
  grep -q "\`$name\`" <<<"$list" || fail "README.md's fuzz list does not name \`$name\`"
done

synopsis=$(grep -E '^(arbiter serve | {15})\[' "$root/README.md")
grep -q -- '--host' <<<"$synopsis" || fail "README.md's serve synopsis has no --host"

# Every prerequisite is taken as made (-o): make -n then prints the recipe alone, running nothing
run=$(make -s -n -C "$root" -o build -o deps -o web run HOST=0.0.0.0 PORT=8081 2>&1)
grep -q -- 'arbiter serve --host 0.0.0.0 --port 8081' <<<"$run" ||
  fail "make run HOST=0.0.0.0 PORT=8081 does not serve on 0.0.0.0:8081: $run"

python=$(make -s -n -C "$root" -o deps -o build/CMakeCache.txt python 2>&1)
install=$(grep -A1 -e 'pip install' <<<"$python" | tr '\n' ' ')
[ -n "$install" ] || fail "make python runs no pip install: $python"
grep -qE -- '--no-build-isolation +(\./)?python( |$)' <<<"$install" &&
  fail "make python installs from python/ itself (pip builds there): $install"
grep -qE -- '--no-build-isolation +(\./)?build/' <<<"$install" ||
  fail "make python does not install from a copy in build/: $install"

[ "$status" -eq 0 ] && echo "readme_make: clean"
exit "$status"
