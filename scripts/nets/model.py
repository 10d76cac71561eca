"""The learned evaluation's network (src/nn/network.h), its quantisation and its file.

The float model, as trained:
    acc_r = b0 + sum of W0 rows of perspective r's features      (r = 0 is the player to move)
    x     = concat over r of clamp(acc_r, 0, 1)
    h     = clamp(W1 x + b1, 0, 1)
    z     = W2 h + b2                                             one logit per player, mover first
and the expected result of player r is sigmoid(z_r). export() writes it quantised as the C++
inference reads it; forward_int() is that integer arithmetic in numpy, the reference the C++
tests compare with bit for bit.

Training is quantisation-aware: the forward pass rounds every weight to its integer step and
the hidden layer to the C++ activations' (a straight-through estimator passes the gradient on
unrounded), so the float model trained is, up to the accumulators' int16 range, the integer net
exported. Without it the 1/64 steps of the dense weights cost more than the net learns.
"""

import json
import struct

import numpy as np

MAGIC = b"ARBNNUE1"
ACT = 127  # first-layer scale and the clipped ReLU's top
DENSE = 64  # dense-weight scale
OUT_SCALE = ACT * DENSE
W0_LIMIT = 1.5  # |first-layer weight|: 127 · 1.5 per active feature keeps int16 sums in range
W_LIMIT = 127 / DENSE  # |dense weight|: int8


def fnv1a(data):
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def _rounded(torch, w, scale):
    """w on its integer grid of step 1/scale, the gradient passed straight through."""
    return w + (torch.round(w * scale) / scale - w).detach()


def _floored(torch, x, scale):
    return x + (torch.floor(x * scale) / scale - x).detach()


def make_model(torch, num_features, players, hidden, dense):
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.num_features = num_features
            self.players = players
            self.hidden = hidden
            self.dense = dense
            # Row num_features is padding (always zero).
            self.w0 = nn.EmbeddingBag(num_features + 1, hidden, mode="sum", padding_idx=num_features)
            self.b0 = nn.Parameter(torch.zeros(hidden))
            self.l1 = nn.Linear(players * hidden, dense)
            self.l2 = nn.Linear(dense, players)
            with torch.no_grad():
                self.w0.weight.normal_(0, 0.05)
                self.w0.weight[num_features].zero_()
                self.b0.fill_(0.25)

        def forward(self, features):  # (B, P, K) int64
            F = nn.functional
            b, p, k = features.shape
            w0 = _rounded(torch, self.w0.weight, ACT)
            acc = F.embedding_bag(features.reshape(b * p, k), w0, mode="sum",
                                  padding_idx=num_features).reshape(b, p, self.hidden)
            acc = acc + _rounded(torch, self.b0, ACT)
            x = acc.clamp(0, 1).reshape(b, p * self.hidden)
            h = F.linear(x, _rounded(torch, self.l1.weight, DENSE),
                         _rounded(torch, self.l1.bias, OUT_SCALE))
            # The C++ hidden activation: the sum's integer >> 6, i.e. floor(127 h) / 127.
            h = _floored(torch, h.clamp(0, 1), ACT)
            return F.linear(h, _rounded(torch, self.l2.weight, DENSE),
                            _rounded(torch, self.l2.bias, OUT_SCALE))

        def clip(self):
            with torch.no_grad():
                self.w0.weight.clamp_(-W0_LIMIT, W0_LIMIT)
                self.l1.weight.clamp_(-W_LIMIT, W_LIMIT)
                self.l2.weight.clamp_(-W_LIMIT, W_LIMIT)

    return Net()


def quantise(model):
    """The integer weights of a trained model, as numpy arrays in file order."""
    w0 = model.w0.weight.detach().cpu().numpy()[: model.num_features]
    q = {
        "w0": np.clip(np.round(w0 * ACT), -32767, 32767).astype("<i2"),
        "b0": np.clip(np.round(model.b0.detach().cpu().numpy() * ACT), -32767, 32767).astype("<i2"),
        "w1": np.clip(np.round(model.l1.weight.detach().cpu().numpy() * DENSE), -127, 127).astype("i1"),
        "b1": np.round(model.l1.bias.detach().cpu().numpy() * OUT_SCALE).astype("<i4"),
        "w2": np.clip(np.round(model.l2.weight.detach().cpu().numpy() * DENSE), -127, 127).astype("i1"),
        "b2": np.round(model.l2.bias.detach().cpu().numpy() * OUT_SCALE).astype("<i4"),
    }
    return q


def write_net(path, header, q):
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    body = MAGIC + struct.pack("<I", len(text)) + text
    for key in ("w0", "b0", "w1", "b1", "w2", "b2"):
        body += q[key].tobytes()
    with open(path, "wb") as f:
        f.write(body + struct.pack("<Q", fnv1a(body)))


def read_net(path):
    """(header, integer weights) of a net file, checked as the C++ loader checks it."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != MAGIC:
        raise ValueError(f"{path}: not an arbiter net file")
    (stored,) = struct.unpack_from("<Q", data, len(data) - 8)
    if fnv1a(data[:-8]) != stored:
        raise ValueError(f"{path}: checksum mismatch")
    (n,) = struct.unpack_from("<I", data, 8)
    header = json.loads(data[12 : 12 + n])
    f_, h, d, p = header["num_features"], header["hidden"], header["dense"], header["players"]
    at = 12 + n
    q = {}
    for key, dtype, shape in (
        ("w0", "<i2", (f_, h)),
        ("b0", "<i2", (h,)),
        ("w1", "i1", (d, p * h)),
        ("b1", "<i4", (d,)),
        ("w2", "i1", (p, d)),
        ("b2", "<i4", (p,)),
    ):
        count = int(np.prod(shape))
        q[key] = np.frombuffer(data, dtype=dtype, count=count, offset=at).reshape(shape)
        at += count * np.dtype(dtype).itemsize
    return header, q


def forward_int(q, features):
    """The C++ inference's integers for one position: features is a list of P index lists,
    mover first; returns P int32 outputs (divide by OUT_SCALE for logits)."""
    xs = []
    for lst in features:
        acc = q["b0"].astype(np.int32) + q["w0"][np.asarray(lst, dtype=np.int64)].astype(np.int32).sum(0)
        acc = ((acc + 32768) % 65536) - 32768  # int16 wrap, as the accumulator
        xs.append(np.clip(acc, 0, ACT))
    x = np.concatenate(xs).astype(np.int32)
    h = q["b1"].astype(np.int64) + q["w1"].astype(np.int64) @ x
    h = np.clip(h >> 6, 0, ACT)
    return (q["b2"].astype(np.int64) + q["w2"].astype(np.int64) @ h).astype(np.int32)
