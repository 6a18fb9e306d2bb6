// The trace command's other algorithms (docs/scenario.md, "Other algorithms"): the options
// --algorithm kv-cache|flash, --block-q B_r, --block-k B_c, and what they add to each head of the
// trace JSON, computed by the wasm module's kvCache and flash (cpp/bindings/algorithms_js.h).

const ALGORITHMS = ["standard", "kv-cache", "flash"];
const OPTIONS = { "--algorithm": "algorithm", "--block-q": "block_q", "--block-k": "block_k" };

/**
 * Splits the arguments into the options above (each followed by its value) and the rest.
 * Returns {options: {algorithm?, block_q?, block_k?} as typed, rest} or {error}.
 */
export function algorithmOptions(args) {
  const options = {};
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const field = OPTIONS[args[i]];
    if (!field) {
      rest.push(args[i]);
      continue;
    }
    if (i + 1 >= args.length) return { error: `${args[i]} needs a value` };
    if (field in options) return { error: `${args[i]} is given twice` };
    options[field] = args[++i];
  }
  if (options.algorithm !== undefined && !ALGORITHMS.includes(options.algorithm)) {
    const text = JSON.stringify(options.algorithm.slice(0, 40));
    return { error: `--algorithm is ${text}; it must be "standard", "kv-cache" or "flash"` };
  }
  return { options, rest };
}

/** The core's field ("block_q") as the option that set it ("--block-q"), in a message too. */
function asOption(error, options) {
  const field = error.field;
  const option = Object.keys(OPTIONS).find((o) => OPTIONS[o] === field);
  if (!option || options[field] === undefined) return `(field "${field}") ${error.message}`;
  if (field === "algorithm") return `${option}: ${error.message}`;
  // "block_q is NaN; …" -> "--block-q is "x"; …": the value as typed, the core's limit.
  const typed = JSON.stringify(String(options[field]).slice(0, 40));
  return `${option}: ${error.message.replace(/^[a-z_]+ is [^;]*;/, `${option} is ${typed};`)}`;
}

/**
 * What the options add to `json` (the trace JSON of `bytes`): per head `decode` or `flash`, and
 * the algorithm's name, computed by the module `loadModule()` resolves to. The file's own
 * `algorithm` applies when --algorithm is not given. Resolves to null, or a message naming the
 * option and its limit.
 */
export async function addAlgorithm(loadModule, bytes, trace, json, options) {
  const algorithm = options.algorithm ?? trace.algorithm;
  const flash = algorithm === "flash";
  for (const field of ["block_q", "block_k"]) {
    const option = `--${field.replace("_", "-")}`;
    if (options[field] !== undefined && !flash) {
      return `${option} applies to --algorithm flash only (the algorithm is "${algorithm}")`;
    }
  }
  if (algorithm === "standard") return null;
  const number = (field, fallback) => {
    const typed = options[field];
    return typed === undefined ? fallback : typed.trim() === "" ? NaN : Number(typed);
  };
  const bq = number("block_q", trace.blockQ);
  const bk = number("block_k", trace.blockK);
  // The algorithms' own module (algorithms.mjs) computes the scenario once for every head.
  const module = await loadModule();
  json.algorithm = algorithm;
  for (const [h, head] of json.heads.entries()) {
    const got = flash ? module.flash(bytes, h, bq, bk) : module.kvCache(bytes, h);
    if (!got.ok) return asOption(got.error, options);
    if (flash) head.flash = flashJson(got.flash);
    else head.decode = got.decode.map(decodeJson);
  }
  return null;
}

/** A Float64Array as JSON numbers; −Infinity (a running maximum before any visible key) as null. */
const numbers = (a) => Array.from(a, (x) => (Number.isFinite(x) ? x : null));

const rows = (m) =>
  Array.from({ length: m.rows }, (_, r) => numbers(m.data.subarray(r * m.cols, (r + 1) * m.cols)));

function decodeJson(s) {
  return { t: s.t, cache_len: s.cacheLen, weights: numbers(s.weights), output: numbers(s.output) };
}

function flashJson(f) {
  const tiles = f.tiles.map((t) => ({
    q_block: t.qBlock,
    k_block: t.kBlock,
    m: numbers(t.m),
    l: numbers(t.l),
  }));
  return { block_q: f.blockQ, block_k: f.blockK, tiles, output: rows(f.output) };
}
