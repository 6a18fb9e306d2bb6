// Compiles the page's modules that the command line and the node tests share (plain TypeScript
// in web/src, importing only types and each other) to ES modules in build/node/, once, so node runs them without
// a .js + .d.ts pair kept by hand. Types are checked by `npm run typecheck`, not here: this only
// strips them. Run by tools/make/build-wasm.sh (everything that uses them needs the wasm build too).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
const SHARED = [
  "web/src/wasm/core-bytes.ts",
  "web/src/wasm/core-limits.ts",
  "web/src/wasm/json-size.ts",
  "web/src/wasm/registry.ts",
  "web/src/wasm/train-values.ts",
  "web/src/views/matrix/tex-mathml.ts",
  "web/src/views/export/trace-json.ts",
];
const out = join(repo, "build/node");

/** `text` with each import of another shared module pointed at its build (build/node/ is flat);
 * an import of anything else is an error (node could not run it). */
function localImports(file, text) {
  const rewritten = text.replace(
    /^(\s*import\s(?!type)[^;]*?from\s*)"([^"]+)"/gm,
    (_, head, spec) => {
      const target = join(dirname(file), spec).replace(/\.(js|ts)$/, "") + ".ts";
      if (!SHARED.includes(target)) throw new Error(`${file} imports ${spec}, not a shared module`);
      return `${head}"./${basename(target, ".ts")}.js"`;
    },
  );
  if (/^\s*import\s(?!type)(?![^;]*from\s*"\.\/)/m.test(rewritten)) {
    throw new Error(`${file} imports a module`);
  }
  return rewritten;
}
mkdirSync(out, { recursive: true });
for (const file of SHARED) {
  const source = readFileSync(join(repo, file), "utf8");
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
    },
  });
  writeFileSync(join(out, basename(file, ".ts") + ".js"), localImports(file, outputText));
}
