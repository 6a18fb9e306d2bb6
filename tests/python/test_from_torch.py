"""from_torch: random float64 torch.nn.MultiheadAttention layers, converted and traced by the
core, give the module's output and per-head weights to 1e-9."""

import numpy as np
import pytest
import torch

import attention_stepper as stepper

TOLERANCE = 1e-9


def random_layer(embed_dim, heads, bias, seed):
    torch.manual_seed(seed)
    layer = torch.nn.MultiheadAttention(embed_dim, heads, bias=bias).double().eval()
    if bias:  # torch starts its biases at zero: draw them so that they matter
        with torch.no_grad():
            layer.in_proj_bias.normal_(0, 0.7)
            layer.out_proj.bias.normal_(0, 0.7)
    return layer


def torch_mask(length, keys, causal):
    """torch's boolean attn_mask (True = not allowed) for the scenario's "causal"."""
    return torch.ones(length, keys, dtype=torch.bool).triu(1) if causal else None


CASES = {
    # name: (embed_dim, heads, bias, L, S or None for self-attention, causal, padded keys)
    "self": (8, 2, False, 5, None, False, []),
    "self, biases": (8, 2, True, 5, None, False, []),
    "cross": (12, 3, False, 4, 7, False, []),
    "cross, biases": (12, 3, True, 4, 7, False, []),
    "causal, biases": (16, 4, True, 6, None, True, []),
    "cross causal, more queries than keys": (8, 1, True, 6, 4, True, []),
    "padded keys, biases": (8, 2, True, 5, None, False, [1, 4]),
    "cross, causal and padded, biases": (16, 2, True, 5, 6, True, [2, 5]),
    # BERT-base / GPT-2 small: 2.37 M numbers, a ~50 MB scenario file
    "768 wide, 12 heads, biases": (768, 12, True, 16, None, False, []),
}


@pytest.mark.parametrize("name", CASES)
def test_trace_equals_torch(name, trace):
    embed_dim, heads, bias, length, keys, causal, padded = CASES[name]
    layer = random_layer(embed_dim, heads, bias, seed=len(name))
    query = torch.randn(length, embed_dim, dtype=torch.float64)
    key = None if keys is None else torch.randn(keys, embed_dim, dtype=torch.float64)
    n = length if key is None else keys
    padding = None
    if padded:
        padding = torch.zeros(n, dtype=torch.bool)
        padding[padded] = True

    scenario = stepper.from_torch(
        layer,
        query,
        key,
        attn_mask="causal" if causal else None,
        key_padding_mask=padding,
    )
    result = trace(scenario)

    other = query if key is None else key
    with torch.no_grad():
        output, weights = layer(
            query,
            other,
            other,
            attn_mask=torch_mask(length, n, causal),
            key_padding_mask=padding,
            need_weights=True,
            average_attn_weights=False,
        )
    np.testing.assert_allclose(result["output"], output.numpy(), rtol=0, atol=TOLERANCE)
    assert len(result["heads"]) == heads
    for i, head in enumerate(result["heads"]):
        np.testing.assert_allclose(head["weights"], weights[i].numpy(), rtol=0, atol=TOLERANCE)
    # b_k shifts every score of a query by the same q·b_k, which the softmax cancels: K itself
    # shows whether it was added.
    w, b = layer.in_proj_weight.detach(), layer.in_proj_bias
    b = torch.zeros(3 * embed_dim, dtype=torch.float64) if b is None else b.detach()
    e = embed_dim
    for name, i, x in (("q", 0, query), ("k", 1, other), ("v", 2, other)):
        rows = slice(i * e, (i + 1) * e)
        expected = torch.nn.functional.linear(x, w[rows], b[rows])
        np.testing.assert_allclose(result[name], expected.numpy(), rtol=0, atol=TOLERANCE)
    assert result["fully_masked_queries"] == []
    for field in ("b_q", "b_k", "b_v", "b_o"):
        assert (field in result) == bias, field


def test_the_scenario_says_where_it_came_from():
    layer = random_layer(8, 2, True, seed=1)
    scenario = stepper.from_torch(layer, torch.randn(3, 8, dtype=torch.float64))
    assert scenario["title"] == "torch.nn.MultiheadAttention: embed_dim 8, 2 heads, with biases"
    assert scenario["source"] == "attention_stepper.from_torch"
    assert scenario["query_tokens"] == ["t1", "t2", "t3"]
    assert scenario["positional_encoding"] is False
    assert scenario["score"] == "scaled_dot"
    plain = stepper.from_torch(random_layer(8, 2, False, seed=1), torch.randn(2, 8))
    assert plain["title"].endswith("2 heads, without biases")
    assert not any(f in plain for f in ("b_q", "b_k", "b_v", "b_o"))


def test_row_vector_convention_and_packing():
    """w_q is torch's W_q transposed; in_proj_weight packs [W_q; W_k; W_v]."""
    layer = random_layer(6, 2, True, seed=3)
    scenario = stepper.from_torch(layer, torch.randn(2, 6), torch.randn(3, 6), tokens=["a", "b"])
    w = layer.in_proj_weight.detach().numpy()
    b = layer.in_proj_bias.detach().numpy()
    np.testing.assert_array_equal(scenario["w_q"], w[:6].T)
    np.testing.assert_array_equal(scenario["w_k"], w[6:12].T)
    np.testing.assert_array_equal(scenario["w_v"], w[12:].T)
    np.testing.assert_array_equal(scenario["w_o"], layer.out_proj.weight.detach().numpy().T)
    np.testing.assert_array_equal(scenario["b_v"], b[12:])
    assert scenario["query_tokens"] == ["a", "b"]
    assert scenario["key_tokens"] == ["k1", "k2", "k3"]


def test_real_tokenizer_tokens_pass_through(trace):
    tokens = ["[CLS]", "##ing", "Ġthe", "Ċ", "</script>", "[SEP]"]
    layer = random_layer(8, 2, True, seed=4)
    scenario = stepper.from_torch(layer, torch.randn(6, 8, dtype=torch.float64), tokens=tokens)
    result = trace(scenario)
    assert result["query_tokens"] == tokens
    assert result["title"] == scenario["title"]
    assert result["source"] == "attention_stepper.from_torch"
