"""Attention Stepper for Python: your attention layer as a scenario file, stepped through in the
browser (python/README.md).

- ``from_torch(module, query, key=None, ...)``: a ``torch.nn.MultiheadAttention`` and its input;
- ``from_projections(x_q, w_q, w_k, w_v, ..., heads=...)``: any framework's weights, in the
  row-vector convention (a PyTorch Linear's weight transposed);
- ``save_html(scenario, path, **view)``: one self-contained HTML file that works offline;
- ``show(scenario, **view)``: the stepper in a Jupyter output.

A scenario is a plain dict (docs/scenario.md); ``json.dump`` it to open it in the app.
"""

from .html import save_html, show
from .scenario import from_projections
from .torch_layer import from_torch

__all__ = ["from_projections", "from_torch", "save_html", "show"]
