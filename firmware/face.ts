// The clock face: one pure drawing path from a plain view to a 128x64 frame, used by the device and
// the simulator alike (test/golden/ holds the key screens as text).
//
//   x 0 ……… 62 | 65 ……… 127   each player's half stands on the side of the player's button
//   ┌─────────┐ | ┌─────────┐
//   │B     #12│ | │#7      W│ y 0-8    label outside, moves made inside; the bar is filled while
//   └─────────┘ | └─────────┘          that side's clock runs, outlined while it waits in a pause
//    1:05:09    |     12       y 10-39  the countdown, 30 rows tall (font.ts says why)
//     3×60      |    3×60      y 41-54  periods left × period, moves left / per block, or a big flag
//   PAUSE      message      ▭  y 56-63  pause, a short message, low battery
//
// Cost of a frame (the busiest face: two H:MM:SS times, periods lines, full message, battery): one
// native clear of 1024 bytes, then 912 byte writes (counted once by instrumenting the frame), about 250 of them for each
// big time (54 columns x 4 pages, zero bytes skipped), and under 100 glyph lookups. With loop
// overhead some 3,000 interpreted steps: an estimated 30-100 ms on a 64 MHz nRF52, once a second
// at most, plus ~25 ms to send 1 KB over I2C at 400 kHz.

import { SMALL, LARGE, FLAG, BATTERY, type Font } from "./gfx/font";
import { type Frame, clearFrame, drawIcon, drawRect, drawText, fillRect, invertRect, textWidth, WIDTH } from "./gfx/frame";
import { clockText, periodText } from "./gfx/text";
import { type Clock, type Side, type TimeControl, controlOf, formatDuration } from "./core/index";

/** What one half of the face shows. */
export interface FaceSide {
  /** "B" or "W". */
  label: string;
  kind: TimeControl["kind"];
  /** The countdown shown large: main time, the current period's time, or the block's time. */
  shownMs: number;
  /** In byoyomi or in a block of moves. */
  overtime: boolean;
  /** byoyomi: periods left, the current one included, and the length of one. */
  periodsLeft: number;
  periodLenMs: number;
  /** moves per block: moves left in the block, moves per block, block length. */
  movesLeft: number;
  blockMoves: number;
  blockLenMs: number;
  /** Moves made. */
  moves: number;
  /** Its clock runs now. */
  running: boolean;
  /** Its clock runs, or will when the clock is resumed. */
  toMove: boolean;
  /** Ran out of time (the side that ran out first, once the game knows it). */
  flagged: boolean;
}

export interface FaceView {
  /** Left and right as the halves stand physically. */
  left: FaceSide;
  right: FaceSide;
  paused: boolean;
  batteryLow: boolean;
  /** A short line at the bottom; "" for none. Cut at what fits. */
  message: string;
}

export interface FaceOptions {
  /** White's button is on the right (the default placement: the clock stands at White's right). */
  whiteIsRight: boolean;
  batteryLow: boolean;
  message?: string;
}

const HALF = 63; // columns per half; between the halves a divider at x 63 (from the times down) and x 64 blank
const RIGHT = WIDTH - HALF;
const TIME_Y = 8;
const OVER_Y = 41;
const BOTTOM_Y = 56;
const TIMES = "\xd7"; // the multiplication sign, escaped so no build or board has to read UTF-8

function sideView(clock: Clock, side: Side, t: number): FaceSide {
  const g = clock.game;
  const c = controlOf(g, side);
  const r = clock.reading(side, t);
  const turn = g.toMove === side && (g.phase === "running" || g.phase === "paused");
  return {
    label: side === "black" ? "B" : "W",
    kind: c.kind,
    shownMs: r.shownMs,
    overtime: r.overtime,
    periodsLeft: r.periodsLeft,
    periodLenMs: c.kind === "byoyomi" ? c.periodMs : 0,
    movesLeft: r.movesLeft,
    blockMoves: c.kind === "moves" ? c.moves : 0,
    blockLenMs: c.kind === "moves" ? c.blockMs : 0,
    moves: r.moves,
    running: turn && g.phase === "running",
    toMove: turn,
    flagged: g.flagged ? g.flagged === side : r.out,
  };
}

