# The checks every CLI session script uses, sourced by tests/cli/*.sh after they set `arbiter`.
# Each check counts a pass or prints what failed; `finish NAME` prints the closing
# "NAME: N passed, N failed" line and returns non-zero when anything failed.
fails=0
passes=0

check() {  # check NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then passes=$((passes + 1)); else
    fails=$((fails + 1)); printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"; fi
}
contains() {  # contains NAME NEEDLE HAYSTACK
  if [[ "$3" == *"$2"* ]]; then passes=$((passes + 1)); else
    fails=$((fails + 1)); printf 'FAIL %s: %s not in\n%s\n' "$1" "$2" "$3"; fi
}
lacks() {  # lacks NAME NEEDLE HAYSTACK
  if [[ "$3" != *"$2"* ]]; then passes=$((passes + 1)); else
    fails=$((fails + 1)); printf 'FAIL %s: %s found in\n%s\n' "$1" "$2" "$3"; fi
}
# Bad input: exit status 2 and one stderr line containing NEEDLE, never CLI11's raw wording.
bad() {  # bad NAME NEEDLE ARGS...
  local name=$1 needle=$2; shift 2
  local err status
  err=$("$arbiter" "$@" 2>&1 >/dev/null </dev/null); status=$?
  check "$name status" 2 "$status"
  check "$name one line" 1 "$(printf '%s\n' "$err" | wc -l)"
  contains "$name message" "$needle" "$err"
  lacks "$name not CLI11's" "Could not convert" "$err"
}
finish() {  # finish NAME
  echo "$1: $passes passed, $fails failed"
  [ "$fails" -eq 0 ]
}
