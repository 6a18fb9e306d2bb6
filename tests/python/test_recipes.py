"""The BERT and GPT-2 recipes of python/README.md, run as written there on random tensors shaped
like a small layer of each (state_dict names as in Hugging Face's models), match a plain torch
computation to 1e-9."""

import math
import re

import numpy as np
import torch
import torch.nn.functional as F

from conftest import ROOT

TOLERANCE = 1e-9


def recipe(name):
    """The function the README's code block after `<!-- recipe: name ... -->` defines."""
    text = (ROOT / "python" / "README.md").read_text(encoding="utf-8")
    code = re.search(rf"<!-- recipe: {name}\b.*?-->\s*```python\n(.*?)```", text, re.S).group(1)
    namespace = {}
    exec(compile(code, f"python/README.md ({name})", "exec"), namespace)
    return namespace[f"{name}_attention"]


def attention(q, k, v, heads, hidden_mask):
    """Plain multi-head attention on (L, d) projections: the scores of masked keys are -inf."""
    size = q.shape[1] // heads
    split = [t.reshape(t.shape[0], heads, -1).transpose(0, 1) for t in (q, k, v)]
    scores = split[0] @ split[1].transpose(1, 2) / math.sqrt(size)
    weights = torch.softmax(scores.masked_fill(hidden_mask, float("-inf")), dim=-1)
    context = (weights @ split[2]).transpose(0, 1).reshape(q.shape[0], -1)
    return context, weights


def check(result, projections, output, weights):
    """The trace against torch: Q, K, V (K alone shows b_k: the softmax cancels it), the
    per-head weights and the output."""
    for name, expected in zip("qkv", projections):
        np.testing.assert_allclose(result[name], expected.numpy(), rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(result["output"], output.numpy(), rtol=0, atol=TOLERANCE)
    for i, head in enumerate(result["heads"]):
        np.testing.assert_allclose(head["weights"], weights[i].numpy(), rtol=0, atol=TOLERANCE)


def test_bert_recipe(trace):
    torch.manual_seed(5)
    d, heads, layer = 32, 4, 1
    p = f"encoder.layer.{layer}.attention."
    state = {
        **{f"{p}self.{n}.weight": torch.randn(d, d) / 4 for n in ("query", "key", "value")},
        **{f"{p}self.{n}.bias": torch.randn(d) for n in ("query", "key", "value")},
        f"{p}output.dense.weight": torch.randn(d, d) / 4,
        f"{p}output.dense.bias": torch.randn(d),
    }
    tokens = ["[CLS]", "the", "walk", "##ing", "cat", "[SEP]", "[PAD]"]
    hidden = torch.randn(len(tokens), d, dtype=torch.float64)
    attention_mask = torch.tensor([1, 1, 1, 1, 1, 1, 0])

    scenario = recipe("bert")(state, layer, hidden, tokens, heads, attention_mask)
    assert scenario["padded_keys"] == [6]

    s = {k: v.double() for k, v in state.items()}
    q, k, v = (
        F.linear(hidden, s[f"{p}self.{n}.weight"], s[f"{p}self.{n}.bias"])
        for n in ("query", "key", "value")
    )
    context, weights = attention(q, k, v, heads, (attention_mask == 0).expand(len(tokens), -1))
    output = F.linear(context, s[f"{p}output.dense.weight"], s[f"{p}output.dense.bias"])
    check(trace(scenario), (q, k, v), output, weights)


def test_gpt2_recipe(trace):
    torch.manual_seed(6)
    d, heads, layer = 24, 3, 0
    p = f"h.{layer}."
    state = {
        f"{p}ln_1.weight": 1 + torch.randn(d) / 10,
        f"{p}ln_1.bias": torch.randn(d) / 10,
        f"{p}attn.c_attn.weight": torch.randn(d, 3 * d) / 4,  # Conv1D: (in, 3·out)
        f"{p}attn.c_attn.bias": torch.randn(3 * d),
        f"{p}attn.c_proj.weight": torch.randn(d, d) / 4,
        f"{p}attn.c_proj.bias": torch.randn(d),
    }
    tokens = ["The", "Ġcat", "Ġsat", "Ġon", "Ġthe", "Ġmat"]
    residual = torch.randn(len(tokens), d, dtype=torch.float64)

    scenario = recipe("gpt2")(state, layer, residual, tokens, heads)
    assert scenario["mask"] == "causal"

    s = {k: v.double() for k, v in state.items()}
    x = F.layer_norm(residual, (d,), s[f"{p}ln_1.weight"], s[f"{p}ln_1.bias"], 1e-5)
    qkv = x @ s[f"{p}attn.c_attn.weight"] + s[f"{p}attn.c_attn.bias"]
    q, k, v = qkv.split(d, dim=1)
    future = torch.ones(len(tokens), len(tokens), dtype=torch.bool).triu(1)
    context, weights = attention(q, k, v, heads, future)
    output = context @ s[f"{p}attn.c_proj.weight"] + s[f"{p}attn.c_proj.bias"]
    result = trace(scenario)
    check(result, (q, k, v), output, weights)
    assert result["query_tokens"] == tokens
