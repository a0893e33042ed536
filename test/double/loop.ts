// Espruino's event loop (jsiIdle in src/jsinteractive.c, 2v29), on virtual time:
// - interrupts push events (pin edges with the interrupt's own timestamp, timer-finished events)
//   into a queue; JavaScript never runs inside an interrupt;
// - one pass of the loop handles the events that were queued when it began, then runs every timer
//   that is due, in the order of the timer list (not the order of due times), starting again from
//   the top whenever a callback adds or removes a timer; then the queued callbacks (Waveform
//   "finish"); a pass that did nothing lets the chip sleep until the next timer;
// - setTimeout counts from the moment it is called; setInterval from its own schedule (it catches
//   up with a burst after a stall); timer and watch ids are "the last id in the list + 1", so ids are
//   reused once the list empties, like on the board;
// - setWatch with a debounce fires after the bounce settles, reporting the time of the LAST edge;
//   without one, every edge runs the callback with the edge's own time.

import { TICKS_PER_S, msToTicks, rtcFloor } from "./units";

export interface Timer {
  id: number;
  /** System ticks. */
  due: number;
  /** 0 for setTimeout. */
  interval: number;
  cb: unknown;
  args: unknown[];
  /** A debounce timeout made by a watch (clearTimeout() with no argument keeps these). */
  watch?: Watch;
  state?: boolean;
}

export interface Watch {
  id: number;
  /** Physical pin, and the Pin object to report. */
  phys: number;
  pin: unknown;
  cb: unknown;
  recur: boolean;
  /** Ticks; 0 = none. */
  debounce: number;
  /** 1 rising, -1 falling, 0 both. */
  edge: number;
  state: boolean;
  lastTime: number | undefined;
  timeout: Timer | null;
}

export type IOEvent =
  | { kind: "edge"; phys: number; high: boolean; time: number }
  | { kind: "job"; run: () => void };

export interface LoopHost {
  /** System ticks now (not yet rounded to the RTC). */
  sys(): number;
  /** Runs firmware code the way the interpreter does: an exception is reported, never thrown. */
  call(fn: unknown, args: unknown[], what: string): void;
  /** Makes an event object inside the firmware's context. */
  makeObject(): Record<string, unknown>;
}

/** Queue size: Jolt.js has a 2048-byte IO buffer; an edge event takes 8 bytes. */
export const EVENT_QUEUE_MAX = 256;

export class EventLoop {
  timers: Timer[] = [];
  watches: Watch[] = [];
  events: IOEvent[] = [];
  /** Callbacks queued by jsiQueueObjectCallbacks (run at the end of a pass). */
  deferred: (() => void)[] = [];
  private timersChanged = false;
  /** Events lost because the queue was full (E.getErrorFlags: FIFO_FULL). */
  lostEvents = 0;
  passes = 0;

  constructor(private host: LoopHost) {}

  now(): number {
    return rtcFloor(this.host.sys());
  }

  // --- timers ----------------------------------------------------------------------------------

  private nextId(list: { id: number }[]): number {
    return list.length === 0 ? 1 : list[list.length - 1].id + 1;
  }

  addTimer(cb: unknown, ms: number, args: unknown[], repeat: boolean): number {
    if (!(ms >= 0.1)) ms = 0.1; // TIMER_MIN_INTERVAL; NaN too
    const ticks = msToTicks(ms);
    const t: Timer = { id: this.nextId(this.timers), due: this.now() + ticks, interval: repeat ? ticks : 0, cb, args };
    this.timers.push(t);
    this.timersChanged = true;
    return t.id;
  }

  /** clearTimeout/clearInterval: no argument clears all but debounce timeouts; an unknown id is ignored. */
  clearTimer(id: unknown, all: boolean): void {
    if (all) this.timers = this.timers.filter((t) => t.watch !== undefined);
    else this.timers = this.timers.filter((t) => t.id !== id);
    this.timersChanged = true;
  }

  changeInterval(id: unknown, ms: number): boolean {
    const t = this.timers.find((x) => x.id === id);
    if (!t) return false;
    const ticks = msToTicks(Math.max(0.1, ms));
    if (t.interval) t.interval = ticks;
    t.due = this.now() + ticks;
    this.timersChanged = true;
    return true;
  }

  /** System ticks of the next due timer, or Infinity. */
  nextDue(): number {
    let m = Infinity;
    for (const t of this.timers) m = Math.min(m, t.due);
    return m;
  }

