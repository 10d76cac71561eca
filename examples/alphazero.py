"""AlphaZero from zero on an arbiter game, on the CPU: self-play through arbiter.BatchedSearch,
a replay buffer, policy-value training with torch, evaluation against arbiter's levels, and
checkpoints to resume from.

    PYTHONPATH=build/python /usr/bin/python3 examples/alphazero.py --game trap --params size=4 \\
        --minutes 60 --out runs/trap-4

The loop: every game of a VectorEnv is searched at once (PUCT with Dirichlet noise at the
root, the network evaluating the leaves of all the trees in one call a round), each game plays
the action drawn from its visits (the most visited after --explore-plies decisions), and each
decision is kept as a sample: the observation, the legal actions, the visit distribution as
the policy target, and, once the game ends, every player's return seen from the deciding
player's seat as the value target. The network trains on the replay buffer as it fills (each
sample about --replay-ratio times). Every --eval-minutes, and at the end, the network plays
arbiter's levels (PUCT without noise, the most visited decision) in games alternating seats;
the scores go to OUT/log.jsonl and the network to OUT/checkpoint.pt. --minutes bounds the
self-play and training of the whole run; the final evaluation follows. Run again with the same
--out to resume from the checkpoint until the budget is spent (a larger --minutes goes on;
the replay buffer starts empty again).

The network's values follow BatchedSearch's evaluator contract: column k is the player k seats
after the one deciding, so one network serves every seat of every player count.
"""

import argparse
import copy
import json
import os
import sys
import time

import numpy as np
import torch
from torch.utils import mkldnn

import arbiter


class PolicyValueNet(torch.nn.Module):
    """Two hidden layers over the whole board, policy logits (A) and values (P) in [-1, 1].

    The layers are fully connected, written as convolutions (the first with a kernel the size
    of the board, the others 1x1): Debian's torch runs convolutions on oneDNN, training some
    seven times faster than its generic BLAS runs the same network's linear layers."""

    def __init__(self, shape, actions, players, hidden):
        super().__init__()
        channels, height, width = shape
        self.actions = actions
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(channels, hidden, (height, width)), torch.nn.ReLU(),
            torch.nn.Conv2d(hidden, hidden, 1), torch.nn.ReLU())
        self.heads = torch.nn.Conv2d(hidden, actions + players, 1)

    def forward(self, x):
        out = self.heads(self.body(x)).flatten(1)
        return out[:, :self.actions], torch.tanh(out[:, self.actions:])


class Evaluator:
    """A PUCT evaluator of a copy of the network, taken by refresh(): priors softmaxed over
    the legal actions, and the values. The copy's layers are oneDNN's own (inference only),
    about twice as fast again as torch's convolutions."""

    def __init__(self, net):
        self.refresh(net)

    def refresh(self, net):
        self.net = mkldnn.to_mkldnn(copy.deepcopy(net).eval())

    @torch.inference_mode()
    def __call__(self, observations, masks):
        logits, values = self.net(torch.from_numpy(observations))
        logits = logits.masked_fill(~torch.from_numpy(masks), float("-inf"))
        return torch.softmax(logits, dim=1).numpy(), values.numpy()


class ReplayBuffer:
    """The last `capacity` finished samples, drawn uniformly for training."""

    def __init__(self, capacity, shape, actions, players):
        self.observations = np.zeros((capacity, *shape), np.float32)
        self.masks = np.zeros((capacity, actions), bool)
        self.policies = np.zeros((capacity, actions), np.float32)
        self.values = np.zeros((capacity, players), np.float32)
        self.capacity, self.size, self.next = capacity, 0, 0

    def add(self, observation, mask, policy, value):
        i = self.next
        self.observations[i], self.masks[i], self.policies[i], self.values[i] = (
            observation, mask, policy, value)
        self.next = (i + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, rng, n):
        idx = rng.integers(0, self.size, n)
        return (torch.from_numpy(self.observations[idx]), torch.from_numpy(self.masks[idx]),
                torch.from_numpy(self.policies[idx]), torch.from_numpy(self.values[idx]))


