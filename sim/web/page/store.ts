// The Store contract (firmware/board.ts) on the browser's localStorage: a reload or a closed tab is
// the device's power cut, and the app restores the game from these records as it does from flash.
// One key per record and a count written after it: a record is either all there or not counted.
// Games are numbered (PREFIX + "game" holds the current one's number); the current game and the
// previous one are kept, and when the browser's quota is reached the previous one goes first. A
// checkpoint is one key, written over each time (the newest is all a restore needs).

import type { Store } from "../../../firmware/board";
import { RECORD_BYTES, SEAL_BYTES } from "../../../firmware/board";
import { crc32, seal } from "../../../firmware/record/slots";

export class LocalStore implements Store {
  private prefix: string;
  private storage: Storage;

  constructor(storage: Storage, prefix: string) {
    this.storage = storage;
    this.prefix = prefix;
    this.migrate();
  }

  /** The current game's number. */
  private current(): number {
    const k = parseInt(this.storage.getItem(this.prefix + "game") || "0", 10);
    return k >= 0 ? k : 0;
  }

  private key(game: number | undefined, what: string): string {
    return this.prefix + (this.current() - (game || 0)) + "." + what;
  }

  count(game?: number): number {
    if ((game || 0) > this.current()) return 0;
    const n = parseInt(this.storage.getItem(this.key(game, "n")) || "0", 10);
    return n >= 0 ? n : 0;
  }

  append(record: string): boolean {
    if (record.length > RECORD_BYTES) return false;
    const n = this.count();
    for (;;) {
      try {
        this.storage.setItem(this.key(0, "r" + n), record);
        this.storage.setItem(this.key(0, "n"), "" + (n + 1));
        return true;
      } catch (e) {
        // quota exceeded: the previous game goes first, never the current one; then NOT SAVED
        if (this.count(1) === 0) return false;
        this.drop(this.current() - 1);
      }
    }
  }

  /** A record as stored (all there or not counted; one edited by hand is refused by its parser). */
  record(i: number, game?: number): string | null {
    return i >= 0 && i < this.count(game) ? this.storage.getItem(this.key(game, "r" + i)) : null;
  }

  /** One slot a record, sealed as the flash's are (firmware/record/slots.ts): the link's records
   *  pages, which the page's downloads read as goclock does, and a record not there a damaged slot. */
  slotBytes = RECORD_BYTES + SEAL_BYTES + 1;
  slots(from: number, max: number, game?: number): string {
    const n = this.count(game);
    let out = "";
    for (let i = from; i >= 0 && i < n && i < from + max; i++) {
      const r = this.record(i, game);
      out += (r === null ? "" : seal(r, crc32)).padEnd(this.slotBytes, " ");
    }
    return out;
  }

  newGame(): void {
    const k = this.current();
    this.drop(k - 1);
    try {
      this.storage.setItem(this.prefix + "game", "" + (k + 1));
    } catch (e) {
      // the next append fails as well and says so
    }
  }

  tidy(): void {}

  checkpoint(text: string): boolean {
    try {
      this.storage.setItem(this.key(0, "c"), text);
      return true;
    } catch (e) {
      return false;
    }
  }

  lastCheckpoint(): string | null {
    return this.storage.getItem(this.key(0, "c"));
  }

  /** Erases game k's records and checkpoint. */
  private drop(k: number): void {
    if (k < 0) return;
    const base = this.prefix + k + ".";
    const n = parseInt(this.storage.getItem(base + "n") || "0", 10) || 0;
    for (let i = 0; i < n; i++) this.storage.removeItem(base + "r" + i);
    this.storage.removeItem(base + "n");
    this.storage.removeItem(base + "c");
  }

  /** An older page kept one game as PREFIX + "r<i>" and PREFIX + "n": it becomes game 0. */
  private migrate(): void {
    const s = this.storage;
    const n = parseInt(s.getItem(this.prefix + "n") || "", 10);
    if (!(n >= 0) || s.getItem(this.prefix + "game") !== null) return;
    try {
      for (let i = 0; i < n; i++) {
        const r = s.getItem(this.prefix + "r" + i);
        if (r !== null) s.setItem(this.prefix + "0.r" + i, r);
      }
      s.setItem(this.prefix + "0.n", "" + n);
      s.setItem(this.prefix + "game", "0");
      for (let i = 0; i < n; i++) s.removeItem(this.prefix + "r" + i);
      s.removeItem(this.prefix + "n");
    } catch (e) {
      // no room to copy: the old game stays where it is, unread
    }
  }

  get(name: string): string | null {
    return this.storage.getItem(this.prefix + "s." + name);
  }

  set(name: string, value: string): boolean {
    try {
      this.storage.setItem(this.prefix + "s." + name, value);
      return true;
    } catch (e) {
      return false;
    }
  }
}
