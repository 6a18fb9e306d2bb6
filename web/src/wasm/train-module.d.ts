/** The Emscripten ES module factory built into build/wasm/train.mjs (its values: train-values.ts). */
declare module "@wasm/train.mjs" {
  const createTrainModule: (options?: {
    wasmBinary?: ArrayBuffer | Uint8Array;
  }) => Promise<unknown>;
  export default createTrainModule;
}
