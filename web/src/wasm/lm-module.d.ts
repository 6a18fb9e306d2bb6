/** The Emscripten ES module factory built into build/wasm/lm.mjs (its values: lm-types.ts). */
declare module "@wasm/lm.mjs" {
  const createLmModule: (options?: { wasmBinary?: ArrayBuffer | Uint8Array }) => Promise<unknown>;
  export default createLmModule;
}
