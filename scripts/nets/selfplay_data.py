"""Reads `arbiter selfplay` files (the format: src/engine/selfplay_data.h, docs/ai.md).

read_files(paths) -> Dataset: the header of the first file and numpy arrays over every position
kept, features padded with the index `num_features` (the trainer's empty row). A file cut inside
a game block reads up to that block, as the C++ reader does; anything else malformed raises
ValueError naming the file and the byte offset.
"""

import hashlib
import json
import struct
from dataclasses import dataclass

import numpy as np

MAGIC = b"ARBSELF1"


@dataclass
class Dataset:
    header: dict
    features: np.ndarray  # (N, P, K) int32, padded with num_features; perspective 0 = the mover
    search: np.ndarray  # (N, P) float32, mover-first: each player's expected result by the search
    result: np.ndarray  # (N, P) float32, mover-first: each player's result (1, 0.5, 0)
    game: np.ndarray  # (N,) int64: the game index each position came from
    ply: np.ndarray  # (N,) int32
    texts: list  # position texts
    data_hash: str  # sha256 of the files' bytes, in order


def _kind(header):
    """What must agree between chunks and files: the game, its parameters and the features."""
    return header["game"], header["params"], header["feature_set"]


def _header(data, pos, name):
    (n,) = struct.unpack_from("<I", data, pos + 8)
    raw = data[pos + 12 : pos + 12 + n]
    if len(raw) != n:
        return None, len(data)
    try:
        h = json.loads(raw)
    except ValueError:
        raise ValueError(f"{name}: byte {pos}: the header is not JSON") from None
    for key in ("game", "params", "players", "feature_set", "num_features"):
        if key not in h:
            raise ValueError(f"{name}: byte {pos}: the header has no {key}")
    return h, pos + 12 + n


def _blocks(data, name):
    """Yields (header, game index, result, positions) for each whole block."""
    pos = 0
    header = None
    while pos < len(data):
        if data[pos : pos + 8] == MAGIC:
            h, pos = _header(data, pos, name)
            if h is None:
                return
            if header is None:
                header = h
            elif _kind(h) != _kind(header):
                raise ValueError(f"{name}: byte {pos}: a chunk of another game or parameters")
            continue
        if header is None:
            raise ValueError(f"{name}: byte {pos}: not a self-play file (no ARBSELF1 at its start)")
        if len(data) - pos < 4:
            return
        (size,) = struct.unpack_from("<I", data, pos)
        end = pos + 4 + size
        if end > len(data):
            return  # cut inside the block
        players = header["players"]
        at = pos + 4
        index, _plies, count = struct.unpack_from("<IHH", data, at)
        at += 8
        result = struct.unpack_from(f"<{players}f", data, at)
        at += 4 * players
        positions = []
        for _ in range(count):
            ply, to_move, flags = struct.unpack_from("<HBB", data, at)
            at += 4
            search = struct.unpack_from(f"<{players}f", data, at)
            at += 4 * players
            (n,) = struct.unpack_from("<H", data, at)
            text = data[at + 2 : at + 2 + n].decode()
            at += 2 + n
            lists = []
            for _r in range(players):
                (k,) = struct.unpack_from("<H", data, at)
                lists.append(np.frombuffer(data, dtype="<u2", count=k, offset=at + 2))
                at += 2 + 2 * k
            positions.append((ply, to_move, search, text, lists))
        if at != end:
            raise ValueError(f"{name}: byte {pos}: a game block longer than its positions")
        yield header, index, result, positions
        pos = end


def read_files(paths):
    header = None
    rows = []
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        digest.update(data)
        for h, index, result, positions in _blocks(data, path):
            if header is None:
                header = h
            elif _kind(h) != _kind(header):
                raise ValueError(f"{path}: another game or parameters than {paths[0]}")
            players = h["players"]
            for ply, to_move, search, text, lists in positions:
                order = [(to_move + r) % players for r in range(players)]
                rows.append(
                    (
                        index,
                        ply,
                        [search[p] for p in order],
                        [result[p] for p in order],
                        text,
                        lists,
                    )
                )
    if header is None:
        raise ValueError(f"{paths[0] if paths else '(no files)'}: no self-play data")
    players = header["players"]
    width = max((len(l) for r in rows for l in r[5]), default=1)
    pad = header["num_features"]
    features = np.full((len(rows), players, width), pad, dtype=np.int32)
    for i, r in enumerate(rows):
        for p, l in enumerate(r[5]):
            features[i, p, : len(l)] = l
    return Dataset(
        header=header,
        features=features,
        search=np.array([r[2] for r in rows], dtype=np.float32).reshape(-1, players),
        result=np.array([r[3] for r in rows], dtype=np.float32).reshape(-1, players),
        game=np.array([r[0] for r in rows], dtype=np.int64),
        ply=np.array([r[1] for r in rows], dtype=np.int32),
        texts=[r[4] for r in rows],
        data_hash=digest.hexdigest(),
    )
