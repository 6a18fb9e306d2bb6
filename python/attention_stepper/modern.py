"""The modern attention fields of a scenario (docs/scenario.md, Modern attention), checked with
the core's limits so that a mistake is named here, by argument, rather than by the core later:
``kv_heads`` (grouped-query attention), ``rope`` (rotary position embedding), ``position_offset``,
the ``"window"`` mask with ``window``, ``sink_tokens`` and ``alibi``."""

import math

import numpy as np

MAX_TOKENS = 512
MAX_POSITION_OFFSET = 1_000_000
ROPE_KEYS = ("theta", "style", "dims")
ROPE_STYLES = ("interleaved", "half")
MASKS = ("none", "causal", "window")


def _whole(name, value):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number, got {type(value).__name__} {value!r:.40}")
    return int(value)


def kv_head_count(kv_heads, heads):
    """`kv_heads` (None: `heads`), a whole number from 1 to heads that divides heads."""
    if kv_heads is None:
        return heads
    kv = _whole("kv_heads", kv_heads)
    if not 1 <= kv <= heads or heads % kv:
        raise ValueError(
            f"kv_heads is {kv}; it must divide heads ({heads}) and be between 1 and {heads}"
        )
    return kv


def rope_field(rope, d_k):
    """`rope` as the scenario writes it: None, or a dict of theta (> 1, default 10000), style
    ("interleaved", the default, or "half") and dims (even, 2..d_k, default d_k)."""
    if rope is None:
        return None
    if not isinstance(rope, dict):
        raise ValueError(f"rope must be None or a dict of {', '.join(ROPE_KEYS)}, got {rope!r:.40}")
    unknown = sorted(set(rope) - set(ROPE_KEYS))
    if unknown:
        raise ValueError(f"rope: unknown key {unknown[0]!r}; it may have {', '.join(ROPE_KEYS)}")
    out = {}
    theta = rope.get("theta", 10000.0)
    if isinstance(theta, bool) or not isinstance(theta, (int, float, np.number)):
        raise ValueError(f"rope['theta'] must be a number, got {theta!r:.40}")
    if not math.isfinite(theta) or theta <= 1:
        raise ValueError(f"rope['theta'] is {theta}; it must be a finite number above 1")
    out["theta"] = float(theta)
    style = rope.get("style", "interleaved")
    if style not in ROPE_STYLES:
        raise ValueError(f'rope[\'style\'] is {style!r:.40}; it must be "interleaved" or "half"')
    out["style"] = style
    dims = _whole("rope['dims']", rope.get("dims", d_k))
    if not 2 <= dims <= d_k or dims % 2:
        raise ValueError(
            f"rope['dims'] is {dims}; it must be an even number between 2 and d_k ({d_k})"
        )
    out["dims"] = dims
    return out


def mask_fields(mask, window, sink_tokens, n):
    """The mask's fields: "none", "causal" or "window" (then `window`, 1..512 keys, required);
    `sink_tokens` 0..n, above 0 only with "causal" or "window"."""
    if mask not in MASKS:
        raise ValueError(f'mask is {mask!r:.40}; it must be "none", "causal" or "window"')
    out = {"mask": mask}
    if mask == "window":
        if window is None:
            raise ValueError('window: mask is "window" but window is None; give how many keys')
        window = _whole("window", window)
        if not 1 <= window <= MAX_TOKENS:
            raise ValueError(f"window is {window}; it must be between 1 and {MAX_TOKENS}")
        out["window"] = window
    elif window is not None:
        raise ValueError(f'window: given but mask is "{mask}"; it is only used by mask "window"')
    sinks = _whole("sink_tokens", sink_tokens)
    if not 0 <= sinks <= n:
        raise ValueError(f"sink_tokens is {sinks}; it must be between 0 and {n} (the keys)")
    if sinks and mask == "none":
        raise ValueError(f'sink_tokens is {sinks} but mask is "none"; use "causal" or "window"')
    if sinks:
        out["sink_tokens"] = sinks
    return out


def position_fields(position_offset, alibi):
    """`position_offset` (0..1000000, RoPE's position of token 0) and `alibi` (a bool)."""
    out = {}
    offset = _whole("position_offset", position_offset)
    if not 0 <= offset <= MAX_POSITION_OFFSET:
        raise ValueError(
            f"position_offset is {offset}; it must be between 0 and {MAX_POSITION_OFFSET}"
        )
    if offset:
        out["position_offset"] = offset
    if not isinstance(alibi, (bool, np.bool_)):
        raise ValueError(f"alibi must be True or False, got {alibi!r:.40}")
    if alibi:
        out["alibi"] = True
    return out
