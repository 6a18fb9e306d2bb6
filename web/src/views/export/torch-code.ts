/**
 * "Reproduce it yourself" in PyTorch (float64): the NumPy script's twin, written with torch ops,
 * plus a check against torch's own softmax on the rows that have at least one visible key.
 */
import type { TraceValue } from "../../wasm/types";
import { header, inputs, outputLine, projectionLines, scoreLines } from "./python-inputs";
import { alibiLine, kvSliceLines, modernInputs, ropeFunction } from "./python-modern";

/** The whole script for `trace`. */
export function torchCode(trace: TraceValue): string {
  return `${header(trace, "PyTorch", "python3 attention_torch.py")}
import json
import math
import sys

import torch


def arr(rows):
    """A list of rows -> a float64 tensor."""
    return torch.tensor(rows, dtype=torch.float64)


${inputs(trace)}${modernInputs(trace)}


def softmax_rows(z):
    """Softmax over each row of z (m, n); -inf entries get weight 0.

    A row whose entries are all -inf (a query that may see no key) has no distribution:
    by definition its weights are all 0. (torch.softmax would give NaN for such a row.)
    """
    row_max = z.max(dim=1, keepdim=True).values  # (m, 1)
    seen = torch.isfinite(row_max)  # (m, 1): False for a fully masked row
    # subtract the row max for numerical stability (exp of a large score overflows)
    shifted = z - torch.where(seen, row_max, torch.zeros_like(row_max))  # (m, n)
    e = torch.exp(shifted)  # (m, n), exp(-inf) = 0
    total = e.sum(dim=1, keepdim=True)  # (m, 1)
    safe_total = torch.where(seen, total, torch.ones_like(total))
    return torch.where(seen, e / safe_total, torch.zeros_like(e))  # (m, n)
${ropeFunction(trace, "torch")}


# ---- The computation ----
${projectionLines(trace)}

weights = []  # one (m, n) tensor per head
head_outputs = []  # one (m, d_v) tensor per head
for i in range(h):
    # Head i takes its column block of Q, K and V
    Q_i = Q[:, i * d_k:(i + 1) * d_k]  # (m, d_k)
${kvSliceLines(trace)}
${scoreLines(trace.score, "torch")}${alibiLine(trace, "torch")}
    # Masked entries become -inf, so their weight is exactly 0
    S_masked = S_scaled.masked_fill(mask == 0, -math.inf)  # (m, n)
    # Softmax over each row: query a's weights over the keys sum to 1
    A = softmax_rows(S_masked)  # (m, n)
    # Check: torch's own softmax agrees on every row that sees at least one key
    ok = mask.sum(dim=1) > 0
    assert torch.allclose(A[ok], torch.softmax(S_masked[ok], dim=1), atol=1e-12)
    # Weighted sum of the values: row a of O_i is sum_b A[a, b] * V_i[b]
    O_i = A @ V_i  # (m, n) @ (n, d_v) -> (m, d_v)
    weights.append(A)
    head_outputs.append(O_i)

# Concatenate the heads along the columns, in head order
concat = torch.cat(head_outputs, dim=1)  # (m, h*d_v)
# Output projection (or none, when the scenario has no W_O)
${outputLine(trace)}

if "--json" in sys.argv[1:]:
    print(json.dumps({"weights": [A.tolist() for A in weights], "output": output.tolist()}))
else:
    torch.set_printoptions(precision=4, sci_mode=False)
    for i, A in enumerate(weights):
        print(f"Attention weights A, head {i + 1} of {h} {tuple(A.shape)}:")
        print(A)
    print(f"Output {tuple(output.shape)}:")
    print(output)
`;
}
