"""A scenario file from a ``torch.nn.MultiheadAttention`` (torch is imported only when called)."""

from .scenario import MAX_D_MODEL, MAX_HEADS, MAX_TOKENS, from_projections

SOURCE = "attention_stepper.from_torch"


def _unbatched(name, tensor, embed_dim):
    """`tensor` as one (L, E) sequence, or a ValueError naming `name`."""
    shape = tuple(tensor.shape)
    if len(shape) == 3:
        raise ValueError(
            f"{name}: a batch of shape {shape}; pass one sequence of shape (L, {embed_dim}) "
            "(batch_first does not matter for it), e.g. query[0]"
        )
    if len(shape) != 2 or shape[1] != embed_dim:
        raise ValueError(f"{name}: has shape {shape}; it must be (L, embed_dim) = (L, {embed_dim})")
    if not 1 <= shape[0] <= MAX_TOKENS:
        raise ValueError(f"{name}: has {shape[0]} tokens; a scenario holds 1 to {MAX_TOKENS}")
    return tensor


def _check_module(module, torch):
    if not isinstance(module, torch.nn.MultiheadAttention):
        kind = type(module).__name__
        raise ValueError(f"module: a {kind}; it must be a torch.nn.MultiheadAttention")
    if not module._qkv_same_embed_dim:
        raise ValueError(
            f"module: kdim {module.kdim} and vdim {module.vdim} must equal embed_dim "
            f"{module.embed_dim}; a scenario projects queries, keys and values from one width"
        )
    if module.embed_dim > MAX_D_MODEL or module.num_heads > MAX_HEADS:
        raise ValueError(
            f"module: embed_dim {module.embed_dim} with {module.num_heads} heads; a scenario "
            f"holds d_model up to {MAX_D_MODEL} and up to {MAX_HEADS} heads"
        )
    if module.bias_k is not None:
        raise ValueError(
            "module: add_bias_kv=True adds a learned key and value; scenarios have none"
        )
    if module.add_zero_attn:
        raise ValueError(
            "module: add_zero_attn=True adds a zero key and value, which no scenario has"
        )
    if module.training and module.dropout > 0:
        raise ValueError(
            f"module: dropout {module.dropout} is active in training mode; call module.eval() first"
        )


def _padded_keys(key_padding_mask, torch, length):
    if key_padding_mask is None:
        return []
    if not (torch.is_tensor(key_padding_mask) and key_padding_mask.dtype == torch.bool):
        raise ValueError("key_padding_mask: must be a boolean tensor of shape (S,), True = ignored")
    if tuple(key_padding_mask.shape) != (length,):
        raise ValueError(
            f"key_padding_mask: has shape {tuple(key_padding_mask.shape)}; it must be ({length},), "
            "one flag per key (a batch of masks is not supported)"
        )
    return [int(i) for i in torch.nonzero(key_padding_mask).flatten()]


def from_torch(
    module,
    query,
    key=None,
    *,
    tokens=None,
    key_tokens=None,
    attn_mask=None,
    key_padding_mask=None,
):
    """A scenario file (as a dict) whose trace is what ``module(query, key, key)`` computes.

    - ``module``: a ``torch.nn.MultiheadAttention`` with kdim = vdim = embed_dim, without
      add_bias_kv / add_zero_attn, with or without biases (in eval mode when it has dropout);
    - ``query``: one sequence (L, E); ``key``: (S, E) for cross-attention (it is also the
      value), or None for self-attention;
    - ``tokens`` / ``key_tokens``: L / S strings (default "t1".."tL" and "k1".."kS");
    - ``attn_mask``: None or "causal" (query i attends to keys 0..i);
    - ``key_padding_mask``: a boolean (S,) tensor, True = the key is ignored (as torch defines it).

    The trace's output and per-head weights equal the module's
    (``need_weights=True, average_attn_weights=False``). A query whose every key is masked has
    zero weights in the stepper where torch gives NaN.
    Torch packs ``in_proj_weight`` as [W_q; W_k; W_v], each (out, in): the scenario's w_q is W_q.T.
    Raises ValueError, naming the argument, for what a scenario cannot express.
    """
    import torch

    _check_module(module, torch)
    embed_dim, heads = module.embed_dim, module.num_heads
    query = _unbatched("query", query, embed_dim)
    if key is not None:
        key = _unbatched("key", key, embed_dim)
    if attn_mask is not None and not (isinstance(attn_mask, str) and attn_mask == "causal"):
        raise ValueError(
            'attn_mask: must be None or "causal"; a scenario holds no arbitrary mask '
            "(use key_padding_mask for keys every query ignores)"
        )
    length = query.shape[0] if key is None else key.shape[0]
    padded = _padded_keys(key_padding_mask, torch, length)

    def numbers(tensor):
        return tensor.detach().cpu().double().numpy()

    w_in = numbers(module.in_proj_weight)  # (3E, E): [W_q; W_k; W_v], each (out, in)
    b_in = None if module.in_proj_bias is None else numbers(module.in_proj_bias)
    b_out = module.out_proj.bias
    e = embed_dim
    with_biases = b_in is not None or b_out is not None
    return from_projections(
        query,
        w_in[:e].T,
        w_in[e : 2 * e].T,
        w_in[2 * e :].T,
        x_kv=key,
        w_o=numbers(module.out_proj.weight).T,
        b_q=None if b_in is None else b_in[:e],
        b_k=None if b_in is None else b_in[e : 2 * e],
        b_v=None if b_in is None else b_in[2 * e :],
        b_o=None if b_out is None else numbers(b_out),
        heads=heads,
        tokens=tokens,
        key_tokens=key_tokens,
        mask="none" if attn_mask is None else "causal",
        padded_keys=padded,
        title=(
            f"torch.nn.MultiheadAttention: embed_dim {embed_dim}, {heads} heads, "
            f"{'with' if with_biases else 'without'} biases"
        ),
        source=SOURCE,
    )
