#!/usr/bin/env bash
# The board drawing and the web UI know no game: a game's name appears as a quoted literal
# ('traverse', "travelers", `trap`) in no file under web/src but the per-game glyph drawing
# (web/src/board/glyphs.ts, presentation) and the rules pages (web/src/pages/rules.ts, prose),
# and nowhere in the terminal's board drawer (src/games/board_text.{h,cpp}), which draws from
# each game's legend. Usage: no_game_names.sh SOURCE_DIR
set -uo pipefail
root=$1
names='traverse|travelers|trap'
pattern="['\"\`]($names)['\"\`]"
status=0

for dir in "$root/web/src" "$root/src/games"; do
  [ -d "$dir" ] || { echo "no_game_names: $dir is missing"; exit 2; }
done

while IFS= read -r file; do
  case "$file" in
    "$root/web/src/board/glyphs.ts" | "$root/web/src/pages/rules.ts") continue ;;
  esac
  if grep -nHiE "$pattern" "$file"; then status=1; fi
done < <(find "$root/web/src" -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.mjs' \))

for file in "$root/src/games/board_text.h" "$root/src/games/board_text.cpp"; do
  [ -f "$file" ] || { echo "no_game_names: $file is missing"; exit 2; }
  if grep -nHiE "$pattern" "$file"; then status=1; fi
done

if [ $status -ne 0 ]; then
  echo "no_game_names: the lines above name a game; read it from the catalog or the legend"
else
  echo "no game names: web/src (but glyphs.ts and rules.ts) and board_text draw from data"
fi
exit $status
