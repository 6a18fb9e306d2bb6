/**
 * The scenario form's controls for today's models (K/V heads, RoPE, sinks, ALiBi): their HTML,
 * placed in the form by scenario-panel.ts, and reading and filling them. Each control carries the
 * data-field its error slot is found by.
 */
import type { ModernValues, RopeStyle } from "./modern-form";

export const MODERN_HTML = `
  <div class="field-row">
    <div><label class="field" for="f-kvheads">K/V heads</label>
      <input id="f-kvheads" type="text" inputmode="numeric" data-field="kvHeads" aria-describedby="h-modern" placeholder="= heads"></div>
    <div><label class="field" for="f-sinks">Sink tokens</label>
      <input id="f-sinks" type="text" inputmode="numeric" data-field="sinks" aria-describedby="h-modern" placeholder="0"></div>
    <label class="check"><input id="f-alibi" type="checkbox" data-field="alibi"> ALiBi</label>
  </div>
  <div class="field-row">
    <div><label class="field" for="f-rope">RoPE</label>
      <select id="f-rope" data-field="rope" aria-describedby="h-modern">
        <option value="none">none</option>
        <option value="interleaved">interleaved pairs (2i, 2i+1) — Meta</option>
        <option value="half">halves (i, i + dims/2) — Hugging Face</option>
      </select></div>
    <div data-rope hidden><label class="field" for="f-theta">θ</label>
      <input id="f-theta" type="text" inputmode="numeric" data-field="ropeTheta" placeholder="10000"></div>
    <div data-rope hidden><label class="field" for="f-dims">Rotated dims</label>
      <input id="f-dims" type="text" inputmode="numeric" data-field="ropeDims" placeholder="d_k"></div>
    <div><label class="field" for="f-offset">Position offset</label>
      <input id="f-offset" type="text" inputmode="numeric" data-field="positionOffset" placeholder="0"></div>
  </div>
  <p class="hint" id="h-modern">K/V heads: 1 to heads, dividing heads (1 = multi-query). Sink tokens: the first keys every query sees under a causal or window mask.</p>`;

/** The controls of MODERN_HTML inside `form`, looked up once. */
export function modernControls(form: HTMLElement) {
  const q = <T extends HTMLElement>(sel: string) => form.querySelector<T>(sel)!;
  return {
    kvHeads: q<HTMLInputElement>("#f-kvheads"),
    sinks: q<HTMLInputElement>("#f-sinks"),
    alibi: q<HTMLInputElement>("#f-alibi"),
    rope: q<HTMLSelectElement>("#f-rope"),
    theta: q<HTMLInputElement>("#f-theta"),
    dims: q<HTMLInputElement>("#f-dims"),
    offset: q<HTMLInputElement>("#f-offset"),
    ropeOnly: [...form.querySelectorAll<HTMLElement>("[data-rope]")],
  };
}
export type ModernControls = ReturnType<typeof modernControls>;

/** θ and the rotated dims only while RoPE is on. */
export function renderModern(c: ModernControls): void {
  for (const e of c.ropeOnly) e.hidden = c.rope.value === "none";
}

export function readModern(c: ModernControls): ModernValues {
  return {
    kvHeads: c.kvHeads.value,
    rope: c.rope.value as RopeStyle,
    ropeTheta: c.theta.value,
    ropeDims: c.dims.value,
    positionOffset: c.offset.value,
    sinks: c.sinks.value,
    alibi: c.alibi.checked,
  };
}

export function fillModern(c: ModernControls, v: ModernValues): void {
  c.kvHeads.value = v.kvHeads;
  c.rope.value = v.rope;
  c.theta.value = v.ropeTheta;
  c.dims.value = v.ropeDims;
  c.offset.value = v.positionOffset;
  c.sinks.value = v.sinks;
  c.alibi.checked = v.alibi;
  renderModern(c);
}
