// The fields of today's attention (kv_heads, rope, position_offset, sink_tokens, alibi) in a link
// (#z=) and in a saved scenario file: they come back as written, and a preset is named by id.
import { describe, expect, it } from "vitest";
import { decodeView, encodeView } from "../../../web/src/state/url-state";
import { scenarioJson } from "../../../web/src/state/scenario-file";
import { presetById, type StaticPreset } from "../../../web/src/state/presets";
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import type { ScenarioFile } from "../../../web/src/wasm/types";

const modern: ScenarioFile = {
  query_tokens: ["a", "b", "c", "d"],
  d_model: 8,
  heads: 4,
  kv_heads: 2,
  mask: "window",
  window: 2,
  sink_tokens: 1,
  positional_encoding: false,
  rope: { theta: 500000, style: "half", dims: 2 },
  position_offset: 7,
  alibi: true,
};
const at = (scenario: ScenarioFile) => ({
  scenario,
  granularity: Granularity.PerQuery,
  stage: Stage.Scores,
  head: 3,
  query: 1,
});

describe("today's fields", () => {
  it("survive a #z= link", async () => {
    const hash = await encodeView(at(modern));
    expect(hash).toMatch(/^z=/);
    expect((await decodeView(hash)).view.scenario).toEqual(modern);
  });
  it("a new preset goes by its id", async () => {
    const llama = presetById("llama") as StaticPreset;
    const hash = await encodeView(at(llama.scenario));
    expect(hash).toMatch(/^p=llama&/);
    expect((await decodeView(hash)).view.scenario).toEqual(llama.scenario);
  });
  it("are written into a saved file, the RoPE object inline", () => {
    const text = scenarioJson(modern);
    expect(text).toContain('  "kv_heads": 2,\n');
    expect(text).toContain('  "rope": {"theta": 500000, "style": "half", "dims": 2},\n');
    expect(text).toContain('  "alibi": true\n');
    expect(JSON.parse(text)).toEqual(modern);
  });
});
