/**
 * Entry point of embed.html, the page for an <iframe>: one stepper filling the frame, set up by
 * the query parameters.
 *
 * The parameters are the <attention-stepper> attributes (state/embed-options.ts, README): stage
 * (a name such as "softmax", or 1 … 13), head and query (from 1), granularity ("query" |
 * "matrix"), algorithm-step (from 1), src, hide, theme, height (by default the stepper fills the
 * frame), autoplay, controls
 * ("minimal": the step buttons only); the
 * scenario is preset (+ edits), z (compressed) or scenario (JSON), as the share dialog writes
 * them (state/url-state.ts, docs/url.md). A bad parameter is named in a message above the
 * stepper; a head, query or stage the scenario lacks is named too, at the nearest step.
 */
import "./styles.css";
import "./styles/embed-error.css";
import { mountEmbed } from "./app/embed-mount";
import { EmbedOptionError, parseEmbedOptions, type OptionName } from "./state/embed-options";
import { viewFromSearchParams } from "./state/url-state";

/** Parameters read as attributes are; the scenario comes from state/url-state.ts. */
const OWN: ReadonlySet<OptionName> = new Set([
  "src",
  "hide",
  "theme",
  "height",
  "autoplay",
  "controls",
  "stage",
  "head",
  "query",
  "granularity",
  "algorithm-step",
]);

async function main(host: HTMLElement): Promise<void> {
  const params = new URLSearchParams(location.search);
  const config = parseEmbedOptions((name) => (OWN.has(name) ? params.get(name) : null));
  try {
    // A scenario in the parameters (preset, z or scenario) wins over `src`.
    const view = await viewFromSearchParams(params);
    if (view) {
      config.options.scenario = view.scenario;
      config.src = undefined;
    }
  } catch (e) {
    config.errors.push(new EmbedOptionError("scenario", (e as Error).message));
  }
  await mountEmbed(host, config, "parameter");
}

const host = document.getElementById("embed");
if (host) void main(host).catch(() => undefined);
