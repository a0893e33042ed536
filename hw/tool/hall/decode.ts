// The hall's advertisement read back (the format: firmware/link/advert.ts, hw/README.md). What comes
// over the air is anybody's: every field is checked, and whatever is not a clock's advertisement
// of a version this tool knows is said to be ignored and why, never shown as a clock.

import {
  ADVERT_BYTES, ADVERT_VERSION, COMPANY, COUNT_MOVES, MAGIC, NO_COUNT, PHASES, SIDE_ABSENT, SIDE_FORFEIT, SIDE_OUT, SIDE_OVERTIME,
  STATE_LOW, STATE_WHITE,
} from "../../../firmware/link/advert";
import { MAX_BOARD } from "../../../firmware/record/settings";
import type { SideState } from "./text";

export type { SideState };

export type Side = "black" | "white";

export interface ClockState {
  version: number;
  /** 1 … 999; 0: the clock has no board number. */
  board: number;
  phase: string;
  toMove: Side;
  black: SideState;
  white: SideState;
  /** 0 … 100 %, null when the clock has not read it. */
  battery: number | null;
  /** The clock's own low-battery warning. */
  lowBattery: boolean;
  /** The program's fingerprint, 8 hex digits; "" from a clock that has none (a simulator). */
  fingerprint: string;
}

/** Why an advertisement was ignored: cut short (or its structure runs past its end), another
 *  device's, a version of the format this tool does not know, or a field out of its range. */
export type Ignored = "truncated" | "foreign" | "version" | "invalid";
export const IGNORED: Ignored[] = ["truncated", "foreign", "version", "invalid"];

export type Decoded = { state: ClockState } | { ignored: Ignored };

const PHASE_NAMES = PHASES.split("|");

function side(b: Buffer, at: number, marks: number): SideState | null {
  const count = b[at + 3];
  const moves = (count & COUNT_MOVES) !== 0;
  const n = count & ~COUNT_MOVES;
  if (marks > 15 || (moves && n === NO_COUNT)) return null;
  return {
    s: (b[at] << 16) | (b[at + 1] << 8) | b[at + 2],
    periods: moves || n === NO_COUNT ? null : n,
    moves: moves ? n : null,
    overtime: (marks & SIDE_OVERTIME) !== 0,
    flag: (marks & SIDE_OUT) !== 0,
    forfeit: (marks & SIDE_FORFEIT) !== 0,
    absent: (marks & SIDE_ABSENT) !== 0,
  };
}

/** Manufacturer data as Bluetooth carries it (noble's `manufacturerData`): the company identifier,
 *  least significant byte first, then the clock's bytes. */
export function decodeManufacturer(md: Buffer): Decoded {
  if (md.length < 2) return { ignored: "truncated" };
  if ((md[0] | (md[1] << 8)) !== COMPANY) return { ignored: "foreign" };
  const b = md.subarray(2);
  // every Espruino board may advertise under 0x0590 (with no data, by default): the mark says ours
  if (b.length < MAGIC.length) return b.length === 0 ? { ignored: "foreign" } : { ignored: "truncated" };
  if (b.toString("latin1", 0, MAGIC.length) !== MAGIC) return { ignored: "foreign" };
  if (b.length < 3) return { ignored: "truncated" };
  if (b[2] !== ADVERT_VERSION) return { ignored: "version" };
  if (b.length < ADVERT_BYTES) return { ignored: "truncated" };
  const board = (b[3] << 8) | b[4];
  const state = b[5];
  const phase = PHASE_NAMES[state & 7];
  const black = side(b, 7, b[6] & 15);
  const white = side(b, 11, b[6] >> 4);
  const battery = b[15];
  if (board > MAX_BOARD || phase === undefined || state > 31 || !black || !white || (battery > 100 && battery !== 255)) return { ignored: "invalid" };
  const fp = b.toString("hex", 16, 20);
  return {
    state: {
      version: b[2],
      board: board,
      phase: phase,
      toMove: state & STATE_WHITE ? "white" : "black",
      black: black,
      white: white,
      battery: battery === 255 ? null : battery,
      lowBattery: (state & STATE_LOW) !== 0,
      fingerprint: fp === "00000000" ? "" : fp,
    },
  };
}

/** A whole advertisement's data (a loopback datagram's, after the address): its AD structures, the
 *  clock's manufacturer data among them. A structure that runs past the end is a cut advertisement. */
export function decodeAdvertisingData(ad: Buffer): Decoded {
  let found: Decoded | null = null;
  let i = 0;
  while (i < ad.length) {
    const len = ad[i];
    if (len === 0) break; // the rest is padding
    if (i + 1 + len > ad.length) return { ignored: "truncated" };
    if (ad[i + 1] === 0xff) {
      const d = decodeManufacturer(ad.subarray(i + 2, i + 1 + len));
      // a clock's, or why the last manufacturer data was not one
      if (!found || !("state" in found)) found = d;
    }
    i += 1 + len;
  }
  return found ?? { ignored: "foreign" };
}
