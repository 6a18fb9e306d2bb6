/** The Emscripten ES module factory built into build/wasm/attention.mjs. */
declare module "@wasm/attention.mjs" {
  const createAttentionModule: (options?: {
    wasmBinary?: ArrayBuffer | Uint8Array;
  }) => Promise<unknown>;
  export default createAttentionModule;
}
