/**
 * The training worker (a module worker started by train-client.ts): one model, trained live in
 * slices or read from a prebuilt model file. Between slices it posts progress and the new
 * snapshots and reads its messages, so pause, translate or a scenario are answered mid-run.
 * A prebuilt model answers "open" from its run file alone (the replay); its model file (some
 * 2 MB of JSON) is read meanwhile, and what needs the model waits for it. Messages:
 * train-protocol.ts.
 */
import createTrainModule from "@wasm/train.mjs";
import { coreBytes } from "./core-bytes";
import type { TaskName, TrainMetrics, TrainSettings } from "./train-types";
import type { Opened, WorkerError, WorkerReply, WorkerRequest } from "./train-protocol";
import {
  ATTENTION_SITES,
  metricsFromJson,
  runFileProblem,
  snapshotValue,
  translationValue,
  type RawResult,
  type RawSession,
  type RunFile,
  type TrainModule,
} from "./train-values";

/** Worker time per slice aimed at: short enough to answer pause at once, long enough to pay. */
const SLICE_MS = 20;

const loading = createTrainModule() as Promise<TrainModule>;
/** The model: at once for a live run, once its file is read for a prebuilt one. */
let session: Promise<RawSession> | undefined;
let metrics: TrainMetrics | null = null;
let sentSnapshots = 0;
let sentLosses = 0;
/** The pending "train" request while training runs, and whether it is paused. */
let training: number | null = null;
let paused = false;
let looping = false;
let msPerStep = NaN;

const post = (reply: WorkerReply) => self.postMessage(reply);

class RequestError extends Error {
  constructor(readonly error: WorkerError) {
    super(error.message);
  }
}

/** A module result's value, or its error as an input error. */
function valueOf<K extends string, T>(result: RawResult<K, T>, key: K): T {
  if (!result.ok) throw new RequestError({ kind: "input", ...result.error });
  return (result as { [k in K]: T })[key];
}

function current(): Promise<RawSession> {
  return session ?? Promise.reject(new Error("no model yet"));
}

/** The snapshots and losses recorded since the last call. */
function fresh(s: RawSession) {
  const snapshots = s.snapshots(sentSnapshots).map(snapshotValue);
  const losses = Array.from(s.losses(sentLosses));
  sentSnapshots += snapshots.length;
  sentLosses += losses.length;
  return { snapshots, losses };
}

/** `url`'s response; a failure names `what` and that `npm run build` makes it. */
async function fetchOk(url: string, what: string): Promise<Response> {
  let response: Response | undefined;
  try {
    response = await fetch(url);
  } catch {
    // A network error: response stays undefined.
  }
  if (response?.ok) return response;
  const why = response ? `HTTP ${response.status}` : "no answer";
  throw new Error(`the ${what} could not be fetched (${why}); \`npm run build\` makes it`);
}

/**
 * A prebuilt model: answered from its run file (settings, record, metrics) as soon as that is
 * in; the model file is fetched and read meanwhile, and checked to be the run's model.
 */
async function open(task: string, modelUrl: string, runUrl: string): Promise<Opened> {
  const bytes = fetchOk(modelUrl, `prebuilt ${task} model`).then((r) => r.arrayBuffer());
  const run = await fetchOk(runUrl, `prebuilt ${task} run`).then(
    (r) => r.json() as Promise<RunFile>,
  );
  const problem = runFileProblem(run, task);
  if (problem) throw new Error(problem);
  const settings: TrainSettings = { task: run.task as TaskName, ...run.config };
  session = Promise.all([loading, bytes]).then(([module, model]) => {
    const opened = valueOf(module.open(new Uint8Array(model)), "session");
    const read = opened.settings();
    if (!(Object.keys(settings) as (keyof TrainSettings)[]).every((k) => read[k] === settings[k])) {
      throw new Error(`the prebuilt ${task} model is not the one its run file records`);
    }
    return opened;
  });
  // Its failure is answered to each request that needs the model.
  session.catch(() => undefined);
  metrics = metricsFromJson(run.metrics);
  const last = run.snapshots[run.snapshots.length - 1];
  return {
    settings,
    watched: run.watched,
    progress: {
      step: run.steps,
      steps: run.steps,
      loss: run.losses[run.losses.length - 1] ?? NaN,
      seconds: run.seconds,
      done: true,
      token_accuracy: last?.token_accuracy ?? NaN,
      alignment: last?.alignment ?? NaN,
      slice_ms: 0,
    },
    snapshots: run.snapshots,
    losses: run.losses,
    metrics,
  };
}

