// Who may do the arbiter's operations: the PIN with its wrong tries and lock-outs, and the unlock
// that lasts only as long as the arbiter's business. Everything that happens here is told to the
// log (22.9: the record must say who changed what).
//
// Wrong PINs are counted apart for the clock's own buttons ("menu") and for the links ("link"): a
// player on a cable can never keep the arbiter at the clock from entering the PIN. After PIN_TRIES
// wrong PINs in a row a source is refused for a minute, then 2, 4, … after each further PIN_TRIES; a
// right PIN starts the count afresh. The counts are kept in the store, so a reboot neither resets them nor
// shortens a lock-out: one under way at a reboot starts again whole (the board's clock restarts, so
// what was left of it is not known).
//
// The unlock ends with the arbiter's business: at a resume, at a game's start, when the link it came
// from closes, and after IDLE_MS without an arbiter operation.

import type { Store } from "./board";
import { type Settings, pinMatches } from "./record/settings";

export const IDLE_MS = 180000;
export const PIN_TRIES = 3;
export const PIN_BLOCK_MS = 60000;
/** "wrong level block" for the menu, then for the links (block: the lock-out's length at the time,
 *  0 for none). */
const FILE = "clock.pin";

/** Told of every event: the log entry's what and info. */
export type AuditLog = (t: number, what: string, info: string) => void;

export class Access {
  private store: Store;
  private audit: AuditLog;
  /** Per source (0 menu, 1 link): wrong PINs in a row, lock-outs so far, and until when the
   *  current one lasts (board ms) with its length. */
  private wrong = [0, 0];
  private level = [0, 0];
  private until = [0, 0];
  private blockMs = [0, 0];
  /** The arbiter entered the PIN: on the menu or over a link ("menu", "link"), or "" (locked). */
  via = "";
  /** The unlock ends at this instant unless an arbiter operation comes first. */
  idleUntil = 0;

  constructor(store: Store, now: number, audit: AuditLog) {
    this.store = store;
    this.audit = audit;
    const w = (store.get(FILE) || "").split(" ");
    for (let i = 0; i < 2; i++) {
      const n = [parseInt(w[3 * i], 10), parseInt(w[3 * i + 1], 10), parseInt(w[3 * i + 2], 10)];
      if (!(n[0] >= 0 && n[1] >= 0 && n[2] >= 0)) continue; // nothing kept yet, or unreadable
      this.wrong[i] = n[0];
      this.level[i] = n[1];
      this.blockMs[i] = n[2];
      this.until[i] = n[2] > 0 ? now + n[2] : 0;
    }
  }

  get unlocked(): boolean {
    return this.via !== "";
  }

  private save(): void {
    let s = "";
    for (let i = 0; i < 2; i++) s += (i ? " " : "") + this.wrong[i] + " " + this.level[i] + " " + this.blockMs[i];
    this.store.set(FILE, s);
  }

  /** Why PIN entry from this source is refused now, or null. */
  blocked(t: number, source: string): string | null {
    const i = source === "menu" ? 0 : 1;
    if (t < this.until[i]) return "too many wrong PINs: wait " + Math.ceil((this.until[i] - t) / 1000) + " s";
    if (this.blockMs[i] > 0) {
      this.blockMs[i] = 0; // over: a reboot must not start it again
      this.save();
    }
    return null;
  }

  /** A PIN entered on the menu or over a link: null if right, else why not (and nothing else). */
  check(s: Settings, pin: string, t: number, source: string): string | null {
    const i = source === "menu" ? 0 : 1;
    const why = this.blocked(t, source);
    if (why) return why;
    if (pinMatches(s, pin)) {
      if (this.wrong[i] || this.level[i]) {
        this.wrong[i] = 0;
        this.level[i] = 0;
        this.save();
      }
      return null;
    }
    this.wrong[i]++;
    let r: string;
    if (this.wrong[i] < PIN_TRIES) r = "wrong PIN (" + (PIN_TRIES - this.wrong[i]) + " left)";
    else {
      this.wrong[i] = 0;
      this.blockMs[i] = PIN_BLOCK_MS << this.level[i];
      if (this.level[i] < 10) this.level[i]++;
      this.until[i] = t + this.blockMs[i];
      r = "wrong PIN: blocked for " + this.blockMs[i] / 1000 + " s";
    }
    this.save();
    this.audit(t, "pin", source + ": " + r);
    return r;
  }

  /** The arbiter is in, from this source ("menu", "link"), for IDLE_MS unless an operation comes. */
  unlock(t: number, via: string): void {
    if (via !== "menu" && via !== "link") return;
    this.idleUntil = t + IDLE_MS;
    if (this.via === via) return;
    this.via = via;
    this.audit(t, "unlock", via);
  }

  /** An arbiter operation: the unlock lasts IDLE_MS from now. */
  touch(t: number): void {
    if (this.via) this.idleUntil = t + IDLE_MS;
  }

  /** Locks, saying why ("resume", "start", "idle", "link closed", "arbiter", "new game"); nothing
   *  when locked already. */
  lock(t: number, why: string): void {
    if (!this.via) return;
    this.via = "";
    this.audit(t, "lock", why);
  }
}
