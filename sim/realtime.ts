// The real-time driver: owns the Clock, one timer and the time source. It never counts ticks: it
// sleeps with a single timer until the clock's next change (capped, so the face is redrawn at least
// that often), then advances the clock to what the time source says. Operations are applied with
// the instant they happened (a key's arrival), not the instant they are handled.

import { type Clock, type Op, type Output } from "../firmware/core/index";

export interface TimeSource {
  /** Integer milliseconds since the source's start, from a monotonic clock. */
  now(): number;
  /** Calls fn once, ms from now; returns a function that cancels it. */
  schedule(fn: () => void, ms: number): () => void;
}

/** performance.now() relative to this call, in whole ms; setTimeout for sleeping. */
export function systemTime(): TimeSource {
  const t0 = performance.now();
  return {
    now: () => Math.floor(performance.now() - t0),
    schedule: (fn, ms) => {
      const h = setTimeout(fn, ms);
      return () => clearTimeout(h);
    },
  };
}

export class Realtime {
  readonly clock: Clock;
  readonly time: TimeSource;
  /** Called after every wake and every operation with what came out (often nothing: a redraw). */
  onChange: (outputs: Output[], now: number) => void = () => {};
  private maxSleepMs: number;
  private cancel: (() => void) | null = null;

  constructor(clock: Clock, time: TimeSource, maxSleepMs: number) {
    this.clock = clock;
    this.time = time;
    this.maxSleepMs = maxSleepMs;
  }

  start(): void {
    this.wake();
  }

  stop(): void {
    if (this.cancel) this.cancel();
    this.cancel = null;
  }

  /** Applies an operation that happened at t (integer ms of this time source). */
  apply(op: Op, t: number): Output[] {
    const out = this.clock.apply(op, t);
    this.onChange(out, t);
    this.arm();
    return out;
  }

  private wake = (): void => {
    this.cancel = null;
    const now = this.time.now();
    this.onChange(this.clock.advance(now), now);
    this.arm();
  };

  private arm(): void {
    if (this.cancel) this.cancel();
    const wait = this.clock.nextWakeAt() - this.time.now();
    this.cancel = this.time.schedule(this.wake, Math.max(0, Math.min(wait, this.maxSleepMs)));
  }
}
