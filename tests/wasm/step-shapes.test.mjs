// Shapes that never contradict, through the wasm module: each product step's size rule multiplies
// exactly the cells the step lights (a head's block, a query's row), and an operand names its part
// whenever those cells are less than the whole matrix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runOk, sharedModule } from "./helpers.mjs";

const PRODUCTS = new Set([0, 1, 2, 3, 7, 9]); // ProjectQ/K/V, Scores, WeightedSum, OutputProjection

/** "(r×c)" of the cells an operand uses, as shown (a transposed K_hᵀ swaps them). */
function used(op) {
  const { rows, cols } = op.cells;
  return op.transposed ? `(${cols}×${rows})` : `(${rows}×${cols})`;
}

const scenarios = {
  "4 heads, self-attention": { query_tokens: ["a", "b", "c", "d", "e"], d_model: 16, heads: 4 },
  "cross-attention": {
    query_tokens: ["a", "b", "c", "d"],
    key_tokens: ["u", "v", "w"],
    d_model: 8,
    heads: 2,
  },
};

for (const [name, scenario] of Object.entries(scenarios)) {
  for (const granularity of [0, 1]) {
    test(`${name}, granularity ${granularity}: size rules use the lit cells' sizes`, async () => {
      const module = await sharedModule();
      const { steps } = runOk(module, scenario, granularity);
      for (const st of steps) {
        const where = `stage ${st.stage}, head ${st.head}, query ${st.query}`;
        if (!PRODUCTS.has(st.stage)) {
          assert.equal(st.sizeRule, "", where);
          continue;
        }
        const [left, right] = st.operands;
        const rule = `${used(left)} @ ${used(right)} → ${used(st.result)}: the inner sizes agree`;
        assert.ok(st.sizeRule.startsWith(rule), `${where}: ${st.sizeRule} (want ${rule})`);
        assert.match(st.sizeRule, /@ is the matrix product/, where);
      }
    });
  }
}

test("an operand names its part exactly when the step uses less than the whole", async () => {
  const module = await sharedModule();
  for (const granularity of [0, 1]) {
    const { steps } = runOk(module, scenarios["4 heads, self-attention"], granularity);
    for (const st of steps) {
      for (const op of [...st.operands, st.result]) {
        const all = op.cells.rows === op.rows && op.cells.cols === op.cols;
        assert.equal(op.part === "", all, `stage ${st.stage}: ${op.label} / "${op.part}"`);
      }
    }
    const project = steps.find((s) => s.stage === 1 && s.head === 2);
    assert.equal(project.operands[1].label, "W_K");
    assert.equal(project.operands[1].part, "W_K^{(3)}");
  }
});
