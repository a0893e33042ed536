// The terminal clock's face, as a pure function from the clock's state at an instant to lines of
// text. No I/O and no escape codes, so tests read exactly what a player sees.

import { textWidth, wrap } from "./term-text";
import {
  type Clock, type Game, type Output, type Side, type TimeControl, type Reading, formatControl, formatDuration, lateArticle,
} from "../firmware/core/index";
import { entryWords } from "../firmware/record/logtext";
import { lampOf } from "../firmware/power";
import { LAMP_ON, LAMP_BLINK } from "../firmware/board";

/** Which key is each physical button, and whose the right one is (the clock stands at White's
 *  right hand, rule 12.1, so by default the right button is White's). */
export interface KeyMap {
  left: string;
  right: string;
  whiteOnRight: boolean;
}

export interface ViewInput {
  clock: Clock;
  now: number;
  /** The last calls, flags and notices, oldest first. */
  recent: Output[];
  keys: KeyMap;
  /** Feedback on the last action, the help text, or nothing. */
  message: string[];
  /** The command line being typed after ':', or null. */
  input: string | null;
  /** The latest flag of this game, and the sides past the lateness limit: kept on a banner. */
  flag: { side: Side; t: number } | null;
  forfeits: { side: Side; t: number }[];
  /** The terminal's size: the oldest calls give way first when the screen is full. */
  rows: number;
  cols: number;
}

const COLUMN = 40;

export function sideOfKey(keys: KeyMap, key: string): Side | null {
  if (key === keys.left) return keys.whiteOnRight ? "black" : "white";
  if (key === keys.right) return keys.whiteOnRight ? "white" : "black";
  return null;
}

export function keyOfSide(keys: KeyMap, side: Side): string {
  return (side === "white") === keys.whiteOnRight ? keys.right : keys.left;
}

function letter(side: Side): string {
  return side === "black" ? "B" : "W";
}

function name(side: Side): string {
  return side === "black" ? "Black" : "White";
}

/** H:MM:SS, or M:SS under an hour. Rounded up, so 0:00 shows only when the time is gone. */
export function clockText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = ("0" + (s % 60)).slice(-2);
  return h > 0 ? h + ":" + ("0" + m).slice(-2) + ":" + ss : m + ":" + ss;
}

// Seven-segment digits, three rows high.
const FONT: Record<string, string[]> = {
  "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
  "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
  "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
  "9": [" _ ", "|_|", " _|"], ":": [" ", ".", "."],
};

export function bigText(text: string): string[] {
  const rows = ["", "", ""];
  for (const ch of text) for (let r = 0; r < 3; r++) rows[r] += FONT[ch][r] + " ";
  return rows;
}

/** Where the side stands: main time, byoyomi periods, block moves, or out. */
function stage(c: TimeControl, r: Reading): string {
  if (r.out) return "FLAG: out of time";
  if (c.kind === "byoyomi") {
    const p = c.periods + "x" + c.periodMs / 1000 + "s";
    if (!r.overtime) return "main time, then " + p;
    return r.periodsLeft === 1 ? "byoyomi: last period" : "byoyomi: " + r.periodsLeft + " periods left";
  }
  if (c.kind === "moves") {
    if (!r.overtime) return "main time, then " + c.moves + " moves/" + formatDuration(c.blockMs);
    return "block: " + plural(r.movesLeft, "move") + " left";
  }
  if (c.kind === "fischer") return "main time, +" + formatDuration(c.incrementMs) + " a move";
  if (c.kind === "bronstein") return "main time, delay " + formatDuration(c.delayMs);
  return "main time";
}

function absent(clock: Clock, side: Side): boolean {
  return side === "black" ? clock.game.blackAbsent : clock.game.whiteAbsent;
}

