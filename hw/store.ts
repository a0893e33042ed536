// Persistent storage in Espruino's Storage (flash).
//
// Records: fixed slots of RECORD_BYTES in pre-allocated log files "clock.log0", "clock.log1", …
// (LOG_BYTES each). The first record of a file creates it at its full size; each next one is written
// into the next never-written slot, padded with spaces, so no flash byte is ever rewritten and
// nothing is erased while a game runs. A slot still all 0xFF is free. When a file is full the next
// one is started; the earlier ones stay, so the whole game is on flash (for a dispute after it) until
// clear() erases them all at the next new game. records() reads every file in order, each up to its
// first free slot.
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
import { RECORD_BYTES } from "../firmware/board";

const LOG = "clock.log";
const LOG_FILES = /^clock\.log[0-9]+$/;
export const LOG_BYTES = 16384;
const SLOTS = LOG_BYTES / RECORD_BYTES;
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

/** Whether slot i of a log file was never written (every byte still 0xFF). */
function isFree(f: string, i: number): boolean {
  const end = Math.min(f.length, (i + 1) * RECORD_BYTES);
  for (let k = i * RECORD_BYTES; k < end; k++) if (f.charCodeAt(k) !== 255) return false;
  return true;
}

/** Slots used in a log file: up to the first free one (a torn slot counts as used, never rewritten). */
function usedSlots(f: string): number {
  const slots = Math.min(SLOTS, Math.floor(f.length / RECORD_BYTES));
  for (let i = 0; i < slots; i++) if (f.charCodeAt(i * RECORD_BYTES) === 255 && isFree(f, i)) return i;
  return slots;
}

/** Slot i of log file `name` (its text f) without the padding, as trim() gives it, mapped from flash. */
function slotText(S: StorageModule, name: string, f: string, i: number): string {
  const slot = f.substr(i * RECORD_BYTES, RECORD_BYTES); // a RAM copy, freed at once
  const t = slot.trim();
  return t === "" ? "" : (S.read(name, i * RECORD_BYTES + slot.indexOf(t), t.length) as string);
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
  /** The newest log file's generation, -1 when there is none. */
  private gen = -1;
  private used = 0;
  /** The compaction clear() asked for, not yet run (a setTimeout id), or -1. */
  private compaction = -1;

  constructor() {
    this.scan();
  }

  /** Finds the newest log file and its first free slot. */
  private scan(): void {
    this.gen = -1;
    this.used = 0;
    try {
      const gens = generations();
      if (gens.length === 0) return;
      this.gen = gens[gens.length - 1];
      const f = require("Storage").read(logName(this.gen));
      this.used = f === undefined ? SLOTS : usedSlots(f); // unreadable: start the next file
    } catch (e) {
      // Storage unreadable: append will try, and fail, on its own
    }
  }

  append(record: string): boolean {
    this.cancelCompaction(); // a game is being recorded: it must not stall
    if (record.length > RECORD_BYTES) return false;
    const data = record + " ".repeat(RECORD_BYTES - record.length);
    try {
      if (this.gen < 0 || this.used >= SLOTS) {
        this.gen++;
        this.used = 0;
      }
      const ok = this.writeSlot(data);
      if (ok) this.used++;
      else this.scan();
      return ok;
    } catch (e) {
      this.scan(); // a slot half written stays used: the next record goes after it
      return false;
    }
  }

  /** Writes the next slot of the newest file. With the file's full size given, slot 0 creates the
   *  file (or fills a created one still erased) instead of replacing it by a one-record file. */
  private writeSlot(data: string): boolean {
    return require("Storage").write(logName(this.gen), data, this.used * RECORD_BYTES, LOG_BYTES);
  }

  /** Strings mapped from flash, not copied to RAM, where a 400-move game's records would take about
   *  2,800 of the board's 12,000 jsvars. They stay valid until the next write (it may compact). */
  records(): string[] {
    const out: string[] = [];
    try {
      const S = require("Storage");
      generations().forEach((g) => {
        const f = S.read(logName(g));
        if (f === undefined) return;
        const n = usedSlots(f);
        for (let i = 0; i < n; i++) out.push(slotText(S, logName(g), f, i));
      });
    } catch (e) {
      // what was read so far
    }
    return out;
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