/** Lets queued messages (pause, translate, ...) run before the next slice. */
const channel = new MessageChannel();
const yieldToMessages = () =>
  new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Trains slice by slice until done or paused; the slice size follows the measured step time. */
async function loop(): Promise<void> {
  if (looping) return;
  looping = true;
  try {
    const s = await current();
    while (training !== null && !paused && !s.progress().done) {
      const steps = Number.isFinite(msPerStep)
        ? Math.max(1, Math.min(500, Math.round(SLICE_MS / msPerStep)))
        : 1;
      const start = performance.now();
      const ran = s.trainSteps(steps);
      const ms = performance.now() - start;
      const perStep = ms / Math.max(ran, 1);
      msPerStep = Number.isFinite(msPerStep) ? 0.5 * msPerStep + 0.5 * perStep : perStep;
      const { snapshots, losses } = fresh(s);
      const progress = { ...s.progress(), slice_ms: ms };
      post({ type: "progress", progress, fresh: snapshots, losses });
      await yieldToMessages();
    }
    if (training !== null && s.progress().done) {
      metrics ??= s.evaluate();
      post({ id: training, ok: true, value: metrics });
      training = null;
    }
  } finally {
    looping = false;
  }
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case "defaults":
      return valueOf((await loading).defaultSettings(request.task), "settings");
    case "start": {
      const started = valueOf((await loading).start(request.settings), "session");
      session = Promise.resolve(started);
      const { snapshots, losses } = fresh(started);
      const opened: Opened = {
        settings: started.settings(),
        watched: started.watched(),
        progress: { ...started.progress(), slice_ms: 0 },
        snapshots,
        losses,
        metrics: null,
      };
      return opened;
    }
    case "open":
      return open(request.task, request.modelUrl, request.runUrl);
    case "translate": {
      const result = (await current()).translate(coreBytes(request.text));
      return translationValue(valueOf(result, "translation"));
    }
    case "scenario": {
      const { text, site, layer, head } = request;
      const s = await current();
      const json = valueOf(
        s.scenario(coreBytes(text), ATTENTION_SITES[site], layer, head),
        "scenario",
      );
      return JSON.parse(json);
    }
    case "modelFile":
      return (await current()).modelFile();
    default:
      return undefined;
  }
}

function errorOf(e: unknown): WorkerError {
  if (e instanceof RequestError) return e.error;
  return { kind: "failure", field: "", message: e instanceof Error ? e.message : String(e) };
}

/** Starts (or resumes) the training loop for the "train" request `id`; a failure answers it. */
function run(id: number): void {
  loop().catch((e: unknown) => {
    post({ id, ok: false, error: errorOf(e) });
    training = null;
  });
}

function reply(id: number, work: () => Promise<unknown>): void {
  work().then(
    (value) => post({ id, ok: true, value }),
    (e: unknown) => post({ id, ok: false, error: errorOf(e) }),
  );
}

self.addEventListener("message", (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === "pause") {
    paused = true;
  } else if (request.type === "resume") {
    paused = false;
    if (training !== null) run(training);
  } else if (request.type === "train") {
    if (metrics) {
      post({ id: request.id, ok: true, value: metrics });
      return;
    }
    training = request.id;
    run(request.id);
  } else {
    reply(request.id, () => handle(request));
  }
});
