// What the hall knows: every clock heard (by radio address), its last state, when it was last heard,
// and the marks an arbiter looks for. Fed advertisements as they come; asked for rows, sorted by
// board number, and for the rows that changed since it was last asked (what --json streams and the
// web page receives). Time is passed in (ms), so tests and the benchmark drive it as they like.

import { type ClockState, type Decoded, type Ignored, IGNORED } from "./decode";

/** A clock not heard this long is marked silent. */
export const SILENT_MS = 10000;

/** The marks, in the order the table shows them. */
export const MARKS = ["flag", "forfeit", "low battery", "silent", "firmware", "duplicate", "no board number"] as const;
export type Mark = (typeof MARKS)[number];

export interface Row {
  board: number;
  /** The radio address it was heard from (the loopback's: a simulated clock's own). */
  address: string;
  state: ClockState;
  /** When it was last heard, and since when its state is this one (hall ms). */
  heardAt: number;
  since: number;
  marks: Mark[];
}

export interface HallOptions {
  /** The fingerprint every clock should have (--expect): another one is marked. */
  expect?: string;
  silentMs?: number;
}

interface Entry {
  address: string;
  state: ClockState;
  /** The advertisement's bytes as last heard: the same again only refreshes heardAt. */
  key: string;
  heardAt: number;
  since: number;
  /** The marks as last reported. */
  reported: string;
  changed: boolean;
}

export class Hall {
  private clocks = new Map<string, Entry>();
  /** Entries changed since changes() last looked. */
  private dirty = new Set<Entry>();
  /** Radio addresses heard under each board number. */
  private boards = new Map<number, Set<string>>();
  readonly ignored: Record<Ignored, number> = { truncated: 0, foreign: 0, version: 0, invalid: 0 };
  /** Advertisements heard in all, and those that were a clock's. */
  heard = 0;
  private ignoredChanged = false;
  private expect: string;
  private silentMs: number;

  constructor(o: HallOptions = {}) {
    this.expect = o.expect ?? "";
    this.silentMs = o.silentMs ?? SILENT_MS;
  }

  /** An advertisement from `address` heard at `now`, as decoded; `key` identifies its bytes. True
   *  when a row changed (a new clock, a new state). */
  hear(address: string, d: Decoded, key: string, now: number): boolean {
    this.heard++;
    if ("ignored" in d) {
      this.ignored[d.ignored]++;
      this.ignoredChanged = true;
      return false;
    }
    let e = this.clocks.get(address);
    if (e && e.key === key) {
      const wasSilent = now - e.heardAt >= this.silentMs;
      e.heardAt = now;
      if (wasSilent) this.touch(e);
      return wasSilent;
    }
    if (e && e.state.board !== d.state.board) this.boards.get(e.state.board)?.delete(address);
    if (!e) {
      e = { address: address, state: d.state, key: key, heardAt: now, since: now, reported: "", changed: false };
      this.clocks.set(address, e);
    }
    e.state = d.state;
    e.key = key;
    e.heardAt = now;
    e.since = now;
    this.touch(e);
    let set = this.boards.get(d.state.board);
    if (!set) this.boards.set(d.state.board, (set = new Set()));
    if (!set.has(address)) {
      set.add(address);
      // the other clocks of that board number are duplicates now
      for (const a of set) if (a !== address) this.touch(this.clocks.get(a)!);
    }
    return true;
  }

  private touch(e: Entry): void {
    e.changed = true;
    this.dirty.add(e);
  }

  private marks(e: Entry, now: number): Mark[] {
    const s = e.state;
    const m: Mark[] = [];
    if (s.black.flag || s.white.flag) m.push("flag");
    if (s.black.forfeit || s.white.forfeit) m.push("forfeit");
    if (s.lowBattery) m.push("low battery");
    if (now - e.heardAt >= this.silentMs) m.push("silent");
    if (this.expect && s.fingerprint !== this.expect) m.push("firmware");
    if (s.board === 0) m.push("no board number");
    else if ((this.boards.get(s.board)?.size ?? 0) > 1) m.push("duplicate");
    return m;
  }

  private row(e: Entry, now: number): Row {
    return { board: e.state.board, address: e.address, state: e.state, heardAt: e.heardAt, since: e.since, marks: this.marks(e, now) };
  }

  /** Every clock heard, by board number, then radio address. */
  rows(now: number): Row[] {
    const out: Row[] = [];
    for (const e of this.clocks.values()) out.push(this.row(e, now));
    return out.sort((a, b) => a.board - b.board || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  }

  /** The rows whose state or marks changed since the last call; with `sweep`, every clock is looked
   *  at (a clock gone silent changes without being heard: call it now and then). */
  changes(now: number, sweep = false): Row[] {
    const out: Row[] = [];
    const look = sweep ? this.clocks.values() : this.dirty.values();
    for (const e of look) {
      const r = this.row(e, now);
      const marks = r.marks.join(",");
      if (!e.changed && marks === e.reported) continue;
      e.changed = false;
      e.reported = marks;
      out.push(r);
    }
    this.dirty.clear();
    return out;
  }

  /** The counts of ignored advertisements, when they changed since the last call; else null. */
  ignoredChanges(): Record<Ignored, number> | null {
    if (!this.ignoredChanged) return null;
    this.ignoredChanged = false;
    return Object.assign({}, this.ignored);
  }

  /** Ignored advertisements in all. */
  ignoredTotal(): number {
    return IGNORED.reduce((n, k) => n + this.ignored[k], 0);
  }
}
