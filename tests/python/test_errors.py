"""What a scenario cannot express is a ValueError naming the argument (and the limit)."""

import numpy as np
import pytest
import torch

import attention_stepper as stepper
from attention_stepper.html import element


def layer(embed_dim=8, heads=2, **options):
    return torch.nn.MultiheadAttention(embed_dim, heads, **options).double().eval()


X = torch.randn(4, 8, dtype=torch.float64)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: stepper.from_torch(layer(), X, attn_mask=torch.zeros(4, 4)), "attn_mask"),
        (lambda: stepper.from_torch(layer(), X, attn_mask="upper"), "attn_mask"),
        (lambda: stepper.from_torch(layer(kdim=6, vdim=6), X, torch.randn(3, 6)), "module: kdim 6"),
        (lambda: stepper.from_torch(layer(), X.unsqueeze(0)), "query: a batch"),
        (lambda: stepper.from_torch(layer(batch_first=True), X.unsqueeze(0)), "query: a batch"),
        (lambda: stepper.from_torch(layer(), X, X.unsqueeze(1)), "key: a batch"),
        (lambda: stepper.from_torch(layer(), torch.randn(4, 6)), "query: has shape (4, 6)"),
        (lambda: stepper.from_torch(layer(add_bias_kv=True), X), "module: add_bias_kv=True"),
        (lambda: stepper.from_torch(layer(add_zero_attn=True), X), "module: add_zero_attn"),
        (lambda: stepper.from_torch(layer(dropout=0.1).train(), X), "module: dropout 0.1"),
        (lambda: stepper.from_torch(torch.nn.Linear(8, 8), X), "module: a Linear"),
        (lambda: stepper.from_torch(layer(), torch.randn(513, 8)), "query: has 513 tokens"),
        (lambda: stepper.from_torch(layer(), X, torch.randn(600, 8)), "key: has 600 tokens"),
        (lambda: stepper.from_torch(layer(1040, 8), torch.randn(2, 1040)), "embed_dim 1040"),
        (lambda: stepper.from_torch(layer(32, 32), torch.randn(2, 32)), "up to 16 heads"),
        (
            lambda: stepper.from_torch(layer(), X, key_padding_mask=torch.zeros(4)),
            "key_padding_mask: must be a boolean",
        ),
        (
            lambda: stepper.from_torch(layer(), X, key_padding_mask=torch.ones(1, 4) > 0),
            "key_padding_mask: has shape (1, 4)",
        ),
        (lambda: stepper.from_torch(layer(), X, tokens=["a", "b"]), "tokens: 2 tokens for 4 rows"),
        (lambda: stepper.from_torch(layer(), X, tokens=["a", "", "c", "d"]), "tokens[1] ''"),
        (
            lambda: stepper.from_torch(layer(), X, tokens=["a", "b", "c", "é" * 21]),
            "it must be 1 to 40 bytes",
        ),
    ],
)
def test_from_torch_refuses(call, words):
    with pytest.raises(ValueError) as caught:
        call()
    assert words in str(caught.value)


W = np.eye(4)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"b_o": np.zeros(4)}, "b_o: given without w_o"),
        ({"w_o": np.eye(4), "b_q": np.zeros(3)}, "b_q: has 3 numbers; it must have 4"),
        ({"w_o": np.eye(3)}, "w_o: has shape (3, 3); it must be (4, 4)"),
        ({"x_kv": np.ones((2, 3))}, "x_kv: has 3 columns; it must have d_model = 4"),
        ({"key_tokens": ["a"]}, "key_tokens: given without x_kv"),
        ({"mask": "future"}, "mask is 'future'"),
        ({"padded_keys": [5]}, "padded_keys: [5] must be key indices between 0 and 2"),
        ({"heads": 3}, "w_q: 4 columns do not split into 3 heads"),
        ({"heads": 0}, "heads is 0; it must be between 1 and 16"),
        ({"title": "x" * 121}, "title must be a string of 1 to 120 bytes"),
        ({"source": ""}, "source must be a string of 1 to 300 bytes"),
        ({"tokens": ["a", "\udc80", "c"]}, "tokens[1] '\\udc80' holds a lone surrogate"),
    ],
)
def test_from_projections_refuses(options, words):
    arguments = {"heads": 2, **options}
    with pytest.raises(ValueError) as caught:
        stepper.from_projections(np.ones((3, 4)), W, W, W, **arguments)
    assert words in str(caught.value)


def test_entries_beyond_the_limits_are_named():
    x = np.ones((3, 4))
    x[1, 2] = np.nan
    with pytest.raises(ValueError, match=r"x_q\[1, 2\] is nan; every entry must be a finite"):
        stepper.from_projections(x, W, W, W, heads=1)
    w = W.copy()
    w[0, 3] = 2e6
    with pytest.raises(ValueError, match=r"w_k\[0, 3\] is 2000000.0; .* -1e\+06 and 1e\+06"):
        stepper.from_projections(np.ones((3, 4)), W, w, W, heads=1)


def test_a_layer_too_big_for_a_scenario_file_says_so():
    """A 1024-wide cross-attention layer on 512 queries and 512 keys is over 5,000,000 values."""
    x, w = np.zeros((512, 1024)), np.zeros((1024, 1024))
    with pytest.raises(ValueError, match=r"a scenario file holds at most 128 MB and 5,000,000"):
        stepper.from_projections(x, w, w, w, x_kv=x, w_o=w, heads=16)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"heads": True}, "heads must be a whole number, got bool True"),
        ({"heads": "2"}, "heads must be a whole number, got str '2'"),
        ({"heads": None}, "heads must be a whole number, got NoneType None"),
        ({"heads": 2.0}, "heads must be a whole number, got float 2.0"),
        ({"padded_keys": [1.5]}, "padded_keys[0] must be a whole number, got float 1.5"),
        ({"padded_keys": [0, True]}, "padded_keys[1] must be a whole number, got bool True"),
        ({"padded_keys": "12"}, "padded_keys must be a list of key indices"),
        ({"b_q": np.array([1j, 0, 0, 0])}, "b_q: holds complex numbers (complex128)"),
        ({"x_kv": [["a"] * 4]}, "x_kv: not an array of numbers"),
    ],
)
def test_a_bad_type_is_a_value_error_naming_the_argument(options, words):
    arguments = {"heads": 2, "w_o": np.eye(4), **options}
    with pytest.raises(ValueError) as caught:
        stepper.from_projections(np.ones((3, 4)), W, W, W, **arguments)
    assert words in str(caught.value)


def test_complex_weights_are_refused_not_cut_to_their_real_part():
    for w in (W * (1 + 1j), torch.eye(4, dtype=torch.complex128)):
        with pytest.raises(ValueError, match=r"w_k: holds complex numbers"):
            stepper.from_projections(np.ones((3, 4)), W, w, W, heads=1)


def test_numpy_integers_work_as_whole_numbers():
    s = stepper.from_projections(
        np.ones((3, 4)), W, W, W, heads=np.int64(2), padded_keys=[np.int32(1)]
    )
    assert s["heads"] == 2 and type(s["heads"]) is int
    assert s["padded_keys"] == [1]
    html = element(s, head=np.int64(2), query=np.int16(1))
    assert 'head="2"' in html and 'query="1"' in html
