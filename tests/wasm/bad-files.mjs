// A seeded generator of bad and borderline scenario files (bad-files.test.mjs runs them).
// A case: { kind, text | bytes, bad, path?, field?, range? }. `text` is a JS string (it may hold
// lone surrogates), `bytes` the raw bytes of a file (they may be invalid UTF-8). `bad`: the core
// must refuse it; `path` (e.g. "x_q[0][1]") must appear in the message and `field` be the
// error's field; `range`: the value is out of range, so the message must state the limit.

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = { query_tokens: ["the", "cat", "sat"] };
const CROSS = { query_tokens: ["a", "b"], key_tokens: ["x", "y", "z"], d_model: 4, seed: 7 };
const GIVEN = {
  query_tokens: ["a", "b"],
  d_model: 2,
  heads: 1,
  x_q: [
    [1, 0],
    [0, 1],
  ],
  w_q: [
    [1, 2],
    [3, 4],
  ],
  edits: [{ matrix: "w_q", row: 0, col: 1, value: 0.5 }],
};
const ADDITIVE = { query_tokens: ["a", "b", "c"], score: "additive", d_a: 3, padded_keys: [2] };
const BASES = [TOKENS, CROSS, GIVEN, ADDITIVE];

const HOLE = "@@HOLE@@";
/** `base` with `set(copy)` applied, as JSON text whose HOLE string is replaced by `literal`. */
function withHole(base, set, literal) {
  const copy = structuredClone(base);
  set(copy);
  return JSON.stringify(copy).replace(JSON.stringify(HOLE), literal);
}

/** Out-of-range numbers: [path, field, base, setter, values]. All values are invalid there. */
const RANGES = [
  ["d_model", "d_model", TOKENS, (s) => (s.d_model = HOLE), ["0", "1025", "-1", "4294967296"]],
  ["heads", "heads", TOKENS, (s) => (s.heads = HOLE), ["0", "17", "1e20", "-2147483649"]],
  ["d_k", "d_k", TOKENS, (s) => (s.d_k = HOLE), ["-1", "513", "4294967296", "1e400"]],
  ["d_v", "d_v", TOKENS, (s) => (s.d_v = HOLE), ["-4", "600", "-4294967296", "-1e400"]],
  ["d_a", "d_a", ADDITIVE, (s) => (s.d_a = HOLE), ["-1", "513", "1e300", "2147483648"]],
  ["seed", "seed", TOKENS, (s) => (s.seed = HOLE), ["-1", "9007199254740992", "1e400"]],
  [
    "padded_keys[0]",
    "padded_keys",
    ADDITIVE,
    (s) => (s.padded_keys = [HOLE]),
    ["-1", "4294967296", "1e400", "3"],
  ],
  ["x_q[0][1]", "x_q", GIVEN, (s) => (s.x_q[0][1] = HOLE), ["1e400", "-1e400", "1e7", "-2e6"]],
  ["w_q[1][0]", "w_q", GIVEN, (s) => (s.w_q[1][0] = HOLE), ["1e309", "1000001"]],
  [
    "edits[0].row",
    "edits",
    GIVEN,
    (s) => (s.edits[0].row = HOLE),
    ["-1", "2", "4294967296", "1e400"],
  ],
  ["edits[0].col", "edits", GIVEN, (s) => (s.edits[0].col = HOLE), ["-3", "1e20"]],
  ["edits[0].value", "edits", GIVEN, (s) => (s.edits[0].value = HOLE), ["1e400", "-1e7"]],
];

/** Byte sequences that are not UTF-8: stray, overlong, surrogate, too high, cut short. */
const NOT_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80],
];
const LONE = ["\uD83D", "\uDE00", "\uDE00\uD83D", "x\uDBFF", "\uDFFFz"];
const CONTROL = [
  "\u001b[31mred",
  "a\nb",
  "\u0000",
  "\u009b2J",
  "\u202Egnp.exe",
  "x\u2028y",
  "\r",
  "\u007f",
];

/** Places for a string: [path, field, base, setter] (setter puts HOLE there). */
const PLACES = [
  ["query_tokens[1]", "query_tokens", TOKENS, (s) => (s.query_tokens[1] = HOLE)],
  ["key_tokens[0]", "key_tokens", CROSS, (s) => (s.key_tokens[0] = HOLE)],
  ["edits[0].matrix", "edits", GIVEN, (s) => (s.edits[0].matrix = HOLE)],
  ["mask", "mask", TOKENS, (s) => (s.mask = HOLE)],
  ["score", "score", TOKENS, (s) => (s.score = HOLE)],
  ["a field name", undefined, TOKENS, (s) => (s[HOLE] = 1)],
];
/** Whether a string `x` at a place of PLACES is refused whatever it is (tokens may be anything). */
const refusedAt = (place, x) =>
  !place[0].includes("tokens") || new TextEncoder().encode(x).length > 40 || x === "";

