// The scenario form's fields for K/V heads, RoPE, sinks and ALiBi (views/scenario/modern-form.ts):
// left out at their defaults, written as typed otherwise, and read back from a file.
import { describe, expect, it } from "vitest";
import {
  formFieldFor,
  formFromScenario,
  scenarioFromForm,
} from "../../../web/src/views/scenario/scenario-form";
import { PRESETS, type StaticPreset } from "../../../web/src/state/presets";
import { MODERN_PRESETS } from "../../../web/src/state/modern-presets";
import type { ScenarioFile } from "../../../web/src/wasm/types";

const base: ScenarioFile = { query_tokens: ["a", "b", "c"], d_model: 8, heads: 4, seed: 1 };

describe("the form's modern fields", () => {
  const modern = new Set(MODERN_PRESETS.map((p) => p.id));
  it("leave every earlier preset's file as it was", () => {
    const written = PRESETS.filter((x): x is StaticPreset => "scenario" in x);
    for (const p of written.filter((x) => !modern.has(x.id))) {
      const again = scenarioFromForm(formFromScenario(p.scenario));
      for (const f of ["kv_heads", "rope", "position_offset", "sink_tokens", "alibi"]) {
        expect(again, `${p.id} ${f}`).not.toHaveProperty(f);
      }
    }
  });
  it("keep the new presets' fields through the form", () => {
    const fields = ["kv_heads", "rope", "sink_tokens", "alibi", "mask", "window"] as const;
    for (const p of MODERN_PRESETS) {
      const again = scenarioFromForm(formFromScenario(p.scenario));
      for (const f of fields) expect(again[f], `${p.id} ${f}`).toEqual(p.scenario[f]);
    }
  });
  it("round-trip through the form", () => {
    const s: ScenarioFile = {
      ...base,
      mask: "window",
      window: 2,
      positional_encoding: false,
      kv_heads: 2,
      rope: { style: "half", theta: 500000, dims: 2 },
      position_offset: 5,
      sink_tokens: 1,
      alibi: true,
    };
    const again = scenarioFromForm(formFromScenario(s));
    expect(again).toMatchObject({
      kv_heads: 2,
      rope: { style: "half", theta: 500000, dims: 2 },
      position_offset: 5,
      sink_tokens: 1,
      alibi: true,
    });
  });
  it("keep what was typed for the core to name", () => {
    const v = {
      ...formFromScenario(base),
      kvHeads: "three",
      sinks: "1e400",
      rope: "interleaved" as const,
    };
    const s = scenarioFromForm(v);
    expect(s.kv_heads).toBe("three");
    expect(s.sink_tokens).toBe("1e400");
    expect(s.rope).toEqual({ style: "interleaved" });
  });
  it("drop K/V heads equal to heads, and offsets and sinks of 0", () => {
    const v = { ...formFromScenario(base), kvHeads: "4", positionOffset: "0", sinks: "0" };
    const s = scenarioFromForm(v);
    expect(s).not.toHaveProperty("kv_heads");
    expect(s).not.toHaveProperty("position_offset");
    expect(s).not.toHaveProperty("sink_tokens");
  });
  it("show a message beside its own control", () => {
    expect(formFieldFor("kv_heads")).toBe("kvHeads");
    expect(formFieldFor("rope.theta")).toBe("ropeTheta");
    expect(formFieldFor("sink_tokens")).toBe("sinks");
    expect(formFieldFor("position_offset")).toBe("positionOffset");
    expect(formFieldFor("alibi")).toBe("alibi");
    expect(formFieldFor("heads")).toBe("heads");
  });
});
