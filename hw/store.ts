// Persistent storage in Espruino's Storage (flash).
//
// Records: fixed slots of RECORD_BYTES in a pre-allocated log file, "clock.log<N>" (LOG_BYTES long).
// The first record of a file creates it at its full size; each next one is written into the next
// never-written slot, padded with spaces, so no flash byte is ever rewritten and nothing is erased
// while a game runs. A slot still all 0xFF is free; records() reads up to the first free one.
//
// Rotation: when a file is full, file N+1 is created holding a copy of file N's first record (the
// game's header, written right after clear()) and the new record; then file N is erased. The restore
// needs only the header and the newest state, and a power cut between the two steps leaves both
// files: records() then reads them in order, skipping the copied header, which gives the same list.
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
/** Free flash to keep at boot: a long game's log files, so that no write during a game has to wait
 *  for Espruino to compact the flash (which takes seconds). */
export const RESERVE_BYTES = 3 * LOG_BYTES + 8192;

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

function validName(name: string): boolean {
  return name.length > 0 && name.length <= NAME_MAX && name.charAt(0) !== ".";
}

export class FlashStore implements Store {
  /** The newest log file's generation, -1 when there is none. */
  private gen = -1;
  private used = 0;

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
      this.used = f === undefined ? SLOTS : usedSlots(f); // unreadable: rotate rather than overwrite
    } catch (e) {
      // Storage unreadable: append will try, and fail, on its own
    }
  }

  append(record: string): boolean {
    if (record.length > RECORD_BYTES) return false;
    const data = record + " ".repeat(RECORD_BYTES - record.length);
    const S = require("Storage");
    try {
      let ok: boolean;
      if (this.gen < 0) {
        ok = S.write(logName(0), data, 0, LOG_BYTES);
        if (ok) {
          this.gen = 0;
          this.used = 1;
        }
      } else if (this.used >= SLOTS) {
        ok = this.rotate(data);
      } else {
        ok = S.write(logName(this.gen), data, this.used * RECORD_BYTES);
        if (ok) this.used++;
      }
      if (!ok) this.scan();
      return ok;
    } catch (e) {
      this.scan(); // a slot half written stays used: the next record goes after it
      return false;
    }
  }

  /** Starts file gen+1 with the header and the record, then erases the older files. */
  private rotate(data: string): boolean {
    const S = require("Storage");
    const f = S.read(logName(this.gen));
    const header = f !== undefined && f.length >= RECORD_BYTES ? f.substr(0, RECORD_BYTES) : "";
    const next = this.gen + 1;
    if (!S.write(logName(next), header + data, 0, LOG_BYTES)) return false;
    generations().forEach((g) => {
      if (g < next) S.erase(logName(g));
    });
    this.gen = next;
    this.used = header ? 2 : 1;
    return true;
  }

  records(): string[] {
    const out: string[] = [];
    try {
      const S = require("Storage");
      generations().forEach((g, k) => {
        const f = S.read(logName(g));
        if (f === undefined) return;
        const n = usedSlots(f);
        // a later file (left by a rotation cut short) begins with a copy of the header: skip it
        for (let i = k === 0 ? 0 : 1; i < n; i++) out.push(f.substr(i * RECORD_BYTES, RECORD_BYTES).trim());
      });
    } catch (e) {
      // what was read so far
    }
    return out;
  }

  clear(): void {
    try {
      const S = require("Storage");
      generations().forEach((g) => S.erase(logName(g)));
    } catch (e) {
      // the next append still starts a new file if it can
    }
    this.scan();
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

/**
 * At boot, before the app starts: if free flash is short and there is trash to reclaim, compacts the
 * Storage and reboots; returns true if it did (the caller then does nothing more).
 *
 * The program itself runs from flash (.bootcde), and compaction may move it under the running
 * interpreter. So the two calls run from a function made from a string, whose code is in RAM, and the
 * reboot follows at once: no code from flash runs after the compaction.
 */
export function compactIfLow(): boolean {
  try {
    const S = require("Storage");
    const st = S.getStats();
    if (st.freeBytes >= RESERVE_BYTES || st.trashBytes < LOG_BYTES) return false;
    const run = new Function("s", "s.compact();E.reboot();") as (s: StorageModule) => void;
    run(S);
    return true;
  } catch (e) {
    return false;
  }
}
