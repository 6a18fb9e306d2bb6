/**
 * "Reproduce it yourself" in NumPy: a script a learner can read and run, with the scenario's
 * inputs embedded, the shapes in the comments, and the same conventions as the core.
 */
import type { TraceValue } from "../../wasm/types";
import { header, inputs, outputLine, projectionLines, scoreLines } from "./python-inputs";
import { alibiLine, kvSliceLines, modernInputs, ropeFunction } from "./python-modern";

/** The whole script for `trace`. */
export function numpyCode(trace: TraceValue): string {
  return `${header(trace, "NumPy", "python3 attention_numpy.py")}
import json
import math
import sys

import numpy as np


def arr(rows):
    """A list of rows -> a float64 matrix."""
    return np.array(rows, dtype=np.float64)


${inputs(trace)}${modernInputs(trace)}


def softmax_rows(z):
    """Softmax over each row of z (m, n); -inf entries get weight 0.

    A row whose entries are all -inf (a query that may see no key) has no distribution:
    by definition its weights are all 0. np.where keeps NaN from ever appearing.
    """
    row_max = z.max(axis=1, keepdims=True)  # (m, 1)
    seen = np.isfinite(row_max)  # (m, 1): False for a fully masked row
    # subtract the row max for numerical stability (exp of a large score overflows)
    shifted = z - np.where(seen, row_max, 0.0)  # (m, n), -inf stays -inf
    e = np.exp(shifted)  # (m, n), exp(-inf) = 0
    total = e.sum(axis=1, keepdims=True)  # (m, 1)
    return np.where(seen, e / np.where(seen, total, 1.0), 0.0)  # (m, n), rows sum to 1 (or 0)
${ropeFunction(trace, "np")}


# ---- The computation ----
${projectionLines(trace)}

weights = []  # one (m, n) matrix per head
head_outputs = []  # one (m, d_v) matrix per head
for i in range(h):
    # Head i takes its column block of Q, K and V
    Q_i = Q[:, i * d_k:(i + 1) * d_k]  # (m, d_k)
${kvSliceLines(trace)}
${scoreLines(trace.score, "np")}${alibiLine(trace, "np")}
    # Masked entries become -inf, so their weight is exactly 0
    S_masked = np.where(mask == 1, S_scaled, -np.inf)  # (m, n)
    # Softmax over each row: query a's weights over the keys sum to 1
    A = softmax_rows(S_masked)  # (m, n)
    # Weighted sum of the values: row a of O_i is sum_b A[a, b] * V_i[b]
    O_i = A @ V_i  # (m, n) @ (n, d_v) -> (m, d_v)
    weights.append(A)
    head_outputs.append(O_i)

# Concatenate the heads along the columns, in head order
concat = np.concatenate(head_outputs, axis=1)  # (m, h*d_v)
# Output projection (or none, when the scenario has no W_O)
${outputLine(trace)}

if "--json" in sys.argv[1:]:
    print(json.dumps({"weights": [A.tolist() for A in weights], "output": output.tolist()}))
else:
    np.set_printoptions(precision=4, suppress=True)
    for i, A in enumerate(weights):
        print(f"Attention weights A, head {i + 1} of {h} {A.shape}:")
        print(A)
    print(f"Output {output.shape}:")
    print(output)
`;
}
