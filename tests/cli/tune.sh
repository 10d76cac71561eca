#!/usr/bin/env bash
# Tuning a hand evaluation (docs/ai.md "Tuning the hand evaluations"): self-play a little, tune
# on it, and play, evaluate and search with the weights file it writes; a bad weights file or
# data of another game is one clear line. Usage: tune.sh ARBITER SRC
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for target in "traverse" "travelers" "trap size=4"; do
  # shellcheck disable=SC2086
  set -- $target
  game=$1
  name=$(echo "$target" | tr ' =' '__')
  "$arbiter" selfplay $target --games 6 --nodes 100 --threads 2 --sample 0.8 --out "$tmp/$name.data" -q
  check "$name: selfplay" 0 $?
  out=$("$arbiter" tune "$game" "$tmp/$name.data" --passes 2 --val 0.3 --out "$tmp/$name.weights" 2>/dev/null)
  check "$name: tune" 0 $?
  contains "$name: tune reports the losses" "held out" "$out"
  contains "$name: tune reports the fitted scale" "win model scale" "$out"
  # The file names every weight once, and a player spec takes it.
  weights=$(grep -cv '^#' "$tmp/$name.weights")
  check "$name: a weight a line, as many as tune lists" "$(printf '%s\n' "$out" | grep -c ' -> ' | awk '{print $1-1}')" "$weights"
  ev=$("$arbiter" eval $target --player "weights=$tmp/$name.weights" 2>&1)
  check "$name: eval with the weights" 0 $?
  mv=$("$arbiter" match $target --a "level=3,weights=$tmp/$name.weights" --b level=3 --games 2 \
    --movetime 5 --quiet --seed 3 2>&1)
  check "$name: a match with the weights runs" 0 $?
  contains "$name: the match reports" "games" "$mv"
done

# The game's own weights, written out, evaluate as the game's evaluation does.
"$arbiter" selfplay traverse --games 2 --nodes 50 --sample 0.5 --out "$tmp/own.data" -q
"$arbiter" tune traverse "$tmp/own.data" --passes 1 --out "$tmp/tuned.weights" 2>/dev/null >/dev/null
grep -v '^#' "$tmp/tuned.weights" | awk '{print $1}' >"$tmp/names"
printf 'distance 100\nlaggard 6\nhome 40\njump_lane 25\nblocked 100\ntempo 150\nlateral 80\nno_slot 300\n' >"$tmp/own.weights"
check "traverse: the weights' names" "$(awk '{print $1}' "$tmp/own.weights")" "$(cat "$tmp/names")"
pos="--moves b1-b2"
check "traverse: its own weights evaluate as the game does" \
  "$("$arbiter" eval traverse $pos --player level=10)" \
  "$("$arbiter" eval traverse $pos --player "weights=$tmp/own.weights")"

printf 'distance 100\nspeed 4\n' >"$tmp/unknown.weights"
bad "an unknown weight" "unknown.weights:2: unknown weight 'speed'" eval traverse --player "weights=$tmp/unknown.weights"
printf 'distance many\n' >"$tmp/nan.weights"
bad "a weight that is no number" "nan.weights:1:" eval traverse --player "weights=$tmp/nan.weights"
printf 'home 1\nhome 2\n' >"$tmp/twice.weights"
bad "a weight set twice" "twice.weights:2: weight 'home' set again (first on line 1)" \
  eval traverse --player "weights=$tmp/twice.weights"
bad "no weights file" "cannot read the weights file" eval traverse --player "weights=$tmp/none.weights"
bad "data of another game" "not trap" tune trap "$tmp/own.data"
bad "not a self-play file" "$tmp/names" tune traverse "$tmp/names"
finish tune
