#!/usr/bin/env bash
# `arbiter admin` (docs/deploy.md "Backups and checks"): a backup taken while a server writes
# moves opens as a store whose every game replays, each game's moves a prefix of the live
# store's; restored, it serves those games; check names a game that no longer replays; export
# writes one record per game; bad input is one line.
# Usage: admin.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/serve.sh"
mover=""
trap '[ -n "$mover" ] && kill "$mover" 2>/dev/null; stop_server; rm -rf "$tmp"' EXIT

moves_of() {  # moves_of ID: the game's moves, comma-separated
  curl -s "$base/api/games/$1" | sed -n 's/.*"moves":\[\([^]]*\)\].*/\1/p' | tr -d '"'
}

mkdir -p "$tmp/live"
start_server "sqlite:$tmp/live/a.db" --rate-limit 0
ids=()
for _ in 1 2 3; do
  made=$(json -d '{"game":"traverse","seats":["human","human"]}' "$base/api/games")
  ids+=("$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$made" | head -1)")
  tokens+=("$(sed -n 's/.*"tokens":{"0":"\([0-9a-f]*\)".*/\1/p' <<<"$made")")
done
# Moves keep coming in all three games while the backup is taken.
(
  while :; do
    for k in 0 1 2; do
      move=$(curl -s "$base/api/games/${ids[$k]}/legal?prefix=" |
        sed -n 's/.*"moves":\["\([^"]*\)".*/\1/p')
      [ -n "$move" ] && json -H "Authorization: Bearer ${tokens[$k]}" -d "{\"move\":\"$move\"}" \
        "$base/api/games/${ids[$k]}/moves" >/dev/null
    done
  done
) &
mover=$!
sleep 1
out=$("$arbiter" admin backup --db "sqlite:$tmp/live/a.db" --out "$tmp/backup.db" 2>&1)
check "backup while writing" 0 "$?"
contains "backup says so" "backed up" "$out"
sleep 0.5
kill "$mover"; wait "$mover" 2>/dev/null; mover=""
declare -A live
for id in "${ids[@]}"; do live[$id]=$(moves_of "$id"); done
stop_server

out=$("$arbiter" admin check --db "sqlite:$tmp/backup.db" 2>&1)
check "the backup's games replay" 0 "$?"
contains "check counts them" "3 games replay" "$out"

mkdir -p "$tmp/restored"
out=$("$arbiter" admin restore --from "$tmp/backup.db" --db "sqlite:$tmp/restored/b.db" 2>&1)
check "restore" 0 "$?"
start_server "sqlite:$tmp/restored/b.db" --rate-limit 0
for id in "${ids[@]}"; do
  restored=$(moves_of "$id")
  [ -n "$restored" ] && [[ "${live[$id]}" == "$restored"* ]] && passes=$((passes + 1)) ||
    { fails=$((fails + 1)); echo "FAIL: game $id restored as '$restored', live '${live[$id]}'"; }
done
stop_server

out=$("$arbiter" admin export --db "sqlite:$tmp/live/a.db" --out "$tmp/records" 2>&1)
check "export" 0 "$?"
check "one record per game" 3 "$(ls "$tmp/records" | wc -l)"
for id in "${ids[@]}"; do
  shown=$("$arbiter" show "$tmp/records/$id.txt" 2>&1)
  check "the record of $id reads back" 0 "$?"
done

# A game that no longer replays is named, and check fails.
/usr/bin/python3 - "$tmp/live/a.db" "${ids[1]}" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE moves SET text = 'z99-z98' WHERE game_id = ? AND ply = 0", (sys.argv[2],))
db.commit()
EOF
out=$("$arbiter" admin check --db "sqlite:$tmp/live/a.db" 2>&1)
check "check fails on a broken game" 1 "$?"
contains "the broken game named" "game ${ids[1]} (traverse)" "$out"
contains "the others counted" "2 games replay, 1 do not" "$out"

# Bad input: one line, exit 2.
bad "backup over a file" "exists already" admin backup --db "sqlite:$tmp/live/a.db" --out "$tmp/backup.db"
bad "restore over a store" "pass --force" admin restore --from "$tmp/backup.db" --db "sqlite:$tmp/live/a.db"
bad "restore from nothing" "no backup at" admin restore --from "$tmp/none.db" --db "sqlite:$tmp/n.db"
bad "PostgreSQL backups" "pg_dump" admin backup --db "postgresql://localhost/x" --out "$tmp/p.db"
printf 'not a database' >"$tmp/junk.db"
bad "restore from junk" "is not an arbiter store" admin restore --from "$tmp/junk.db" --db "sqlite:$tmp/j.db"

finish admin
