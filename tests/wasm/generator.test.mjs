// The generator of cpp/core/generator.h, reimplemented here from its documentation with BigInt,
// must give the wasm module's embeddings and weights bit for bit. The Catch2 suite pins the same
// values natively, so native and wasm builds agree exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runOk, sharedModule } from "./helpers.mjs";

const MASK = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;

function splitmix64(seed) {
  let state = seed & MASK;
  return () => {
    state = (state + GOLDEN) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}
const mix = (x) => splitmix64(x)();
const unit = (word) => Number(word >> 11n) * 2 ** -53;

function fnv1a64(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & MASK;
  }
  return h;
}

function embedding(token, dModel, seed) {
  const next = splitmix64(mix(BigInt(seed)) ^ fnv1a64(token));
  return Array.from({ length: dModel }, () => 1.0 * (2 * unit(next()) - 1));
}

function weights(rows, cols, seed, tag) {
  const next = splitmix64(mix(BigInt(seed) ^ ((BigInt(tag) * GOLDEN) & MASK)));
  const a = Math.sqrt(6 / (rows + cols));
  return Array.from({ length: rows * cols }, () => a * (2 * unit(next()) - 1));
}

test("embeddings and weights equal the documented generator bit for bit", async () => {
  const module = await sharedModule();
  const tokens = ["the", "cat", "café", "the"];
  const { trace } = runOk(module, { query_tokens: tokens, d_model: 6, heads: 2, seed: 42 });
  const expected = tokens.flatMap((t) => embedding(t, 6, 42));
  assert.deepEqual(Array.from(trace.embeddingsQ.data), expected);
  assert.deepEqual(Array.from(trace.wQ.data), weights(6, 6, 42, 1));
  assert.deepEqual(Array.from(trace.wK.data), weights(6, 6, 42, 2));
  assert.deepEqual(Array.from(trace.wV.data), weights(6, 6, 42, 3));
  assert.deepEqual(Array.from(trace.wO.data), weights(6, 6, 42, 4));
});

test("the values pinned in the Catch2 suite come out of the wasm build too", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, {
    query_tokens: ["the", "cat"],
    d_model: 3,
    heads: 1,
    seed: 42,
    positional_encoding: false,
  });
  // 0x1.f510710e991a8p-3 and -0x1.4b7a05b0ec3c4p-1 (tests/cpp/test_generator.cpp)
  assert.equal(trace.embeddingsQ.data[0], 0x1f510710e991a8 * 2 ** -55);
  assert.equal(trace.embeddingsQ.data[3], -0x14b7a05b0ec3c4 * 2 ** -53);
  assert.deepEqual(trace.xQ.data, trace.embeddingsQ.data);
});
