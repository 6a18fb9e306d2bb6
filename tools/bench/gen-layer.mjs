// node tools/bench/gen-layer.mjs [--width 768] [--heads 12] [--tokens 64] [--seed 1] [--odd] > layer.json
// Writes a real-size scenario file for the benchmarks (docs/scenario.md): x_q (tokens, width),
// W_Q, W_K, W_V, W_O (width, width) and the four biases (width), every number drawn from a seeded
// generator, so the 51 MB file is made when needed instead of kept in git. Numbers are written
// as a layer exported from PyTorch would be (shortest round-trip digits, ~21 bytes each);
// --odd writes them in awkward forms instead (exponents, 17-25 digits, -0, subnormals, 1e-300),
// to check that every form is read exactly (tests/wasm/number-forms.test.mjs).
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    width: { type: "string", default: "768" },
    heads: { type: "string", default: "12" },
    tokens: { type: "string", default: "64" },
    seed: { type: "string", default: "1" },
    odd: { type: "boolean", default: false },
  },
});
const width = Number(values.width);
const tokens = Number(values.tokens);

// SplitMix64 on BigInt: 53-bit uniforms in [0, 1).
let state = BigInt(values.seed);
function uniform() {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
}
// A normal draw (Box-Muller) with standard deviation `sd`, like an initialised weight.
const normal = (sd) =>
  sd * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());

// One number as text: plain, or in one of the odd forms that name the same double.
function text(x) {
  if (!values.odd) return String(x);
  const pick = uniform();
  if (pick < 0.15) return x.toExponential(16 + Math.floor(uniform() * 8)).replace("e", "E");
  if (pick < 0.3) return x.toPrecision(17 + Math.floor(uniform() * 5));
  if (pick < 0.4) return (x * 1e-300).toExponential(); // tiny, still a normal double
  if (pick < 0.45) return ["-0", "-0.0", "0e5", "-0E-7", "0.000"][Math.floor(uniform() * 5)];
  if (pick < 0.5) return String(Number.MIN_VALUE * Math.floor(1 + uniform() * 2 ** 52));
  if (pick < 0.55) return `${Math.round(x * 1e6)}e-6`;
  if (pick < 0.6) return x.toFixed(20 + Math.floor(uniform() * 3));
  return String(x);
}

const row = (n, sd) => `[${Array.from({ length: n }, () => text(normal(sd))).join(",")}]`;
const matrix = (r, c, sd) => `[\n${Array.from({ length: r }, () => row(c, sd)).join(",\n")}\n]`;

const out = [
  `{"title":"A ${width}-wide layer for the benchmarks","source":"tools/bench/gen-layer.mjs",`,
  `"query_tokens":${JSON.stringify(Array.from({ length: tokens }, (_, i) => `t${i}`))},`,
  `"d_model":${width},"heads":${Number(values.heads)},"mask":"causal","seed":${values.seed},`,
  `"x_q":${matrix(tokens, width, 1)},`,
];
for (const w of ["w_q", "w_k", "w_v", "w_o"]) out.push(`"${w}":${matrix(width, width, 0.02)},`);
for (const b of ["b_q", "b_k", "b_v"]) out.push(`"${b}":${row(width, 0.02)},`);
out.push(`"b_o":${row(width, 0.02)}}\n`);
for (const part of out) process.stdout.write(part);
