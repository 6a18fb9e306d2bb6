/**
 * The scenario panel's values and their translation to a ScenarioFile, without the DOM.
 * Numbers are sent as typed: text that is not a number goes to the core as a string, so the core's
 * own message ("d_model must be a whole number, got \"eight\"") names the field and the limit.
 */
import { MATRICES, type EditableMatrix, type MaskName, type ScoreName } from "../../wasm/registry";
import type { AlgorithmName } from "../../wasm/algorithm-types";
import type { ScenarioFile } from "../../wasm/types";
import {
  addModernFields,
  modernFormField,
  modernFromScenario,
  numberField,
  type ModernValues,
} from "./modern-form";

export type { ScoreName };

/**
 * Matrices, biases (and per-head sizes) a preset or a loaded file may pin; the form cannot edit
 * them, only drop them.
 */
export type ExplicitMatrices = Pick<
  ScenarioFile,
  EditableMatrix | "d_k" | "d_v" | (typeof ORIGIN_FIELDS)[number]
>;

/** The scoring parameters of a scoring function (the registry's matrices of that kind, and
 * additive scoring's size d_a), dropped from the file under any other function. */
function scoringFields(score: ScoreName): (keyof ScenarioFile)[] {
  const own: (keyof ScenarioFile)[] = score === "additive" ? ["d_a"] : [];
  const params = MATRICES.filter((m) => m.score === score).map(
    (m) => m.fileField as EditableMatrix,
  );
  return [...own, ...params];
}

/** The form's values; the fields of today's models (K/V heads, RoPE, sinks, ALiBi) are
 * modern-form.ts's. */
export interface FormValues extends ModernValues {
  sentence: string;
  /** Empty for self-attention. */
  keySentence: string;
  dModel: string;
  heads: string;
  seed: string;
  mask: MaskName;
  /** With mask "window": how many keys a query sees, as typed. */
  window: string;
  /** Indices of padded keys. */
  padded: number[];
  positional: boolean;
  /** Set by a preset with explicit matrices; used while `useExplicit` is on. */
  explicit: ExplicitMatrices | null;
  useExplicit: boolean;
  score: ScoreName;
  /** The algorithm stepped through besides the standard one; flash's B_r and B_c as typed. */
  algorithm: AlgorithmName;
  blockQ: string;
  blockK: string;
}

/** What a preset or file may pin: every editable matrix of the registry, and d_k, d_v. */
const EXPLICIT_FIELDS: readonly (keyof ExplicitMatrices)[] = [
  ...MATRICES.filter((m) => m.editable).map((m) => m.fileField as EditableMatrix),
  "d_k",
  "d_v",
];

/** Where given numbers came from: kept with them, and dropped when the form generates its own. */
const ORIGIN_FIELDS = ["title", "source"] as const;

/** Whitespace-separated words; each is one token. */
export function tokenize(sentence: string): string[] {
  return sentence.split(/\s+/).filter((w) => w.length > 0);
}

/** The tokens padded keys refer to: the key sentence, or the query sentence in self-attention. */
export function keyTokensOf(v: FormValues): string[] {
  const keys = tokenize(v.keySentence);
  return keys.length > 0 ? keys : tokenize(v.sentence);
}

export function formFromScenario(s: ScenarioFile): FormValues {
  const explicit: ExplicitMatrices = {};
  for (const f of EXPLICIT_FIELDS) if (f in s) Object.assign(explicit, { [f]: s[f] });
  const hasExplicit = Object.keys(explicit).length > 0;
  if (hasExplicit)
    for (const f of ORIGIN_FIELDS) if (f in s) Object.assign(explicit, { [f]: s[f] });
  return {
    sentence: s.query_tokens.join(" "),
    keySentence: s.key_tokens?.join(" ") ?? "",
    dModel: String(s.d_model ?? 8),
    heads: String(s.heads ?? 2),
    seed: String(s.seed ?? 42),
    mask: s.mask ?? "none",
    window: String(s.window ?? 3),
    padded: [...(s.padded_keys ?? [])],
    positional: s.positional_encoding ?? true,
    explicit: hasExplicit ? explicit : null,
    useExplicit: hasExplicit,
    score: s.score ?? "scaled_dot",
    algorithm: s.algorithm ?? "standard",
    blockQ: String(s.block_q ?? 2),
    blockK: String(s.block_k ?? 3),
    ...modernFromScenario(s),
  };
}

export function scenarioFromForm(v: FormValues): ScenarioFile {
  const keys = tokenize(v.keySentence);
  const s: ScenarioFile = {
    query_tokens: tokenize(v.sentence),
    d_model: numberField(v.dModel),
    heads: numberField(v.heads),
    seed: numberField(v.seed),
    mask: v.mask,
    positional_encoding: v.positional,
  };
  if (v.mask === "window") s.window = numberField(v.window);
  if (keys.length > 0) s.key_tokens = keys;
  if (v.padded.length > 0) s.padded_keys = [...v.padded].sort((a, b) => a - b);
  if (v.useExplicit && v.explicit) Object.assign(s, v.explicit);
  if (v.score !== "scaled_dot") s.score = v.score;
  addModernFields(s, v, v.heads);
  for (const kind of ["general", "additive"] as const) {
    if (v.score !== kind) for (const f of scoringFields(kind)) delete s[f];
  }
  if (v.algorithm !== "standard") s.algorithm = v.algorithm;
  if (v.algorithm === "flash") {
    s.block_q = numberField(v.blockQ);
    s.block_k = numberField(v.blockK);
  }
  return s;
}

/** The form field that shows an error for a scenario-file field ("" = the file as a whole). */
export type FormField =
  | "sentence"
  | "keySentence"
  | "dModel"
  | "heads"
  | "seed"
  | "mask"
  | "window"
  | "padded"
  | "positional"
  | "explicit"
  | "score"
  | "algorithm"
  | "blockQ"
  | "blockK"
  | "general"
  | keyof ModernValues;

export function formFieldFor(field: string): FormField {
  const modern = modernFormField(field);
  if (modern) return modern;
  switch (field) {
    case "query_tokens":
      return "sentence";
    case "key_tokens":
      return "keySentence";
    case "d_model":
      return "dModel";
    case "heads":
    case "d_k":
    case "d_v":
      return "heads";
    case "seed":
      return "seed";
    case "mask":
      return "mask";
    case "window":
      return "window";
    case "padded_keys":
      return "padded";
    case "positional_encoding":
      return "positional";
    case "score":
    case "d_a":
      return "score";
    case "algorithm":
      return "algorithm";
    case "block_q":
      return "blockQ";
    case "block_k":
      return "blockK";
    default:
      return (EXPLICIT_FIELDS as readonly string[]).includes(field) ? "explicit" : "general";
  }
}