  // --- watches ---------------------------------------------------------------------------------

  addWatch(w: Omit<Watch, "id" | "lastTime" | "timeout">): number {
    const watch: Watch = Object.assign({ id: this.nextId(this.watches), lastTime: undefined, timeout: null }, w);
    this.watches.push(watch);
    return watch.id;
  }

  isWatched(phys: number): boolean {
    return this.watches.some((w) => w.phys === phys);
  }

  /** The interrupt: stamp the edge and queue it (only for watched pins). */
  edge(phys: number, high: boolean): boolean {
    if (!this.isWatched(phys)) return false;
    return this.push({ kind: "edge", phys, high, time: this.now() });
  }

  push(e: IOEvent): boolean {
    if (this.events.length >= EVENT_QUEUE_MAX) {
      this.lostEvents++;
      return false;
    }
    this.events.push(e);
    return true;
  }

  // --- one pass of the idle loop -----------------------------------------------------------------

  /** Returns true if it did any work (then the loop goes round again before sleeping). */
  pass(): boolean {
    this.passes++;
    let busy = false;
    let n = this.events.length;
    while (n-- > 0 && this.events.length > 0) {
      const e = this.events.shift()!;
      busy = true;
      if (e.kind === "job") e.run();
      else this.handleEdge(e);
    }
    if (this.runTimers()) busy = true;
    while (this.deferred.length) {
      busy = true;
      this.deferred.shift()!();
    }
    return busy;
  }

  private seconds(ticks: number): number {
    return ticks / TICKS_PER_S;
  }

  private shouldFire(w: Watch, high: boolean): boolean {
    return w.edge === 0 || (high && w.edge > 0) || (!high && w.edge < 0);
  }

  private fireWatch(w: Watch, high: boolean, time: number): void {
    const t = this.seconds(time);
    if (this.shouldFire(w, high)) {
      const data = this.host.makeObject();
      data.state = high;
      data.lastTime = w.lastTime;
      data.time = t;
      data.pin = w.pin;
      if (!w.recur) this.watches = this.watches.filter((x) => x !== w);
      this.host.call(w.cb, [data], "watch");
    }
    w.lastTime = t;
  }

  private handleEdge(e: { phys: number; high: boolean; time: number }): void {
    for (const w of this.watches.slice()) {
      if (w.phys !== e.phys || this.watches.indexOf(w) < 0) continue;
      if (w.debounce <= 0) {
        w.state = e.high;
        this.fireWatch(w, e.high, e.time);
        continue;
      }
      const timeout = w.timeout;
      if (timeout && this.timers.indexOf(timeout) >= 0) {
        const oldDue = timeout.due;
        timeout.due = e.time + w.debounce;
        timeout.state = e.high;
        if (e.time > oldDue && e.high !== w.state) {
          // the timeout should have fired but the loop did not get to it: fire now, with its time
          w.state = e.high;
          this.timers = this.timers.filter((x) => x !== timeout);
          w.timeout = null;
          this.timersChanged = true;
          this.fireWatch(w, e.high, oldDue - w.debounce);
        }
      } else if (e.high !== w.state) {
        const t: Timer = { id: this.nextId(this.timers), due: e.time + w.debounce, interval: 0, cb: w.cb, args: [], watch: w, state: e.high };
        this.timers.push(t);
        w.timeout = t;
        this.timersChanged = true;
      }
    }
  }

  private runTimers(): boolean {
    const T = this.now();
    let busy = false;
    do {
      this.timersChanged = false;
      for (let i = 0; i < this.timers.length && !this.timersChanged; ) {
        const t = this.timers[i];
        if (t.due > T) {
          i++;
          continue;
        }
        busy = true;
        if (t.watch) {
          const w = t.watch;
          this.timers.splice(i, 1);
          w.timeout = null;
          if (w.state !== t.state) {
            w.state = t.state!;
            if (this.watches.indexOf(w) >= 0) this.fireWatch(w, t.state!, t.due - w.debounce);
          }
          continue;
        }
        // it stays in the list while it runs, so a timer it sets gets a new id, as on the board
        this.host.call(t.cb, t.args, t.interval ? "interval" : "timeout");
        const at = this.timers.indexOf(t);
        if (at < 0) continue; // cleared by its own callback
        if (t.interval) {
          t.due += t.interval;
          i = at + 1;
        } else {
          this.timers.splice(at, 1);
          i = at;
        }
      }
    } while (this.timersChanged);
    return busy;
  }
}
