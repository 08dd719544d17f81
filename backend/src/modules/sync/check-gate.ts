// When the read model must check the sequence horizon again before a read is answered: checks run
// one at a time, whoever asks, and a read waits for one begun recently enough for it (after it
// arrived less the age it accepts, and after every write of this process that settled before it).
// Used by read-model.ts.

interface Running {
  promise: Promise<void>;
  startMs: number;
  startGen: number;
}

export class CheckGate {
  /** When the model was last checked against the horizon, and the local write count then. */
  private checkedAtMs = 0;
  private checkedGen = -1;
  /** Counts this process's settled writes: a read arriving after one must see it. */
  private writeGen = 0;
  private running: Running | null = null;

  /** `check`: brings the model to the horizon. */
  constructor(private readonly check: () => Promise<void>) {}

  /** A write of this process settled: reads arriving from now on wait for a check begun after it. */
  wrote(): void {
    this.writeGen += 1;
  }

  /** The mark of a read arriving now, to hand to `waitUntilChecked`. */
  arrival(): { arrivedMs: number; gen: number } {
    // performance.now(): a device's answer from another instance and its next request can be
    // less than a millisecond apart on one machine.
    return { arrivedMs: performance.now(), gen: this.writeGen };
  }

  /**
   * Resolves once a check recent enough for a read that arrived at `arrival` has finished; at once
   * when the last one is and the model exists (`hasModel`).
   */
  async waitUntilChecked(arrival: { arrivedMs: number; gen: number }, maxAgeMs: number, hasModel: () => boolean): Promise<void> {
    const recentEnough = (startMs: number, startGen: number) => startMs >= arrival.arrivedMs - maxAgeMs && startGen >= arrival.gen;
    for (;;) {
      if (hasModel() && recentEnough(this.checkedAtMs, this.checkedGen)) return;
      const running = this.running ?? this.start();
      if (recentEnough(running.startMs, running.startGen)) {
        await running.promise;
        return;
      }
      // Started before this read arrived (or before a local write): wait for it, then go again.
      await running.promise.catch(() => {});
    }
  }

  private start(): Running {
    const startMs = performance.now();
    const startGen = this.writeGen;
    const promise = this.check().then(() => {
      this.checkedAtMs = startMs;
      this.checkedGen = startGen;
    });
    const running = { promise, startMs, startGen };
    this.running = running;
    promise.then(
      () => (this.running = null),
      () => (this.running = null),
    );
    return running;
  }
}
