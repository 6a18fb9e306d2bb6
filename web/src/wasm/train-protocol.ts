/**
 * The messages between train-client.ts (the page) and train-worker.ts (one model per worker).
 * Every request but pause and resume has an id and gets one reply with that id; while training,
 * the worker also posts a progress event after each slice.
 */
import type {
  AttentionSite,
  TaskName,
  TrainMetrics,
  TrainProgress,
  TrainSettings,
  TrainSnapshot,
  WatchedMap,
} from "./train-types";

export type WorkerRequest =
  | { id: number; type: "defaults"; task: TaskName }
  | { id: number; type: "start"; settings: TrainSettings }
  | { id: number; type: "open"; task: TaskName; modelUrl: string; runUrl: string }
  | { id: number; type: "train" }
  | { id: number; type: "translate"; text: string }
  | { id: number; type: "scenario"; text: string; site: AttentionSite; layer: number; head: number }
  | { id: number; type: "modelFile" }
  | { type: "pause" }
  | { type: "resume" };

/** What start and open reply: the session's fixed parts and its record so far. */
export interface Opened {
  settings: TrainSettings;
  watched: WatchedMap[];
  progress: TrainProgress;
  snapshots: TrainSnapshot[];
  losses: number[];
  /** A prebuilt model's evaluation (from its run file); null for a live run. */
  metrics: TrainMetrics | null;
}

/** input: a rejected setting or sentence (a TrainInputError); failure: anything else. */
export interface WorkerError {
  kind: "input" | "failure";
  field: string;
  message: string;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError }
  | { type: "progress"; progress: TrainProgress; fresh: TrainSnapshot[]; losses: number[] };
