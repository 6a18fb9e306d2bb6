/**
 * Scenario JSON in a URL: deflate-raw + base64url, and back with a cap on the inflated size (a
 * small link must not become a huge scenario). No DOM; CompressionStream is in every browser.
 */

/** A link that cannot be read; `message` says why, in words for the status line. */
export class UrlStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UrlStateError";
  }
}

/** Longest scenario JSON a link may decompress to, in bytes. */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** JSON text -> deflate-raw -> base64url. */
export async function compress(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** Inflates base64url text, stopping once the output passes MAX_JSON_BYTES. */
export async function decompress(b64: string): Promise<string> {
  const bytes = fromBase64Url(b64);
  const reader = new Blob([bytes])
    .stream()
    .pipeThrough(new DecompressionStream("deflate-raw"))
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        void reader.cancel().catch(() => undefined);
        throw new UrlStateError("The link's scenario is too large (over 4 MB).");
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof UrlStateError) throw e;
    throw new UrlStateError("The link's scenario is damaged (it does not decompress).");
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw new UrlStateError("The link's scenario is not valid text.");
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new UrlStateError("The link's scenario is damaged (not base64url).");
  }
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
