#!/usr/bin/env bash
# The learned evaluations from scratch (docs/ai.md, "Retraining a net"): for each target, two
# generations of self-play and training, then the net in data/nets/.
#
#   scripts/nets/make_nets.sh [TARGET ...]      (make nets: every target)
#
# Targets: traverse-2p traverse-3p traverse-4p travelers-2p trap-2p. For each, in WORK/TARGET/:
#   gen1.data  self-play of the hand evaluation  (arbiter selfplay ... --player level=9)
#   gen1.net   trained on gen1.data
#   gen2.data  self-play of gen1.net             (--player level=9,evalfile=gen1.net)
#   gen2.net   trained on gen1.data + gen2.data; copied to data/nets/TARGET.net
# Every step is resumable: a self-play file is continued where it stopped, and a net newer than
# its data is kept. Runs at the lowest priority.
#
# Environment (defaults in brackets): ARBITER [build/arbiter], WORK [nets-work], GAMES [16000
# games per generation], NODES [800 nodes a move], THREADS [2], EPOCHS [6], MIX [1: the label's
# share of the search's value, train.py --mix], PYTHON [/usr/bin/python3], SAMPLE [0.3: share of
# plies kept], SHIP [1: copy gen2.net to data/nets].
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
arbiter=${ARBITER:-$root/build/arbiter}
work=${WORK:-$root/nets-work}
games=${GAMES:-16000}
nodes=${NODES:-800}
threads=${THREADS:-2}
epochs=${EPOCHS:-6}
mix=${MIX:-1}
python=${PYTHON:-/usr/bin/python3}
ship=${SHIP:-1}
sample=${SAMPLE:-0.3}

declare -A game_of=([traverse-2p]=traverse [traverse-3p]=traverse [traverse-4p]=traverse
                    [travelers-2p]=travelers [trap-2p]=trap)
declare -A params_of=([traverse-2p]="" [traverse-3p]="players=3" [traverse-4p]="players=4"
                      [travelers-2p]="" [trap-2p]="")
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(traverse-2p travelers-2p trap-2p traverse-4p traverse-3p)

newer() { [ -f "$1" ] && [ "$1" -nt "$2" ]; }

for t in "${targets[@]}"; do
  game=${game_of[$t]:-}
  [ -n "$game" ] || { echo "make_nets.sh: unknown target $t" >&2; exit 2; }
  # shellcheck disable=SC2206
  params=(${params_of[$t]})
  dir=$work/$t
  mkdir -p "$dir"
  start=$SECONDS
  echo "== $t: generation 1 self-play ($games games, $nodes nodes a move)"
  nice -n 19 "$arbiter" selfplay "$game" "${params[@]}" --games "$games" --nodes "$nodes" \
    --threads "$threads" --sample "$sample" --seed 1 --player level=9 --out "$dir/gen1.data"
  if ! newer "$dir/gen1.net" "$dir/gen1.data"; then
    nice -n 19 "$python" "$here/train.py" "$dir/gen1.data" --out "$dir/gen1.net" \
      --epochs "$epochs" --mix "$mix" --threads "$threads" --report "$dir/gen1.json"
  fi
  echo "== $t: generation 2 self-play (gen1.net)"
  nice -n 19 "$arbiter" selfplay "$game" "${params[@]}" --games "$games" --nodes "$nodes" \
    --threads "$threads" --sample "$sample" --seed 2 --player "level=9,evalfile=$dir/gen1.net" --out "$dir/gen2.data"
  if ! newer "$dir/gen2.net" "$dir/gen2.data"; then
    nice -n 19 "$python" "$here/train.py" "$dir/gen1.data" "$dir/gen2.data" --out "$dir/gen2.net" \
      --epochs "$epochs" --mix "$mix" --threads "$threads" --report "$dir/gen2.json"
  fi
  if [ "$ship" = 1 ]; then
    mkdir -p "$root/data/nets"
    cp "$dir/gen2.net" "$root/data/nets/$t.net"
  fi
  echo "== $t: done in $((SECONDS - start)) s"
done
