// The desktop implementation of the hardware contract (firmware/board.ts): time from a TimeSource
// (real or virtual), frames and clips recorded instead of shown and played, records in memory.
// The same app that runs on the Espruino board runs on this one.

import type { Board, Link, Store } from "../firmware/board";
import { RECORD_BYTES, SEAL_BYTES } from "../firmware/board";
import { crc32, seal } from "../firmware/record/slots";
import type { TimeSource } from "./realtime";
import type { Area } from "../firmware/gfx/gfx";
import { PageGraphics } from "../firmware/gfx/graphics";

export class MemoryStore implements Store {
  /** The games' records, oldest first, the current one last (it and the previous one are kept). */
  games: string[][] = [[]];
  /** The current game's checkpoints. */
  checkpoints: string[] = [];
  named: Record<string, string> = {};
  /** A test's flash with no room left: every append fails. */
  full = false;
  /** Characters the records of all games may take (a test's small flash): an append past it drops
   *  the oldest finished game first; past it with the current game alone, it fails. */
  capacity = Infinity;

  private game(k: number | undefined): string[] | null {
    return this.games[this.games.length - 1 - (k || 0)] || null;
  }
  private size(): number {
    let n = 0;
    for (const g of this.games) for (const r of g) n += r.length;
    return n;
  }
  append(record: string): boolean {
    if (record.length > RECORD_BYTES || this.full) return false;
    while (this.size() + record.length > this.capacity && this.games.length > 1) this.games.shift();
    if (this.size() + record.length > this.capacity) return false;
    this.games[this.games.length - 1].push(record);
    return true;
  }
  count(game?: number): number {
    const g = this.game(game);
    return g ? g.length : 0;
  }
  record(i: number, game?: number): string | null {
    const g = this.game(game);
    return g && i >= 0 && i < g.length ? g[i] : null;
  }
  /** One slot a record, sealed as the flash's are (firmware/record/slots.ts), wide enough for the longest. */
  slotBytes = RECORD_BYTES + SEAL_BYTES + 1;
  slots(from: number, max: number, game?: number): string {
    const g = this.game(game) || [];
    let out = "";
    for (let i = from; i >= 0 && i < g.length && i < from + max; i++) out += seal(g[i], crc32).padEnd(this.slotBytes, " ");
    return out;
  }
  newGame(): void {
    this.games.push([]);
    if (this.games.length > 2) this.games.shift();
    this.checkpoints = [];
  }
  tidy(): void {}
  checkpoint(text: string): boolean {
    if (this.full) return false;
    this.checkpoints.push(text);
    return true;
  }
  lastCheckpoint(): string | null {
    return this.checkpoints.length ? this.checkpoints[this.checkpoints.length - 1] : null;
  }
  get(name: string): string | null {
    return name in this.named ? this.named[name] : null;
  }
  set(name: string, value: string): boolean {
    this.named[name] = value;
    return true;
  }
}

export class SimBoard implements Board {
  readonly time: TimeSource;
  store: Store;
  /** The display's frame, drawn by the TypeScript copy of Espruino's Graphics (as the device's). */
  gfx = PageGraphics.frame();
  /** The frame as last shown, how many times something was shown, and the window sent each time
   *  (what the device sends over I2C), and every clip sequence played with its start time. */
  frame: Uint8Array = new Uint8Array(1024);
  frames = 0;
  windows: Area[] = [];
  played: { t: number; clips: string[] }[] = [];
  volume = 7;
  batteryPercent = 80;
  /** The player buttons' lamps, LEFT and RIGHT (firmware/board.ts LAMP_OFF, LAMP_ON, LAMP_BLINK), and
   *  the display's contrast as last set. */
  lampStates: number[] = [0, 0];
  contrastLevel = 0xcf;
  /** Called when the lamps change, for a front end to light its buttons. */
  onLamps: (left: number, right: number) => void = () => {};
  /** The desktop tool's line, when there is one (sim/serial.ts). */
  link?: Link;
  /** The hall's broadcast, when there is one (sim/air.ts). */
  advertise?: (data: string | null) => string | null;
  /** No flashed files here: the simulator says what it is instead of a hash. */
  firmware = "simulator";
  /** Every second, main time or not: a reload or a killed process gives back at most that. */
  checkpoint = { mainMs: 1000, overtimeMs: 1000 };
  private buttons: ((b: number, down: boolean, t: number) => void) | null = null;
  private cancel: (() => void) | null = null;
  /** Called after each frame, for a front end to show it. */
  onFrame: (frame: Uint8Array) => void = () => {};

  constructor(time: TimeSource, store: Store) {
    this.time = time;
    this.store = store;
  }

  now(): number {
    return this.time.now();
  }
  wakeAt(t: number, fn: () => void): void {
    if (this.cancel) this.cancel();
    this.cancel = this.time.schedule(fn, Math.max(0, t - this.time.now()));
  }
  onButton(fn: (b: number, down: boolean, t: number) => void): void {
    this.buttons = fn;
  }
  /** A front end's (or a test's) button edge at time t. */
  edge(button: number, down: boolean, t: number): void {
    if (this.buttons) this.buttons(button, down, t);
  }
  show(): string | null {
    const m = this.gfx.getModified(true);
    if (!m) return null; // nothing drawn: nothing sent
    this.windows.push(m);
    if (this.windows.length > 100) this.windows.shift();
    this.frame = this.gfx.frame.slice();
    this.frames++;
    this.onFrame(this.frame);
    return null;
  }
  /** The voice packs on this board (null: every pack); a clip of another is beeped, as on the device. */
  packs: string[] | null = null;
  play(clips: string[], t: number): string | null {
    this.played.push({ t: t, clips: clips.slice() });
    const packs = this.packs;
    const missing = packs ? clips.filter((c) => packs.indexOf(c.split("/")[0]) < 0) : [];
    return missing.length ? "clip missing, beeped: " + missing.join(", ") : null;
  }
  setVolume(v: number): void {
    this.volume = v;
  }
  battery(): number {
    return this.batteryPercent;
  }
  kick(): void {}
  lamps(left: number, right: number): void {
    this.lampStates = [left, right];
    this.onLamps(left, right);
  }
  contrast(level: number): string | null {
    this.contrastLevel = level;
    return null;
  }
}

/** Virtual time for tests and scripted runs: nothing happens until the test moves time on. */
export class VirtualTime implements TimeSource {
  t = 0;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private ids = 0;
  now(): number {
    return this.t;
  }
  schedule(fn: () => void, ms: number): () => void {
    const id = ++this.ids;
    this.queue.push({ at: this.t + Math.max(0, Math.floor(ms)), fn: fn, id: id });
    return () => {
      this.queue = this.queue.filter((q) => q.id !== id);
    };
  }
  /** Runs every timer due up to `to`, in order, then sets the time to `to`. */
  runUntil(to: number): void {
    for (;;) {
      let next: { at: number; fn: () => void; id: number } | null = null;
      for (const q of this.queue) if (q.at <= to && (!next || q.at < next.at)) next = q;
      if (!next) break;
      const n = next;
      this.queue = this.queue.filter((q) => q !== n);
      this.t = Math.max(this.t, n.at);
      n.fn();
    }
    this.t = Math.max(this.t, to);
  }
}
