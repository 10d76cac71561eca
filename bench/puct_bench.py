"""Speed of AlphaZero-style self-play through arbiter.BatchedSearch with a torch network.

A policy-value MLP of about 100,000 parameters (the observation flattened, two hidden layers,
a policy head over the game's actions and a value head per player) evaluates the leaves of
BatchedSearch's trees over a VectorEnv; every search is followed by a step of every game with
the actions drawn, as self-play does. Reported, from one run:

  - leaf evaluations per second (positions the network evaluated, over the loop's wall time);
  - where the time went: the evaluator callable (the network's forward pass, and the Python
    around it: the tensors made from the arrays, the softmax, the copies back), the search in
    C++ (selection, expansion, backing up, on the search's threads), env.step (C++, the GIL
    released) and the loop's own Python between calls;
  - the Python share: the time the GIL was held, the evaluator's and the loop's (the forward
    pass is counted in it: torch runs it inside the callable).

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/puct_bench.py [--game trap] [--params
size=4] [--rows 64] [--batch 8] [--playouts 64] [--seconds 20] [--check]
--check exits 1 when leaf evaluations per second are below 10,000.
"""

import argparse
import sys
import time

import numpy as np
import torch
from torch.utils import mkldnn

import arbiter

TARGET_EVALUATIONS = 10_000


class PolicyValueMlp(torch.nn.Module):
    """Flattened observation -> hidden -> hidden -> (policy logits (A), values (P) in [-1, 1])."""

    def __init__(self, inputs, actions, players, hidden):
        super().__init__()
        self.body = torch.nn.Sequential(
            torch.nn.Linear(inputs, hidden), torch.nn.ReLU(),
            torch.nn.Linear(hidden, hidden), torch.nn.ReLU())
        self.policy = torch.nn.Linear(hidden, actions)
        self.value = torch.nn.Linear(hidden, players)

    def forward(self, x):
        h = self.body(x.flatten(1))
        return self.policy(h), torch.tanh(self.value(h))


def hidden_for(inputs, actions, players, parameters):
    """The hidden width giving the MLP about `parameters` parameters."""
    # (inputs + 1) h + (h + 1) h + (h + 1)(actions + players) = parameters, solved for h.
    a, b = 1.0, inputs + 1 + 1 + actions + players
    c = actions + players - parameters
    return max(8, int((-b + (b * b - 4 * a * c) ** 0.5) / (2 * a)))


def make_evaluator(net, timing):
    """The BatchedSearch evaluator: priors softmaxed over the legal actions, the values."""

    @torch.inference_mode()
    def evaluate(observations, masks):
        start = time.perf_counter()
        logits, values = net(torch.from_numpy(observations))
        timing["forward"] += time.perf_counter() - start
        logits = logits.masked_fill(~torch.from_numpy(masks), float("-inf"))
        return torch.softmax(logits, dim=1).numpy(), values.numpy()

    return evaluate


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="trap")
    parser.add_argument("--params", default="size=4")
    parser.add_argument("--rows", type=int, default=64, help="games searched together")
    parser.add_argument("--batch", type=int, default=8, help="leaves per tree per round")
    parser.add_argument("--playouts", type=int, default=64, help="playouts per search")
    parser.add_argument("--parameters", type=int, default=100_000, help="the net's size")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--no-onednn", action="store_true",
                        help="torch's default layers instead of oneDNN's")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    game = arbiter.load_game(args.game, args.params)
    shape = game.observation_tensor_shape()
    inputs = int(np.prod(shape))
    actions, players = game.num_distinct_actions(), game.num_players()
    net = PolicyValueMlp(inputs, actions, players, hidden_for(inputs, actions, players,
                                                              args.parameters)).eval()
    parameters = sum(p.numel() for p in net.parameters())
    if not args.no_onednn:
        # Debian's torch multiplies with a generic BLAS (about 9,000 positions/s for this net);
        # its oneDNN layers are some 30 times faster for inference on the same weights.
        net = mkldnn.to_mkldnn(net)
    timing = {"forward": 0.0}
    env = arbiter.VectorEnv(game, batch=args.rows, threads=args.threads, seed=1)
    env.reset()
    search = arbiter.BatchedSearch(env, evaluator=make_evaluator(net, timing),
                                   playouts=args.playouts, batch=args.batch, noise_fraction=0.25,
                                   temperature=1.0, seed=1, threads=args.threads)
    search.search()  # warm-up: the first forward passes allocate torch's buffers
    timing["forward"] = 0.0
    evaluations = calls = moves = 0
    searching = evaluating = stepping = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        out = search.search()
        stepped = time.perf_counter()
        env.step(out.actions)
        stepping += time.perf_counter() - stepped
        evaluations += out.evaluations
        calls += out.evaluator_calls
        searching += out.seconds
        evaluating += out.evaluator_seconds
        moves += args.rows
    wall = time.perf_counter() - start

    rate = evaluations / wall
    print(f"{args.game} {args.params}: {args.rows} games, {args.playouts} playouts a search, "
          f"batch {args.batch} a tree ({args.rows * args.batch} leaves a call at most), "
          f"MLP of {parameters:,} parameters ({'torch' if args.no_onednn else 'oneDNN'} "
          f"layers), {args.threads} threads")
    print(f"  leaf evaluations/s: {rate:,.0f} ({evaluations:,} in {wall:.1f} s, "
          f"{evaluations / max(calls, 1):.0f} a call, {moves / wall:,.0f} decisions/s)")
    forward, python_eval = timing["forward"], evaluating - timing["forward"]
    loop = wall - searching - stepping
    print(f"  time: network forward {forward / wall:.0%}, evaluator's other Python "
          f"{python_eval / wall:.0%}, search in C++ {(searching - evaluating) / wall:.0%}, "
          f"env.step {stepping / wall:.0%}, the loop's Python {loop / wall:.0%}")
    print(f"  Python share (GIL held: the evaluator and the loop): "
          f"{(evaluating + loop) / wall:.0%}")
    if args.check and rate < TARGET_EVALUATIONS:
        print(f"FAIL: {rate:,.0f} leaf evaluations/s, below {TARGET_EVALUATIONS:,}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
