/** The modules' answers in the core's worker: {ok: true, …} or a refusal naming its field. */

/** A module answer that failed: its {field, message} goes back as the reply's error. */
export class Refused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

type Answer = { ok: true } | { ok: false; error: { field: string; message: string } };

/** Field `key` of a module answer, or its error thrown as Refused. */
export function valueOf<T>(answer: Answer, key: string): T {
  if (!answer.ok) throw new Refused(answer.error.field, answer.error.message);
  return (answer as unknown as Record<string, T>)[key]!;
}
