"""The pages tests/e2e/python.spec.ts opens from file://, made with the Python tooling:

    /usr/bin/python3 tests/python/pages.py OUT_DIR

writes OUT_DIR/pytorch-layer.html (examples/pytorch-layer.ipynb executed by nbconvert) and
OUT_DIR/saved.html (save_html on a torch layer), OUT_DIR/flash.html (a causal torch layer as
FlashAttention tiles, opened at tile 2), and prints what the stepper must show as JSON.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))

NOTEBOOK = ROOT / "examples" / "pytorch-layer.ipynb"
# Tokens the page must show as text: markup, quotes and an ampersand stay tokens.
SAVED_TOKENS = ["the", "</script>", 'say "hi"', "&amp;", "<b>x</b>"]


def run_notebook(out_dir):
    """Executes the example notebook with nbconvert into OUT_DIR/pytorch-layer.html.

    The kernel is this interpreter's (Debian's /usr/bin/python3, with torch): /usr/bin leads PATH
    so the "python3" kernel spec resolves to it, not to another python3 on PATH."""
    env = dict(os.environ, PATH=f"/usr/bin:{os.environ.get('PATH', '')}")
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel's debugger otherwise warns
    subprocess.run(
        [sys.executable, "-m", "nbconvert", "--to", "html", "--execute", str(NOTEBOOK),
         "--ExecutePreprocessor.timeout=300", "--output-dir", str(out_dir),
         "--output", "pytorch-layer"],
        check=True,
        env=env,
        capture_output=True,
    )
    return Path(out_dir) / "pytorch-layer.html"


def save_page(out_dir):
    """A cross-attention layer with biases saved by save_html; returns its path and its Q."""
    import torch

    import attention_stepper as stepper

    torch.manual_seed(12)
    layer = torch.nn.MultiheadAttention(6, 2, bias=True).double().eval()
    with torch.no_grad():
        layer.in_proj_bias.normal_(0, 0.5)
    query = torch.randn(len(SAVED_TOKENS), 6, dtype=torch.float64)
    key = torch.randn(3, 6, dtype=torch.float64)
    scenario = stepper.from_torch(layer, query, key, tokens=SAVED_TOKENS)
    path = stepper.save_html(
        scenario, Path(out_dir) / "saved.html", stage="project-q", granularity="matrix",
        hide=["scenario"],
    )
    w_q, b_q = layer.in_proj_weight[:6], layer.in_proj_bias[:6]
    q = (query @ w_q.T + b_q).detach()
    return path, q.tolist()


def flash_page(out_dir):
    """A causal torch layer stepped through as FlashAttention tiles, saved at tile 2; returns its
    path."""
    import torch

    import attention_stepper as stepper

    torch.manual_seed(5)
    layer = torch.nn.MultiheadAttention(8, 2, bias=False).double().eval()
    x = torch.randn(7, 8, dtype=torch.float64)
    tokens = ["the", "small", "black", "cat", "sees", "a", "car"]
    scenario = stepper.from_torch(layer, x, tokens=tokens, attn_mask="causal")
    scenario.update(algorithm="flash", block_q=2, block_k=3)
    return stepper.save_html(scenario, Path(out_dir) / "flash.html", algorithm_step=2)


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    saved, q = save_page(out)
    notebook = run_notebook(out)
    flash = flash_page(out)
    paths = {"notebook": str(notebook), "saved": str(saved), "flash": str(flash)}
    print(json.dumps({**paths, "tokens": SAVED_TOKENS, "q": q}))
