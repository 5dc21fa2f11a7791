"""Generate the PyTorch corpus: small models exported by torch-mlir as StableHLO.

Run with `make corpus-torch` (it creates a virtual environment with torch and torch-mlir outside the
project venv). For each model it writes `torch/<name>.mlir` (the StableHLO text torch-mlir prints, with
its `dense_resource` weights) and `torch/<name>.npz` (the inputs `in0, in1, ...` and torch's eager
outputs `out0, out1, ...`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch_mlir import fx

OUT = Path(__file__).resolve().parent / "torch"


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 4))

    def forward(self, x):
        return self.net(x)


class CnnBatchNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(8 * 4 * 4, 5)

    def forward(self, x):
        y = self.pool(torch.relu(self.bn(self.conv(x))))
        return self.fc(y.flatten(1))


class CausalAttention(nn.Module):
    def __init__(self, dim: int = 16, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (z.reshape(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        scores = q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        scores = scores.masked_fill(mask, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.proj(out.transpose(1, 2).reshape(b, t, d))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True)

    def forward(self, x):
        return self.layer(x)


class MultiheadAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, q, kv):
        out, weights = self.attn(q, kv, kv)
        return out, weights


class EmbeddingBag(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8)
        self.fc = nn.Linear(8, 3)

    def forward(self, ids):
        return self.fc(self.emb(ids).mean(dim=1))


class GatherScatter(nn.Module):
    def forward(self, x, idx, src):
        g = torch.gather(x, 1, idx)
        s = torch.zeros(4, 6).scatter_add(1, idx, src)
        return g, s


class IndexPut(nn.Module):
    def forward(self, x, rows, values):
        y = x.clone()
        y[rows] = values
        return y, x[rows]


class Lstm(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(6, 8, batch_first=True)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return out, h, c


class Gru(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(6, 8, batch_first=True)

    def forward(self, x):
        out, h = self.gru(x)
        return out, h


class ResNetBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(4, 4, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(4)
        self.c2 = nn.Conv2d(4, 4, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(4)

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        return torch.relu(x + self.b2(self.c2(y)))


class LayerNormGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(12)
        self.fc = nn.Linear(12, 12)

    def forward(self, x):
        return nn.functional.gelu(self.fc(self.ln(x)))


class DepthwiseConv1d(nn.Module):
    def __init__(self):
        super().__init__()
        self.dw = nn.Conv1d(6, 6, 5, padding=2, groups=6)
        self.pw = nn.Conv1d(6, 4, 1)

    def forward(self, x):
        return self.pw(nn.functional.silu(self.dw(x)))


class PoolUpsample(nn.Module):
    def forward(self, x):
        a = nn.functional.avg_pool2d(x, 2)
        m = nn.functional.adaptive_avg_pool2d(x, 1)
        u = a.repeat_interleave(2, dim=2).repeat_interleave(2, dim=3)
        return u + m


class ConvTranspose(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1)

    def forward(self, x):
        return torch.sigmoid(self.up(x))


class Reductions(nn.Module):
    def forward(self, x):
        return x.cumsum(dim=1), x.argmax(dim=1), x.amax(dim=0), torch.logsumexp(x, dim=1)


class IntegerOps(nn.Module):
    def forward(self, a, b):
        q = torch.div(a, b, rounding_mode="floor")
        return q, torch.fmod(a, b), torch.where(a > b, a * 2, b - 1), torch.bitwise_xor(a, b)


class HalfLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4).to(torch.float16)

    def forward(self, x):
        return self.fc(x)


class BFloat16Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 8).to(torch.bfloat16)
        self.fc2 = nn.Linear(8, 2).to(torch.bfloat16)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Einsum(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 5, 4))

    def forward(self, x):
        return torch.einsum("bij,kjl->bkil", x, self.w)


class ConstantTable(nn.Module):
    """Buffers of several element types: integer, boolean and double dense_resource constants."""

    def __init__(self):
        super().__init__()
        self.register_buffer("perm", torch.tensor([3, 1, 0, 2], dtype=torch.int64))
        self.register_buffer("keep", torch.tensor([True, False, True, True]))
        self.register_buffer("scale", torch.linspace(0.5, 2.0, 4, dtype=torch.float64))
        self.register_buffer("offset", torch.tensor([1, -2, 3, -4], dtype=torch.int32))

    def forward(self, x):
        y = torch.index_select(x, 1, self.perm) * self.scale.to(torch.float32) + self.offset
        return torch.where(self.keep, y, torch.zeros_like(y))


def _models() -> dict[str, tuple[Callable[[], nn.Module], Callable[[], tuple[torch.Tensor, ...]]]]:
    f = torch.randn
    return {
        "mlp": (MLP, lambda: (f(4, 8),)),
        "cnn_batchnorm": (CnnBatchNorm, lambda: (f(2, 3, 8, 8),)),
        "causal_attention": (CausalAttention, lambda: (f(2, 6, 16),)),
        "transformer_encoder_layer": (EncoderLayer, lambda: (f(2, 5, 16),)),
        "multihead_attention": (MultiheadAttention, lambda: (f(2, 3, 16), f(2, 5, 16))),
        "embedding": (EmbeddingBag, lambda: (torch.randint(0, 20, (3, 7)),)),
        "gather_scatter": (GatherScatter, lambda: (f(4, 6), torch.randint(0, 6, (4, 3)), f(4, 3))),
        "index_put": (IndexPut, lambda: (f(6, 3), torch.tensor([4, 0, 2]), f(3, 3))),
        "lstm": (Lstm, lambda: (f(2, 5, 6),)),
        "gru": (Gru, lambda: (f(2, 5, 6),)),
        "resnet_block": (ResNetBlock, lambda: (f(2, 4, 6, 6),)),
        "layernorm_gelu": (LayerNormGelu, lambda: (f(3, 4, 12),)),
        "depthwise_conv1d": (DepthwiseConv1d, lambda: (f(2, 6, 10),)),
        "pool_upsample": (PoolUpsample, lambda: (f(2, 3, 8, 8),)),
        "conv_transpose": (ConvTranspose, lambda: (f(1, 4, 5, 5),)),
        "reductions": (Reductions, lambda: (f(3, 7),)),
        "integer_ops": (IntegerOps, lambda: (torch.randint(-20, 20, (5,)), torch.randint(1, 6, (5,)))),
        "half_linear": (HalfLinear, lambda: (f(3, 8).to(torch.float16),)),
        "bf16_mlp": (BFloat16Mlp, lambda: (f(3, 8).to(torch.bfloat16),)),
        "einsum": (Einsum, lambda: (f(2, 6, 5),)),
        "constant_table": (ConstantTable, lambda: (f(3, 4),)),
    }


def _numpy(t: torch.Tensor) -> np.ndarray:
    t = t.detach()
    if t.dtype == torch.bfloat16:
        # numpy has no bfloat16: store the bit pattern; the test reads it back as ml_dtypes.bfloat16
        return t.view(torch.int16).numpy().view(np.uint16)
    return t.numpy()


def _flat(outputs) -> list[torch.Tensor]:
    if isinstance(outputs, torch.Tensor):
        return [outputs]
    return [t for o in outputs for t in _flat(o)]


def generate(name: str, make_model, make_inputs) -> None:
    torch.manual_seed(sum(map(ord, name)))
    model = make_model().eval()
    for m in model.modules():  # non-trivial batch-norm statistics, so that eval mode matters
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 1.5)
    inputs = make_inputs()
    with torch.no_grad():
        outputs = _flat(model(*inputs))
    module = fx.export_and_import(model, *inputs, output_type="stablehlo", func_name="main")
    (OUT / f"{name}.mlir").write_text(str(module))
    arrays = {f"in{i}": _numpy(t) for i, t in enumerate(inputs)}
    arrays.update({f"out{i}": _numpy(t) for i, t in enumerate(outputs)})
    np.savez_compressed(OUT / f"{name}.npz", **arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", help="models to generate (default: all)")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    models = _models()
    failed = []
    for name in args.names or models:
        try:
            generate(name, *models[name])
        except Exception as err:  # a model torch-mlir cannot lower: name it, go on with the rest
            failed.append(name)
            print(f"FAILED {name}: {str(err).splitlines()[0]}")
        else:
            print("wrote", name)
    if failed:
        raise SystemExit(f"torch-mlir could not export: {', '.join(failed)}")


if __name__ == "__main__":
    main()
