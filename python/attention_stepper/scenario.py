"""Scenario files (docs/scenario.md) from projection weights, for any framework.

Row-vector convention, as the stepper uses it: X is (m, d_model), Q = X_q W_Q + b_q with W_Q of
shape (d_model, h*d_k), and head i takes columns [i*d_k, (i+1)*d_k). A PyTorch ``nn.Linear``
stores its weight as (out, in), so its W_Q here is ``linear.weight.T``.
"""

import json

import numpy as np

from .modern import kv_head_count, mask_fields, position_fields, rope_field

# The core's limits (cpp/core/scenario/scenario.h Limits, cpp/core/scenario/json.h JsonLimits).
MAX_TOKENS = 512
MAX_TOKEN_BYTES = 40
MAX_D_MODEL = 1024
MAX_HEADS = 16
MAX_HEAD_DIM = 512
MAX_PROJECTION_WIDTH = 1024
MAX_ABS_VALUE = 1e6
MAX_TITLE_BYTES = 120
MAX_SOURCE_BYTES = 300
MAX_FILE_MB = 128
MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024
MAX_JSON_VALUES = 5_000_000


def whole_number(name, value):
    """`value` as an int: a Python or NumPy integer. A bool (True is 1 to Python), a string, a
    float or None is refused naming `name`, rather than failing later in the core or json."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number, got {type(value).__name__} {value!r:.40}")
    return int(value)


def as_array(name, value, ndim):
    """`value` (NumPy, a torch tensor, nested lists) as a float64 array of `ndim` dimensions.
    Complex numbers are refused: float64 would drop their imaginary parts silently."""
    if hasattr(value, "detach"):  # a torch tensor: leave autograd and the GPU first
        if value.is_complex():
            raise ValueError(f"{name}: holds complex numbers ({value.dtype}); give real ones")
        value = value.detach().cpu().double().numpy()
    try:
        array = np.asarray(value)
        if np.iscomplexobj(array):
            raise ValueError(f"{name}: holds complex numbers ({array.dtype}); give real ones")
        if array.dtype.kind not in "biuf":  # strings, objects: not numbers
            raise TypeError(f"{array.dtype} values")
        array = array.astype(np.float64)
    except (TypeError, ValueError) as err:
        if "complex" in str(err):
            raise
        raise ValueError(f"{name}: not an array of numbers ({err})") from None
    if array.ndim != ndim:
        kind = "a vector" if ndim == 1 else "a matrix"
        raise ValueError(f"{name}: must be {kind} ({ndim}-D), got shape {array.shape}")
    bad = ~np.isfinite(array) | (np.abs(array) > MAX_ABS_VALUE)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(
            f"{name}{list(where)} is {array[where]!r}; every entry must be a finite number "
            f"between -{MAX_ABS_VALUE:g} and {MAX_ABS_VALUE:g}"
        )
    return array


def utf8_bytes(name, text):
    """The UTF-8 length of `text`; a lone surrogate (not text) is refused, naming `name`."""
    try:
        return len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise ValueError(f"{name} {text!r:.40} holds a lone surrogate: not UTF-8 text") from None


def check_tokens(name, tokens, count):
    """A list of `count` strings of 1..40 UTF-8 bytes; None gives "t1".."t<count>"."""
    if tokens is None:
        prefix = "k" if name == "key_tokens" else "t"
        return [f"{prefix}{i + 1}" for i in range(count)]
    tokens = list(tokens)
    if len(tokens) != count:
        raise ValueError(f"{name}: {len(tokens)} tokens for {count} rows; give one token per row")
    for i, token in enumerate(tokens):
        if not isinstance(token, str):
            raise ValueError(f"{name}[{i}] must be a string, got {type(token).__name__}")
        size = utf8_bytes(f"{name}[{i}]", token)
        if not 1 <= size <= MAX_TOKEN_BYTES:
            raise ValueError(
                f"{name}[{i}] {token!r} is {size} bytes of UTF-8; "
                f"it must be 1 to {MAX_TOKEN_BYTES} bytes"
            )
    return tokens


def check_text(name, text, limit):
    size = utf8_bytes(name, text) if isinstance(text, str) else -1
    if not 1 <= size <= limit:
        raise ValueError(f"{name} must be a string of 1 to {limit} bytes of UTF-8: {text!r:.40}")
    return text


def check_range(name, value, low, high):
    if not low <= value <= high:
        raise ValueError(f"{name} is {value}; it must be between {low} and {high}")


def check_bias(name, bias, length):
    if bias is None:
        return None
    vector = as_array(name, bias, 1)
    if vector.shape[0] != length:
        raise ValueError(f"{name}: has {vector.shape[0]} numbers; it must have {length}")
    return vector.tolist()


def json_values(value):
    """How many JSON values `value` holds, itself included (the core counts them all)."""
    if isinstance(value, dict):
        return 1 + sum(json_values(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(json_values(v) for v in value)
    return 1


def check_file_size(scenario, text=None):
    """The limits of a scenario file: 128 MB of JSON and 5,000,000 values. `text` is the JSON
    the caller writes anyway, so a 50 MB layer is not serialised twice."""
    size = len((json.dumps(scenario) if text is None else text).encode("utf-8"))
    values = json_values(scenario)
    if size > MAX_FILE_BYTES or values > MAX_JSON_VALUES:
        raise ValueError(
            f"the scenario is {size / 2**20:.1f} MB of JSON with {values:,} values; a scenario "
            f"file holds at most {MAX_FILE_MB} MB and {MAX_JSON_VALUES:,} values (fewer tokens "
            "or a smaller d_model fit)"
        )


def from_projections(
    x_q,
    w_q,
    w_k,
    w_v,
    *,
    x_kv=None,
    w_o=None,
    b_q=None,
    b_k=None,
    b_v=None,
    b_o=None,
    heads,
    tokens=None,
    key_tokens=None,
    mask="none",
    padded_keys=(),
    title=None,
    source=None,
    kv_heads=None,
    rope=None,
    position_offset=0,
    window=None,
    sink_tokens=0,
    alibi=False,
):
    """A scenario file (as a dict) for multi-head attention given by its projections.

    Shapes, in the row-vector convention (m queries, n keys; numbers as NumPy arrays, torch
    tensors or nested lists, kept in float64):

    - ``x_q`` (m, d_model); ``x_kv`` (n, d_model) for cross-attention, None for self-attention;
    - ``w_q`` (d_model, heads*d_k); ``w_k`` (d_model, kv_heads*d_k); ``w_v`` (d_model,
      kv_heads*d_v); head i uses columns [i*d_k, (i+1)*d_k) (PyTorch's ``nn.Linear`` weight is
      (out, in): pass ``weight.T``);
    - ``w_o`` (heads*d_v, d_model), or None for no output projection;
    - ``b_q`` (heads*d_k,), ``b_k`` (kv_heads*d_k,), ``b_v`` (kv_heads*d_v,), ``b_o``
      (d_model,) or None (zero);
    - ``tokens`` m strings (default "t1".."tm"), ``key_tokens`` n strings (default "k1".."kn");
    - ``mask`` "none", "causal" (query i sees keys 0..i) or "window" (keys i-window+1..i, with
      ``window``); ``sink_tokens`` keys 0..sink_tokens-1 stay visible under "causal" and
      "window"; ``padded_keys`` key indices every query ignores; ``title`` (1..120 bytes) and
      ``source`` (1..300 bytes) are shown by the app;
    - ``kv_heads`` key/value heads (None: heads; it divides heads): query head i uses K/V head
      i // (heads // kv_heads), as Llama's repeat_kv;
    - ``rope`` None or {"theta": 10000, "style": "interleaved" | "half", "dims": d_k}: RoPE on
      each head's q and k at position index + ``position_offset`` ("half" is Hugging Face's
      rotate_half); ``alibi`` True adds ALiBi's -slope_h |i - j| to the scaled scores.

    The scores are scaled dot products, Q_i K_i^T / sqrt(d_k). Raises ValueError naming the
    argument and the limit when the scenario cannot hold what is given.
    """
    x_q = as_array("x_q", x_q, 2)
    m, d_model = x_q.shape
    check_range("x_q rows (query tokens)", m, 1, MAX_TOKENS)
    check_range("d_model (x_q columns)", d_model, 1, MAX_D_MODEL)
    heads = whole_number("heads", heads)
    check_range("heads", heads, 1, MAX_HEADS)
    scenario = {"query_tokens": check_tokens("tokens", tokens, m)}
    if x_kv is not None:
        x_kv = as_array("x_kv", x_kv, 2)
        check_range("x_kv rows (key tokens)", x_kv.shape[0], 1, MAX_TOKENS)
        if x_kv.shape[1] != d_model:
            raise ValueError(f"x_kv: has {x_kv.shape[1]} columns; it must have d_model = {d_model}")
        scenario["key_tokens"] = check_tokens("key_tokens", key_tokens, x_kv.shape[0])
    elif key_tokens is not None:
        raise ValueError("key_tokens: given without x_kv; self-attention has tokens only")
    n = m if x_kv is None else x_kv.shape[0]

    kv = kv_head_count(kv_heads, heads)
    widths = {}
    for name, w, split in (("w_q", w_q, heads), ("w_k", w_k, kv), ("w_v", w_v, kv)):
        w = as_array(name, w, 2)
        if w.shape[0] != d_model:
            raise ValueError(f"{name}: has {w.shape[0]} rows; it must have d_model = {d_model}")
        if w.shape[1] % split:
            raise ValueError(f"{name}: {w.shape[1]} columns do not split into {split} heads")
        check_range(f"{name} columns (heads*d)", w.shape[1], split, MAX_PROJECTION_WIDTH)
        check_range(f"{name} columns per head", w.shape[1] // split, 1, MAX_HEAD_DIM)
        widths[name] = w
    d_k = widths["w_q"].shape[1] // heads
    d_v = widths["w_v"].shape[1] // kv
    if widths["w_k"].shape[1] != kv * d_k:
        shapes = widths["w_k"].shape, (d_model, kv * d_k)
        raise ValueError("w_k: has shape {}; it must be {} (d_model, kv_heads*d_k)".format(*shapes))

    scenario.update(d_model=d_model, heads=heads, d_k=d_k, d_v=d_v)
    if kv != heads:
        scenario["kv_heads"] = kv
    scenario.update(mask_fields(mask, window, sink_tokens, n))
    if isinstance(padded_keys, (str, bytes)) or not hasattr(padded_keys, "__iter__"):
        raise ValueError(f"padded_keys must be a list of key indices, got {padded_keys!r:.40}")
    padded = sorted({whole_number(f"padded_keys[{i}]", k) for i, k in enumerate(padded_keys)})
    if padded and not 0 <= padded[0] <= padded[-1] < n:
        raise ValueError(f"padded_keys: {padded} must be key indices between 0 and {n - 1}")
    if padded:
        scenario["padded_keys"] = padded
    scenario["positional_encoding"] = False
    rope = rope_field(rope, d_k)
    if rope is not None:
        scenario["rope"] = rope
    scenario.update(position_fields(position_offset, alibi))
    scenario["score"] = "scaled_dot"
    scenario["x_q"] = x_q.tolist()
    if x_kv is not None:
        scenario["x_kv"] = x_kv.tolist()
    for name, w in widths.items():
        scenario[name] = w.tolist()
    if w_o is None:
        if b_o is not None:
            raise ValueError("b_o: given without w_o; there is no output projection to add it to")
        scenario["w_o"] = None
    else:
        w_o = as_array("w_o", w_o, 2)
        if w_o.shape != (heads * d_v, d_model):
            raise ValueError(f"w_o: has shape {w_o.shape}; it must be {(heads * d_v, d_model)}")
        scenario["w_o"] = w_o.tolist()
    for name, bias, length in (
        ("b_q", b_q, heads * d_k),
        ("b_k", b_k, kv * d_k),
        ("b_v", b_v, kv * d_v),
        ("b_o", b_o, d_model),
    ):
        vector = check_bias(name, bias, length)
        if vector is not None:
            scenario[name] = vector
    if title is not None:
        scenario["title"] = check_text("title", title, MAX_TITLE_BYTES)
    if source is not None:
        scenario["source"] = check_text("source", source, MAX_SOURCE_BYTES)
    check_file_size(scenario)
    return scenario

