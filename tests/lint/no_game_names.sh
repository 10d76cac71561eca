#!/usr/bin/env bash
# The board drawing and the web UI know no game: a game's name appears as a quoted literal
# ('traverse', "travelers", `trap`) in no file under web/src but the per-game glyph drawing
# (web/src/board/glyphs.ts, presentation), the rules pages (web/src/pages/rules.ts, prose) and the
# language catalogues (web/src/i18n/{en,fr}.ts, the words of what the server sends, by game),
# and nowhere in the C++ outside the games' own folders (src/games/<game>/) and the one game list
# (src/games/game_list.cpp): code that serves every game reads what each declares. Comments may
# name games in examples. Usage: no_game_names.sh SOURCE_DIR
set -uo pipefail
root=$1
names='traverse|travelers|trap'
pattern="['\"\`]($names)['\"\`]"
status=0

for dir in "$root/web/src" "$root/src/games"; do
  [ -d "$dir" ] || { echo "no_game_names: $dir is missing"; exit 2; }
done

# One grep over each side's files (a process per file took 20 s on a loaded machine).
web_files=()
while IFS= read -r file; do
  case "$file" in
    "$root/web/src/board/glyphs.ts" | "$root/web/src/pages/rules.ts" | "$root/web/src/i18n/en.ts" | "$root/web/src/i18n/fr.ts") continue ;;
  esac
  web_files+=("$file")
done < <(find "$root/web/src" -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.mjs' \))
if [ ${#web_files[@]} -gt 0 ] && grep -nHiE "$pattern" "${web_files[@]}"; then status=1; fi

cpp_files=()
while IFS= read -r file; do
  case "$file" in "$root/src/games/game_list.cpp" | "$root/src/games/"*/*) continue ;; esac
  cpp_files+=("$file")
done < <(find "$root/src" -type f \( -name '*.cpp' -o -name '*.h' \))
# Code only: a line whose match is in its line comment is left out.
if [ ${#cpp_files[@]} -gt 0 ] &&
   grep -nHiE "$pattern" "${cpp_files[@]}" |
   awk -v pattern="$pattern" '{
     split($0, f, ":"); code = substr($0, length(f[1]) + length(f[2]) + 3)
     sub(/\/\/.*/, "", code)
     if (tolower(code) ~ pattern) { print; found = 1 }
   } END { exit !found }'; then
  status=1
fi

if [ $status -ne 0 ]; then
  echo "no_game_names: the lines above name a game; read it from the catalog or the legend"
else
  echo "no game names: web/src (but glyphs.ts, rules.ts and the catalogues) and src/ outside the games' folders"
fi
exit $status
