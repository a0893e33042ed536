// Persistent storage in Espruino's Storage (flash).
//
// Records: fixed slots of SLOT_BYTES in pre-allocated files "clk<game>.<n>" (LOG_BYTES each; game
// and n in base 36). A slot holds the record sealed with its CRC (firmware/record/slots.ts: "~" and 4
// hex digits of the native E.CRC32), padded with spaces; a record too long for one slot goes on in
// the next, which starts with "&" (a slot left over at a file's end gets a lone "&").
// The first record of a file creates it at its full size; each next one is written into the next
// never-written slots, so no flash byte is ever rewritten and nothing is erased while a game runs. A
// slot whose first byte is still 0xFF is free (a write starts at a slot's first byte, so a torn one
// is used). When a file is full the next one is started. record(i) reads one slot (two for a long
// record); slots() reads a run of them as they are, in one read, for the desktop tool (the link's
// `records` request), which checks the seals itself.
//
// Checkpoints of the running side's time: slots of CK_SLOT bytes (the text, "~", 2 hex digits of
// its CRC) in files "clk<game>-<n>" (CK_BYTES each), written the same way; only the newest counts.
//
// Games: the current game's files and the previous game's records are kept (a dispute after the
// next round has started); at a new game the previous game's checkpoints go, older games go, and
// the previous game goes too unless a whole game (RESERVE_BYTES) still fits beside it. A game is
// never dropped while it is the current one.
//
// Compaction: erased files are trash until Espruino compacts the flash, which takes seconds and may
// move the program (it runs from flash). Storage.write compacts by itself when a new file does not
// fit, so the clock keeps RESERVE_BYTES free whenever a game can start: compactIfLow() at power-on,
// and at tidy(), which the app calls once it is idle in set-up after a new game (a game that starts
// at once never waits for it).
//
// Settings: one small Storage file per name (≤ 28 characters, not starting with "."), rewritten
// only when the value changes.

import type { Store } from "../firmware/board";
import { RECORD_BYTES, SLOT_BYTES } from "../firmware/board";
import { seal, slotRecord } from "../firmware/record/slots";
import { LOG_BYTES, SLOTS, CK_BYTES, CK_SLOT, CK_SLOTS, RESERVE_BYTES } from "./layout";

const FILES = /^clk[0-9a-z]+[.-][0-9a-z]+$/;
const NAME_MAX = 28;

/** A game's files of one kind ("." records, "-" checkpoints), by index, and the slots used in each. */
interface Files {
  game: number;
  kind: string;
  n: number[];
  used: number[];
}

function fileName(f: Files, i: number): string {
  return "clk" + f.game.toString(36) + f.kind + f.n[i].toString(36);
}

function files(game: number, kind: string): Files {
  return { game: game, kind: kind, n: [], used: [] };
}