/** One side in a line of plain text (the summary printed on exit). */
export function sideLine(clock: Clock, side: Side, now: number): string {
  const c = side === "black" ? clock.game.blackControl : clock.game.whiteControl;
  const r = clock.reading(side, now);
  return letter(side) + "  " + clockText(r.shownMs) + "  " + stage(c, r) + " · " + moves(r.moves) + " · " + formatControl(c) +
    (absent(clock, side) ? " · absent" : "");
}

function column(v: ViewInput, side: Side): string[] {
  const g = v.clock.game;
  const c = side === "black" ? g.blackControl : g.whiteControl;
  const r = v.clock.reading(side, v.now);
  const turn = g.toMove === side && g.phase !== "ended" ? "▶ " : "  ";
  // the button's lamp, as on the device (firmware/power.ts): lit while this side's clock runs,
  // blinking after its flag
  const l = lampOf(g, side);
  const lamp = l === LAMP_ON || (l === LAMP_BLINK && Math.floor(v.now / 250) % 2 === 0) ? " ●" : l === LAMP_BLINK ? " ○" : "";
  const lines = [turn + letter(side) + "  " + name(side) + "  [" + keyOfSide(v.keys, side) + "]" + lamp + (absent(v.clock, side) ? "  absent" : "")];
  for (const row of bigText(clockText(r.shownMs))) lines.push("  " + row);
  lines.push("  " + stage(c, r));
  lines.push("  " + formatControl(c) + " · " + moves(r.moves));
  return lines;
}

function phaseText(v: ViewInput): string {
  const g = v.clock.game;
  switch (g.phase) {
    case "setup": {
      const starter = g.toMove === "black" ? "white" : "black";
      return "SET-UP: " + name(starter) + "'s button [" + keyOfSide(v.keys, starter) + "] starts " + name(g.toMove) + "'s clock (or :start)";
    }
    case "running": return "RUNNING";
    case "paused": return "PAUSED — :resume to go on";
    case "ended": return "GAME OVER";
    case "flagged": return "FLAG: " + name(g.flagged || g.toMove) + " is out of time";
  }
}

/** What a call says, in Chinese as the referee says it, and in English; `short`: in the voice's short
 *  form (the number and its measure word alone, when the whole call would run into the count). */
export function gloss(say: string, short?: boolean): string {
  const i = say.indexOf(":");
  const id = i < 0 ? say : say.slice(0, i);
  const n = i < 0 ? "" : say.slice(i + 1);
  if (short && id === "periods") return n + "次 (" + plural(n, "period") + " left, short)";
  if (short && id === "left") return n + "分 (" + n + " left, short)";
  if (short && id === "moves") return n + "步 (" + plural(n, "move") + " left, short)";
  switch (id) {
    case "elapsed": return n + "秒 (" + n + " s)";
    case "used": return "1分 (a period used)";
    case "left": return "还剩" + n + "分 (" + n + " left)";
    case "count": return n;
    case "byoyomi": return "开始读秒 (byoyomi)";
    case "timeout": return "超时判负 (time lost)";
    case "block": return "基本时限用完 (main time over: blocks of moves)";
    case "hours": return "还剩" + n + "小时 (" + n + " h left)";
    case "periods": return "还剩" + n + "次 (" + plural(n, "period") + " left)";
    case "mins": return "还剩" + n + "分钟 (" + n + " min left)";
    case "secs": return "还剩" + n + "秒 (" + n + " s left)";
    case "moves": return "还剩" + n + "步 (" + plural(n, "move") + " left)";
    default: return say;
  }
}

/** Game time: H:MM:SS.d since the game's start, pauses included, as on a wall clock beside the board. */
export function gameTime(ms: number): string {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  return Math.floor(s / 3600) + ":" + ("0" + Math.floor((s % 3600) / 60)).slice(-2) + ":" + ("0" + (s % 60)).slice(-2) + "." + Math.floor((t % 1000) / 100);
}