const pick = (r, list) => list[Math.floor(r() * list.length)];
const bytesOf = (text) => new TextEncoder().encode(text);

function rangeCaseAt([path, field, base, set], value) {
  return { kind: "range", text: withHole(base, set, value), bad: true, path, field, range: true };
}

function rangeCase(r) {
  const range = pick(r, RANGES);
  return rangeCaseAt(range, pick(r, range[4]));
}

function utf8Case(r) {
  const bad = pick(r, NOT_UTF8);
  if (r() < 0.15) {
    // Outside any string: between two tokens.
    const [head, tail] = JSON.stringify(TOKENS).split(",");
    return {
      kind: "utf8",
      bytes: Uint8Array.from([...bytesOf(head + ","), ...bad, ...bytesOf(tail)]),
      bad: true,
    };
  }
  const [path, field, base, set] = pick(r, PLACES);
  const [head, tail] = withHole(base, set, JSON.stringify(`a${HOLE}b`)).split(HOLE);
  const bytes = Uint8Array.from([...bytesOf(head), ...bad, ...bytesOf(tail)]);
  return { kind: "utf8", bytes, bad: true, path: field ? path : undefined, field: field ?? "" };
}

function surrogateCase(r) {
  const [path, field, base, set] = pick(r, PLACES);
  const escaped = r() < 0.3; // as a \u escape in the JSON, or as the raw code unit
  const lone = pick(r, LONE);
  const literal = escaped ? JSON.stringify(lone) : `"${lone}"`;
  return {
    kind: "surrogate",
    text: withHole(base, set, literal),
    bad: true,
    path: field ? path : undefined,
    field: field ?? "",
  };
}

function stringCase(r, kind, value) {
  const place = pick(r, PLACES);
  const [, , base, set] = place;
  return { kind, text: withHole(base, set, JSON.stringify(value)), bad: refusedAt(place, value) };
}

function longCase(r) {
  const length = pick(r, [41, 300, 5000, 100_000, 1_000_000]);
  return stringCase(r, "long", pick(r, ["x", "é", "\u001b", "😀"]).repeat(length / 2));
}

function syntaxCase(r) {
  const text = JSON.stringify(pick(r, BASES));
  const at = Math.floor(r() * text.length);
  const how = Math.floor(r() * 4);
  if (how === 0) return { kind: "syntax", text: text.slice(0, at), bad: true };
  if (how === 1)
    return { kind: "syntax", text: text.slice(0, at) + text.slice(at + 1), bad: false };
  const junk = pick(r, [
    ",",
    "]",
    "}",
    '"',
    "\\",
    "\n",
    "x",
    "\u0000",
    "1e",
    "-",
    "\t",
    "\u00e9",
    "//",
  ]);
  return { kind: "syntax", text: text.slice(0, at) + junk + text.slice(at), bad: false };
}

function typeCase(r) {
  const base = pick(r, BASES);
  const keys = Object.keys(base);
  const key = pick(r, keys);
  const value = pick(r, [
    null,
    true,
    "eight",
    [],
    {},
    [[]],
    [[1, "x"]],
    2.5,
    -0.5,
    [1, [2]],
    "",
    { matrix: 1 },
  ]);
  return { kind: "type", text: JSON.stringify({ ...base, [key]: value }), bad: false };
}

function deepCase(r) {
  const depth = 60 + Math.floor(r() * 10);
  const nested = "[".repeat(depth) + "]".repeat(depth);
  return { kind: "deep", text: `{"query_tokens": ["a"], "x_q": ${nested}}`, bad: true };
}

/** Fixed cases beside the random ones: a 3.9 MB field name, an ANSI escape, an empty name, 1e400. */
const FIXED = [
  { kind: "long", text: withHole(TOKENS, (s) => (s["x".repeat(3_900_000)] = 1), '"x"'), bad: true },
  {
    kind: "control",
    text: withHole(GIVEN, (s) => (s.edits[0].matrix = "\u001b[2Jw_q"), '""'),
    bad: true,
  },
  { kind: "empty", text: '{"query_tokens": ["a"], "": 1}', bad: true },
  rangeCaseAt(RANGES[7], "1e400"),
];

/** `count` cases from `seed`: the fixed ones, then a fixed mix of kinds. */
export function badFiles(seed, count) {
  const r = rng(seed);
  const makers = [
    [rangeCase, 5],
    [utf8Case, 4],
    [surrogateCase, 3],
    [(q) => stringCase(q, "control", pick(q, CONTROL)), 3],
    [(q) => stringCase(q, "empty", ""), 1],
    [longCase, 1],
    [syntaxCase, 4],
    [typeCase, 3],
    [deepCase, 0.2],
  ];
  const total = makers.reduce((n, [, w]) => n + w, 0);
  const cases = FIXED.slice(0, count);
  while (cases.length < count) {
    let x = r() * total;
    const [make] = makers.find(([, w]) => (x -= w) < 0) ?? makers[0];
    cases.push(make(r));
  }
  return cases;
}
