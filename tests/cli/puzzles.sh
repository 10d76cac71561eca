#!/usr/bin/env bash
# `arbiter puzzles` (docs/analysis.md "Puzzles"): seeded self-play gives the same puzzles on one
# thread and on two, stored once; export prints what generate wrote; import fills another store
# and skips what it holds; a record's only winning line; the finished games of a store mined
# (--from-db) and a server serving the puzzles it was given; the shipped puzzle files import;
# bad input.
# Usage: puzzles.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
source_dir=$2
mode=${3:-full}
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# Self-play: two Trap puzzles from four seeded games, whatever the number of threads.
expected="puzzle selfplay trap seed=1 game=2 ply=37: rating 900, 1 move: e7|f7,f6|f7
puzzle selfplay trap seed=1 game=4 ply=41: rating 900, 1 move: e5|f5,f4|f5
2 puzzles from 4 games, 2 new in the store"
check "self-play puzzles" "$expected" "$("$arbiter" puzzles generate --game trap --games 4 \
  --nodes 4000 --threads 1 --db "sqlite:$tmp/a.db" --out "$tmp/one.txt" 2>&1)"
# (quick, in sanitizer builds: that two threads give the same is the Release build's check)
if [ "$mode" != quick ]; then
  check "the same on two threads" "2 puzzles from 4 games" "$("$arbiter" puzzles generate \
    --game trap --games 4 --nodes 4000 --threads 2 --out "$tmp/two.txt" --quiet 2>&1)"
  check "the same puzzle lines" "$(cat "$tmp/one.txt")" "$(cat "$tmp/two.txt")"
fi
check "stored once" "2 puzzles from 4 games, 0 new in the store" "$("$arbiter" puzzles \
  generate --game trap --games 4 --nodes 4000 --db "sqlite:$tmp/a.db" --quiet 2>&1)"
check "export prints what was generated" "$(cat "$tmp/one.txt")" \
  "$("$arbiter" puzzles export --db "sqlite:$tmp/a.db")"
check "export of one game" "" "$("$arbiter" puzzles export --game traverse --db "sqlite:$tmp/a.db")"

# Import into a fresh store, then again: nothing twice.
check "import" "imported 2 puzzles (0 stored already)" \
  "$("$arbiter" puzzles import "$tmp/one.txt" --db "sqlite:$tmp/b.db")"
check "import again" "imported 0 puzzles (2 stored already)" \
  "$("$arbiter" puzzles import "$tmp/one.txt" --db "sqlite:$tmp/b.db")"
check "imported as written" "$(cat "$tmp/one.txt")" "$("$arbiter" puzzles export --db "sqlite:$tmp/b.db")"

# A record: South's only winning line, two moves with North's reply between.
cat >"$tmp/race.txt" <<'EOF'
[Game "traverse"]
[Params "players=2"]
[Position "1SsDsTsCsCsTsDs2/10/8Ss1/10/10/10/10/8Sn1/10/1SnDnTnCnCnTnDn2 s 40"]
[Result "south wins: all pieces home"]

1. i8-i9 2. i3-i2 3. i9-i10
EOF
check "a record's puzzle" "puzzle record $tmp/race.txt ply=0: rating 1000, 2 moves: i8-i9 i3-i2 i9-i10
1 puzzle from 1 game" "$("$arbiter" puzzles generate --game traverse --record "$tmp/race.txt" \
  --nodes 2000 --out "$tmp/race.out" 2>&1)"

# --from-db: the same race played to its end on a server, then mined from its store; the
# server then serves the puzzle (GET /api/puzzles/next).
"$arbiter" serve --port 0 --db "sqlite:$tmp/s.db" --web "$tmp/no-web" --rate-limit 0 \
  >"$tmp/out" 2>&1 &
pid=$!
port=""
for _ in $(seq 600); do
  port=$(sed -n 's|^arbiter: serving http://localhost:\([0-9]*\) .*|\1|p' "$tmp/out")
  [ -n "$port" ] && break
  sleep 0.1
done
base="http://127.0.0.1:$port"
position=$(sed -n 's/^\[Position "\(.*\)"\]$/\1/p' "$tmp/race.txt")
created=$(curl -s -X POST -H 'Content-Type: application/json' \
  -d "{\"game\": \"traverse\", \"position\": \"$position\", \"seats\": [\"human\", \"human\"]}" \
  "$base/api/games")
id=$(printf '%s' "$created" | python3 -c 'import json, sys; print(json.load(sys.stdin)["game"]["id"])')
ply=0
for m in i8-i9 i3-i2 i9-i10; do
  seat=$((ply % 2))
  token=$(printf '%s' "$created" | python3 -c "import json, sys; print(json.load(sys.stdin)['tokens']['$seat'])")
  curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
    -d "{\"move\": \"$m\", \"ply\": $ply}" "$base/api/games/$id/moves"
  ply=$((ply + 1))
done
check "the stored game is finished" "finished" \
  "$(curl -s "$base/api/games/$id" | python3 -c 'import json, sys; print(json.load(sys.stdin)["status"])')"
check "mined from the store" "puzzle game $id ply=0: rating 1000, 2 moves: i8-i9 i3-i2 i9-i10
1 puzzle from 1 game, 1 new in the store" "$("$arbiter" puzzles generate --game traverse \
  --from-db "sqlite:$tmp/s.db" --nodes 2000 --db "sqlite:$tmp/s.db" 2>&1)"
next=$(curl -s "$base/api/puzzles/next?game=traverse")
contains "served" '"position":"'"$position"'"' "$next"
lacks "without its solution" "i9-i10" "$next"

# The shipped puzzle files import, every line.
for f in "$source_dir"/data/puzzles/*.txt; do
  lines=$(grep -cv '^\(#\|$\)' "$f")
  contains "$(basename "$f") imports" "imported $lines puzzle" \
    "$("$arbiter" puzzles import "$f" --db "sqlite:$tmp/shipped.db")"
done

bad "no game" "--game is required" puzzles generate --games 1 --out "$tmp/x.txt"
bad "unknown game" "unknown game 'chess'" puzzles generate --game chess --games 1 --out "$tmp/x"
bad "nothing to mine" "nothing to mine" puzzles generate --game trap --out "$tmp/x.txt"
bad "nowhere to write" "nowhere to write" puzzles generate --game trap --games 1
bad "timed player" "--player: give a node or depth budget" \
  puzzles generate --game trap --games 1 --player level=9 --out "$tmp/x.txt"
bad "zero nodes" "--nodes: must be a whole number from 1" \
  puzzles generate --game trap --games 1 --nodes 0 --out "$tmp/x.txt"
bad "missing record" "cannot read $tmp/none.txt" \
  puzzles generate --game trap --record "$tmp/none.txt" --out "$tmp/x.txt"
bad "another game's record" "a game of 'traverse', not 'trap'" \
  puzzles generate --game trap --record "$tmp/race.txt" --out "$tmp/x.txt"
printf 'trap\tsize=5\tnonsense\te1|e2\t900\tsource\n' >"$tmp/bad.txt"
bad "bad puzzle line" "bad.txt:1: position:" puzzles import "$tmp/bad.txt" --db "sqlite:$tmp/c.db"
bad "missing puzzle file" "cannot read $tmp/none.txt" puzzles import "$tmp/none.txt" \
  --db "sqlite:$tmp/c.db"
bad "no subcommand" "puzzles" puzzles

finish puzzles
