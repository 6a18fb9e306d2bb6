/**
 * Play/pause: calls `tick` at the chosen speed until it returns false (the last step) or pause().
 * A setTimeout chain rather than setInterval, so a slow step never queues up ticks.
 */
export class Player {
  private timer: number | undefined;
  private stepsPerSecond: number;

  /** `tick` advances one step and says whether there is more to play; `onChange` redraws. */
  constructor(
    private readonly tick: () => boolean,
    private readonly onChange: (playing: boolean) => void,
    stepsPerSecond: number,
  ) {
    this.stepsPerSecond = stepsPerSecond;
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  play(): void {
    if (this.playing) return;
    this.schedule();
    this.onChange(true);
  }

  pause(): void {
    if (!this.playing) return;
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.onChange(false);
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(stepsPerSecond: number): void {
    this.stepsPerSecond = stepsPerSecond;
  }

  private schedule(): void {
    this.timer = window.setTimeout(() => {
      if (this.tick()) this.schedule();
      else {
        this.timer = undefined;
        this.onChange(false);
      }
    }, 1000 / this.stepsPerSecond);
  }
}
