// The fields a screen edits with LEFT/RIGHT (a control's parts, the volume, a correction, a
// rescale or split), and the control editor's draft: a control as fields and back as notation.

import type { TimeControl } from "../core/index";
import { formatDuration } from "./shared";

const MAX_MS = 359999000; // 99:59:59, what clockText shows in its H:MM:SS form

// CFIELDS: the readings a correction edits, "main|periods|block|movesleft|moves" (core Field names:
// the arbiter's MENU writes them where it makes a correction; its window names them "Main time|
// Periods left|Block time|Moves left|Moves made"; a module's constant is jsvars while a menu is open).
/** Their names on the menu's short lines, in the same order. */
export const CFIELD_SHORT = "main|periods|block|moves left|moves";

export interface FieldDef {
  label: string;
  /** Which draft value it edits. */
  idx: number;
  min: number;
  max: number;
  step: number;
  /** The step of a held LEFT/RIGHT. */
  big: number;
  /** The value is shown on the line (else only on the OK line). */
  show: boolean;
}

// Control editor drafts: [hours, minutes, seconds, periods, period s, moves, block min, block s,
// increment/delay s]. The core refuses a duration over 100 h and a count over 1000; within that: main
// time up to 99:59:59, the longest clockText shows; counts up to 99, two digits on the face; a period,
// increment or delay up to an hour and a block under 10 h, more than any game needs. Whole seconds:
// the notation's decimals are for corrected readings.

// the fixed fields' places in defs's table (below)
export const HOURS = 0;
export const MINUTES = 1;
export const SECONDS = 2;
export const PERIODS = 3;
export const PERIOD_S = 4;
export const MOVES = 5;
export const BLOCK_MIN = 6;
export const BLOCK_S = 7;
export const INCREMENT = 8;
export const DELAY = 9;
export const STEP_H = 10;
export const STEP_MIN = 11;
export const STEP_S = 12;
export const VOLUME = 13;
export const BOARD = 14;
// a correction's (Moves left: its most, the block's moves, set where it is used)
export const C_PERIODS = 15;
export const C_MOVES_LEFT = 16;
export const C_MOVES = 17;

/** The fixed fields at places ns of its table. */
export function defs(ns: number[]): FieldDef[] {
  // The fixed fields, one per "|": label, draft index, min, max, step, held step, shown (1/0). One
  // string made into objects only for the screen in use: fourteen objects, made each time the menus'
  // file is run on the board (menu.ts) and kept while a menu is open, would take several times its
  // jsvars and the time to make them (and a module's constant is jsvars while a menu is open).
  const all = ("Hours,0,0,99,1,10,1|Minutes,1,0,59,1,10,1|Seconds,2,0,59,1,10,1|Periods,3,1,99,1,5,1|" +
    "Period (s),4,1,3600,1,10,1|Moves,5,1,99,1,5,1|Block (min),6,0,599,1,5,1|Block (s),7,0,59,1,10,1|" +
    "Increment (s),8,1,3600,1,10,1|Delay (s),8,1,3600,1,10,1|+/- 1 h,0,0," + MAX_MS + ",3600000,36000000,0|" +
    "+/- 1 min,0,0," + MAX_MS + ",60000,600000,0|+/- 1 s,0,0," + MAX_MS + ",1000,10000,0|Volume,0,0,10,1,5,1|Board (0: none),0,0,999,1,10,1|" +
    "Periods,0,0,99,1,5,1|Moves left,0,1,1,1,5,1|Moves made,0,0,9999,1,10,1").split("|");
  const out: FieldDef[] = [];
  for (let i = 0; i < ns.length; i++) {
    const f = all[ns[i]].split(",");
    out.push({ label: f[0], idx: +f[1], min: +f[2], max: +f[3], step: +f[4], big: +f[5], show: f[6] === "1" });
  }
  return out;
}

// --- the control editor's draft -------------------------------------------------------------------------

/** The editor's fields for a control (what the draft can hold; finer values are rounded). */
export function draftOf(c: TimeControl): number[] {
  const v = [2, 0, 0, 5, 60, 15, 10, 0, 10]; // made here, when the draft is
  // made while the draft is (not a function of the menu's file: that is jsvars while it is open)
  const clamp = function (x: number, lo: number, hi: number): number {
    return x < lo ? lo : x > hi ? hi : x;
  };
  const d = defs([PERIODS, PERIOD_S, MOVES, BLOCK_MIN, INCREMENT, DELAY]); // Espruino: no destructuring
  const periods = d[0];
  const periodS = d[1];
  const moves = d[2];
  const blockMin = d[3];
  const increment = d[4];
  const delay = d[5];
  let main = c.mainMs;
  if (c.kind === "byoyomi") {
    if (c.reserved) main += c.periods * c.periodMs;
    v[3] = clamp(c.periods, periods.min, periods.max);
    v[4] = clamp(Math.round(c.periodMs / 1000), periodS.min, periodS.max);
  } else if (c.kind === "moves") {
    const b = clamp(Math.round(c.blockMs / 1000), 1, blockMin.max * 60 + 59);
    v[5] = clamp(c.moves, moves.min, moves.max);
    v[6] = Math.floor(b / 60);
    v[7] = b % 60;
  } else if (c.kind === "fischer") {
    v[8] = clamp(Math.round(c.incrementMs / 1000), increment.min, increment.max);
  } else if (c.kind === "bronstein") {
    v[8] = clamp(Math.round(c.delayMs / 1000), delay.min, delay.max);
  }
  const m = clamp(Math.round(main / 1000), 0, MAX_MS / 1000);
  v[0] = Math.floor(m / 3600);
  v[1] = Math.floor((m % 3600) / 60);
  v[2] = m % 60;
  return v;
}

/** The draft in the core's notation (not checked: parseControl judges it). */
export function draftText(kind: number, v: number[]): string {
  const mainMs = v[0] * 3600000 + v[1] * 60000 + v[2] * 1000;
  const main = formatDuration(mainMs);
  const periods = v[3] + "x" + v[4] + "s";
  if (kind === 1) return mainMs === 0 ? periods : main + "+" + periods;
  if (kind === 2) return main + "(" + periods + ")";
  if (kind === 3 || kind === 4) return main + "+" + (kind === 4 ? "C" : "") + v[5] + "/" + formatDuration(v[6] * 60000 + v[7] * 1000);
  if (kind === 5) return main + "+F" + formatDuration(v[8] * 1000);
  if (kind === 6) return main + "+D" + formatDuration(v[8] * 1000);
  return main;
}
