#!/usr/bin/env bash
# The layers hold: for every layer of src/ (CMakeLists.txt, arbiter_layer), a header of each layer
# below it preprocesses with that layer's include view (build/layers/<layer>/), and a header of
# any other layer does not: an include that runs upward, or sideways to a layer not below, fails
# to compile. Also every include line of every source and header of a layer names its own folder
# or one its view holds.
#
#   tests/layers/layers.sh CXX BUILD_DIR SOURCE_DIR
set -euo pipefail
cxx=$1
views=$2/layers
src=$3/src
[ -d "$views" ] || { echo "layers.sh: no layer views in $views" >&2; exit 2; }

fail=0
layers=()
for v in "$views"/*/; do layers+=("$(basename "$v")"); done
[ ${#layers[@]} -ge 10 ] || { echo "layers.sh: only ${#layers[@]} layers in $views" >&2; exit 1; }

# One header of each layer, included as the layers above include it.
declare -A header_of
for l in "${layers[@]}"; do
  h=$(cd "$src" && find "$l" -maxdepth 1 -name '*.h' | sort | head -1)
  [ -n "$h" ] || { echo "layers.sh: layer $l has no header" >&2; exit 1; }
  header_of[$l]=$h
done

preprocesses() {  # VIEW HEADER
  printf '#include "%s"\n' "$2" | "$cxx" -std=c++20 -E -x c++ -I "$1" - -o /dev/null 2>/tmp/layers.$$
}

for l in "${layers[@]}"; do
  for m in "${layers[@]}"; do
    if [ -e "$views/$l/$m" ]; then
      if ! preprocesses "$views/$l" "${header_of[$m]}"; then
        echo "FAIL: layer $l may use $m, but ${header_of[$m]} does not preprocess in its view:"
        head -3 /tmp/layers.$$
        fail=1
      fi
    elif preprocesses "$views/$l" "${header_of[$m]}"; then
      echo "FAIL: layer $l is not above $m, yet ${header_of[$m]} preprocesses in its view"
      fail=1
    elif ! grep -q "No such file\|not found" /tmp/layers.$$; then
      echo "FAIL: ${header_of[$m]} in layer $l's view fails for another reason:"
      head -3 /tmp/layers.$$
      fail=1
    fi
  done
done

# Every file of a layer includes only what its view holds (each include line's folder is its own
# or one below): the matrix above shows such an include compiles, any other fails to.
for l in "${layers[@]}"; do
  while IFS=: read -r f line text; do
    folder=$(sed -E 's/^#include "([^/"]+)\/.*/\1/' <<<"$text")
    if [ ! -e "$views/$l/$folder" ]; then
      echo "FAIL: src/$f:$line includes from $folder/, which layer $l may not use: $text"
      fail=1
    fi
  done < <(cd "$src" && grep -rnE '^#include "[^/"]+/' "$l" --include='*.h' --include='*.cpp' || true)
done
rm -f /tmp/layers.$$
[ $fail -eq 0 ] && echo "layers: ${#layers[@]} layers, every include runs downward"
exit $fail
