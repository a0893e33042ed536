// The fields a screen edits with LEFT/RIGHT (a control's parts, the volume, a correction, a
// rescale or split), and the control editor's draft: a control as fields and back as notation.

import { type Game, type Field, type TimeControl, parseControl, isParseError, formatControl, formatDuration, controlOf } from "../core/index";
import { type Menu, clamp } from "./state";

const MAX_MS = 359999000; // 99:59:59, what clockText shows in its H:MM:SS form

export const CFIELDS: Field[] = ["main", "periods", "block", "movesleft", "moves"];
export const CFIELD_NAMES = ["Main time", "Periods left", "Block time", "Moves left", "Moves made"];
export const CFIELD_SHORT = ["main", "periods", "block", "moves left", "moves"];

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

function fd(label: string, idx: number, min: number, max: number, step: number, big: number, show: boolean): FieldDef {
  return { label: label, idx: idx, min: min, max: max, step: step, big: big, show: show };
}

// Control editor drafts: [hours, minutes, seconds, periods, period s, moves, block min, block s,
// increment/delay s]. The core refuses a duration over 100 h and a count over 1000; within that: main
// time up to 99:59:59, the longest clockText shows; counts up to 99, two digits on the face; a period,
// increment or delay up to an hour and a block under 10 h, more than any game needs. Whole seconds:
// the notation's decimals are for corrected readings.
const HOURS = fd("Hours", 0, 0, 99, 1, 10, true);
const MINUTES = fd("Minutes", 1, 0, 59, 1, 10, true);
const SECONDS = fd("Seconds", 2, 0, 59, 1, 10, true);
const PERIODS = fd("Periods", 3, 1, 99, 1, 5, true);
const PERIOD_S = fd("Period (s)", 4, 1, 3600, 1, 10, true);
const MOVES = fd("Moves", 5, 1, 99, 1, 5, true);
const BLOCK_MIN = fd("Block (min)", 6, 0, 599, 1, 5, true);
const BLOCK_S = fd("Block (s)", 7, 0, 59, 1, 10, true);
const INCREMENT = fd("Increment (s)", 8, 1, 3600, 1, 10, true);
const DELAY = fd("Delay (s)", 8, 1, 3600, 1, 10, true);
const DRAFT_DEFAULT = [2, 0, 0, 5, 60, 15, 10, 0, 10];

const STEP_H = fd("+/- 1 h", 0, 0, MAX_MS, 3600000, 36000000, false);
const STEP_MIN = fd("+/- 1 min", 0, 0, MAX_MS, 60000, 600000, false);
const STEP_S = fd("+/- 1 s", 0, 0, MAX_MS, 1000, 10000, false);
const VOLUME = fd("Volume", 0, 0, 10, 1, 5, true);

// --- the control editor's draft -------------------------------------------------------------------------

/** The system of a control, as an index in KINDS. */
export function kindOf(c: TimeControl): number {
  if (c.kind === "absolute") return 0;
  if (c.kind === "byoyomi") return c.reserved ? 2 : 1;
  if (c.kind === "moves") return c.carry ? 3 : 4;
  return c.kind === "fischer" ? 5 : 6;
}

/** ms as whole seconds within lo..hi. */
function secs(ms: number, lo: number, hi: number): number {
  return clamp(Math.round(ms / 1000), lo, hi);
}

/** The editor's fields for a control (what the draft can hold; finer values are rounded). */
export function draftOf(c: TimeControl): number[] {
  const v = DRAFT_DEFAULT.slice();
  let main = c.mainMs;
  if (c.kind === "byoyomi") {
    if (c.reserved) main += c.periods * c.periodMs;
    v[3] = clamp(c.periods, PERIODS.min, PERIODS.max);
    v[4] = secs(c.periodMs, PERIOD_S.min, PERIOD_S.max);
  } else if (c.kind === "moves") {
    const b = secs(c.blockMs, 1, BLOCK_MIN.max * 60 + 59);
    v[5] = clamp(c.moves, MOVES.min, MOVES.max);
    v[6] = Math.floor(b / 60);
    v[7] = b % 60;
  } else if (c.kind === "fischer") {
    v[8] = secs(c.incrementMs, INCREMENT.min, INCREMENT.max);
  } else if (c.kind === "bronstein") {
    v[8] = secs(c.delayMs, DELAY.min, DELAY.max);
  }
  const m = secs(main, 0, MAX_MS / 1000);
  v[0] = Math.floor(m / 3600);
  v[1] = Math.floor((m % 3600) / 60);
  v[2] = m % 60;
  return v;
}

function draftFields(kind: number): FieldDef[] {
  if (kind === 1 || kind === 2) return [HOURS, MINUTES, SECONDS, PERIODS, PERIOD_S];
  if (kind === 3 || kind === 4) return [HOURS, MINUTES, SECONDS, MOVES, BLOCK_MIN, BLOCK_S];
  if (kind === 5) return [HOURS, MINUTES, SECONDS, INCREMENT];
  if (kind === 6) return [HOURS, MINUTES, SECONDS, DELAY];
  return [HOURS, MINUTES, SECONDS];
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

/** The draft as a canonical notation, or the core's reason why it is not a control. */
export function draftControl(kind: number, v: number[]): { text: string; error: string } {
  const c = parseControl(draftText(kind, v));
  if (isParseError(c)) return { text: "", error: c.error };
  return { text: formatControl(c), error: "" };
}
/** The fields a correction of one reading edits. */
function correctionFields(field: Field, c: TimeControl): FieldDef[] {
  if (field === "main" || field === "block") return [STEP_MIN, STEP_S];
  if (field === "periods") return [fd("Periods", 0, 0, 99, 1, 5, true)];
  if (field === "movesleft") return [fd("Moves left", 0, 1, c.kind === "moves" ? c.moves : 1, 1, 5, true)];
  return [fd("Moves made", 0, 0, 9999, 1, 10, true)];
}

export function fieldsOf(m: Menu, game: Game): FieldDef[] {
  if (m.screen === "ctl") return draftFields(m.kind);
  if (m.screen === "vol") return [VOLUME];
  if (m.screen === "rescale" || m.screen === "split") return [STEP_H, STEP_MIN, STEP_S];
  if (m.screen === "cval") return correctionFields(CFIELDS[m.kind], controlOf(game, m.side));
  return [];
}

export function isFields(screen: string): boolean {
  return screen === "ctl" || screen === "vol" || screen === "rescale" || screen === "split" || screen === "cval";
}
