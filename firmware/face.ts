// The clock face: one pure drawing path from a plain view to a 128x64 frame, used by the device and
// the simulator alike (test/golden/ holds the key screens as text).
//
//   x 0 ……… 62 | 65 ……… 127   each player's half stands on the side of the player's button
//   ┌─────────┐ | ┌─────────┐
//   │B     #12│ | │#7      W│ y 0-8    label outside, moves made inside; the bar is filled while
//   └─────────┘ | └─────────┘          that side's clock runs, outlined while it waits in a pause
//    1:05:09    |     12       y 10-39  the countdown, 30 rows tall (font.ts says why)
//     3×60      |    LAST      y 41-54  periods left × period (LAST in the last one, and while the
//                                       referee counts it, the count the voice says: 3/10), moves
//                                       left / per block, or a big flag
//   PAUSE      message      ▭  y 56-63  pause, a short message (the result once the game is over),
//                                       low battery
//
// Only what changed is drawn (drawFace compares what each region showed last time, Drawn): once a
// second that is the running side's countdown, a 63×31 box, 252 bytes to send (4 pages × 63
// columns). Everything is drawn by the native Graphics on the device (gfx/gfx.ts), so what costs
// board time is the JavaScript around it: building the view, a few string keys and about ten calls
// into Graphics per region. The board-cost figures are in `npm run bench` (test/bench/).

import { SMALL_FONT, LARGE_FONT, ICON_FONT, FLAG_CHAR, BATTERY_CHAR } from "./gfx/fonts";
import { type FontData, type Gfx, box, textWidth, useFont } from "./gfx/gfx";
import { clockText, periodText, wrapLines } from "./gfx/text";
import { type Clock, type Game, type Side, type TimeControl, controlOf, formatDuration, lastCalls, result } from "./core/index";

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
  /** The last period's count (12.3: 1 … 10, 10 at the period's end): the number said with s whole
   *  seconds left is countAt − s, said while it lies in 1 … countN; 0 when no count is said. */
  countAt: number;
  countN: number;
}

export interface FaceView {
  /** Left and right as the halves stand physically. */
  left: FaceSide;
  right: FaceSide;
  paused: boolean;
  batteryLow: boolean;
  /** A line at the bottom, "" for none; a longer one takes up to three lines, over the periods. */
  message: string;
}

export interface FaceOptions {
  /** White's button is on the right (the default placement: the clock stands at White's right). */
  whiteIsRight: boolean;
  batteryLow: boolean;
  message?: string;
}

const HALF = 63; // columns per half; between the halves a divider at x 63 (from the times down) and x 64 blank
const RIGHT = 128 - HALF;
const WIDTH = 128;
const BAR_H = 9; // rows 0-8
const TIME_Y = 8; // the countdown's box: rows 9-39 (the large font's ink is rows 10-39)
const OVER_Y = 41; // rows 41-54
const BOTTOM_Y = 56; // the message line: rows 56-63, PAUSE inverted from row 55
const TALL_Y = 40; // a message of two or three lines: rows 40-63, 8 rows a line
const COLS = 21; // the small font is 6 px a character
const TIMES = "\xd7"; // the multiplication sign, escaped so no build or board has to read UTF-8

