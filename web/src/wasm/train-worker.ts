/**
 * The training worker (a module worker started by train-client.ts): one model, trained live in
 * slices or read from a prebuilt model file. Between slices it posts progress and the new
 * snapshots and reads its messages, so pause, translate or a scenario are answered mid-run.
 * Messages: train-protocol.ts.
 */
import createTrainModule from "@wasm/train.mjs";
import { coreBytes } from "./core-bytes";
import type { TrainMetrics } from "./train-types";
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
let session: RawSession | undefined;
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

function current(): RawSession {
  if (!session) throw new RequestError({ kind: "failure", field: "", message: "no model yet" });
  return session;
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

/** A prebuilt model: its model file into the module, its run file's record kept as it is. */
async function open(module: TrainModule, task: string, modelUrl: string, runUrl: string) {
  const [model, run] = await Promise.all([
    fetchOk(modelUrl, `prebuilt ${task} model`).then((r) => r.arrayBuffer()),
    fetchOk(runUrl, `prebuilt ${task} run`).then((r) => r.json() as Promise<RunFile>),
  ]);
  const problem = runFileProblem(run, task);
  if (problem) throw new Error(problem);
  session = valueOf(module.open(new Uint8Array(model)), "session");
  metrics = metricsFromJson(run.metrics);
  const last = run.snapshots[run.snapshots.length - 1];
  const opened: Opened = {
    settings: session.settings(),
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
  return opened;
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
  const s = current();
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
    post({
      type: "progress",
      progress: { ...s.progress(), slice_ms: ms },
      fresh: snapshots,
      losses,
    });
    await yieldToMessages();
  }
  looping = false;
  if (training !== null && s.progress().done) {
    metrics ??= s.evaluate();
    post({ id: training, ok: true, value: metrics });
    training = null;
  }
}

async function handle(request: WorkerRequest, module: TrainModule): Promise<unknown> {
  switch (request.type) {
    case "defaults":
      return valueOf(module.defaultSettings(request.task), "settings");
    case "start": {
      session = valueOf(module.start(request.settings), "session");
      const { snapshots, losses } = fresh(session);
      const opened: Opened = {
        settings: session.settings(),
        watched: session.watched(),
        progress: { ...session.progress(), slice_ms: 0 },
        snapshots,
        losses,
        metrics: null,
      };
      return opened;
    }
    case "open":
      return open(module, request.task, request.modelUrl, request.runUrl);
    case "translate":
      return translationValue(valueOf(current().translate(coreBytes(request.text)), "translation"));
    case "scenario": {
      const { text, site, layer, head } = request;
      const json = valueOf(
        current().scenario(coreBytes(text), ATTENTION_SITES[site], layer, head),
        "scenario",
      );
      return JSON.parse(json);
    }
    case "modelFile":
      return current().modelFile();
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
  loading.then(loop).catch((e: unknown) => {
    post({ id, ok: false, error: errorOf(e) });
    training = null;
    looping = false;
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
    reply(request.id, () => loading.then((module) => handle(request, module)));
  }
});
