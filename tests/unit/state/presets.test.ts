// The presets (web/src/state/presets.ts): ids, a copy of a preset's scenario still recognised,
// and the fetched preset's failures named and retried.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_PRESET,
  PRESETS,
  presetById,
  presetMatching,
  presetScenario,
  presetScenarioNow,
} from "../../../web/src/state/presets";

afterEach(() => vi.unstubAllGlobals());

const learned = presetById("learned")!;

describe("presets", () => {
  it("have unique ids, and the default is the small one", () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(DEFAULT_PRESET.id).toBe("small");
    expect(presetById("nope")).toBeUndefined();
  });
  it("recognise their scenario, a copy of it, and its JSON read back", () => {
    const s = DEFAULT_PRESET.scenario;
    expect(presetMatching(s)?.id).toBe("small");
    expect(presetMatching({ ...s })?.id).toBe("small");
    expect(presetMatching(JSON.parse(JSON.stringify(s)))?.id).toBe("small");
    expect(presetMatching({ ...s, seed: 43 })).toBeUndefined();
    expect(presetMatching({ ...s, edits: [] })).toBeUndefined();
  });
  it("a written preset is at hand; the fetched one is not until loaded", () => {
    expect(presetScenarioNow(DEFAULT_PRESET)).toBe(DEFAULT_PRESET.scenario);
    expect(presetScenarioNow(learned)).toBeUndefined();
  });
  it("a failed fetch names the preset and why, and the next use tries again", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(new Response("", { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    await expect(presetScenario(learned)).rejects.toThrow(
      'The preset "Learned: English → French" could not be loaded (HTTP 404)',
    );
    fetch.mockResolvedValueOnce(new Response("{oops"));
    await expect(presetScenario(learned)).rejects.toThrow("(not JSON)");
    expect(fetch).toHaveBeenCalledTimes(2);
  });
  it("a fetched preset is fetched once, then at hand and recognised", async () => {
    const scenario = { query_tokens: ["le", "chat"], d_model: 4 };
    const fetch = vi.fn().mockResolvedValue(Response.json(scenario));
    vi.stubGlobal("fetch", fetch);
    // Each step's link asks again for the same fields: the answer follows a preset loaded since.
    const copy = { ...scenario };
    expect(presetMatching(copy)).toBeUndefined();
    expect(await presetScenario(learned)).toEqual(scenario);
    expect(presetMatching(copy)?.id).toBe("learned");
    expect(await presetScenario(learned)).toEqual(scenario);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(presetScenarioNow(learned)).toEqual(scenario);
    expect(presetMatching({ ...scenario })?.id).toBe("learned");
  });
});
