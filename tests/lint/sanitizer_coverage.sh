#!/usr/bin/env bash
# The sanitizer stage runs the whole suite: no test may be compiled out of Debug builds
# (a TEST inside `#ifdef NDEBUG`), and the Makefile's sanitizer ctest may exclude only labels
# that some test actually carries, each with its reason beside it in tests/CMakeLists.txt.
# Usage: sanitizer_coverage.sh SOURCE_DIR
set -euo pipefail
root=$1
status=0

# A TEST/TEST_F/TEST_P opened between `#ifdef NDEBUG` (or `#if defined(NDEBUG)`) and its #else/#endif.
while IFS= read -r file; do
  awk -v f="$file" '
    /^#if(def)? *(defined\()?NDEBUG/ { inside = 1; next }
    /^#(else|endif)/ { inside = 0 }
    inside && /^(TEST|TEST_F|TEST_P)\(/ { printf "%s:%d: test compiled out of Debug builds: %s\n", f, NR, $0; bad = 1 }
    END { exit bad }' "$file" || status=1
done < <(find "$root/tests" -name '*.cpp' -o -name '*.h')

# Every label excluded with -LE in the Makefile must be set somewhere in the test build files.
for label in $(grep -oE -- '-LE +[A-Za-z_]+' "$root/Makefile" | awk '{print $2}'); do
  if ! grep -rqE "LABELS +\"?$label" "$root/tests/CMakeLists.txt"; then
    echo "Makefile: ctest -LE $label excludes a label no test carries"
    status=1
  fi
done

[ $status -eq 0 ] && echo "sanitizer coverage: every test runs in every build"
exit $status
