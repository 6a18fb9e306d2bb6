"""examples/pytorch-layer.ipynb runs under nbconvert with Debian's interpreter (torch imported by
the kernel), and its HTML holds the stepper on the layer (tests/e2e/python.spec.ts opens it)."""

import re

from pages import run_notebook


def test_the_example_notebook_runs(tmp_path):
    text = run_notebook(tmp_path).read_text(encoding="utf-8")
    assert re.search(r"output\[0, 0\] = -?\d\.\d+", text)
    assert "<attention-stepper " in text and 'stage="output-projection"' in text
    assert "torch.nn.MultiheadAttention: embed_dim 8, 2 heads, with biases" in text
    assert "Traceback" not in text
