"""Speed of the Python module (docs/python.md), all figures from one run:

  - VectorEnv random play, observations and masks included (every step writes them), batch
    1024 on 2 threads, in env steps per second (one step = one decision in one game), and the
    same on 1 thread (what the second thread adds);
  - the same loop written in Python over 1024 single States, filling the same batch arrays (a
    random legal action, apply_action, rewards, a new game when one ends, observation_tensor()
    and legal_actions_mask()), and the ratio;
  - serialize() + deserialize_state() round-trips per second, on positions a few moves in;
  - what arbiter.search() costs above the engine's own search (the call's time less the
    result's `seconds`), median over searches of positions along a game, per game at its
    default parameters, MCTS with 2,000 playouts (the visited moves' decisions are found).

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--seconds S] [--check]
--check exits 1 when a figure misses its target: VectorEnv at least 25x the Python loop and at
least 200,000 steps/s for Trap and 2-player Traverse; round-trips at least 100,000/s per game;
search() at most 1 ms above its search.
"""

import argparse
import random
import sys
import time

import arbiter

CASES = [("trap", ""), ("traverse", "players=2"), ("travelers", ""), ("traverse", "players=4")]
TARGET_RATIO = 25
TARGET_STEPS = {("trap", ""): 200_000, ("traverse", "players=2"): 200_000}
TARGET_ROUND_TRIPS = 100_000
TARGET_SEARCH_OVERHEAD = 0.001


def interleaved(seconds, bodies, slice_seconds=0.05):
    """Runs the bodies in turn, a slice of about `slice_seconds` each, until each has run for
    `seconds`; returns each one's units per second (a body returns the units it did). Taken in
    turns, the figures compared share the machine's conditions: other work on it slows them
    alike instead of spoiling one measurement."""
    done = [0] * len(bodies)
    spent = [0.0] * len(bodies)
    while min(spent) < seconds:
        for k, body in enumerate(bodies):
            start = time.perf_counter()
            while True:
                done[k] += body()
                elapsed = time.perf_counter() - start
                if elapsed >= slice_seconds:
                    break
            spent[k] += elapsed
    return [d / t for d, t in zip(done, spent)]


def vector_env_steps(name, params, batch=1024, threads=2):
    """VectorEnv random play: a step of every game, observations and masks written."""
    env = arbiter.VectorEnv(arbiter.load_game(name, params), batch=batch, threads=threads, seed=1)
    env.reset()

    def step():
        observations, masks, rewards, terminated = env.step(env.random_actions())
        return batch

    return step


def python_loop_steps(name, params, batch=1024):
    """VectorEnv's loop in Python: per game, a random legal action, apply_action, a new game
    when one ends (its returns into the rewards), the observation and mask into the batch."""
    import numpy as np
    game = arbiter.load_game(name, params)
    rng = random.Random(1)
    states = [game.new_initial_state() for _ in range(batch)]
    observations = np.zeros((batch, *game.observation_tensor_shape()), np.float32)
    masks = np.zeros((batch, game.num_distinct_actions()), bool)
    rewards = np.zeros((batch, game.num_players()), np.float32)
    terminated = np.zeros(batch, bool)

    def step():
        for i in range(batch):
            state = states[i]
            state.apply_action(rng.choice(state.legal_actions()))
            terminated[i] = state.is_terminal()
            rewards[i] = state.rewards()
            if terminated[i]:
                state = states[i] = game.new_initial_state()
            observations[i] = state.observation_tensor()
            masks[i] = state.legal_actions_mask()
        return batch

    return step


def round_trips(name, params):
    game = arbiter.load_game(name, params)
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(30):  # a position with a history of repetition keys and pending decisions
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))

    def trips():
        for _ in range(1000):
            game.deserialize_state(state.serialize())
        return 1000

    return trips


def search_overhead(name, params, searches=40):
    """Median seconds a search() call takes above its search, over positions of one game."""
    game = arbiter.load_game(name, params)
    rng = random.Random(3)
    state = game.new_initial_state()
    extra = []
    for k in range(searches):
        start = time.perf_counter()
        result = arbiter.search(state, algorithm="mcts", nodes=2000, seed=k)
        extra.append(time.perf_counter() - start - result.seconds)
        state.apply_move(result.best_move if rng.random() < 0.5
                         else rng.choice(state.legal_moves()))
        if state.is_terminal():
            state = game.new_initial_state()
    extra.sort()
    return extra[len(extra) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="per measurement, taken in turns with the others of its game")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    missed = []
    print(f"{'game':<28}{'VectorEnv/s':>13}{'1 thread/s':>13}{'Python loop/s':>15}{'ratio':>8}"
          f"{'round-trips/s':>15}")
    for name, params in CASES:
        vector, single, loop, trips = interleaved(args.seconds, [
            vector_env_steps(name, params), vector_env_steps(name, params, threads=1),
            python_loop_steps(name, params), round_trips(name, params)])
        ratio = vector / loop
        label = f"{name} {params}".strip()
        print(f"{label:<28}{vector:>13,.0f}{single:>13,.0f}{loop:>15,.0f}{ratio:>7.1f}x"
              f"{trips:>15,.0f}")
        if ratio < TARGET_RATIO:
            missed.append(f"{label}: VectorEnv {ratio:.1f}x the Python loop (target {TARGET_RATIO}x)")
        if vector < TARGET_STEPS.get((name, params), 0):
            missed.append(f"{label}: {vector:,.0f} VectorEnv steps/s "
                          f"(target {TARGET_STEPS[(name, params)]:,})")
        if trips < TARGET_ROUND_TRIPS:
            missed.append(f"{label}: {trips:,.0f} round-trips/s (target {TARGET_ROUND_TRIPS:,})")
    print(f"\n{'game':<28}{'search() above its search':>28}")
    for name, params in CASES:
        overhead = search_overhead(name, params)
        label = f"{name} {params}".strip()
        print(f"{label:<28}{overhead * 1000:>25.2f} ms")
        if overhead > TARGET_SEARCH_OVERHEAD:
            missed.append(f"{label}: search() {overhead * 1000:.2f} ms above its search "
                          f"(target {TARGET_SEARCH_OVERHEAD * 1000:.0f} ms)")
    for line in missed:
        print("missed:", line)
    if args.check and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
