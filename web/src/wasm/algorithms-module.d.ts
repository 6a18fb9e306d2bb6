/** The Emscripten ES module factory built into build/wasm/algorithms.mjs (loaded on first use). */
declare module "@wasm/algorithms.mjs" {
  const createAlgorithmsModule: (options?: {
    wasmBinary?: ArrayBuffer | Uint8Array;
  }) => Promise<unknown>;
  export default createAlgorithmsModule;
}
