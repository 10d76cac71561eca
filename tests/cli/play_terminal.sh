#!/usr/bin/env bash
# `arbiter play` on a real terminal (a pseudo-terminal from util-linux `script`), keys typed
# with pauses as a person would. While the AI thinks, the thinking line ends in an input field:
# typed keys show after its ` > ` and survive its redraws (they are never echoed onto the
# progress text); a line entered there is answered, `stop` and Ctrl-C make the AI move now, and
# keys typed but not entered are offered again at the next prompt. Ctrl-C at the prompt with
# unsaved moves asks `quit without saving? (y/n)`; `resign` asks too.
# Usage: play_terminal.sh ARBITER SOURCE_DIR [quick|full]
set -u
arbiter=$1
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! command -v script >/dev/null 2>&1; then
  echo "play_terminal: script (util-linux) not found; skipped"
  echo "play_terminal: 0 passed, 0 failed"
  exit 0
fi

matches() {  # matches NAME ERE FILE
  if grep -aqE "$2" "$3"; then passes=$((passes + 1)); else
    fails=$((fails + 1)); printf 'FAIL %s: /%s/ not in\n' "$1" "$2"; cat -v "$3" | tail -40; fi
}
# What the terminal shows as text: no carriage returns, no escape sequences.
plain() { tr -d '\r' <"$1" | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g'; }
# Runs play on a pseudo-terminal; keys come from the steps "PAUSE KEYS" (printf escapes: \r is
# Enter, \003 Ctrl-C). Writes what the terminal received to FILE and prints play's exit status.
session() {  # session FILE "STEP" ... -- PLAY_ARGS...
  local file=$1
  shift
  local steps=()
  while [ "$1" != "--" ]; do steps+=("$1"); shift; done
  shift
  {
    for step in "${steps[@]}"; do
      sleep "${step%% *}"
      printf "${step#* }"
    done
    sleep 2  # play's last answer, before the input ends
  } | TERM=xterm NO_COLOR=1 timeout 60 script -q -e -c "exec $(printf '%q ' "$arbiter" play "$@")" /dev/null \
    >"$file" 2>&1
  echo $?
}

# The AI (north) thinks for up to 30 s unless stopped.
status=$(session "$tmp/one" "1 c1-b2\r" "1.5 hel" "1.5 lo\r" "0.5 stop\r" "1.5 stop\r" "0.5 \003" \
  "0.5 n\r" "0.5 resign\r" "0.5 y\r" "0.5 quit\r" "0.5 y\r" -- traverse --seat north=ai:10 --movetime 30)
text=$(plain "$tmp/one")
check "session ends by quit" 0 "$status"
matches "typed keys follow the thinking line" 'thinking [^>]* > hel' "$tmp/one"
# The line is drawn again each second (and at each depth); what was typed is drawn with it.
matches "typed keys survive a redraw" 'thinking [^>]* > hel.*thinking [^>]* > hel' "$tmp/one"
contains "a line typed while thinking" "> hello
the AI is thinking; type stop to make it move now" "$text"
contains "stop makes the AI move" "north played" "$text"
contains "stop at the prompt" "no AI is thinking" "$text"
contains "Ctrl-C at the prompt asks" "south> ^C" "$text"
check "quit asks twice (Ctrl-C, quit)" 2 "$(grep -ac 'the game is not saved; quit without saving? (y/n)' <<<"$text")"
contains "resign asks" "resign? (y/n)" "$text"
contains "resign" "south resigns" "$text"

# The AI thinks 3 s: keys typed meanwhile wait at the next prompt; Ctrl-C stops the next search.
status=$(session "$tmp/two" "1 c1-b2\r" "1 d1-e" "3 2\r" "1 \003" "1.5 quit\r" "0.5 y\r" -- \
  traverse --seat north=ai:10 --movetime 3)
text=$(plain "$tmp/two")
check "second session ends by quit" 0 "$status"
contains "typed keys offered again" "south> d1-e" "$text"
contains "and played" "south played d1-e2" "$text"
check "Ctrl-C makes the AI move now" 2 "$(grep -ac 'north played' <<<"$text")"

finish play_terminal
