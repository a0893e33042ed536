// The page's time sources (sim/realtime.ts TimeSource). Real: performance.now(), the same base as an
// event's timeStamp, so a button edge carries the instant of the click or key itself. A background
// tab's timers are throttled or frozen while performance.now() runs on: when the tab comes back every
// overdue wake is run at once, and the app catches up as the core says.

import type { TimeSource } from "../../realtime";

export class PageTime implements TimeSource {
  private pending: { at: number; fn: () => void; handle: number }[] = [];

  constructor() {
    const self = this;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") self.runOverdue();
    });
    window.addEventListener("pageshow", () => self.runOverdue());
    document.addEventListener("resume", () => self.runOverdue()); // a frozen tab woken again
  }

  now(): number {
    return Math.floor(performance.now());
  }

  /** The board ms of an event (its timeStamp: when the input happened, not when it was handled). */
  stamp(e: Event): number {
    return Math.min(this.now(), Math.floor(e.timeStamp));
  }

  schedule(fn: () => void, ms: number): () => void {
    const self = this;
    const entry = { at: this.now() + Math.max(0, Math.floor(ms)), fn: fn, handle: 0 };
    entry.handle = window.setTimeout(() => self.fire(entry), Math.max(0, ms));
    this.pending.push(entry);
    return () => {
      clearTimeout(entry.handle);
      self.pending = self.pending.filter((p) => p !== entry);
    };
  }

  private fire(entry: { at: number; fn: () => void; handle: number }): void {
    if (this.pending.indexOf(entry) < 0) return;
    this.pending = this.pending.filter((p) => p !== entry);
    entry.fn();
  }

  private runOverdue(): void {
    const now = this.now();
    for (const p of this.pending.slice()) {
      if (p.at <= now) {
        clearTimeout(p.handle);
        this.fire(p);
      }
    }
  }
}
