/**
 * Where the prebuilt models are. `npm run build` trains them into build/models/
 * (tools/make/build-models.mjs, run by web/vite-plugin-models.ts) and Vite ships each file as a hashed
 * asset beside the page; nothing here fetches them: these are URLs, fetched only when used.
 */
/** Each task's default model from its default seed: its model file and its run file. */
export const PREBUILT: Readonly<Record<"translate" | "copy", { model: string; run: string }>> = {
  translate: {
    model: new URL("../../../build/models/translate.model.json", import.meta.url).href,
    run: new URL("../../../build/models/translate.run.json", import.meta.url).href,
  },
  copy: {
    model: new URL("../../../build/models/copy.model.json", import.meta.url).href,
    run: new URL("../../../build/models/copy.run.json", import.meta.url).href,
  },
};

/**
 * The stepper's "learned" preset: the prebuilt translate model's cross-attention (all heads) on
 * "the small black cat sees a red car", as a scenario file.
 */
export const LEARNED_SCENARIO = new URL(
  "../../../build/models/learned.scenario.json",
  import.meta.url,
).href;