function sideView(clock: Clock, side: Side, t: number): FaceSide {
  const g = clock.game;
  const c = controlOf(g, side);
  const r = clock.reading(side, t);
  const turn = g.toMove === side && (g.phase === "running" || g.phase === "paused");
  const v: FaceSide = {
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
    flagged: r.out, // both sides, when a correction left neither any time (22.8)
    countAt: 0,
    countN: 0,
  };
  if (c.kind === "byoyomi" && v.overtime && v.periodsLeft === 1) {
    const pc = lastCalls(clock.options, c.periodMs);
    if (pc.countN > 0) {
      v.countAt = c.periodMs / 1000 - pc.countFromSec + 1;
      v.countN = pc.countN;
    }
  }
  return v;
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

/** Text at (x, y) in a font at a scale, in colour c. */
function text(g: Gfx, x: number, y: number, s: string, f: FontData, scale: number, c: number): void {
  useFont(g, f, scale);
  g.setColor(c);
  g.drawString(s, x, y);
}

/** Draws text centred in [x, x + w) at the largest of the given sizes that fits; rows are the height
 *  of the box, the text centred in it. Returns false if nothing fits. */
function fitText(g: Gfx, x: number, y: number, w: number, rows: number, s: string, fonts: FontData[], scales: number[]): boolean {
  for (let i = 0; i < fonts.length; i++) {
    useFont(g, fonts[i], scales[i]);
    const tw = textWidth(g, s, scales[i]);
    if (tw <= w) {
      const h = fonts[i] === LARGE_FONT ? 32 : 7 * scales[i]; // the small font's 8th row is its descender
      g.setColor(1);
      g.drawString(s, x + ((w - tw) >> 1), y + ((rows - h) >> 1));
      return true;
    }
  }
  return false;
}

function bigText(s: FaceSide): string {
  return s.kind === "byoyomi" && s.overtime ? periodText(s.shownMs) : clockText(s.shownMs);
}

function overText(s: FaceSide): string {
  if (s.kind === "byoyomi" && s.overtime && s.periodsLeft === 1) return lastText(s.countAt, s.countN, s.shownMs);
  if (s.kind === "byoyomi") return s.periodsLeft + TIMES + s.periodLenMs / 1000;
  if (s.kind === "moves") return s.overtime ? s.movesLeft + "/" + s.blockMoves : s.blockMoves + "/" + formatDuration(s.blockLenMs);
  return "";
}

/** The last period: LAST, and while the referee counts it the number the voice has said, out of
 *  how many (3/10: the big digits show the seconds left, 7, which the count counts up to). */
function lastText(countAt: number, countN: number, ms: number): string {
  const k = countAt - periodSeconds(ms);
  return k >= 1 && k <= countN ? k + "/" + countN : "LAST";
}

/** Whole seconds up, as the period's digits show them (text.ts periodText); 0 below 0. */
function periodSeconds(ms: number): number {
  if (!(ms > 0)) return 0;
  const s = (ms / 1000) | 0;
  return s * 1000 < ms ? s + 1 : s;
}

/** The game's result in words for the face's bottom line (at most 21 characters, the small font's
 *  ASCII): who lost and why, on time (12.4, 12.3), by lateness (22.1–22.3), or that the arbiter ended
 *  it with nobody out of time (12.4.4); "" while the game goes on. */
export function resultText(g: Game): string {
  if (g.phase !== "ended" && g.phase !== "flagged") return "";
  const r = result(g); // "black lost on time", "white lost by lateness (22.1)", both, "a; b", or ""
  if (!r) return "Ended by the arbiter";
  const late = r.indexOf("lateness") >= 0;
  const time = r.indexOf("on time") >= 0;
  const both = r.indexOf(" and ") >= 0;
  const who = (x: string) => (x.indexOf("black") === 0 ? "Black" : "White");
  const art = late ? r.substring(r.indexOf("(") + 1, r.indexOf(")")) : "";
  if (time && late) return (who(r) === "Black" ? "B: time, W: late " : "W: time, B: late ") + art; // the loss on time first
  if (late) return (both ? "Both" : who(r)) + " lost: late " + art;
  return (both ? "Both" : who(r)) + " lost on time";
}

function movesText(s: FaceSide): string {
  return s.moves > 0 ? "#" + s.moves : "";
}

/** The bar: label outside, moves made inside; filled while that side's clock runs (the text in the
 *  other colour), outlined while it waits in a pause. */
function drawBar(g: Gfx, x0: number, s: FaceSide, labelLeft: boolean): void {
  const moves = movesText(s);
  const ink = s.running ? 0 : 1;
  if (s.running) box(g, x0, 0, HALF, BAR_H, 1);
  else if (s.toMove) {
    g.setColor(1);
    g.drawRect(x0, 0, x0 + HALF - 1, BAR_H - 1);
  }
  useFont(g, SMALL_FONT, 1);
  g.setColor(ink);
  g.drawString(s.label, labelLeft ? x0 + 2 : x0 + HALF - 7, 1);
  if (moves) g.drawString(moves, labelLeft ? x0 + HALF - 2 - textWidth(g, moves, 1) : x0 + 2, 1);
}

function drawTime(g: Gfx, x0: number, big: string): void {
  fitText(g, x0, TIME_Y, HALF, 32, big, [LARGE_FONT, SMALL_FONT, SMALL_FONT], [1, 2, 1]);
}

/** Periods or moves left, or a big flag for the side that ran out of time. */
function drawOver(g: Gfx, x0: number, s: FaceSide): void {
  if (s.flagged) text(g, x0 + ((HALF - 14) >> 1), OVER_Y, FLAG_CHAR, ICON_FONT, 2, 1);
  else fitText(g, x0, OVER_Y, HALF, 14, overText(s), [SMALL_FONT, SMALL_FONT], [2, 1]);
}

/** The room the message has on the bottom line, beside PAUSE and the battery. */
function roomLeft(v: FaceView): number {
  return v.paused ? 35 : 0;
}

function roomRight(v: FaceView): number {
  return v.batteryLow ? WIDTH - 16 : WIDTH;
}

/** Whether the message fits on the bottom line beside PAUSE and the battery (the small font: 6 px a
 *  character, the last one's blank column not counted). */
function fitsBottom(v: FaceView): boolean {
  return v.message.length * 6 - 1 <= roomRight(v) - roomLeft(v);
}

/** The message's lines: the one line if it fits beside PAUSE and the battery, else wrapped across the
 *  whole width, up to three (the longest message, 51 characters, takes three). */
function messageLines(v: FaceView): string[] {
  if (v.message.length === 0) return [];
  return fitsBottom(v) ? [v.message] : wrapLines(v.message, COLS, 3);
}

function drawBottom(g: Gfx, v: FaceView, lines: string[], tall: boolean): void {
  if (tall) {
    // a long message, for the few seconds it lasts, over the periods, PAUSE and the battery (the
    // bars still tell a pause)
    useFont(g, SMALL_FONT, 1);
    g.setColor(1);
    const y = BOTTOM_Y - (lines.length - 1) * 8;
    for (let i = 0; i < lines.length; i++) g.drawString(lines[i], (WIDTH - textWidth(g, lines[i], 1)) >> 1, y + i * 8);
    return;
  }
  const left = roomLeft(v);
  const right = roomRight(v);
  if (v.paused) {
    box(g, 0, BOTTOM_Y - 1, 33, 9, 1);
    text(g, 2, BOTTOM_Y, "PAUSE", SMALL_FONT, 1, 0);
  }
  if (v.batteryLow) text(g, WIDTH - 14, BOTTOM_Y, BATTERY_CHAR, ICON_FONT, 1, 1);
  if (lines.length === 0) return;
  useFont(g, SMALL_FONT, 1);
  const w = textWidth(g, lines[0], 1);
  // centred on the screen when that clears PAUSE and the battery, else in the room between them
  let x = (WIDTH - w) >> 1;
  if (x < left || x + w > right) x = left + ((right - left - w) >> 1);
  g.setColor(1);
  g.drawString(lines[0], x, BOTTOM_Y);
}

/** What each region of the face showed when last drawn, to redraw only what changed. */
export type Drawn = string[];

const LAYOUT = 0;
const BOTTOM = 1;

function barKey(s: FaceSide): string {
  return s.label + movesText(s) + (s.running ? "R" : s.toMove ? "T" : "");
}

function halfKeys(s: FaceSide): string[] {
  return [barKey(s), bigText(s), s.flagged ? "F" : overText(s)];
}

/** Where the running side's countdown is on the face just drawn from view v, for drawCountdown:
 *  its half (0 left, 1 right) times 2, plus 1 when it shows a byoyomi period's seconds, plus 4 ×
 *  (countAt + 64 × countN) in the last period, whose count the periods' row shows as it is said; -1
 *  when no clock runs (nothing on the face moves with time). One number: the app keeps it as it is. */
export function countdownCell(v: FaceView): number {
  const s = v.left.running ? v.left : v.right.running ? v.right : null;
  return s ? cellOf(s, s === v.left) : -1;
}

/** The cell of a running side's countdown (countdownCell's number), its half on the left or not. */
function cellOf(s: FaceSide, left: boolean): number {
  return (left ? 0 : 2) + (s.kind === "byoyomi" && s.overtime ? 1 : 0) + 4 * (s.countAt + 64 * s.countN);
}

/** The second's redraw, without building the view: while the caller knows nothing else on the face
 *  has changed since drawFace (the same game, message and battery, and the running side still in
 *  the same stretch of its turn), only the running side's countdown, `ms` left, in cell
 *  countdownCell() gave. Draws only the characters that changed (the digits are all as wide), so
 *  that only their columns are sent. Leaves the frame as a whole redraw would. */
export function drawCountdown(g: Gfx, cell: number, ms: number, drawn: Drawn): void {
  if (cell < 0) return;
  const k = 3 + ((cell >> 1) & 1) * 3;
  // a period's seconds (periodText, inline: a function of the bundle is found only by searching the
  // global scope), kept for the count below
  let secs = 0;
  let big: string;
  if (cell & 1) {
    secs = ms > 0 ? (ms / 1000) | 0 : 0;
    if (secs * 1000 < ms) secs++;
    big = secs < 100 ? "" + secs : clockText(ms);
  } else big = clockText(ms);
  const was = drawn[k];
  if (big === was) return;
  drawn[k] = big;
  // the board finds a name of the bundle only by searching the global scope: this path, run every
  // second, has the geometry in numbers (the half 63 columns, HALF, from 0 or RIGHT = 65; the box
  // rows 9-39 under TIME_Y = 8) and calls Graphics itself
  const x0 = cell & 2 ? 65 : 0;
  // the large font, where it fits, and the same number of characters: the changed tail is redrawn
  // in place (the text is centred, and as wide as before)
  const L = LARGE_FONT; // useFont(g, LARGE_FONT, 1), inline
  g.setFontCustom(L.bitmap, L.first, L.widths, L.height | 256);
  const tw = g.stringWidth(big) - 1;
  const n = big.length;
  let i = -1; // a whole redraw
  if (tw <= 63 && was.length === n) {
    // mostly the last digit alone (a period's last nine seconds: the one digit, from i = 0, with no
    // empty prefixes to compare)
    if (n === 1 || big.substring(0, n - 1) === was.substring(0, n - 1)) i = n - 1;
    else {
      i = 0;
      while (big.charAt(i) === was.charAt(i)) i++;
    }
  }
  if (i < 0) {
    box(g, x0, 9, 63, 31, 0);
    drawTime(g, x0, big);
  } else {
    const x = x0 + ((63 - tw) >> 1);
    // i = 0 (a period's last nine seconds, one digit): the text itself, from x, no width to find
    const xi = i > 0 ? x + g.stringWidth(big.substring(0, i)) : x;
    g.setColor(0);
    g.fillRect(xi, 9, x + tw - 1, 39);
    g.setColor(1);
    g.drawString(i > 0 ? big.substring(i) : big, xi, 8);
  }
  // the last period: the count the voice says, on the periods' row (when a long message is not over it)
  const count = cell >> 2;
  if (count > 0 && drawn[0] === "") {
    // lastText(), inline (secs: periodSeconds(ms), above)
    const countN = count >> 6;
    const said = (count & 63) - secs;
    const over = said >= 1 && said <= countN ? said + "/" + countN : "LAST";
    const had = drawn[k + 1];
    if (over !== had) {
      drawn[k + 1] = over;
      // as fitText draws it at scale 2 (12 px a character, centred, rows 41-54): where it is as long
      // as before, only the characters that changed ("3/10" after "2/10": the first)
      const S = SMALL_FONT; // useFont(g, SMALL_FONT, 2), inline
      g.setFontCustom(S.bitmap, S.first, S.widths, S.height | 512);
      // its digits, "/" and LAST are 6 px in the small font (12 at scale 2): no width to ask for
      const n2 = over.length;
      const w = 12 * n2 - 2;
      if (w > 63) {
        box(g, x0, 41, 63, 14, 0);
        fitText(g, x0, 41, 63, 14, over, [SMALL_FONT, SMALL_FONT], [2, 1]);
      } else {
        // the number said (before the "/") when the rest is as before; else all of it. Fewer
        // interpreter steps than comparing character by character (a digit the same is drawn again)
        const sl = over.indexOf("/");
        const b = sl > 0 && had.length === n2 && had.substring(sl) === over.substring(sl) ? sl - 1 : -1;
        const x = x0 + ((63 - w) >> 1);
        g.setColor(0);
        if (b < 0) g.fillRect(x0, 41, x0 + 62, 54);
        else g.fillRect(x, 41, x + 12 * b + 11, 54);
        g.setColor(1);
        g.drawString(b < 0 ? over : over.substring(0, b + 1), x, 41);
      }
    }
  }
}

/** One half's bar, time and (with `over`) periods, keyed keys[j…j + 2]: those that differ from
 *  drawn[k…k + 2], each cleared first; all of them on a cleared display when drawn is null. */
function drawHalf(g: Gfx, x0: number, s: FaceSide, left: boolean, keys: string[], j: number, drawn: Drawn | null, k: number, over: boolean): void {
  if (!drawn || drawn[k] !== keys[j]) {
    if (drawn) box(g, x0, 0, HALF, BAR_H, 0);
    drawBar(g, x0, s, left);
  }
  if (!drawn || drawn[k + 1] !== keys[j + 1]) {
    if (drawn) box(g, x0, TIME_Y + 1, HALF, 31, 0);
    drawTime(g, x0, keys[j + 1]);
  }
  if (over && (!drawn || drawn[k + 2] !== keys[j + 2])) {
    if (drawn) box(g, x0, OVER_Y, HALF, 14, 0);
    drawOver(g, x0, s);
  }
}

/** Draws the face: only the regions whose content differs from `drawn` (everything when drawn is
 *  null), each cleared first. Returns what is drawn now, for the next call. */
export function drawFace(g: Gfx, v: FaceView, drawn: Drawn | null): Drawn {
  const lines = messageLines(v);
  const tall = lines.length > 0 && !fitsBottom(v);
  const flagged = v.left.flagged || v.right.flagged;
  // the layout: the periods' rows belong to a long message, or a flag reaches into the bottom line
  const layout = (tall ? "M" : "") + (flagged ? "F" : "");
  const keys = [layout, (v.paused ? "P" : "") + (v.batteryLow ? "L" : "") + lines.join("\n")].concat(halfKeys(v.left), halfKeys(v.right));
  const all = !drawn || drawn[LAYOUT] !== keys[LAYOUT] || flagged;
  if (all) g.clear();
  drawHalf(g, 0, v.left, true, keys, 2, all ? null : drawn, 2, !tall);
  drawHalf(g, RIGHT, v.right, false, keys, 5, all ? null : drawn, 5, !tall);
  if (all) box(g, HALF, TIME_Y + 2, 1, tall ? 30 : 45, 1); // keeps two H:MM:SS times from reading as one line
  if (all || drawn![BOTTOM] !== keys[BOTTOM]) {
    if (!all) box(g, 0, tall ? TALL_Y : BOTTOM_Y - 1, WIDTH, tall ? 24 : 9, 0);
    drawBottom(g, v, lines, tall);
  }
  return keys;
}

/** A stretch of the running side's turn has ended (main time to a period, a period to the next)
 *  with nothing else changed since the face was drawn (the same game: no operation and no flag; the
 *  message and the battery as they were): the other half stands as drawn (a waiting side's time does
 *  not move), so only the running side's half is looked at again, as drawFace would redraw it.
 *  Returns its countdown's cell (countdownCell's), or -2 when the whole face must be looked at. */
export function drawStretch(g: Gfx, clock: Clock, tMs: number, whiteIsRight: boolean, drawn: Drawn): number {
  const game = clock.game;
  // a long message over the periods, or a flag: the layout is drawFace's to change
  if (game.phase !== "running" || drawn[LAYOUT] !== "") return -2;
  const side = game.toMove;
  const s = sideView(clock, side, tMs);
  if (s.flagged) return -2;
  const left = (side === "white") !== whiteIsRight;
  const k = left ? 2 : 5;
  const hk = halfKeys(s);
  drawHalf(g, left ? 0 : RIGHT, s, left, hk, 0, drawn, k, true);
  drawn[k] = hk[0];
  drawn[k + 1] = hk[1];
  drawn[k + 2] = hk[2];
  return cellOf(s, left);
}

/** A press's first look, shown before anything else is worked out: the two bars alone, the pressing
 *  side's put out (its moves counted), the other side's lit; drawTurn draws the rest (the pressing
 *  side's time and periods, which need its reading) in the wake that follows. Same conditions as
 *  drawTurn's, but the pressing side's flag, which drawTurn finds then. */
export function drawTurnBars(g: Gfx, game: Game, whiteIsRight: boolean, drawn: Drawn, pressed: Side): boolean {
  if (game.phase !== "running" || game.toMove === pressed || drawn[LAYOUT].indexOf("F") >= 0) return false;
  const left = (pressed === "white") !== whiteIsRight;
  const x0 = left ? 0 : RIGHT;
  const k = left ? 2 : 5;
  // drawBar's bars and barKey's keys, drawn here with the fewest calls (the press's path): the
  // pressing side's put out, the other side's lit (filled, the text in the other colour)
  const black = pressed === "black";
  const n = game[pressed].moves;
  const m = game[game.toMove].moves;
  const outKey = (black ? "B" : "W") + (n > 0 ? "#" + n : "");
  const litKey = (black ? "W" : "B") + (m > 0 ? "#" + m : "") + "R";
  const S = SMALL_FONT; // useFont(g, SMALL_FONT, 1), inline: the press's path
  g.setFontCustom(S.bitmap, S.first, S.widths, S.height | 256);
  if (outKey !== drawn[k]) {
    g.setColor(0);
    g.fillRect(x0, 0, x0 + HALF - 1, BAR_H - 1);
    g.setColor(1);
    barText(g, x0, outKey, left);
    drawn[k] = outKey;
  }
  if (litKey !== drawn[7 - k]) {
    const x1 = RIGHT - x0;
    g.setColor(1);
    g.fillRect(x1, 0, x1 + HALF - 1, BAR_H - 1);
    g.setColor(0);
    barText(g, x1, litKey, !left);
    drawn[7 - k] = litKey;
  }
  return true;
}

/** A bar's label and moves made, from its key (barKey: the label's letter, then "#N" or nothing, then
 *  R or T), in the colour and font set, as drawBar places them. */
function barText(g: Gfx, x0: number, key: string, labelLeft: boolean): void {
  const end = key.indexOf("R") > 0 ? key.length - 1 : key.length;
  g.drawString(key.charAt(0), labelLeft ? x0 + 2 : x0 + HALF - 7, 1);
  if (end > 1) {
    const moves = key.substring(1, end);
    g.drawString(moves, labelLeft ? x0 + HALF - 1 - g.stringWidth(moves) : x0 + 2, 1);
  }
}

/** A player's press that passed the turn and nothing else, on the face drawn for the game just
 *  before it (the caller knows; the message and the battery as they were): the bars, and the
 *  pressing side's countdown and periods, are all that can change. The other side's time stands as
 *  drawn (its clock starts from it), so its reading is not even made: the new face shows sooner.
 *  Redraws what changed and returns true; false when the whole face must be looked at again. */
export function drawTurn(g: Gfx, clock: Clock, tMs: number, whiteIsRight: boolean, drawn: Drawn, pressed: Side): boolean {
  const game = clock.game;
  if (game.phase !== "running" || game.toMove === pressed || drawn[LAYOUT].indexOf("F") >= 0) return false;
  const s = sideView(clock, pressed, tMs);
  if (s.flagged) return false;
  const left = (pressed === "white") !== whiteIsRight;
  const x0 = left ? 0 : RIGHT;
  const k = left ? 2 : 5;
  // the pressing side's half as drawFace draws it
  const hk = halfKeys(s);
  const over = drawn[LAYOUT] !== "M";
  drawHalf(g, x0, s, left, hk, 0, drawn, k, over);
  drawn[k] = hk[0];
  drawn[k + 1] = hk[1];
  if (over) drawn[k + 2] = hk[2];
  // the side now running: its bar alone changes (lit; label and moves as they were)
  const o = { label: pressed === "black" ? "W" : "B", moves: game[game.toMove].moves, running: true, toMove: true } as FaceSide;
  const bar = barKey(o);
  if (bar !== drawn[7 - k]) {
    box(g, RIGHT - x0, 0, HALF, BAR_H, 0);
    drawBar(g, RIGHT - x0, o, !left);
    drawn[7 - k] = bar;
  }
  return true;
}
