#!/usr/bin/env bash
# The learned-evaluation pipeline end to end, in miniature (docs/ai.md): self-play a few hundred
# positions, train one epoch with Debian's torch, export the net, load it in C++ (arbiter eval,
# a match, the protocol's EvalFile) and check that C++ and the trainer's integer reference give
# the same outputs for every player of sampled positions. Usage: nets_pipeline.sh ARBITER SRC
set -u
arbiter=$1
src=$2
. "$(dirname "$0")/lib/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3
if ! "$py" -c "import torch" 2>/dev/null; then
  echo "FAIL python3-torch is not installed (scripts/install-deps.sh installs it)"
  exit 1
fi

for target in "traverse players=2" "travelers" "trap size=4" "traverse players=4"; do
  # shellcheck disable=SC2086
  set -- $target
  game=$1
  name=$(echo "$target" | tr ' =' '__')
  "$arbiter" selfplay $target --games 8 --nodes 200 --threads 2 --sample 0.6 --out "$tmp/$name.data"
  check "$name: selfplay" 0 $?
  "$py" "$src/scripts/nets/train.py" "$tmp/$name.data" --out "$tmp/$name.net" --epochs 1 \
    --batch 64 --threads 1 >"$tmp/$name.train" 2>&1
  check "$name: train and export" 0 $?
  contains "$name: the trainer reports" "wrote $tmp/$name.net" "$(cat "$tmp/$name.train")"
  # C++ against the trainer's integer reference, position by position, every player.
  out=$("$py" - "$arbiter" "$tmp/$name.data" "$tmp/$name.net" "$game" "${@:2}" <<PY
import json, subprocess, sys
sys.path.insert(0, "$src/scripts/nets")
import model, selfplay_data
arbiter, data, net, game, params = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
ds = selfplay_data.read_files([data])
header, q = model.read_net(net)
players = ds.header["players"]
pad = ds.header["num_features"]
checked = differ = 0
for i in range(0, len(ds.texts), max(1, len(ds.texts) // 12)):
    lists = [[f for f in ds.features[i, r] if f != pad] for r in range(players)]
    ref = model.forward_int(q, lists)  # mover first
    got = json.loads(subprocess.check_output(
        [arbiter, "eval", game, *params, "--position", ds.texts[i], "--player", "evalfile=" + net, "--json"]))
    # the mover of the position: the one whose output is ref[0] must be to move
    mover = [p for p in range(players) if all(got["outputs"][(p + r) % players] == ref[r] for r in range(players))]
    checked += 1
    if not mover:
        differ += 1
        print("differ", i, ds.texts[i], got["outputs"], ref.tolist(), file=sys.stderr)
print(f"{checked} {differ}")
PY
)
  check "$name: C++ equals the trainer's integers" "0" "${out#* }"
  contains "$name: positions compared" " " "$out"
  mv="$("$arbiter" match $target --a "level=3,eval=classic" --b "level=3,evalfile=$tmp/$name.net" --games 2 \
    --movetime 5 --quiet --seed 3 2>&1)"
  check "$name: a match with the net runs" 0 $?
  contains "$name: the match reports" "games" "$mv"
done

# The protocol loads it too, and refuses a net of another game.
reply=$(printf 'newgame trap size=4\nsetoption name EvalFile value %s\ngo depth 2\nwait\nsetoption name EvalFile value %s\nquit\n' \
  "$tmp/trap_size_4.net" "$tmp/travelers.net" | "$arbiter" engine 2>&1)
contains "protocol: a search on the net" "bestmove" "$reply"
contains "protocol: another game's net" "the net evaluates travelers, not trap" "$reply"
finish nets_pipeline
