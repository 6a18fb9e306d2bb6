/**
 * Opening a user's llama2.c checkpoint (version 0, as llama2.c's export.py --version 0 writes
 * it) and optionally its tokenizer.bin, by file picker or drag and drop. Each file's size is
 * checked before it is read; the core's reader then refuses a wrong size, a truncated file or a
 * tokenizer of another vocabulary with its own message, and the model shown stays.
 */
import { el, makeButton } from "../ui/dom";

/** Largest checkpoint read: 64 M float32 weights (the core holds them as float64). */
export const MAX_MODEL_BYTES = 256 * 1024 * 1024;
/** Largest tokenizer.bin (Llama 2's 32,000 pieces take 0.4 MB). */
export const MAX_TOKENIZER_BYTES = 16 * 1024 * 1024;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Why `file` is too big to read, or "". */
export function sizeProblem(file: File, what: string, max: number): string {
  if (file.size === 0) return `${what}: ${file.name} is empty.`;
  return file.size > max
    ? `${what}: ${file.name} has ${mb(file.size)}; the page reads at most ${mb(max)}.`
    : "";
}

export interface FilePanel {
  element: HTMLElement;
}

export function createFilePanel(
  open: (model: File, tokenizer: File | null) => Promise<void>,
  say: (text: string) => void,
): FilePanel {
  const element = el("div", "lm-file");
  element.append(
    el(
      "p",
      "",
      "Open a llama2.c checkpoint (version 0: model.bin, stories15M.bin, …) and, to type text, its tokenizer.bin. Or drop them here.",
    ),
  );
  const inputs = (["model", "tokenizer"] as const).map((name) => {
    const label = el("label", "", name === "model" ? "Checkpoint" : "tokenizer.bin (optional)");
    const input = el("input");
    input.type = "file";
    input.id = `lm-file-${name}`;
    label.htmlFor = input.id;
    element.append(label, input);
    return input;
  });
  const button = makeButton("", "Open");
  element.append(button);

  async function openFiles(model: File | undefined, tokenizer: File | null): Promise<void> {
    if (!model) {
      say("Choose a checkpoint file first.");
      return;
    }
    const problem =
      sizeProblem(model, "checkpoint", MAX_MODEL_BYTES) ||
      (tokenizer ? sizeProblem(tokenizer, "tokenizer", MAX_TOKENIZER_BYTES) : "");
    if (problem) {
      say(problem);
      return;
    }
    await open(model, tokenizer);
  }

  button.addEventListener("click", () => {
    void openFiles(inputs[0]!.files?.[0], inputs[1]!.files?.[0] ?? null);
  });
  element.addEventListener("dragover", (e) => e.preventDefault());
  element.addEventListener("drop", (e) => {
    e.preventDefault();
    const files = [...(e.dataTransfer?.files ?? [])];
    // The tokenizer is the file named tokenizer*.bin; the checkpoint is the other one.
    const tokenizer = files.find((f) => /^tok/i.test(f.name)) ?? null;
    void openFiles(
      files.find((f) => f !== tokenizer),
      tokenizer,
    );
  });
  return { element };
}
