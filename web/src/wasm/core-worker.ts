/**
 * The core's worker (a module worker started by core-client.ts, one per page): loads the
 * stepper's module and answers every computation, so the page's main thread never runs one.
 * Runs stay open here until the page closes them. Requests are answered in order, one at a time.
 * Messages: core-protocol.ts.
 */
import { asSerialised, coreBytes } from "./core-bytes";
import { coreLoader, type WasmMessage } from "./core-wasm";
import type { AlgorithmAsk } from "./algorithm-types";
import { Refused, valueOf } from "./module-answer";
import type { CoreReply, CoreRequest, Fetched, Opened } from "./core-protocol";
import type { AttentionModule, FileOutline, MatrixValue, RunSummary, StepValue } from "./types";

// The wasm comes as the page's first message, or the glue fetches it (core-wasm.ts).
const core = coreLoader();
const loading = core.loading;

/** The buffers of `matrices`, to transfer rather than copy. */
const buffers = (matrices: (MatrixValue | null)[]) =>
  matrices.flatMap((m) => (m ? [m.data.buffer as ArrayBuffer] : []));

/**
 * The loaded files (stored-files.ts), loaded with the first file or Save: before, no scenario
 * text names a stored file (a text that pretends to is the core's to refuse).
 */
let files: typeof import("./stored-files") | null = null;
const loadFiles = async () => (files ??= await import("./stored-files"));

/** The bytes the core reads for a scenario text from the page. */
const coreText = (text: string) => (files ? files.coreText(text) : coreBytes(asSerialised(text)));

/** The algorithms' answers and module (algorithm-answer.ts), loaded on the first request. */
let algorithms: Promise<(json: Uint8Array, a: AlgorithmAsk) => unknown> | null = null;

/** The answer of the algorithms' module to `a` for the scenario text `scenario`. */
async function algorithm(scenario: string, a: AlgorithmAsk): Promise<unknown> {
  // A module that did not load (offline, or a one-file page that has only the stepper's) is
  // named, and tried again at the next request; the stepper's own module is left as it is.
  algorithms ??= import("./algorithm-answer")
    .then((m) => m.openAlgorithms())
    .catch(() => {
      algorithms = null;
      throw new Error(
        "the KV cache and FlashAttention module (algorithms.wasm) could not be loaded; the standard steps still work",
      );
    });
  return (await algorithms)(coreText(scenario), a);
}

/** Requests answered once a module is loaded or a file read. */
type Waiting = "algorithm" | "load" | "save";
type Later = Exclude<CoreRequest, { type: "close" | "hold" }>;

/**
 * Whether `r` waits: for a module, a file, or the stored files' code when its scenario names a
 * file before any was loaded here (a worker restarted after a crash: stored-files.ts says the
 * file is gone, not the core that "$file" is an unknown field).
 */
const waits = (r: CoreRequest): boolean =>
  "ask" in r || // algorithm
  "blob" in r || // load
  r.type === "save" ||
  ((!files || pending > 0) && "scenario" in r && /"\$file"|"ref"/.test(r.scenario));

/**
 * Files being read, in the order asked (a restarted worker's reloads come before the request
 * that started it): a request that names a file waits for them.
 */
let reading: Promise<unknown> = Promise.resolve();
let pending = 0;

/** The answer of a request that waits. */
async function later(raw: AttentionModule, r: Later): Promise<unknown> {
  if (r.type === "algorithm") return algorithm(r.scenario, r.ask);
  if (r.type === "load") {
    pending++;
    const check = (bytes: Uint8Array) => {
      const answer = raw.checkFile(bytes);
      valueOf<true>(answer, "ok");
      return answer as FileOutline;
    };
    const done = loadFiles().then((m) => m.storeFile(r.blob, r.file, check));
    reading = Promise.all([reading, done.catch(() => 0)]).finally(() => pending--);
    return done;
  }
  await reading;
  const m = await loadFiles();
  if (r.type === "save") return m.savedFile(r.scenario);
  return answer(raw, r)[0];
}

/** The request's answer and the buffers its reply transfers. */
function answer(
  raw: AttentionModule,
  r: Exclude<CoreRequest, { type: "close" | "hold" | Waiting }>,
): [unknown, ArrayBuffer[]] {
  switch (r.type) {
    case "ready":
      return [true, []];
    case "open": {
      const opened = raw.open(coreText(r.scenario), r.granularity);
      const value: Opened = {
        run: valueOf<number>(opened, "id"),
        summary: valueOf<RunSummary>(opened, "summary"),
      };
      return [value, [value.summary.keys.buffer as ArrayBuffer]];
    }
    case "fetch": {
      const value: Fetched = {
        steps: r.steps.map((k) => valueOf<StepValue>(raw.step(r.run, k), "step")),
        matrices: r.matrices.map((m) =>
          valueOf<MatrixValue | null>(raw.matrix(r.run, m.matrix, m.head), "matrix"),
        ),
      };
      return [value, buffers(value.matrices)];
    }
    case "drill":
      return [
        valueOf<unknown>(raw.drill(coreText(r.scenario), r.kind, r.head, r.row, r.col), "drill"),
        [],
      ];
    case "sweep":
      return [valueOf<unknown>(raw.sweep(coreText(r.scenario)), "points"), []];
  }
}

