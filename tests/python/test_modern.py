"""from_projections with the modern fields (kv_heads, rope, position_offset, window, sink_tokens,
alibi), traced by the core (npm run trace), against a reference written here in plain torch ops:
repeat_interleave for grouped-query heads, complex multiplication and rotate_half for RoPE, the
ALiBi paper's get_slopes, and the mask built from its rule. Output, per-head weights and the
rotated q and k agree to 1e-9; the Llama recipe of python/README.md is checked the same way."""

import math

import numpy as np
import pytest
import torch

import attention_stepper as stepper
from test_recipes import recipe

TOLERANCE = 1e-9


def rotate(x, theta, dims, style, offset):
    """RoPE on x (heads, L, d): position of row r is r + offset; the first dims components turn."""
    positions = torch.arange(x.shape[1], dtype=torch.float64) + offset
    freqs = theta ** (-torch.arange(0, dims, 2, dtype=torch.float64) / dims)
    angles = torch.outer(positions, freqs)  # (L, dims/2)
    head, rest = x[..., :dims], x[..., dims:]
    if style == "interleaved":  # Meta: pairs (2i, 2i+1) as complex numbers
        z = torch.view_as_complex(head.reshape(*head.shape[:-1], dims // 2, 2).contiguous())
        turned = torch.view_as_real(z * torch.polar(torch.ones_like(angles), angles)).flatten(-2)
    else:  # Hugging Face: x cos + rotate_half(x) sin
        cos, sin = torch.cat([angles.cos()] * 2, -1), torch.cat([angles.sin()] * 2, -1)
        rotated_half = torch.cat([-head[..., dims // 2 :], head[..., : dims // 2]], -1)
        turned = head * cos + rotated_half * sin
    return torch.cat([turned, rest], -1)


def get_slopes(n):
    """ALiBi's slopes as the paper's reference code computes them."""

    def power(p):
        start = 2 ** (-(2 ** -(math.log2(p) - 3)))
        return [start * start**i for i in range(p)]

    if math.log2(n).is_integer():
        return power(n)
    closest = 2 ** math.floor(math.log2(n))
    return power(closest) + get_slopes(2 * closest)[0::2][: n - closest]


def visible(m, n, mask, window, sinks, padded):
    i, j = torch.arange(m)[:, None], torch.arange(n)[None, :]
    seen = torch.ones(m, n, dtype=torch.bool)
    if mask == "causal":
        seen = j <= i
    if mask == "window":
        seen = (j <= i) & (j > i - window)
    if mask != "none":
        seen = seen | ((j < sinks) & (j <= i))
    for key in padded:
        seen[:, key] = False
    return seen


def reference(x, kv_x, w, heads, kv, rope=None, offset=0, mask="none", window=None, sinks=0,
              alibi=False, padded=()):
    """Grouped-query attention with RoPE, ALiBi and the mask, in torch: (q, k rotated per head,
    per-head weights, output)."""
    m, n = x.shape[0], kv_x.shape[0]
    d_k, d_v = w["q"].shape[1] // heads, w["v"].shape[1] // kv
    q = (x @ w["q"]).reshape(m, heads, d_k).transpose(0, 1)
    k = (kv_x @ w["k"]).reshape(n, kv, d_k).transpose(0, 1)
    v = (kv_x @ w["v"]).reshape(n, kv, d_v).transpose(0, 1)
    if rope:
        q = rotate(q, rope["theta"], rope.get("dims", d_k), rope["style"], offset)
        k = rotate(k, rope["theta"], rope.get("dims", d_k), rope["style"], offset)
    k_rep, v_rep = (t.repeat_interleave(heads // kv, dim=0) for t in (k, v))  # Llama's repeat_kv
    scores = q @ k_rep.transpose(1, 2) / math.sqrt(d_k)
    if alibi:
        distance = (torch.arange(m)[:, None] - torch.arange(n)[None, :]).abs().double()
        scores = scores - torch.tensor(get_slopes(heads)).double()[:, None, None] * distance
    seen = visible(m, n, mask, window, sinks, padded)
    weights = torch.softmax(scores.masked_fill(~seen, float("-inf")), -1).nan_to_num(0.0)
    concat = (weights @ v_rep).transpose(0, 1).reshape(m, heads * d_v)
    return q, k_rep, weights, concat @ w["o"]


def weights(d_model, heads, kv, d_k, d_v, seed):
    g = torch.Generator().manual_seed(seed)
    shapes = {"q": heads * d_k, "k": kv * d_k, "v": kv * d_v}
    w = {n: torch.randn(d_model, c, generator=g, dtype=torch.float64) / 3 for n, c in shapes.items()}
    w["o"] = torch.randn(heads * d_v, d_model, generator=g, dtype=torch.float64) / 3
    return w


CASES = {
    "MHA, interleaved RoPE": dict(heads=4, kv=4, rope={"theta": 10000.0, "style": "interleaved"}),
    "GQA, half RoPE, causal": dict(heads=4, kv=2, rope={"theta": 500000.0, "style": "half"},
                                   offset=5, mask="causal"),
    "MQA, half RoPE on 4 of 6": dict(heads=4, kv=1, d_k=6, rope={"theta": 10000.0, "style": "half",
                                                                 "dims": 4}, mask="causal"),
    "window + sinks + padding": dict(heads=4, kv=2, mask="window", window=3, sinks=2, padded=(4,)),
    "ALiBi, 6 heads, causal": dict(heads=6, kv=3, alibi=True, mask="causal"),
    "cross-attention, RoPE, ALiBi": dict(heads=2, kv=1, cross=True, alibi=True,
                                         rope={"theta": 10000.0, "style": "interleaved"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_modern_fields_match_torch(trace, name):
    c = {"d_k": 4, "d_v": 3, "offset": 0, "mask": "none", "window": None, "sinks": 0,
         "alibi": False, "padded": (), "rope": None, "cross": False, **CASES[name]}
    d_model, m = 8, 9
    g = torch.Generator().manual_seed(len(name))
    x = torch.randn(m, d_model, generator=g, dtype=torch.float64)
    kv_x = torch.randn(7, d_model, generator=g, dtype=torch.float64) if c["cross"] else x
    w = weights(d_model, c["heads"], c["kv"], c["d_k"], c["d_v"], seed=len(name))
    scenario = stepper.from_projections(
        x, w["q"], w["k"], w["v"], x_kv=kv_x if c["cross"] else None, w_o=w["o"],
        heads=c["heads"], kv_heads=c["kv"], rope=c["rope"], position_offset=c["offset"],
        mask=c["mask"], window=c["window"], sink_tokens=c["sinks"], alibi=c["alibi"],
        padded_keys=c["padded"],
    )
    q, k, a, out = reference(x, kv_x, w, c["heads"], c["kv"], c["rope"], c["offset"], c["mask"],
                             c["window"], c["sinks"], c["alibi"], c["padded"])
    result = trace(scenario)
    assert result["kv_heads"] == c["kv"]
    np.testing.assert_allclose(result["output"], out.numpy(), rtol=0, atol=TOLERANCE)
    for h, head in enumerate(result["heads"]):
        assert head["kv_head"] == h // (c["heads"] // c["kv"])
        np.testing.assert_allclose(head["weights"], a[h].numpy(), rtol=0, atol=TOLERANCE)
        assert ("q_rotated" in head) == bool(c["rope"])
        if c["rope"]:
            np.testing.assert_allclose(head["q_rotated"], q[h].numpy(), rtol=0, atol=TOLERANCE)
            np.testing.assert_allclose(head["k_rotated"], k[h].numpy(), rtol=0, atol=TOLERANCE)


def test_llama_recipe(trace):
    """python/README.md's Llama recipe on a small random layer (HF names, (out, in) weights)."""
    torch.manual_seed(8)
    hidden_size, heads, kv, layer, theta = 16, 4, 2, 3, 10000.0
    d = hidden_size // heads
    p = f"model.layers.{layer}.self_attn."
    state = {
        f"{p}q_proj.weight": torch.randn(heads * d, hidden_size) / 3,
        f"{p}k_proj.weight": torch.randn(kv * d, hidden_size) / 3,
        f"{p}v_proj.weight": torch.randn(kv * d, hidden_size) / 3,
        f"{p}o_proj.weight": torch.randn(hidden_size, heads * d) / 3,
    }
    tokens = ["<s>", "▁In", "▁the", "▁beginning", "▁God", "▁created"]
    hidden = torch.randn(len(tokens), hidden_size, dtype=torch.float64)
    scenario = recipe("llama")(state, layer, hidden, tokens, heads, kv, theta)
    w = {n: state[f"{p}{n}_proj.weight"].double().T for n in "qkvo"}
    q, k, a, out = reference(hidden, hidden, w, heads, kv, {"theta": theta, "style": "half"},
                             mask="causal")
    result = trace(scenario)
    np.testing.assert_allclose(result["output"], out.numpy(), rtol=0, atol=TOLERANCE)
    for h, head in enumerate(result["heads"]):
        np.testing.assert_allclose(head["weights"], a[h].numpy(), rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(head["q_rotated"], q[h].numpy(), rtol=0, atol=TOLERANCE)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"kv_heads": 3}, r"kv_heads is 3; it must divide heads \(4\)"),
        ({"rope": {"dims": 3}}, r"rope\['dims'\] is 3; it must be an even number between 2 and d_k"),
        ({"rope": {"theta": 0.5}}, r"rope\['theta'\] is 0.5; it must be a finite number above 1"),
        ({"rope": {"style": "spiral"}}, r"rope\['style'\] is 'spiral'"),
        ({"rope": {"base": 10}}, r"rope: unknown key 'base'"),
        ({"mask": "window"}, r"window: mask is \"window\" but window is None"),
        ({"mask": "window", "window": 0}, r"window is 0; it must be between 1 and 512"),
        ({"window": 2}, r"window: given but mask is \"none\""),
        ({"sink_tokens": 1}, r"sink_tokens is 1 but mask is \"none\""),
        ({"mask": "causal", "sink_tokens": 9}, r"sink_tokens is 9; it must be between 0 and 4"),
        ({"position_offset": -1}, r"position_offset is -1; it must be between 0 and 1000000"),
        ({"alibi": "yes"}, r"alibi must be True or False"),
    ],
)
def test_modern_refusals_name_the_argument(fields, message):
    x = np.zeros((4, 8))
    with pytest.raises(ValueError, match=message):
        stepper.from_projections(x, np.ones((8, 8)), np.ones((8, 8)), np.ones((8, 8)), heads=4,
                                 **fields)


def test_gqa_shapes_are_checked():
    x, w = np.zeros((4, 8)), np.ones((8, 8))
    with pytest.raises(ValueError, match=r"w_k: has shape \(8, 8\); it must be \(8, 4\)"):
        stepper.from_projections(x, w, w, np.ones((8, 4)), heads=4, kv_heads=2)
    with pytest.raises(ValueError, match=r"b_k: has 8 numbers; it must have 4"):
        stepper.from_projections(x, w, np.ones((8, 4)), np.ones((8, 4)), heads=4, kv_heads=2,
                                 b_k=np.ones(8))
