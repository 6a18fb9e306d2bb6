// The enums in web/src/wasm/enums.ts must equal the module's own (cpp/core/steps/steps.h).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sharedModule } from "./helpers.mjs";

/** Reads `export const Name = { A: 0, B: 1 }` objects out of the TypeScript source. */
function enumsFromTs() {
  const source = readFileSync(new URL("../../web/src/wasm/enums.ts", import.meta.url), "utf8");
  const enums = {};
  for (const [, name, body] of source.matchAll(/export const (\w+) = \{([^}]*)\}/g)) {
    enums[name] = Object.fromEntries(
      [...body.matchAll(/(\w+):\s*(\d+)/g)].map(([, key, value]) => [key, Number(value)]),
    );
  }
  return enums;
}

test("Stage and Granularity agree between C++ and TypeScript", async () => {
  const module = await sharedModule();
  const ts = enumsFromTs();
  for (const name of ["Stage", "Granularity"]) {
    const fromWasm = Object.fromEntries(
      Object.entries(module[name])
        .filter(([, v]) => v && typeof v.value === "number")
        .map(([k, v]) => [k, v.value]),
    );
    assert.ok(Object.keys(ts[name] ?? {}).length > 0, `${name} missing in enums.ts`);
    assert.deepEqual(fromWasm, ts[name], name);
  }
});

test("DrillKind agrees between the binding and TypeScript", async () => {
  const module = await sharedModule();
  const fromWasm = Object.fromEntries(
    Object.entries(module.DrillKind)
      .filter(([, v]) => v && typeof v.value === "number")
      .map(([k, v]) => [k, v.value]),
  );
  assert.deepEqual(fromWasm, enumsFromTs().DrillKind);
});