/** The face at instant tMs. Pure: reads the clock, changes nothing (the board calls advance()). */
export function faceView(clock: Clock, tMs: number, opts: FaceOptions): FaceView {
  const black = sideView(clock, "black", tMs);
  const white = sideView(clock, "white", tMs);
  return {
    left: opts.whiteIsRight ? black : white,
    right: opts.whiteIsRight ? white : black,
    paused: clock.game.phase === "paused",
    batteryLow: opts.batteryLow,
    message: opts.message || "",
  };
}

/** Draws text centred in [x, x + w) at the largest of the given sizes that fits; rows are the height
 *  of the box, the text centred in it. Returns false if nothing fits. */
function fitText(f: Frame, x: number, y: number, w: number, rows: number, text: string, fonts: Font[], scales: number[]): boolean {
  for (let i = 0; i < fonts.length; i++) {
    const tw = textWidth(text, fonts[i], scales[i]);
    if (tw <= w) {
      const h = fonts[i] === LARGE ? 32 : 7 * scales[i]; // the small font's 8th row is its descender
      drawText(f, x + ((w - tw) >> 1), y + ((rows - h) >> 1), text, fonts[i], scales[i]);
      return true;
    }
  }
  return false;
}

function bigText(s: FaceSide): string {
  return s.kind === "byoyomi" && s.overtime ? periodText(s.shownMs) : clockText(s.shownMs);
}

function overText(s: FaceSide): string {
  if (s.kind === "byoyomi") return s.periodsLeft + TIMES + s.periodLenMs / 1000;
  if (s.kind === "moves") return s.overtime ? s.movesLeft + "/" + s.blockMoves : s.blockMoves + "/" + formatDuration(s.blockLenMs);
  return "";
}

/** One player's half, x0 its first column; labelLeft: the label goes at the left edge (the left half). */
function drawHalf(f: Frame, x0: number, s: FaceSide, labelLeft: boolean): void {
  const moves = s.moves > 0 ? "#" + s.moves : "";
  const mw = textWidth(moves, SMALL, 1);
  drawText(f, labelLeft ? x0 + 2 : x0 + HALF - 7, 1, s.label, SMALL, 1);
  drawText(f, labelLeft ? x0 + HALF - 2 - mw : x0 + 2, 1, moves, SMALL, 1);
  if (s.running) invertRect(f, x0, 0, HALF, 9);
  else if (s.toMove) drawRect(f, x0, 0, HALF, 9);

  fitText(f, x0, TIME_Y, HALF, 32, bigText(s), [LARGE, SMALL, SMALL], [1, 2, 1]);

  if (s.flagged) drawIcon(f, x0 + ((HALF - FLAG.width * 2) >> 1), OVER_Y, FLAG, 2);
  else fitText(f, x0, OVER_Y, HALF, 14, overText(s), [SMALL, SMALL], [2, 1]);
}

function drawBottom(f: Frame, v: FaceView): void {
  let left = 0;
  let right = WIDTH;
  if (v.paused) {
    drawText(f, 2, BOTTOM_Y, "PAUSE", SMALL, 1);
    invertRect(f, 0, BOTTOM_Y - 1, 33, 9);
    left = 35;
  }
  if (v.batteryLow) {
    drawIcon(f, WIDTH - BATTERY.width - 1, BOTTOM_Y, BATTERY, 1);
    right = WIDTH - BATTERY.width - 3;
  }
  let msg = v.message;
  while (msg.length > 0 && textWidth(msg, SMALL, 1) > right - left) msg = msg.substring(0, msg.length - 1);
  const w = textWidth(msg, SMALL, 1);
  // centred on the screen when that clears PAUSE and the battery, else in the room between them
  let x = (WIDTH - w) >> 1;
  if (x < left || x + w > right) x = left + ((right - left - w) >> 1);
  drawText(f, x, BOTTOM_Y, msg, SMALL, 1);
}

/** Draws the whole face into f (cleared first). */
export function drawFace(f: Frame, v: FaceView): void {
  clearFrame(f);
  drawHalf(f, 0, v.left, true);
  drawHalf(f, RIGHT, v.right, false);
  fillRect(f, HALF, TIME_Y + 2, 1, 45, true); // keeps two H:MM:SS times from reading as one line
  drawBottom(f, v);
}
