// The text the core reads for a scenario with cell edits (web/src/state/edits.ts,
// web/src/wasm/scenario-text.ts): the text the scenario came in as, with its edits added as the
// last field, so a loaded 51 MB layer is not written out again at each edit. It reads as the
// edited scenario, keeps what only the text says (a -0, a repeated field), and a scenario that
// came with edits of its own, or was made on the page, is written out as before.
import { describe, expect, it } from "vitest";
import { scenarioWithEdits } from "../../../web/src/state/edits";
import { fromText, scenarioText } from "../../../web/src/wasm/scenario-text";
import type { CellEdit, ScenarioFile } from "../../../web/src/wasm/types";

const TEXT = `{
  "query_tokens": ["le", "chat"],
  "d_model": 2, "heads": 1,
  "x_q": [[1, -0], [0.5, 2]]
}
`;
const loaded = (text = TEXT) => fromText(JSON.parse(text) as ScenarioFile, text);
const e1: CellEdit = { matrix: "x_q", row: 0, col: 1, value: 3 };
const e2: CellEdit = { matrix: "x_q", row: 1, col: 0, value: -1.25 };

describe("scenarioText of an edited scenario", () => {
  it("is the loaded text with the edits as its last field", () => {
    const edited = scenarioWithEdits(loaded(), [e1]);
    const text = scenarioText(edited);
    expect(text.startsWith(TEXT.trimEnd().slice(0, -1))).toBe(true);
    expect(text).toContain("[1, -0]"); // what only the text says stays
    expect(JSON.parse(text)).toEqual(edited);
  });

  it("follows undo and further edits from the same text", () => {
    const base = loaded();
    const one = scenarioWithEdits(base, [e1]);
    const two = scenarioWithEdits(one, [e1, e2]);
    expect(JSON.parse(scenarioText(two))).toEqual(two);
    const none = scenarioWithEdits(two, []);
    expect(scenarioText(none)).toBe(TEXT);
  });

  it("adds no comma to an empty object", () => {
    const edited = scenarioWithEdits(loaded("{ }"), [e1]);
    expect(scenarioText(edited)).toBe(`{ "edits":${JSON.stringify([e1])}}`);
  });

  it("writes out a scenario that came with edits of its own, or one made on the page", () => {
    const withOwn = `{"query_tokens": ["a"], "d_model": 2, "heads": 1, "edits": []}`;
    const fromFile = scenarioWithEdits(loaded(withOwn), [e1]);
    expect(scenarioText(fromFile)).toBe(JSON.stringify(fromFile));
    const made: ScenarioFile = { query_tokens: ["a"], d_model: 2, heads: 1 };
    const edited = scenarioWithEdits(made, [e1]);
    expect(scenarioText(edited)).toBe(JSON.stringify(edited));
  });
});
