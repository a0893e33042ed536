// Persistent storage in Espruino's Storage (flash).
//
// Records: fixed slots of SLOT bytes in pre-allocated log files "clock.log0", "clock.log1", …
// (LOG_BYTES each). A slot holds the record, "~" and 4 hex digits of its CRC32 (native: a check in
// JS costs the board about a millisecond a character), padded with spaces. The first record of a
// file creates it at its full size; each next one is written into the next never-written slot, so no
// flash byte is ever rewritten and nothing is erased while a game runs. A slot whose first byte is
// still 0xFF is free (a write starts at a slot's first byte, so a torn one is used). When a file is
// full the next one is started; the earlier ones stay, so the whole game is on flash (for a dispute
// after it) until clear() erases them all at the next new game. record(i) reads one slot.
//
// Compaction: erased files are trash until Espruino compacts the flash, which takes seconds and may
// move the program (it runs from flash). Storage.write compacts by itself when a new file does not
// fit, so the clock keeps RESERVE_BYTES free whenever a game can start: compactIfLow() at power-on,
// and after clear() when a new game is set up. That one waits for the idle loop and is called off by
// any append() before it: a game that starts at once (the app clears, then records the start) never
// waits for it.
//
// Settings: one small Storage file per name (≤ 28 characters, not starting with "."), rewritten
// only when the value changes.

import type { Store } from "../firmware/board";
import { RECORD_BYTES, SEAL_BYTES } from "../firmware/board";

const LOG = "clock.log";
const LOG_FILES = /^clock\.log[0-9]+$/;
export const LOG_BYTES = 16384;
const SLOT = RECORD_BYTES + SEAL_BYTES;
const SLOTS = LOG_BYTES / SLOT;
const NAME_MAX = 28;
/** Log files a long game fills: 512 records, a 400-move game (one record a press) and 100 more
 *  (pauses, corrections, …). */
const GAME_FILES = 4;
/** Free flash to keep whenever a game can start: its log files, and room for file headers and
 *  settings rewritten meanwhile. So no write during a game has to wait for a compaction. */
export const RESERVE_BYTES = GAME_FILES * LOG_BYTES + 8192;

function logName(gen: number): string {
  return LOG + gen;
}

/** Generations of the log files present, oldest first. */
function generations(): number[] {
  const gens: number[] = [];
  require("Storage").list(LOG_FILES).forEach((name) => {
    gens.push(parseInt(name.slice(LOG.length), 10));
  });
  return gens.sort((a, b) => a - b);
}

