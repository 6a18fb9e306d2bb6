// The page's LaTeX → MathML reader (web/src/views/matrix/tex-mathml.ts, built for node into
// build/node/ by tools/make/build-node.mjs) on every formula and label the wasm module writes for
// the examples, with each scoring function and a mask, per query and per matrix: nothing unknown
// (no <merror>), tags balanced; and a few exact conversions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { texToMathML, texToMathPieces } from "../../build/node/tex-mathml.js";
import { runOk, sharedModule } from "./helpers.mjs";

const example = (name) =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), "utf8"));

/** Every LaTeX string of a run: formulas, numbers, operand and result labels and parts. */
function latexOf(result) {
  const out = new Set();
  for (const s of result.steps) {
    out.add(s.formula).add(s.formulaNumbers);
    for (const o of [...s.operands, s.result]) out.add(o.label).add(o.part);
  }
  out.delete("");
  return out;
}

/** Asserts `xml` has no error and every tag it opens is closed in order. */
function assertWellFormed(xml, tex) {
  assert.ok(!xml.includes("<merror>"), `unknown LaTeX in ${tex}: ${xml}`);
  const open = [];
  for (const [, close, name] of xml.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (!close) open.push(name);
    else assert.equal(open.pop(), name, `tags of ${tex}`);
  }
  assert.deepEqual(open, [], `unclosed tags of ${tex}`);
}

test("every formula and label of the examples reads as MathML", async () => {
  const module = await sharedModule();
  const masked = { ...example("small-default"), mask: "causal" };
  const scenarios = [
    ...["small-default", "from-scratch", "cross-attention", "anthony-hopkins"].map(example),
    masked,
    ...["dot", "general", "additive"].map((score) => ({ ...example("small-default"), score })),
  ];
  let count = 0;
  for (const scenario of scenarios) {
    for (const granularity of [0, 1]) {
      for (const tex of latexOf(runOk(module, scenario, granularity))) {
        for (const xml of texToMathPieces(tex)) assertWellFormed(xml, tex);
        count++;
      }
    }
  }
  assert.ok(count > 500, `${count} formulas`);
});

test("the constructs the core uses become the expected MathML", () => {
  assert.equal(
    texToMathML("\\tilde{S}_{1} = \\frac{S_{1}}{\\sqrt{d_k}}"),
    '<math><msub><mover accent="true"><mi>S</mi><mo stretchy="false">~</mo></mover><mn>1</mn></msub>' +
      "<mo>=</mo><mfrac><msub><mi>S</mi><mn>1</mn></msub><msqrt><msub><mi>d</mi><mi>k</mi></msub></msqrt></mfrac></math>",
  );
  // A minus after an operator or "(" is a sign, part of the number it precedes; after an
  // operand it is a binary operator.
  assert.equal(
    texToMathML("(-0.5) \\cdot 2 - 1"),
    "<math><mo>(</mo><mn>−0.5</mn><mo>)</mo><mo>⋅</mo><mn>2</mn><mo>−</mo><mn>1</mn></math>",
  );
  assert.equal(
    texToMathML("= -x + (- 3)"),
    '<math><mo>=</mo><mo form="prefix">−</mo><mi>x</mi><mo>+</mo><mo>(</mo><mn>−3</mn><mo>)</mo></math>',
  );
  assert.equal(
    texToMathML("\\begin{bmatrix} 1 & \\cdots \\\\ \\vdots & \\ddots \\end{bmatrix}"),
    "<math><mrow><mo>[</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mo>⋯</mo></mtd></mtr>" +
      "<mtr><mtd><mo>⋮</mo></mtd><mtd><mo>⋱</mo></mtd></mtr></mtable><mo>]</mo></mrow></math>",
  );
  assert.equal(
    texToMathML("\\sum_{j} x^{\\top}"),
    "<math><munder><mo>∑</mo><mi>j</mi></munder><msup><mi>x</mi><mi>⊤</mi></msup></math>",
  );
  // Lines may break after "=" and a binary "+" or "−", so each piece is its own <math>.
  assert.deepEqual(texToMathPieces("a = b + c"), [
    '<math displaystyle="true"><mi>a</mi><mo>=</mo></math>',
    '<math displaystyle="true"><mi>b</mi><mo>+</mo></math>',
    '<math displaystyle="true"><mi>c</mi></math>',
  ]);
  // Text is escaped; an unknown command is shown, not thrown.
  assert.equal(texToMathML("\\text{a < b}"), "<math><mtext>a &lt; b</mtext></math>");
  assert.equal(
    texToMathML("\\foo x"),
    "<math><merror><mtext>\\foo</mtext></merror><mi>x</mi></math>",
  );
});
