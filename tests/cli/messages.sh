#!/usr/bin/env bash
# CLI messages: every bad input gets one line on stderr that names the fault and what is
# expected (exit 2), and the output of a few commands says what it means: unknown commands and
# options, numeric option bounds (one helper for every numeric option), files that cannot be
# read (one wording in every command), unknown seats and seat kinds, `moves` on a finished game,
# `match --games`, `bench -q`, and the match progress bar off a terminal.
# Usage: messages.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
mode=${3:-full}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# An unknown command is named, with the commands and a pointer to --help.
bad "unknown command" "unknown command 'frobnicate'" frobnicate
bad "unknown command hint" "see arbiter --help" frobnicate
bad "no command" "a command is required" 
# An unknown option before the command is named, not taken for a missing command.
bad "unknown option" "unknown option '--bogus'" --bogus
bad "unknown option hint" "see arbiter --help" --bogus play traverse

# Numeric options: the bounds, in words, whatever the option.
bad "port out of range" "--port: must be a whole number from 0 to 65535, got '99999'" serve --port 99999
bad "port not a number" "--port: must be a whole number from 0 to 65535" serve --port eighty
bad "threads" "--threads: must be a whole number from 1 to 64" serve --threads 0
bad "ai movetime" "--ai-movetime: must be a number from" serve --ai-movetime -1
bad "rate limit" "--rate-limit: must be a number from 0" serve --rate-limit x
bad "play movetime" "--movetime: must be a number from" play traverse --movetime abc
bad "match seed" "--seed: must be a whole number from 0" match traverse --seed abc
bad "match movetime" "--movetime: must be a number from 0 to 3600" match traverse --movetime soon
bad "match games" "--games: must be a whole number from 1 to 100000" match traverse --games 0
bad "show at" "--at: must be a whole number from 0" show x --at -3
bad "perft depth" "--depth: must be a whole number from 0 to 64" perft traverse --depth deep
bad "a decimal bound admits its own text" "--port: must be" serve --ai-movetime 0.001 --port 99999
bad "option help names the command" "(see arbiter serve --help)" serve --port 99999
"$arbiter" match traverse --a random --b random --games 2 --quiet --seed 0009 >/dev/null 2>"$tmp/zero.err"
check "a leading zero is decimal, not octal" "0 " "$? $(cat "$tmp/zero.err")"

# A file that cannot be read: one wording whatever the command, a directory or a missing file
# named as such (never read as an empty record).
mkdir "$tmp/dir"
for what in "none.txt:no such file" "dir:it is a directory"; do
  f=$tmp/${what%%:*} why=${what#*:}
  bad "show $why" "cannot read $f: $why" show "$f"
  bad "analyse $why" "cannot read $f: $why" analyse "$f" --nodes 10
  bad "puzzles import $why" "cannot read $f: $why" puzzles import "$f" --db "sqlite:$tmp/p.db"
  bad "puzzles record $why" "--record: cannot read $f: $why" \
    puzzles generate --game trap --record "$f" --out "$tmp/x.txt"
  bad "match openings $why" "--openings: cannot read $f: $why" \
    match traverse --a random --b random --games 1 --openings "$f"
  check "play load $why" "south> cannot read $f: $why" \
    "$(printf 'load %s\nquit\n' "$f" | "$arbiter" play traverse | grep 'cannot read')"
done

# play --seat: an unknown seat lists the seats of this game and player count.
bad "unknown seat" "--seat 'green=ai:3': unknown seat 'green'; seats are south, north" \
  play traverse --seat green=ai:3
bad "unknown seat, 4 players" "seats are south, west, north, east" play traverse players=4 --seat x=human
bad "unknown seat, travelers" "seats are white, black" play travelers --seat red=human
# An unknown seat kind names every kind --seat takes.
bad "unknown seat kind" "--seat 'black=robot': expected human, ai:LEVEL (1-10) or ai:SPEC" \
  play travelers --seat black=robot
bad "seat without =" "expected SEAT=human, SEAT=ai:LEVEL (1-10) or SEAT=ai:SPEC" \
  play travelers --seat robot

# moves on a finished game: no moves on stdout, the result on stderr, exit 0.
"$arbiter" moves traverse max_plies=2 --moves "c1-b2 d10-e9" >"$tmp/moves.out" 2>"$tmp/moves.err"
check "moves finished status" 0 "$?"
check "moves finished stdout" "" "$(cat "$tmp/moves.out")"
check "moves finished note" "arbiter: the game is over: south wins: adjudicated at the ply limit" \
  "$(cat "$tmp/moves.err")"

# match --games counts games, not pairs; its help says so.
contains "match --games help" "games to play in all (not pairs)" "$("$arbiter" match --help)"
out=$("$arbiter" match traverse --a depth=1 --b random --games 3 --quiet --movetime 1 \
  --records "$tmp/match3" 2>/dev/null)
contains "match --games 3 plays 3 games" "vs B (random), 3 games" "$out"
check "match --games 3 writes 3 records" 3 "$(ls "$tmp/match3" | wc -l)"

# The match progress bar: none when stderr is not a terminal (no '\r' in a log file) ...
"$arbiter" match traverse --a depth=1 --b random --games 2 --movetime 1 >/dev/null 2>"$tmp/bar.err"
check "no progress bar off a terminal" "" "$(cat "$tmp/bar.err")"
# ... and on a terminal a bar whose line ends before the summary.
if command -v script >/dev/null; then
  script -qec "'$arbiter' match traverse --a depth=1 --b random --games 2 --movetime 1" /dev/null     </dev/null >"$tmp/tty.out" 2>&1
  tty=$(tr -d '\r' <"$tmp/tty.out")
  contains "progress bar on a terminal" "2/2" "$(cat "$tmp/tty.out")"
  check "summary on its own line" 1 "$(printf '%s\n' "$tty" | grep -c '^traverse: A (depth=1)')"
fi

# bench -q: only the summary lines, the ones with a signature.
if [ "$mode" = full ]; then
  "$arbiter" bench trap -q >"$tmp/bench.out"
  check "bench -q lines" 1 "$(wc -l <"$tmp/bench.out")"
  contains "bench -q summary" "trap: nodes " "$(cat "$tmp/bench.out")"
  contains "bench -q signature" " signature " "$(cat "$tmp/bench.out")"
fi

finish messages
