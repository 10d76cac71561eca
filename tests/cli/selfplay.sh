#!/usr/bin/env bash
# `arbiter selfplay`: the data file is the same for a seed and node limit whatever the thread
# count; shards together hold the games of one run; a file cut inside a game block is continued
# where it stopped (to the same games as an uncut run); bad options, a file of another game and
# a damaged file get one line each. Usage: selfplay.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
src=$2
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3
games() {  # the game blocks of files, as "index:plies:positions:first text" lines, sorted
  "$py" - "$@" <<PY
import sys
sys.path.insert(0, "$src/scripts/nets")
import selfplay_data as d
seen = {}
for f in sys.argv[1:]:
    for h, i, r, pos in d._blocks(open(f, "rb").read(), f):
        seen[i] = f"{i}:{len(pos)}:{r}:{pos[0][3] if pos else ''}"
print("\n".join(seen[k] for k in sorted(seen)))
PY
}

run() { "$arbiter" selfplay trap size=3 --games 6 --nodes 300 --seed 5 "$@"; }
run --threads 1 --out "$tmp/one.data"
check "selfplay exits 0" 0 $?
run --threads 2 --out "$tmp/two.data"
check "the file is the same on 1 and 2 threads" "" "$(cmp "$tmp/one.data" "$tmp/two.data")"
contains "the header names the game" '"game":"trap"' "$(head -c 400 "$tmp/one.data" | tr -d '\0')"

run --shard 0/2 --out "$tmp/s0.data"
run --shard 1/2 --out "$tmp/s1.data"
cat "$tmp/s0.data" "$tmp/s1.data" >"$tmp/merged.data"
check "shards concatenated hold the run's games" "$(games "$tmp/one.data")" "$(games "$tmp/merged.data")"
check "six games" 6 "$(games "$tmp/merged.data" | wc -l)"

# Continuing: a file cut inside its last game block is cut back, and the missing games played.
size=$(stat -c %s "$tmp/one.data")
head -c $((size * 2 / 3)) "$tmp/one.data" >"$tmp/cut.data"
run --out "$tmp/cut.data"
check "a cut file continues to the same games" "$(games "$tmp/one.data")" "$(games "$tmp/cut.data")"
before=$(stat -c %s "$tmp/one.data")
run --out "$tmp/one.data"
check "a complete file is left as it is, but for a chunk header" 1 \
  "$(($(stat -c %s "$tmp/one.data") - before < 600))"
check "...and holds the same games" "$(games "$tmp/two.data")" "$(games "$tmp/one.data")"

bad "no limit" "give one of --nodes, --depth and --movetime" selfplay trap --games 2 --out "$tmp/x"
bad "two limits" "give one of --nodes, --depth and --movetime" \
  selfplay trap --games 2 --nodes 10 --depth 2 --out "$tmp/x"
bad "bad shard" "--shard: expected K/N with 0 <= K < N, got '2/2'" \
  selfplay trap --games 2 --nodes 10 --shard 2/2 --out "$tmp/x"
bad "shard text" "--shard: expected A/B, got 'one'" \
  selfplay trap --games 2 --nodes 10 --shard one --out "$tmp/x"
bad "random plies" "--random-plies: MIN-MAX with MIN <= MAX, got '9-3'" \
  selfplay trap --games 2 --nodes 10 --random-plies 9-3 --out "$tmp/x"
bad "another game's file" "holds trap size=3" selfplay travelers --games 2 --nodes 10 --out "$tmp/two.data"
printf 'ARBSELF1\x05\x00\x00\x00{bad}' >"$tmp/damaged.data"
bad "a damaged file" "damaged.data: byte 0: the header is not a JSON object" \
  selfplay trap --games 2 --nodes 10 --out "$tmp/damaged.data"
printf 'hello' >"$tmp/other.data"
bad "not a self-play file" "not a self-play file (no ARBSELF1 at its start)" \
  selfplay trap --games 2 --nodes 10 --out "$tmp/other.data"
bad "a net of another game" "the net evaluates trap, not travelers" \
  selfplay travelers --games 1 --nodes 10 --player "evalfile=$src/tests/fuzz/corpus/net_file_fuzz/tiny.net" \
  --out "$tmp/y"
bad "a missing net" "cannot read /no/such.net: no such file" \
  selfplay trap --games 1 --nodes 10 --player evalfile=/no/such.net --out "$tmp/y"
finish selfplay