/** A time left in two units, said as one phrase (firmware/voice.ts): 还剩1小时50分, 还剩9分59秒. */
function twoUnits(a: string, b: string): string | null {
  const x = a.slice(a.indexOf(":") + 1);
  const y = b.slice(b.indexOf(":") + 1);
  if (a.indexOf("hours:") === 0 && b.indexOf("mins:") === 0) return "还剩" + x + "小时" + y + "分 (" + x + " h " + y + " min left)";
  if (a.indexOf("mins:") === 0 && b.indexOf("secs:") === 0) return "还剩" + x + "分" + y + "秒 (" + x + " min " + y + " s left)";
  return null;
}

/** The call list's lines: one an output, but a time left in two units (mins:9 secs:59, two calls of
 *  one instant) is one answer, one line, as it is said. */
export function outputLines(outs: Output[], g: Game): string[] {
  const lines: string[] = [];
  for (let i = 0; i < outs.length; i++) {
    const o = outs[i];
    const n = outs[i + 1];
    const pair = o.kind === "call" && n && n.kind === "call" && n.t === o.t && n.side === o.side && !o.short ? twoUnits(o.say, n.say) : null;
    if (pair && o.kind === "call" && n.kind === "call") {
      lines.push(gameTime(o.t - g.startedAt) + "  " + letter(o.side) + "  " + o.say + " " + n.say + " — " + pair + moved(o, g));
      i++;
    } else lines.push(outputText(o, g));
  }
  return lines;
}

/** When a call said later than due was due: moved clear of another call, or late in the last period. */
function moved(o: Extract<Output, { kind: "call" }>, g: Game): string {
  if (o.due !== undefined) return " (late, due " + gameTime(o.due - g.startedAt) + ")";
  if (o.moved !== undefined) return " (due " + gameTime(o.moved - g.startedAt) + ")";
  return "";
}

/** One line of the call list, stamped in game time (since the start of `g`, the game it is of). */
export function outputText(o: Output, g: Game): string {
  const stamp = (t: number) => gameTime(t - g.startedAt);
  switch (o.kind) {
    case "call": return stamp(o.t) + "  " + letter(o.side) + "  " + o.say + " — " + gloss(o.say, o.short) + moved(o, g);
    case "flag": return stamp(o.t) + "  " + letter(o.side) + "  FLAG — out of time";
    case "notice": return stamp(o.t) + "  " + letter(o.side) + "  past the lateness limit: forfeit (" + lateArticle(g) + ")";
    case "refused": return stamp(o.t) + "  refused " + o.op + ": " + o.reason;
    case "op": return stamp(o.t) + "  " + entryWords(o.entry, 0);
  }
}

/** "1 period", "2 periods": a count with its noun. */
function plural(n: number | string, noun: string): string {
  return n + " " + noun + (Number(n) === 1 ? "" : "s");
}

function moves(n: number): string {
  return plural(n, "move");
}

function pad(s: string, width: number): string {
  const w = textWidth(s);
  return w >= width ? s + " " : s + " ".repeat(width - w);
}

/** The command being typed, its end always in view: a line too long for the screen loses its start. */
function inputLine(input: string, cols: number): string {
  const chars = [...(":" + input + "_")];
  let w = 0;
  let i = chars.length;
  while (i > 0 && w + textWidth(chars[i - 1]) <= cols - 1) w += textWidth(chars[--i]);
  return i === 0 ? chars.join("") : "…" + chars.slice(i).join("");
}

/** What stays on top until the next game: who ran out of time, who lost by lateness. */
export function bannerLines(v: ViewInput): string[] {
  const g = v.clock.game;
  const lines: string[] = [];
  const f = v.flag;
  if (f) {
    lines.push("!! FLAG: " + name(f.side) + " ran out of time at " + gameTime(f.t - g.startedAt) +
      (g.phase === "flagged" || g.phase === "ended" ? ": lost on time" : "; play went on (22.5 pass or 22.8)"));
  }
  if (v.forfeits.length) {
    lines.push("!! FORFEIT: " + (v.forfeits.length > 1 ? "both" : name(v.forfeits[0].side)) + " absent past the lateness limit at " +
      gameTime(v.forfeits[0].t - g.startedAt) + ": lost (" + lateArticle(g) + ")");
  }
  return lines;
}