/** Slots used in a log file: the written ones are a prefix, found by halving (7 reads, not 128). */
function usedSlots(f: string): number {
  let lo = 0;
  let hi = Math.min(SLOTS, Math.floor(f.length / SLOT));
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (f.charCodeAt(mid * SLOT) === 255) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function seal(record: string): string {
  return record + "~" + ("000" + (E.CRC32(record) & 0xffff).toString(16)).slice(-4);
}

function validName(name: string): boolean {
  return name.length > 0 && name.length <= NAME_MAX && name.charAt(0) !== ".";
}

/** Less free flash than a game needs, and trash a compaction would reclaim. */
function lowOnFlash(): boolean {
  const st = require("Storage").getStats();
  return st.freeBytes < RESERVE_BYTES && st.trashBytes > 0;
}

/**
 * When nothing runs (at boot, before the app starts; after clear()): if a game would not fit in the
 * free flash and there is trash to reclaim, compacts the Storage and reboots; returns true if it did
 * (the caller then does nothing more). After clear() the app comes back in set-up, as it was.
 *
 * The program itself runs from flash (.bootcde), and compaction may move it under the running
 * interpreter. So the two calls run from a function made from a string, whose code is in RAM, and the
 * reboot follows at once: no code from flash runs after the compaction.
 */
export function compactIfLow(): boolean {
  try {
    if (!lowOnFlash()) return false;
    const run = new Function("s", "s.compact();E.reboot();") as (s: StorageModule) => void;
    run(require("Storage"));
    return true;
  } catch (e) {
    return false;
  }
}

export class FlashStore implements Store {
  /** The log files' generations, oldest first, and the slots used in each. */
  private gens: number[] = [];
  private used: number[] = [];
  /** The compaction clear() asked for, not yet run (a setTimeout id), or -1. */
  private compaction = -1;

  constructor() {
    this.scan();
  }

  /** Finds the log files and the first free slot of each. */
  private scan(): void {
    this.gens = [];
    this.used = [];
    try {
      const S = require("Storage");
      this.gens = generations();
      for (const g of this.gens) {
        const f = S.read(logName(g));
        this.used.push(f === undefined ? SLOTS : usedSlots(f)); // unreadable: the next record starts the next file
      }
    } catch (e) {
      // Storage unreadable: append will try, and fail, on its own
    }
  }

  append(record: string): boolean {
    this.cancelCompaction(); // a game is being recorded: it must not stall
    if (record.length > RECORD_BYTES) return false;
    const data = seal(record);
    try {
      let k = this.gens.length - 1;
      if (k < 0 || this.used[k] >= SLOTS) {
        this.gens.push(k < 0 ? 0 : this.gens[k] + 1);
        this.used.push(0);
        k++;
      }
      // with the file's full size given, slot 0 creates the file (or fills a created one still
      // erased) instead of replacing it by a one-record file
      const ok = require("Storage").write(logName(this.gens[k]), data + " ".repeat(SLOT - data.length), this.used[k] * SLOT, LOG_BYTES);
      if (ok) this.used[k]++;
      else this.scan();
      return ok;
    } catch (e) {
      this.scan(); // a slot half written stays used: the next record goes after it
      return false;
    }
  }

  count(): number {
    let n = 0;
    for (const u of this.used) n += u;
    return n;
  }

  /** One slot, read from flash and checked; the RAM copy is the caller's, freed when dropped. */
  record(i: number): string | null {
    try {
      let k = 0;
      while (k < this.used.length && i >= this.used[k]) i -= this.used[k++];
      if (k >= this.used.length || i < 0) return null;
      const f = require("Storage").read(logName(this.gens[k]), i * SLOT, SLOT);
      if (f === undefined) return null;
      const slot = f.trim();
      const body = slot.slice(0, -SEAL_BYTES);
      return slot.length > SEAL_BYTES && seal(body) === slot ? body : null;
    } catch (e) {
      return null;
    }
  }

  /** A new game: erases the last game's records, then, if a game would not fit in the free flash,
   *  compacts it once the app is idle (and reboots), unless a record comes first. */
  clear(): void {
    this.cancelCompaction();
    try {
      const S = require("Storage");
      generations().forEach((g) => S.erase(logName(g)));
      const self = this; // no `this` in arrow functions: see build.ts (Espruino)
      if (lowOnFlash()) this.compaction = setTimeout(() => {
        self.compaction = -1;
        compactIfLow();
      }, 0);
    } catch (e) {
      // the next append still starts a new file if it can
    }
    this.scan();
  }

  private cancelCompaction(): void {
    if (this.compaction < 0) return;
    try {
      clearTimeout(this.compaction);
    } catch (e) {
      // already run
    }
    this.compaction = -1;
  }

  get(name: string): string | null {
    if (!validName(name)) return null;
    try {
      const s = require("Storage").read(name);
      return s === undefined ? null : s.substr(0); // a RAM copy: the flash may move on compaction
    } catch (e) {
      return null;
    }
  }

  /** An empty value erases the setting (Storage has no empty files): get() then gives null. */
  set(name: string, value: string): boolean {
    if (!validName(name)) return false;
    try {
      const S = require("Storage");
      if (value === "") {
        S.erase(name);
        return true;
      }
      if (S.read(name) === value) return true; // spare the flash
      return S.write(name, value);
    } catch (e) {
      return false;
    }
  }
}
