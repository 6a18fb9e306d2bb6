/**
 * The Model view's links (docs/url.md): "#model" opens it on the shipped King James model,
 * "#model=kjv&text=…" with that text in the prompt, so a reload or a shared link keeps what was
 * typed. A user's checkpoint cannot travel in a link: "#model=file" says to open it again. Pure.
 */

export type ModelName = "kjv" | "file";

export interface ModelLink {
  model: ModelName;
  text: string;
  /** What could not be read ("" when nothing), said in the view's status line. */
  problem: string;
}

/** Longest text a link keeps (the model's context is 128 tokens, a few hundred characters). */
export const MAX_LINK_TEXT = 2000;

/** The Model link in `hash` (with or without "#"), or null when it is not one. */
export function readModelHash(hash: string): ModelLink | null {
  const m = /^#?model(?:=([^&]*))?(?:&|$)/.exec(hash);
  if (!m) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const text = (params.get("text") ?? "").slice(0, MAX_LINK_TEXT);
  const name = params.get("model") ?? "";
  if (name === "" || name === "kjv") return { model: "kjv", text, problem: "" };
  if (name === "file") {
    return {
      model: "kjv",
      text,
      problem: "A checkpoint opened from a file is not kept in a link: open it again below.",
    };
  }
  const shown = name.length > 20 ? `${name.slice(0, 20)}…` : name;
  return { model: "kjv", text, problem: `model: “${shown}” is not a model here; showing kjv.` };
}

/** The hash of the Model view on `model` with `text` ("#model=kjv&text=In%20the"). */
export function modelHash(model: ModelName, text: string): string {
  const params = new URLSearchParams({ model });
  if (text) params.set("text", text.slice(0, MAX_LINK_TEXT));
  return `#${params.toString().replace(/\+/g, "%20")}`;
}
