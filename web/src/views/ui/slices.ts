/**
 * Long drawing work cut into tasks of about `budget` ms: a generator does one small piece per
 * next() (e.g. 32 rows of a heat map), and between slices the page gets its turn (input, paint),
 * so no main-thread task runs long. The next slice is a message-channel task, which setTimeout's
 * 4 ms clamp does not delay.
 */

/** Runs `work` to its end in slices, starting in a task of its own; returns a cancel function. */
export function runInSlices(work: Iterator<unknown>, budget = 12): () => void {
  const channel = new MessageChannel();
  const stop = () => {
    channel.port1.onmessage = null;
    channel.port1.close();
  };
  channel.port1.onmessage = () => {
    const end = performance.now() + budget;
    while (performance.now() < end) if (work.next().done) return stop();
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  return stop;
}

/** Runs `work` to its end at once (small drawings, where a slice would only add a task). */
export function runNow<T>(work: Iterator<unknown, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
