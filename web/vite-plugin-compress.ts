/**
 * Compressed responses without a compressing server. At build time, writes beside each text or
 * wasm file of dist/ a gzip (-9) and a brotli (quality 11) copy, `name.gz` and `name.br`, for a
 * static host to send as they are (nginx: gzip_static / brotli_static; README, Deploying). In
 * `vite preview`, a middleware does the same: a request whose Accept-Encoding allows br (or gzip)
 * gets the precompressed copy with Content-Encoding and the preview's own headers (the CSP).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Files worth compressing, and their types (a precompressed reply must name the original's). */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
};
/** Below this, a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
/** The compressed copies, best first: [suffix, Content-Encoding]. */
const ENCODINGS = [
  [".br", "br"],
  [".gz", "gzip"],
] as const;

/** Writes `file`.gz and `file`.br when `file` is one of TYPES and big enough. */
function compressFile(file: string): void {
  if (!(extname(file) in TYPES)) return;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) return;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params }));
}

export function compressed(): Plugin {
  let outDir = "";
  return {
    name: "attention-stepper-compress",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const name of Object.keys(bundle)) compressFile(join(outDir, name));
        // The HTML pages are in dist/ too (the public folder's icon is a PNG, compressed already).
        for (const name of ["index.html", "embed.html", "tutorial.html"])
          if (!(name in bundle) && existsSync(join(outDir, name))) compressFile(join(outDir, name));
      },
    },
    configurePreviewServer(server) {
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD") return next();
        let path = decodeURIComponent(new URL(req.url ?? "/", "http://preview").pathname);
        if (path.endsWith("/")) path += "index.html";
        const file = resolve(outDir, `.${path}`);
        const type = TYPES[extname(file)];
        const accepted = String(req.headers["accept-encoding"] ?? "");
        const found = ENCODINGS.find(
          ([suffix, name]) =>
            accepted.includes(name) && existsSync(file + suffix) && file.startsWith(outDir + sep),
        );
        if (!type || !found) return next();
        const [suffix, encoding] = found;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value as string);
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Content-Length", statSync(file + suffix).size);
        res.end(req.method === "HEAD" ? undefined : readFileSync(file + suffix));
      });
    },
  };
}
