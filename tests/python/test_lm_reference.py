"""The language model's forward (cpp/lm) against an independent one written here in plain torch
ops, float64 on the checkpoint's float32 tensors, following llama2.c's run.c: RMSNorm (eps 1e-5),
interleaved RoPE, grouped-query causal attention, SwiGLU, the shared classifier. `lm attention`'s
weights and last logits must agree to 1e-9 (docs/contracts.md: the CLI computes in float64)."""

import json
import struct
import subprocess

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from conftest import ROOT

MODEL = ROOT / "models" / "kjv" / "model.bin"
TOKENIZER = ROOT / "models" / "kjv" / "tokenizer.bin"


def read_checkpoint(path):
    """llama2.c's version-0 file: 7 int32, then float32 tensors, each (out, in)."""
    raw = path.read_bytes()
    dim, hidden, layers, heads, kv_heads, vocab, seq_len = struct.unpack("<7i", raw[:28])
    floats = np.frombuffer(raw, dtype="<f4", offset=28).astype(np.float64)
    hs, kv_dim, at = dim // heads, dim // heads * kv_heads, 0

    def take(*shape):
        nonlocal at
        n = int(np.prod(shape))
        out = torch.from_numpy(floats[at : at + n].reshape(shape).copy())
        at += n
        return out

    w = {"emb": take(abs(vocab), dim), "rms_att": take(layers, dim)}
    w.update(wq=take(layers, dim, dim), wk=take(layers, kv_dim, dim), wv=take(layers, kv_dim, dim))
    w.update(wo=take(layers, dim, dim), rms_ffn=take(layers, dim))
    w.update(w1=take(layers, hidden, dim), w2=take(layers, dim, hidden))
    w["w3"] = take(layers, hidden, dim)
    w["rms_final"] = take(dim)
    take(seq_len * hs // 2)  # freq_cis_real and _imag: llama2.c's legacy tables, unused
    take(seq_len * hs // 2)
    w["cls"] = w["emb"] if vocab > 0 else take(-vocab, dim)
    return w, {"layers": layers, "heads": heads, "kv_heads": kv_heads, "hs": hs}


def rmsnorm(x, g):
    return x / torch.sqrt((x * x).mean(dim=-1, keepdim=True) + 1e-5) * g


def rope(x, hs):
    """x (T, n·hs): pairs (2i, 2i+1) of each head turned by pos · 10000^(−2i/hs)."""
    T, width = x.shape
    pos = torch.arange(T, dtype=torch.float64)[:, None]
    freq = 1.0 / 10000.0 ** ((torch.arange(0, width, 2) % hs).double() / hs)
    c, s = torch.cos(pos * freq), torch.sin(pos * freq)
    a, b = x[:, 0::2], x[:, 1::2]
    out = torch.empty_like(x)
    out[:, 0::2], out[:, 1::2] = a * c - b * s, a * s + b * c
    return out


def forward(w, cfg, ids):
    """Every layer's per-head causal weights (layers, heads, T, T) and the last row's logits."""
    hs, group = cfg["hs"], cfg["heads"] // cfg["kv_heads"]
    x = w["emb"][ids]
    T = len(ids)
    future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    weights = []
    for l in range(cfg["layers"]):
        xn = rmsnorm(x, w["rms_att"][l])
        q, k, v = rope(xn @ w["wq"][l].T, hs), rope(xn @ w["wk"][l].T, hs), xn @ w["wv"][l].T
        heads, outs = [], []
        for h in range(cfg["heads"]):
            g = h // group
            qh = q[:, h * hs : (h + 1) * hs]
            kh, vh = k[:, g * hs : (g + 1) * hs], v[:, g * hs : (g + 1) * hs]
            a = torch.softmax((qh @ kh.T / hs**0.5).masked_fill(future, float("-inf")), dim=-1)
            heads.append(a)
            outs.append(a @ vh)
        weights.append(heads)
        x = x + torch.cat(outs, dim=1) @ w["wo"][l].T
        hn = rmsnorm(x, w["rms_ffn"][l])
        a1 = hn @ w["w1"][l].T
        x = x + (a1 * torch.sigmoid(a1) * (hn @ w["w3"][l].T)) @ w["w2"][l].T
    logits = rmsnorm(x, w["rms_final"]) @ w["cls"].T
    return weights, logits[-1]


def lm_attention(text, layer, head):
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "cli" / "lm.mjs"), "attention", str(MODEL), str(TOKENIZER)]
        + [text, "--layer", str(layer), "--head", str(head)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("layer,head", [(0, 0), (0, 3), (1, 1), (1, 2)])
def test_lm_forward_equals_an_independent_torch_forward(layer, head):
    w, cfg = read_checkpoint(MODEL)
    got = lm_attention("In the beginning God created the heaven and the earth.", layer, head)
    weights, logits = forward(w, cfg, got["ids"])
    want = weights[layer][head].numpy()
    assert np.abs(np.array(got["weights"]) - want).max() < 1e-9
    assert np.abs(np.array(got["logits_last"]) - logits.numpy()).max() < 1e-9
