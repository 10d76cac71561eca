#!/usr/bin/env bash
# A store path in a folder that does not exist is an error naming the folder, and no folder is
# made (`serve --db`, `puzzles import|export --db`); only the default store's ./arbiter-data/ is
# made when missing. `worker --db sqlite:...` is refused at once, as `serve --ai-workers 0` is on
# SQLite: no server on SQLite leaves AI moves to workers.
# Usage: store_folders.sh ARBITER SOURCE_DIR [MODE]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

missing="folder '$tmp/no/such' does not exist"
# serve under a timeout: a serve that made the folder would go on serving.
err=$(timeout 20 "$arbiter" serve --port 0 --db "sqlite:$tmp/no/such/x.db" 2>&1 >/dev/null)
check "serve: missing folder status" 2 "$?"
check "serve: missing folder" "arbiter: open store '$tmp/no/such/x.db': $missing" "$err"
bad "puzzles export: missing folder" "$missing" puzzles export --db "sqlite:$tmp/no/such/x.db"
bad "puzzles import: missing folder" "$missing" puzzles import /dev/null \
  --db "sqlite:$tmp/no/such/x.db"
bad "plain path: missing folder" "$missing" puzzles export --db "$tmp/no/such/x.db"
check "no folder made" "" "$(ls "$tmp")"
touch "$tmp/file"
bad "a file for a folder" "'$tmp/file' is not a folder" puzzles export --db "$tmp/file/x.db"

# The default store: its folder is made in the working folder.
mkdir "$tmp/cwd"
program=$(realpath "$arbiter")
(cd "$tmp/cwd" && "$program" puzzles export >/dev/null)
check "default store: exit status" 0 "$?"
check "default store: ./arbiter-data made" 1 "$([ -f "$tmp/cwd/arbiter-data/arbiter.db" ] && echo 1)"

# worker on SQLite: refused at once (it used to wait for jobs forever).
err=$(timeout 20 "$arbiter" worker --db "sqlite:$tmp/w.db" 2>&1 >/dev/null)
check "worker on SQLite: status" 2 "$?"
contains "worker on SQLite: why" "a worker needs the PostgreSQL store its servers share" "$err"
check "worker on SQLite: one line" 1 "$(printf '%s\n' "$err" | wc -l)"

finish store_folders
