#!/usr/bin/python3
"""Trains a learned evaluation from `arbiter selfplay` data and exports its net file.

    /usr/bin/python3 scripts/nets/train.py DATA [DATA ...] --out data/nets/trap-2p.net
        [--hidden H] [--dense D] [--epochs N] [--batch B] [--lr LR] [--mix L] [--val SHARE]
        [--threads T] [--seed S] [--report FILE]

Labels mix the search's value and the game's result: target = L · search + (1 − L) · result
(L = --mix, 1 by default: with the tens of thousands of games a generation has here, a net fitted
to results learns the games by heart, docs/ai.md), each player's expected result, and the loss is the binary cross
entropy of sigmoid(logit) against it. Games whose index falls in the held-out share (by a hash of
the index, so a game's positions stay together) are the validation set; the epoch with the
least validation loss is the one exported, quantised (model.py); the report gives the losses of
the float model and of the quantised one.
Needs Debian's python3-torch (CPU). docs/ai.md describes the whole pipeline.
"""

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model as netmodel  # noqa: E402
import selfplay_data  # noqa: E402


def net_params(params):
    return " ".join(w for w in params.split() if not w.startswith("max_plies="))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--hidden", type=int, default=0, help="per perspective (default 256 / players)")
    ap.add_argument("--dense", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=2048)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--mix", type=float, default=1.0)
    ap.add_argument("--val", type=float, default=0.1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--report", default="")
    a = ap.parse_args(argv)

    import torch

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    try:
        ds = selfplay_data.read_files(a.data)
    except (OSError, ValueError) as e:
        sys.exit(f"train.py: {e}")
    h = ds.header
    players = h["players"]
    hidden = a.hidden or (128 if players == 2 else 64)
    if hidden % 32 or not 32 <= hidden <= 256 or a.dense % 8 or not 8 <= a.dense <= 256:
        sys.exit("train.py: --hidden must be a multiple of 32 (32-256), --dense of 8 (8-256)")
    n = len(ds.texts)
    held = ((ds.game * 2654435761) % 1000) < a.val * 1000
    train_idx = np.nonzero(~held)[0]
    val_idx = np.nonzero(held)[0]
    if len(train_idx) == 0:
        sys.exit("train.py: no training positions")
    target = (a.mix * ds.search + (1 - a.mix) * ds.result).astype(np.float32)
    feats = torch.from_numpy(ds.features.astype(np.int64))
    tgt = torch.from_numpy(target)
    net = netmodel.make_model(torch, h["num_features"], players, hidden, a.dense)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, a.epochs))
    bce = torch.nn.BCEWithLogitsLoss()

    def loss_of(idx):
        if len(idx) == 0:
            return float("nan")
        with torch.no_grad():
            total = 0.0
            for s in range(0, len(idx), 8192):
                b = torch.from_numpy(idx[s : s + 8192])
                total += bce(net(feats[b]), tgt[b]).item() * len(b)
        return total / len(idx)

    rng = np.random.default_rng(a.seed)
    started = time.time()
    history = []
    best = None  # (validation loss, epoch, weights): the net exported is the best epoch's
    for epoch in range(a.epochs):
        net.train()
        order = rng.permutation(train_idx)
        total = 0.0
        for s in range(0, len(order), a.batch):
            b = torch.from_numpy(order[s : s + a.batch])
            opt.zero_grad()
            loss = bce(net(feats[b]), tgt[b])
            loss.backward()
            opt.step()
            net.clip()
            total += loss.item() * len(b)
        sched.step()
        net.eval()
        row = {"epoch": epoch + 1, "train": total / len(order), "val": loss_of(val_idx)}
        history.append(row)
        score = row["val"] if len(val_idx) else row["train"]
        if best is None or score < best[0]:
            best = (score, row["epoch"], {k: v.clone() for k, v in net.state_dict().items()})
        print(
            f"epoch {row['epoch']}: train {row['train']:.5f} val {row['val']:.5f} "
            f"({time.time() - started:.0f} s)",
            flush=True,
        )

    net.load_state_dict(best[2])
    q = netmodel.quantise(net)
    # The quantised net's validation loss, from the integer reference forward, beside the float
    # model's on the same positions: a sample drawn across the held-out games (the first
    # positions would be a few games' only).
    pool = val_idx if len(val_idx) else train_idx
    check = np.sort(rng.choice(pool, min(3000, len(pool)), replace=False))
    float_loss = loss_of(check)
    qloss = 0.0
    for i in check:
        lists = [[f for f in ds.features[i, p] if f != h["num_features"]] for p in range(players)]
        z = netmodel.forward_int(q, lists) / netmodel.OUT_SCALE
        t = target[i]
        pz = 1 / (1 + np.exp(-z))
        qloss += float(-(t * np.log(pz + 1e-12) + (1 - t) * np.log(1 - pz + 1e-12)).mean())
    qloss /= max(1, len(check))
    settings = {
        "epochs": a.epochs,
        "batch": a.batch,
        "lr": a.lr,
        "mix": a.mix,
        "val": a.val,
        "seed": a.seed,
        "positions": int(n),
        "train_positions": int(len(train_idx)),
        "epoch": best[1],
        "weight_decay": a.weight_decay,
        "val_loss": best[0],
        "sample_val_loss": float_loss,
        "quantised_val_loss": qloss,
        "selfplay": json.loads(json.dumps({k: v for k, v in h.items() if k not in ("game",)})),
    }
    header = {
        "game": h["game"],
        "params": net_params(h["params"]),
        "players": players,
        "feature_set": h["feature_set"],
        "num_features": h["num_features"],
        "hidden": hidden,
        "dense": a.dense,
        "data_hash": ds.data_hash,
        "training": settings,
    }
    netmodel.write_net(a.out, header, q)
    print(
        f"wrote {a.out}: {n} positions, epoch {best[1]}, val {best[0]:.5f}; on a sample of it "
        f"{float_loss:.5f} float, {qloss:.5f} quantised"
    )
    if a.report:
        with open(a.report, "w") as f:
            json.dump({"header": header, "history": history}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