def seat_relative(returns, player):
    """Every player's return as seen from `player`'s seat: column k is player + k."""
    return np.roll(np.asarray(returns, np.float32), -player)


class SelfPlay:
    """The games of a VectorEnv searched together; finished games' samples go to the buffer."""

    def __init__(self, game, evaluator, buffer, args):
        self.env = arbiter.VectorEnv(game, batch=args.rows, threads=args.threads,
                                     seed=args.seed)
        self.env.reset()
        self.search = arbiter.BatchedSearch(
            self.env, evaluator=evaluator, playouts=args.playouts, batch=args.batch,
            noise_fraction=0.25, dirichlet_alpha=args.dirichlet_alpha, temperature=1.0,
            seed=args.seed, threads=args.threads)
        self.buffer, self.explore_plies = buffer, args.explore_plies
        self.pending = [[] for _ in range(args.rows)]  # per game: (obs, mask, policy, player)
        self.plies = np.zeros(args.rows, np.int64)
        self.games = self.samples = 0

    def step(self):
        """One decision in every game; returns the samples that became trainable."""
        env = self.env
        observations, masks, players = env.observations, env.masks, env.current_players
        out = self.search.search()
        actions = np.where(self.plies < self.explore_plies, out.actions,
                           out.action_visits.argmax(axis=1))
        for i in range(env.batch):
            visits = out.action_visits[i].astype(np.float32)
            self.pending[i].append((observations[i].copy(), masks[i].copy(),
                                    visits / visits.sum(), int(players[i])))
        _, _, rewards, terminated = env.step(actions)
        self.plies += 1
        added = 0
        for i in np.flatnonzero(terminated):
            for observation, mask, policy, player in self.pending[i]:
                self.buffer.add(observation, mask, policy, seat_relative(rewards[i], player))
            added += len(self.pending[i])
            self.pending[i] = []
            self.plies[i] = 0
            self.games += 1
        self.samples += added
        return added


