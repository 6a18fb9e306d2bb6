/**
 * The fewest characters JSON.stringify can write for a value, found without writing it: a
 * scenario of a real layer (768 wide, 53 MB of JSON) is far over what a link carries, and
 * stringifying it only to measure took the main thread ~0.7 s.
 */

/**
 * The fewest characters of a number in JSON: an integer takes one digit at least, any other
 * finite number three ("0.5"; "1e-7" takes four), a negative one its "-" more; NaN and ±Infinity
 * are written as null (four).
 */
function numberLength(x: number): number {
  if (!Number.isFinite(x)) return 4;
  return (Number.isInteger(x) ? 1 : 3) + (x < 0 ? 1 : 0);
}

/** The JSON length of a value in an array (undefined and functions are written as null). */
function itemLength(v: unknown): number {
  if (typeof v === "number") return numberLength(v);
  return v === undefined || typeof v === "function" ? 4 : minJsonLength(v);
}

/**
 * A lower bound of `JSON.stringify(value).length`, in one pass over the value's numbers and
 * nothing written: a 768-wide layer's 2.4 M numbers take ~10 ms, writing them ~700 ms.
 */
export function minJsonLength(value: unknown): number {
  if (Array.isArray(value)) return arrayLength(value);
  if (typeof value === "object" && value !== null) {
    let sum = 2; // "{}"
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined || typeof v === "function") continue; // left out by JSON.stringify
      sum += key.length + 3 + minJsonLength(v); // "key": value, its comma not counted
    }
    return sum;
  }
  if (typeof value === "number") return numberLength(value);
  if (typeof value === "string") return value.length + 2;
  return 1;
}

/**
 * Long arrays' bounds (a matrix's rows, a scenario's matrices): the link of each step asks again
 * for a scenario whose matrices are the same arrays. A scenario's arrays are never changed in
 * place (an edit is a new scenario with its edits listed).
 */
const known = new WeakMap<unknown[], number>();
const KEEP_OVER = 64;

function arrayLength(value: unknown[]): number {
  const kept = known.get(value);
  if (kept !== undefined) return kept;
  // "[" + the values + a comma between each + "]".
  let sum = Math.max(1, value.length) + 1;
  for (const v of value) sum += itemLength(v);
  if (value.length > KEEP_OVER) known.set(value, sum);
  return sum;
}