export const HELP = [
  "keys: the button keys end a move; before the start, the button of the",
  "  side that does not move first starts the clock. space pauses; :resume",
  "  goes on (the arbiter's), b MENU or q: time left (16.2), x x quits.",
  ":command, Enter runs it, Esc cancels (the button keys wait meanwhile):",
  "  start  pause  resume  end  pass (22.5)  query [SIDE]  press SIDE  new",
  "  correct SIDE main|periods|block|movesleft|moves VALUE  (correct black main 5m)",
  "  rescale TOTAL (rescale 1h30m)   absent SIDE   arrive SIDE",
  "before the start: control [SIDE] SPEC (2h+5x60s, 90m, 1h+15/10m, 10m+F5s)",
  "  handicap N   latelimit 60m|15m|off   calls key=value...   swap (buttons)",
];

/** Lines above the call list besides the banner: title, gap, the two sides (name, 3 rows of digits,
 *  stage, control), gap, two key lines, gap. */
const TOP_LINES = 1 + 1 + 6 + 1 + 2 + 1;
/** A flag and a forfeit. */
const MAX_BANNER = 2;

/** The smallest terminal that shows every part at once: the help in full and the typed command
 *  under the clocks and a banner; the widest line is the help's or the two columns of clocks. */
export const NEED_COLUMNS = Math.max(2 * COLUMN, ...HELP.map(textWidth));
export const NEED_ROWS = TOP_LINES + MAX_BANNER + HELP.length + 1;

/** Why a terminal of cols × rows cannot show the clock, or null if it can. */
export function sizeProblem(cols: number, rows: number): string | null {
  if (cols >= NEED_COLUMNS && rows >= NEED_ROWS) return null;
  return "the terminal clock needs a terminal of at least " + NEED_COLUMNS + " columns and " + NEED_ROWS + " rows (this one has " +
    cols + " × " + rows + "): widen the window or make its font smaller";
}

export function view(v: ViewInput): string[] {
  const leftSide: Side = v.keys.whiteOnRight ? "black" : "white";
  const left = column(v, leftSide);
  const right = column(v, leftSide === "black" ? "white" : "black");
  const out = ["Go clock — " + phaseText(v)].concat(bannerLines(v), [""]);
  for (let i = 0; i < left.length; i++) out.push(pad(left[i], COLUMN) + right[i]);
  out.push("");
  out.push("[" + v.keys.left + "] left = " + name(sideOfKey(v.keys, v.keys.left) || "black") + "'s button   [" +
    v.keys.right + "] right = " + name(sideOfKey(v.keys, v.keys.right) || "white") + "'s button");
  out.push("b MENU: time left (16.2)   space pause   :resume   : command   ? help   x x quit");
  out.push("");
  // The typed command first, then the message, then as many calls as the rest holds, newest last.
  const input = v.input === null ? [] : [inputLine(v.input, v.cols)];
  let message: string[] = [];
  for (const m of v.message) message = message.concat(wrap(m, v.cols));
  message = message.slice(0, Math.max(0, v.rows - out.length - input.length));
  let rest = v.rows - out.length - input.length - message.length;
  const gaps = (message.length ? 1 : 0) + (input.length ? 1 : 0);
  const gap = rest - gaps >= 2 ? [""] : [];
  if (gap.length) rest -= gaps;
  const calls = rest >= 2 ? ["calls (game time):"] : [];
  if (calls.length && v.recent.length === 0) calls.push("  (none yet)");
  if (calls.length) for (const l of outputLines(v.recent, v.clock.game).slice(-(rest - 1))) calls.push("  " + l);
  let lines = out.concat(calls);
  if (message.length) lines = lines.concat(gap, message);
  if (input.length) lines = lines.concat(gap, input);
  return lines.slice(0, Math.max(1, v.rows));
}