def train(net, optimizer, buffer, rng, steps, minibatch):
    """`steps` minibatches: cross-entropy to the visit distributions plus the values' MSE."""
    net.train()
    total = 0.0
    for _ in range(steps):
        observations, masks, policies, values = buffer.sample(rng, minibatch)
        logits, predicted = net(observations)
        logits = logits.masked_fill(~masks, -1e9)
        policy_loss = -(policies * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
        value_loss = torch.mean((predicted - values) ** 2)
        loss = policy_loss + value_loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += float(loss)
    net.eval()
    return total / max(steps, 1)


def play_level(game, evaluator, level, net_seat, args, seed):
    """One game of the network against arbiter's `level`; the network's return."""
    puct = arbiter.PuctSearch(evaluator, playouts=args.eval_playouts,
                              batch=args.batch, temperature=0.0, seed=seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == net_seat:
            state.apply_action(puct.search(state).action)
        else:
            for action in arbiter.search(state, level=level, seed=seed).best_actions:
                state.apply_action(action)
    return state.returns()[net_seat]


def evaluate(game, evaluator, args, games):
    """The network's score (1 a win, 0.5 a draw) against each level, seats alternating."""
    scores = {}
    players = game.num_players()
    for level in args.levels:
        total = 0.0
        for g in range(games):
            r = play_level(game, evaluator, level, g % players, args, seed=1000 * level + g)
            total += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
        scores[level] = total / games
    return scores


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="trap")
    parser.add_argument("--params", default="size=4", help="the game's parameters, k=v ...")
    parser.add_argument("--minutes", type=float, default=60.0, help="self-play and training, the whole run's (resumed runs included)")
    parser.add_argument("--out", default="runs/alphazero", help="checkpoint and log folder")
    parser.add_argument("--rows", type=int, default=64, help="games of self-play at once")
    parser.add_argument("--playouts", type=int, default=100, help="per self-play decision")
    parser.add_argument("--batch", type=int, default=8, help="leaves per tree per call")
    parser.add_argument("--hidden", type=int, default=128, help="the network's hidden width")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--replay-ratio", type=float, default=4.0,
                        help="times each sample is trained on, on average")
    parser.add_argument("--buffer", type=int, default=100_000, help="replay buffer samples")
    parser.add_argument("--explore-plies", type=int, default=12,
                        help="decisions a game draws from its visits before playing the best")
    parser.add_argument("--dirichlet-alpha", type=float, default=0.3)
    parser.add_argument("--eval-minutes", type=float, default=10.0)
    parser.add_argument("--eval-games", type=int, default=20, help="per level")
    parser.add_argument("--eval-playouts", type=int, default=200)
    parser.add_argument("--levels", default="1,2,3,4,5", help="arbiter levels to play")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.levels = [int(level) for level in args.levels.split(",")]

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    game = arbiter.load_game(args.game, args.params)
    described = f"{game.name()} {game.params_text()}"
    shape = tuple(game.observation_tensor_shape())
    actions, players = game.num_distinct_actions(), game.num_players()
    net = PolicyValueNet(shape, actions, players, args.hidden).eval()
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=1e-4)
    os.makedirs(args.out, exist_ok=True)
    checkpoint_path = os.path.join(args.out, "checkpoint.pt")
    log_path = os.path.join(args.out, "log.jsonl")
    progress = {"seconds": 0.0, "games": 0, "samples": 0, "trained": 0}
    if os.path.exists(checkpoint_path):
        saved = torch.load(checkpoint_path)
        if saved["game"] != described:
            sys.exit(f"alphazero: {checkpoint_path} is of {saved['game']}, not {described}")
        net.load_state_dict(saved["net"])
        optimizer.load_state_dict(saved["optimizer"])
        progress = saved["progress"]
        print(f"resumed from {checkpoint_path}: {progress}", flush=True)

    def record(kind, **fields):
        line = dict(kind=kind, minutes=round(progress["seconds"] / 60, 2), **progress, **fields)
        print(json.dumps(line), flush=True)
        with open(log_path, "a") as log:
            log.write(json.dumps(line) + "\n")

    def save():
        torch.save({"game": described, "net": net.state_dict(),
                    "optimizer": optimizer.state_dict(), "progress": progress}, checkpoint_path)

    print(f"{described}: network of {sum(p.numel() for p in net.parameters()):,} parameters, "
          f"{args.rows} games at once, {args.playouts} playouts a decision", flush=True)
    buffer = ReplayBuffer(args.buffer, shape, actions, players)
    evaluator = Evaluator(net)
    selfplay = SelfPlay(game, evaluator, buffer, args)
    budget = args.minutes * 60
    next_eval = (progress["seconds"] // (args.eval_minutes * 60) + 1) * args.eval_minutes * 60
    games_before = progress["games"]
    owed = 0.0  # training steps the new samples call for
    loss = None
    last = time.perf_counter()
    next_report = progress["seconds"] + 60
    while progress["seconds"] < budget:
        added = selfplay.step()
        progress["games"] = games_before + selfplay.games
        progress["samples"] += added
        owed += added * args.replay_ratio / args.minibatch
        if buffer.size >= args.minibatch and owed >= 1:
            steps = int(owed)
            loss = train(net, optimizer, buffer, rng, steps, args.minibatch)
            progress["trained"] += steps
            owed -= steps
            evaluator.refresh(net)
        now = time.perf_counter()
        progress["seconds"] += now - last
        last = now
        if progress["seconds"] >= next_report:  # a line a minute: the run is alive
            print(f"{progress['seconds'] / 60:.1f} min: {progress['games']} games, "
                  f"{progress['samples']} samples, {progress['trained']} training steps, "
                  f"loss {loss if loss is None else round(loss, 3)}", flush=True)
            next_report += 60
        if progress["seconds"] >= next_eval and progress["seconds"] < budget:
            record("eval", loss=loss, scores=evaluate(game, evaluator, args, args.eval_games))
            save()
            next_eval += args.eval_minutes * 60
            last = time.perf_counter()  # evaluation time is not self-play time
    save()
    record("final", loss=loss, scores=evaluate(game, evaluator, args, args.eval_games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