/** Slots used in a file: the written ones are a prefix, found by halving (7 reads, not 102). */
function usedSlots(f: string, slot: number, slots: number): number {
  let lo = 0;
  let hi = Math.min(slots, Math.floor(f.length / slot));
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (f.charCodeAt(mid * slot) === 255) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function ckSeal(text: string): string {
  return text + "~" + ("0" + (E.CRC32(text) & 0xff).toString(16)).slice(-2);
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
 * When nothing runs (at boot, before the app starts; after newGame()): if a game would not fit in
 * the free flash and there is trash to reclaim, compacts the Storage and reboots; returns true if it
 * did (the caller then does nothing more). After newGame() the app comes back in set-up, as it was.
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
  /** The current game's records and checkpoints, and the previous game's records (game -1: none). */
  private cur: Files = files(0, ".");
  private ck: Files = files(0, "-");
  private prev: Files = files(-1, ".");
  slotBytes = SLOT_BYTES;

  constructor() {
    this.scan();
  }

  /** Finds the games' files and the first free slot of each; an older firmware's "clock.log<N>"
   *  files (another slot size) are erased. */
  private scan(): void {
    const self = this;
    try {
      const S = require("Storage");
      S.list(/^clock\.log[0-9]+$/).forEach((name) => S.erase(name));
      const found: { game: number; kind: string; n: number; name: string }[] = [];
      let top = -1;
      S.list(FILES).forEach((name) => {
        const c = name.indexOf(".") > 0 ? name.indexOf(".") : name.indexOf("-");
        const game = parseInt(name.slice(3, c), 36);
        found.push({ game: game, kind: name.charAt(c), n: parseInt(name.slice(c + 1), 36), name: name });
        if (game > top) top = game;
      });
      let below = -1;
      for (const f of found) if (f.game < top && f.game > below) below = f.game;
      this.cur = files(top < 0 ? 0 : top, ".");
      this.ck = files(this.cur.game, "-");
      this.prev = files(below, ".");
      found.sort((a, b) => a.n - b.n);
      for (const f of found) {
        const into = f.game === top ? (f.kind === "." ? self.cur : self.ck) : f.game === below && f.kind === "." ? self.prev : null;
        if (!into) {
          S.erase(f.name); // an older game, or the previous game's checkpoints: not kept
          continue;
        }
        const data = S.read(f.name);
        into.n.push(f.n);
        // unreadable: the next record starts the next file
        into.used.push(data === undefined ? SLOTS : f.kind === "." ? usedSlots(data, SLOT_BYTES, SLOTS) : usedSlots(data, CK_SLOT, CK_SLOTS));
      }
    } catch (e) {
      // Storage unreadable: append will try, and fail, on its own
    }
  }

  append(record: string): boolean {
    if (record.length > RECORD_BYTES) return false;
    let data = seal(record, E.CRC32);
    const f = this.cur;
    try {
      const S = require("Storage");
      let k = f.n.length - 1;
      const need = data.length > SLOT_BYTES ? 2 : 1;
      if (k >= 0 && f.used[k] + need > SLOTS && f.used[k] < SLOTS) {
        // a long record does not fit in the last slot: that slot holds no record, and says so
        S.write(fileName(f, k), "&", f.used[k] * SLOT_BYTES, LOG_BYTES);
        f.used[k] = SLOTS;
      }
      if (k < 0 || f.used[k] >= SLOTS) {
        f.n.push(k < 0 ? 0 : f.n[k] + 1);
        f.used.push(0);
        k++;
      }
      if (need === 2) data = data.slice(0, SLOT_BYTES) + "&" + data.slice(SLOT_BYTES);
      // with the file's full size given, slot 0 creates the file (or fills a created one still
      // erased) instead of replacing it by a one-record file
      const ok = S.write(fileName(f, k), data + " ".repeat(need * SLOT_BYTES - data.length), f.used[k] * SLOT_BYTES, LOG_BYTES);
      if (ok) f.used[k] += need;
      else this.scan();
      return ok;
    } catch (e) {
      this.scan(); // a slot half written stays used: the next record goes after it
      return false;
    }
  }

  private gameFiles(game: number | undefined): Files {
    return game === 1 ? this.prev : this.cur;
  }

  count(game?: number): number {
    let n = 0;
    for (const u of this.gameFiles(game).used) n += u;
    return n;
  }

  /** Where slot i of a game's records is: its file's index and the slot in that file (k -1: none). */
  private slotAt(f: Files, i: number): { k: number; i: number } {
    let k = 0;
    while (k < f.used.length && i >= f.used[k]) i -= f.used[k++];
    return k >= f.used.length || i < 0 ? { k: -1, i: 0 } : { k: k, i: i };
  }

  /** One record, read from flash and checked; the RAM copy is the caller's, freed when dropped. */
  record(i: number, game?: number): string | null {
    const f = this.gameFiles(game);
    try {
      const at = this.slotAt(f, i);
      if (at.k < 0) return null;
      const S = require("Storage");
      const name = fileName(f, at.k);
      return slotRecord((j) => S.read(name, j * SLOT_BYTES, SLOT_BYTES), at.i, f.used[at.k], E.CRC32);
    } catch (e) {
      return null;
    }
  }

  /** Slots [from, from + max) of a game's records as they are on flash, in one read, as far as their
   *  file goes; "" past the last. One that cannot be read comes as spaces: damaged, as record() says. */
  slots(from: number, max: number, game?: number): string {
    const f = this.gameFiles(game);
    const at = this.slotAt(f, from);
    if (at.k < 0) return "";
    const left = f.used[at.k] - at.i;
    const n = max < left ? max : left;
    let s;
    try {
      s = require("Storage").read(fileName(f, at.k), at.i * SLOT_BYTES, n * SLOT_BYTES);
    } catch (e) {
      s = undefined;
    }
    return s === undefined ? " ".repeat(n * SLOT_BYTES) : s;
  }

  checkpoint(text: string): boolean {
    const f = this.ck;
    try {
      let k = f.n.length - 1;
      if (k < 0 || f.used[k] >= CK_SLOTS) {
        f.n.push(k < 0 ? 0 : f.n[k] + 1);
        f.used.push(0);
        k++;
      }
      const data = ckSeal(text);
      const ok = require("Storage").write(fileName(f, k), data + " ".repeat(CK_SLOT - data.length), f.used[k] * CK_SLOT, CK_BYTES);
      if (ok) f.used[k]++;
      return ok;
    } catch (e) {
      if (f.used.length) f.used[f.used.length - 1]++; // a slot half written is used
      return false;
    }
  }

  /** The newest checkpoint that reads back whole (a torn one is passed over). */
  lastCheckpoint(): string | null {
    const f = this.ck;
    try {
      const S = require("Storage");
      for (let k = f.n.length - 1; k >= 0; k--) {
        for (let i = f.used[k] - 1; i >= 0 && i >= f.used[k] - 2; i--) {
          const slot = S.read(fileName(f, k), i * CK_SLOT, CK_SLOT);
          const body = slot === undefined ? "" : slot.trim();
          if (body.length > 3 && ckSeal(body.slice(0, -3)) === body) return body.slice(0, -3);
        }
        if (f.used[k] > 0) return null;
      }
    } catch (e) {
      // nothing readable: no checkpoint
    }
    return null;
  }

  /** A new game: the current game becomes the previous one (its checkpoints go), the one before it
   *  goes, and so does the new previous one unless a whole game still fits beside it. */
  newGame(): void {
    try {
      const S = require("Storage");
      const erase = (f: Files) => {
        for (let i = 0; i < f.n.length; i++) S.erase(fileName(f, i));
      };
      erase(this.prev);
      erase(this.ck);
      const st = S.getStats();
      if (st.freeBytes + st.trashBytes < RESERVE_BYTES) {
        erase(this.cur); // no room for a game beside it
        this.prev = files(-1, ".");
      } else this.prev = this.cur;
      this.cur = files(this.cur.game + 1, ".");
      this.ck = files(this.cur.game, "-");
    } catch (e) {
      // the next append still starts a new file if it can
    }
  }

  /** If a game would not fit in the free flash, compacts it and reboots (compactIfLow). */
  tidy(): void {
    compactIfLow();
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