/** A run that took more heap than this gets as much written ahead for the next (warmHeap). */
const WARM_OVER = 8 << 20;
const WARM_SLICE = 4 << 20;
/**
 * The writing starts once the page has asked nothing for this long: right after an open the page
 * draws the run's first step, then asks for its neighbours, and a busy 2-core machine has no core
 * to spare for the writing meanwhile (it stretched that drawing's task past 50 ms).
 */
const WARM_IDLE_MS = 100;
/**
 * The heap being written ahead, if any: `stop` ends the writing and frees it (an open calls it
 * first); `putOff` starts the wait of WARM_IDLE_MS again while the writing has not begun (each
 * request calls it).
 */
let warming: { stop(): void; putOff(): void } | null = null;

/**
 * Writes `bytes` of heap once while the worker is idle, then frees them. The page keeps the run
 * on screen while the next one computes, so after a big run (~40 MB at 512 tokens) the next
 * lands on heap pages never written, and their first write cost the worker ~150-250 ms of that
 * run on a busy machine; written here, in 4 MB slices between messages, they cost it nothing.
 */
function warmHeap(raw: AttentionModule, bytes: number): void {
  const at = raw._malloc(bytes);
  if (!at) return;
  let done = 0;
  let timer: ReturnType<typeof setTimeout>;
  const stop = () => {
    clearTimeout(timer);
    raw._free(at);
    warming = null;
  };
  const slice = () => {
    const end = Math.min(bytes, done + WARM_SLICE);
    raw.HEAPU8.fill(0, at + done, at + end);
    done = end;
    if (done < bytes) timer = setTimeout(slice, 0);
    else stop();
  };
  const putOff = () => {
    if (done > 0) return;
    clearTimeout(timer);
    timer = setTimeout(slice, WARM_IDLE_MS);
  };
  warming = { stop, putOff };
  putOff();
}

const post = (reply: CoreReply, transfer: ArrayBuffer[] = []) =>
  self.postMessage(reply, { transfer });

/** Holds `lock` until the worker ends (core-client.ts watches for its release). */
function hold(lock: string): void {
  const forever = new Promise<void>(() => undefined);
  // Not where Web Locks are missing (an opaque origin): the page then has no death watch.
  navigator.locks
    ?.request(lock, () => {
      post({ held: lock });
      return forever;
    })
    .catch(() => undefined);
}

/** In words: a .wasm that did not arrive says so, not "Aborted(both async and sync fetching…)". */
function notLoaded(e: Error): string {
  if (/fetch|wasm|magic|WebAssembly/i.test(e.message)) {
    return "the core did not load: its WebAssembly file (attention.wasm) could not be fetched or read; check the connection, or that the site serves the assets folder";
  }
  return `the core did not load: ${e.message}`;
}

/** The failure of request `id`: the module's refusal, or a crash, which ends this worker. */
function refuse(id: number, e: Error): void {
  // A trap or an abort leaves the module's memory unknown: say so, and end this worker.
  if (e instanceof WebAssembly.RuntimeError) {
    post({ id, ok: false, error: { field: "", message: `it crashed: ${e.message}`, lost: true } });
    return self.close();
  }
  const field = e instanceof Refused ? e.field : "";
  post({ id, ok: false, error: { field, message: e.message } });
}

self.addEventListener("message", (event: MessageEvent<CoreRequest | WasmMessage>) => {
  core.first(event.data);
  warming?.putOff();
  const request = event.data;
  if (request.type === "wasm") return;
  if (request.type === "hold") return hold(request.lock);
  void loading.then(
    (raw) => {
      // Another run takes the heap written ahead; smaller requests go between its slices.
      if (request.type === "open") warming?.stop();
      if (request.type === "close") return raw.close(request.run);
      // mallinfo walks the heap's chunks: measured for an open only, not on every fetch.
      const heap = request.type === "open" ? raw.heapBytesInUse() : 0;
      if (waits(request)) {
        const id = (request as Later).id;
        later(raw, request as Later).then(
          (value) => post({ id, ok: true, value }),
          (e: Error) => refuse(id, e),
        );
        return;
      }
      try {
        const [value, transfer] = answer(raw, request as Parameters<typeof answer>[1]);
        post({ id: request.id, ok: true, value }, transfer);
      } catch (e) {
        refuse(request.id, e as Error);
      }
      if (request.type !== "open") return;
      const grew = raw.heapBytesInUse() - heap;
      if (grew > WARM_OVER) warmHeap(raw, grew);
    },
    (e: Error) => {
      if (request.type === "close") return;
      post({
        id: request.id,
        ok: false,
        error: { field: "", message: notLoaded(e) },
      });
    },
  );
});
