/**
 * Opening a link's head of the shipped language model (state/lm-source.ts), loaded with import()
 * only when a link names one: the model's client, its worker and module, and its vocabulary.
 */
import { UrlStateError } from "./url-compress";
import { Vocabulary } from "./lm-pieces";
import type { ScenarioFile } from "../wasm/types";

/** The shipped model's scenario of `s`, from a worker started for it and ended after. */
export async function openLmSource(s: {
  text: string;
  layer: number;
  head: number;
}): Promise<ScenarioFile> {
  const client = await import("../wasm/lm-client");
  let opened: Awaited<ReturnType<typeof client.openKjv>> | null = null;
  try {
    opened = await client.openKjv();
    const { session, opened: o } = opened;
    const { n_layers, n_heads } = o.config;
    if (s.layer >= n_layers || s.head >= n_heads) {
      throw new UrlStateError(
        `The link's layer ${s.layer + 1}, head ${s.head + 1} is not in this model: it has ` +
          `${n_layers} layers of ${n_heads} heads.`,
      );
    }
    const ids = await session.request({ type: "encode", text: s.text });
    const vocabulary = new Vocabulary(o.pieces!);
    const tokens = ids.map((id) => vocabulary.label(id));
    const request = { type: "scenario", ids, layer: s.layer, head: s.head, tokens } as const;
    const scenario = (await session.request(request)) as ScenarioFile;
    return scenario;
  } catch (e) {
    if (e instanceof UrlStateError) throw e;
    const why = e instanceof Error ? e.message : String(e);
    throw new UrlStateError(`The language model could not give this link's scenario: ${why}`);
  } finally {
    opened?.session.dispose();
  }
}
