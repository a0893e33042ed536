// The menus on three buttons: the set-up menu (before a game) and the arbiter's menu (behind the PIN).
// A pure state machine: menuKey(menu, key) → a new menu, new settings and the core operations to
// apply; nothing changes until an item is confirmed, and nothing here ever starts a game (the app
// starts it on a player's press once the set-up was confirmed with Ready).
//
// Buttons: LEFT = previous / decrease, RIGHT = next / increase, MENU = select / next field / confirm,
// MENU held (long) = back one step, or leave. LEFT/RIGHT held (if the board reports it) = big steps.
//
// Every screen is a title and lines, one of them the cursor (menuView); drawMenu draws that view.
// Espruino-safe (ESPRUINO.md): no closures in loops, functions defined before use.

import { LEFT, RIGHT, MENU } from "./board";
import { type Settings, pinMatches, withPin } from "./settings";
import { presets, presetIndex } from "./presets";
import { PACKS, TRADITIONS } from "./voice";
import {
  type Game, type Op, type Reading, type Side, type Field, type TimeControl,
  parseControl, isParseError, formatControl, formatDuration, controlOf, readSide,
} from "./core/index";
import { SMALL_FONT } from "./gfx/fonts";
import { type Gfx, box, textWidth, useFont } from "./gfx/gfx";
import { clockText, wrapLines } from "./gfx/text";

export interface Menu {
  arbiter: boolean;
  /** The arbiter entered the PIN; kept until Lock (or the app's new game). */
  unlocked: boolean;
  /** "list" (the menu's own items) or a sub-screen named after what it edits (see menuView). */
  screen: string;
  /** Cursor on the list, kept while a sub-screen is open. */
  item: number;
  /** Cursor of the sub-screen: the choice, the field, or the digit being chosen. */
  sel: number;
  side: Side;
  /** Control editor: the system (index in KINDS); correction editor: the field (CFIELDS). */
  kind: number;
  /** The draft a sub-screen edits (fields, the PIN digits entered). */
  vals: number[];
  /** Wrong PINs so far. */
  tries: number;
  /** Shown at the bottom until the next key. */
  note: string;
}

export interface MenuResult {
  /** null: the menu closed. */
  menu: Menu | null;
  /** The same object when nothing changed. */
  settings: Settings;
  /** Core operations to apply now, in order. */
  ops: Op[];
  /** The set-up was confirmed: the clock now waits for the start press. */
  ready: boolean;
  unlocked: boolean;
  /** The arbiter confirmed a new game: the app discards the game and its records. */
  newGame: boolean;
  /** The arbiter, with the PIN, asked for a JavaScript prompt over Bluetooth (until the game starts). */
  bluetooth: boolean;
  message: string;
}

/** What a screen shows, as text: the title, its right-hand tag, lines of at most COLS characters. */
export interface MenuView {
  title: string;
  tag: string;
  lines: string[];
  /** The line under the cursor, or -1. */
  cursor: number;
  note: string;
  /** PIN screens: one character a digit, "*" entered, the digit being chosen, "-" to come; else "". */
  pin: string;
}

const COLS = 21; // the small font is 6 px a character
/** COLS spaces: a menu line's padding is cut from it. */
const SPACES = " ".repeat(COLS);
const SLOTS = 5; // lines under the title
const NOTE_LINES = 3; // a note takes the bottom lines; the list keeps at least two
const LINE_Y = 12;
const LINE_H = 10;
const TRIES = 3;
const MAX_MS = 359999000; // 99:59:59, what clockText shows in its H:MM:SS form

const SETUP_ITEMS = ["preset", "black", "white", "same", "hcp", "wside", "lang", "trad", "vol", "late", "pin", "bt", "ready"];
const ARBITER_ITEMS = ["pause", "cblack", "cwhite", "rescale", "split", "absent", "pass", "end", "new", "lock"];

const KINDS = ["Absolute", "Byoyomi", "Byoyomi reserved", "Moves, carry over", "Canadian overtime", "Fischer increment", "Bronstein delay"];
const KIND_SHORT = ["absolute", "byoyomi", "byo. reserved", "moves/block", "Canadian", "Fischer", "Bronstein"];
const HANDICAPS = [0, 2, 3, 4, 5, 6, 7, 8, 9];
const LATE_MIN = [15, 30, 60, 0];
const CFIELDS: Field[] = ["main", "periods", "block", "movesleft", "moves"];
const CFIELD_NAMES = ["Main time", "Periods left", "Block time", "Moves left", "Moves made"];
const CFIELD_SHORT = ["main", "periods", "block", "moves left", "moves"];

interface FieldDef {
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

// --- small helpers -----------------------------------------------------------------------------------

function sideName(side: Side): string {
  return side === "black" ? "Black" : "White";
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** left and right on one line of COLS characters: right-aligned right, left cut to fit. */
function line(left: string, right: string): string {
  const r = right.length > COLS ? right.substring(0, COLS) : right;
  const room = r.length ? COLS - r.length - 1 : COLS;
  const l = left.length > room ? left.substring(0, Math.max(0, room)) : left;
  // l and r never fill more than COLS: the pad is a cut of SPACES, not a loop (dear on the board)
  return l + SPACES.substring(0, COLS - l.length - r.length) + r;
}

/** A note cut into at most NOTE_LINES lines, at spaces where it can; the last one ends in "~" if cut. */
function wrap(text: string): string[] {
  return wrapLines(text, COLS, NOTE_LINES);
}

function copyMenu(m: Menu): Menu {
  const n = Object.assign({}, m) as Menu;
  n.vals = m.vals.slice();
  return n;
}

function copySettings(s: Settings): Settings {
  return Object.assign({}, s) as Settings;
}

function langName(id: string): string {
  if (id === "zh") return "Chinese";
  if (id === "en") return "English";
  if (id === "ja") return "Japanese";
  return id;
}

function traditionName(id: string): string {
  if (id === "cn") return "China 12.3";
  if (id === "nihon-kiin") return "Nihon Ki-in";
  return id;
}

function handicapText(n: number): string {
  return n < 2 ? "even" : n + " stones";
}

function lateText(ms: number): string {
  return ms === 0 ? "none" : ms % 60000 === 0 ? ms / 60000 + " min" : formatDuration(ms);
}

function control(text: string): TimeControl {
  const c = parseControl(text);
  return isParseError(c) ? { kind: "absolute", mainMs: 3600000 } : c;
}

// --- the control editor's draft -------------------------------------------------------------------------

/** The system of a control, as an index in KINDS. */
function kindOf(c: TimeControl): number {
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
function draftOf(c: TimeControl): number[] {
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
function draftText(kind: number, v: number[]): string {
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
function draftControl(kind: number, v: number[]): { text: string; error: string } {
  const c = parseControl(draftText(kind, v));
  if (isParseError(c)) return { text: "", error: c.error };
  return { text: formatControl(c), error: "" };
}

// --- what each screen holds -------------------------------------------------------------------------

/** The fields a correction of one reading edits. */
function correctionFields(field: Field, c: TimeControl): FieldDef[] {
  if (field === "main" || field === "block") return [STEP_MIN, STEP_S];
  if (field === "periods") return [fd("Periods", 0, 0, 99, 1, 5, true)];
  if (field === "movesleft") return [fd("Moves left", 0, 1, c.kind === "moves" ? c.moves : 1, 1, 5, true)];
  return [fd("Moves made", 0, 0, 9999, 1, 10, true)];
}

function fieldsOf(m: Menu, game: Game): FieldDef[] {
  if (m.screen === "ctl") return draftFields(m.kind);
  if (m.screen === "vol") return [VOLUME];
  if (m.screen === "rescale" || m.screen === "split") return [STEP_H, STEP_MIN, STEP_S];
  if (m.screen === "cval") return correctionFields(CFIELDS[m.kind], controlOf(game, m.side));
  return [];
}

function isFields(screen: string): boolean {
  return screen === "ctl" || screen === "vol" || screen === "rescale" || screen === "split" || screen === "cval";
}

function isPin(screen: string): boolean {
  return screen === "pin" || screen === "oldpin" || screen === "newpin" || screen === "btpin";
}

/** The readings a side can have corrected, given its system. */
function correctable(c: TimeControl): number[] {
  if (c.kind === "byoyomi") return [0, 1, 4];
  if (c.kind === "moves") return [0, 2, 3, 4];
  return [0, 4];
}

function readingValue(r: Reading, field: number): number {
  if (field === 0) return r.mainMs;
  if (field === 1) return r.periodsLeft;
  if (field === 2) return r.blockMs;
  if (field === 3) return r.movesLeft;
  return r.moves;
}

function readingText(field: number, v: number): string {
  return field === 0 || field === 2 ? clockText(v) : "" + v;
}

/** Thinking time the clock has measured for both sides (what a proportional correction shares). */
function usedTotal(g: Game): number {
  return g.black.usedMs + g.white.usedMs + (g.phase === "setup" ? 0 : g.turnMs);
}

// --- the view ---------------------------------------------------------------------------------------

function setupLine(id: string, s: Settings): string {
  switch (id) {
    case "preset": return line("Preset", ">");
    case "black": return line("Black", s.black);
    case "white": return line("White", s.white);
    case "same": return line("Same for both", "W=B");
    case "hcp": return line("Handicap", handicapText(s.handicap));
    case "wside": return line("White is", s.whiteOnRight ? "right" : "left");
    case "lang": return line("Language", langName(s.lang));
    case "trad": return line("Tradition", traditionName(s.tradition));
    case "vol": return line("Volume", "" + s.volume);
    case "late": return line("Late limit", lateText(s.lateLimitMs));
    case "pin": return line("Arbiter PIN", "****");
    case "bt": return line("Bluetooth REPL", ">");
  }
  return line("Ready", "");
}

function arbiterLine(id: string, g: Game): string {
  switch (id) {
    case "pause": return line(g.phase === "running" ? "Pause" : "Resume", "");
    case "cblack": return line("Correct Black", ">");
    case "cwhite": return line("Correct White", ">");
    case "rescale": return line("Proportional", "22.8");
    case "split": return line("Equal split", "22.9");
    case "absent": return line("Lateness", "22.1");
    case "pass": return line("Timeout -> pass", "22.5");
    case "end": return line("End game", "");
    case "new": return line("New game", "");
  }
  return line("Lock", "");
}

function view(title: string, tag: string, lines: string[], cursor: number, m: Menu): MenuView {
  return { title: title, tag: tag, lines: lines, cursor: cursor, note: m.note, pin: "" };
}

function choiceView(title: string, labels: string[], m: Menu): MenuView {
  const lines: string[] = [];
  for (let i = 0; i < labels.length; i++) lines.push(line(labels[i], ""));
  return view(title, m.sel + 1 + "/" + labels.length, lines, m.sel, m);
}

function fieldsView(title: string, m: Menu, game: Game): MenuView {
  const fields = fieldsOf(m, game);
  const lines: string[] = [];
  for (let i = 0; i < fields.length; i++) lines.push(line(fields[i].label, fields[i].show ? "" + m.vals[fields[i].idx] : ""));
  if (m.screen === "ctl") {
    const t = draftText(m.kind, m.vals);
    lines.push(line(t.length + 3 > COLS ? "" : "OK", t)); // the notation whole rather than a cut "OK"
  }
  else if (m.screen === "vol") lines.push(line("OK", ""));
  else lines.push(line("Set to", readingText(m.screen === "rescale" ? 0 : m.kind, m.vals[0])));
  return view(title, "", lines, m.sel, m);
}

function pinView(title: string, m: Menu): MenuView {
  let p = "";
  for (let i = 0; i < 4; i++) p += i < m.vals.length ? "*" : i === m.vals.length ? "" + m.sel : "-";
  const v = view(title, "", [], -1, m);
  v.pin = p;
  // the wrong tries stay in sight while the next attempt is keyed in
  if (!v.note && m.tries > 0) v.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
  return v;
}

/** The screen as text (what drawMenu draws; the simulator and the tests read it too). */
export function menuView(m: Menu, s: Settings, game: Game): MenuView {
  const who = sideName(m.side);
  switch (m.screen) {
    case "list": {
      const ids = m.arbiter ? ARBITER_ITEMS : SETUP_ITEMS;
      const lines: string[] = [];
      for (let i = 0; i < ids.length; i++) lines.push(m.arbiter ? arbiterLine(ids[i], game) : setupLine(ids[i], s));
      return view(m.arbiter ? "Arbiter" : "Set-up", m.arbiter ? game.phase : m.item + 1 + "/" + ids.length, lines, m.item, m);
    }
    case "preset": {
      const labels: string[] = [];
      for (const p of presets()) labels.push(p.label);
      return choiceView("Preset", labels, m);
    }
    case "kind": return choiceView(who + ": system", KINDS, m);
    case "ctl": return fieldsView(who + ": " + KIND_SHORT[m.kind], m, game);
    case "hcp": {
      const labels: string[] = [];
      for (let i = 0; i < HANDICAPS.length; i++) labels.push(HANDICAPS[i] ? HANDICAPS[i] + " stones" : "Even");
      return choiceView("Handicap", labels, m);
    }
    case "wside": return choiceView("White's button", ["on the left", "on the right"], m);
    case "lang": {
      const labels: string[] = [];
      for (let i = 0; i < PACKS.length; i++) labels.push(langName(PACKS[i].id));
      return choiceView("Language", labels, m);
    }
    case "trad": {
      const labels: string[] = [];
      for (let i = 0; i < TRADITIONS.length; i++) labels.push(traditionName(TRADITIONS[i].id));
      return choiceView("Tradition", labels, m);
    }
    case "vol": return fieldsView("Volume", m, game);
    case "late": return choiceView("Late limit", ["15 min (22.2)", "30 min", "60 min (22.1)", "No limit"], m);
    case "pin": return pinView("Arbiter PIN", m);
    case "oldpin": return pinView("Current PIN", m);
    case "newpin": return pinView("New PIN", m);
    case "btpin": return pinView("PIN for Bluetooth", m);
    case "cfield": {
      const fields = correctable(controlOf(game, m.side));
      const r = readSide(game, m.side, game.lastT);
      const lines: string[] = [];
      for (let i = 0; i < fields.length; i++) {
        // a running clock's reading would be stale here: values only while it stands
        const value = game.phase === "running" ? "" : readingText(fields[i], readingValue(r, fields[i]));
        lines.push(line(CFIELD_NAMES[fields[i]], value));
      }
      return view("Correct " + who, game.phase, lines, m.sel, m);
    }
    case "cval": return fieldsView(who + " " + CFIELD_SHORT[m.kind] + ": " + readingText(m.kind, m.vals[1]), m, game);
    case "rescale": return fieldsView("Measured " + clockText(m.vals[1]), m, game);
    case "split": return fieldsView("First half, split", m, game);
    case "absent": {
      const lines = [
        line("Absent Black", game.blackAbsent ? "marked" : ""),
        line("Absent White", game.whiteAbsent ? "marked" : ""),
        line("Arrive Black", ""),
        line("Arrive White", ""),
      ];
      return view("Lateness 22.1-22.4", "", lines, m.sel, m);
    }
    case "end": return choiceView("End the game?", ["No", "Yes, end it"], m);
    case "new": return choiceView("New game?", ["No", "Yes, new game"], m);
  }
  return view("?", "", [], -1, m);
}

// --- opening ----------------------------------------------------------------------------------------

function menu(arbiter: boolean, unlocked: boolean, screen: string): Menu {
  return { arbiter: arbiter, unlocked: unlocked, screen: screen, item: 0, sel: 0, side: "black", kind: 0, vals: [], tries: 0, note: "" };
}

/** The set-up menu (a short MENU press while no game runs). `unlocked`: the arbiter has entered the
 *  PIN already; then changing the PIN does not ask for the current one. */
export function openSetup(s: Settings, unlocked?: boolean): Menu {
  return menu(false, unlocked === true, "list");
}

/** The arbiter's menu: PIN entry first unless already unlocked. */
export function openArbiter(s: Settings, game: Game, unlocked: boolean): Menu {
  return menu(true, unlocked, unlocked ? "list" : "pin");
}

/** The menu with a note at the bottom (e.g. the core's reason for refusing an operation). */
export function withNote(m: Menu, text: string): Menu {
  const n = copyMenu(m);
  n.note = text;
  return n;
}

// --- keys -------------------------------------------------------------------------------------------

function toList(m: Menu): void {
  m.screen = "list";
  m.sel = 0;
}

function openSub(m: Menu, screen: string, sel: number): void {
  m.screen = screen;
  m.sel = sel;
}

function selectSetup(m: Menu, s: Settings, r: MenuResult): void {
  const id = SETUP_ITEMS[m.item];
  switch (id) {
    case "preset": return openSub(m, "preset", Math.max(0, presetIndex(s.black, s.white)));
    case "black": case "white": {
      m.side = id;
      const c = control(id === "black" ? s.black : s.white);
      m.vals = draftOf(c);
      return openSub(m, "kind", kindOf(c));
    }
    case "same": {
      if (s.white !== s.black) {
        r.settings = copySettings(s);
        r.settings.white = s.black;
      }
      m.note = "White: " + s.black;
      return;
    }
    case "hcp": return openSub(m, "hcp", Math.max(0, HANDICAPS.indexOf(s.handicap)));
    case "wside": return openSub(m, "wside", s.whiteOnRight ? 1 : 0);
    case "lang": {
      let at = 0;
      for (let i = 0; i < PACKS.length; i++) if (PACKS[i].id === s.lang) at = i;
      return openSub(m, "lang", at);
    }
    case "trad": {
      let at = 0;
      for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === s.tradition) at = i;
      return openSub(m, "trad", at);
    }
    case "vol": {
      m.vals = [s.volume];
      return openSub(m, "vol", 0);
    }
    case "late": {
      const at = LATE_MIN.indexOf(s.lateLimitMs / 60000);
      return openSub(m, "late", at < 0 ? 2 : at);
    }
    case "pin": {
      m.vals = [];
      return openSub(m, m.unlocked ? "newpin" : "oldpin", 0);
    }
    case "bt": {
      m.vals = [];
      if (!m.unlocked) return openSub(m, "btpin", 0);
      r.bluetooth = true;
      return;
    }
  }
  // Ready: the set-up stands; the app waits for the start press.
  r.ready = true;
  r.menu = null;
}

function selectArbiter(m: Menu, game: Game, r: MenuResult): void {
  const id = ARBITER_ITEMS[m.item];
  switch (id) {
    case "pause":
      if (game.phase === "running") {
        r.ops.push({ op: "pause" });
        m.note = "Paused";
      } else {
        r.ops.push({ op: "resume" });
        r.menu = null;
      }
      return;
    case "cblack": case "cwhite":
      m.side = id === "cblack" ? "black" : "white";
      return openSub(m, "cfield", 0);
    case "rescale": case "split": {
      // both start at what the clock measured: the true elapsed time, or the first half's length
      const used = usedTotal(game);
      m.vals = [used, used];
      return openSub(m, id, 0);
    }
    case "absent": return openSub(m, "absent", 0);
    case "pass":
      r.ops.push({ op: "pass" });
      r.menu = null;
      return;
    case "end": return openSub(m, "end", 0);
    case "new": return openSub(m, "new", 0);
  }
  // Lock
  m.unlocked = false;
  r.menu = null;
  m.note = "Arbiter menu locked";
}

/** MENU on a choice. */
function chooseKey(m: Menu, s: Settings, game: Game, rb: Reading, rw: Reading, r: MenuResult): void {
  const i = m.sel;
  let n: Settings;
  switch (m.screen) {
    case "preset": {
      const p = presets()[i];
      n = copySettings(s);
      n.black = p.control;
      n.white = p.control;
      r.settings = n;
      m.note = p.label;
      return toList(m);
    }
    case "kind":
      m.kind = i;
      return openSub(m, "ctl", 0);
    case "hcp":
      n = copySettings(s);
      n.handicap = HANDICAPS[i];
      r.settings = n;
      m.note = "Handicap: " + handicapText(n.handicap);
      return toList(m);
    case "wside":
      n = copySettings(s);
      n.whiteOnRight = i === 1;
      r.settings = n;
      m.note = "White on the " + (n.whiteOnRight ? "right" : "left");
      return toList(m);
    case "lang":
      // a pack brings its own counting tradition; the Tradition item can change it afterwards
      n = copySettings(s);
      n.lang = PACKS[i].id;
      n.tradition = PACKS[i].tradition;
      r.settings = n;
      m.note = langName(n.lang) + ", " + traditionName(n.tradition);
      return toList(m);
    case "trad":
      n = copySettings(s);
      n.tradition = TRADITIONS[i].id;
      r.settings = n;
      m.note = "Tradition: " + traditionName(n.tradition);
      return toList(m);
    case "late":
      n = copySettings(s);
      n.lateLimitMs = LATE_MIN[i] * 60000;
      r.settings = n;
      m.note = "Late limit: " + lateText(n.lateLimitMs);
      return toList(m);
    case "cfield": {
      const f = correctable(controlOf(game, m.side))[i];
      const v = readingValue(m.side === "black" ? rb : rw, f);
      m.kind = f;
      m.vals = [v, v];
      return openSub(m, "cval", 0);
    }
    case "absent":
      r.ops.push({ op: i < 2 ? "absent" : "arrive", side: i % 2 === 0 ? "black" : "white" });
      m.note = (i < 2 ? "Absent: " : "Arrived: ") + (i % 2 === 0 ? "Black" : "White");
      return toList(m);
    case "end":
      if (i === 1) {
        r.ops.push({ op: "end" });
        m.note = "Game ended";
      }
      return toList(m);
    case "new":
      if (i === 1) {
        r.newGame = true;
        r.menu = null;
      }
      return toList(m);
  }
}

/** MENU held on a sub-screen (or on its first field): one step back. */
function backKey(m: Menu, r: MenuResult): void {
  switch (m.screen) {
    case "list":
    case "pin":
      r.menu = null;
      return;
    case "ctl":
      return openSub(m, "kind", m.kind);
  }
  toList(m);
}

function confirmFields(m: Menu, s: Settings, game: Game, r: MenuResult): void {
  if (m.screen === "ctl") {
    const d = draftControl(m.kind, m.vals);
    if (d.error) {
      m.note = d.error;
      return;
    }
    const n = copySettings(s);
    if (m.side === "black") n.black = d.text;
    else n.white = d.text;
    if (n.black !== s.black || n.white !== s.white) r.settings = n;
    m.note = sideName(m.side) + ": " + d.text;
    return toList(m);
  }
  if (m.screen === "vol") {
    if (m.vals[0] !== s.volume) {
      r.settings = copySettings(s);
      r.settings.volume = m.vals[0];
    }
    m.note = "Volume " + m.vals[0];
    return toList(m);
  }
  if (m.screen === "rescale") {
    r.ops.push({ op: "rescale", totalMs: m.vals[0] });
    m.note = "Rescaled to " + clockText(m.vals[0]);
    return toList(m);
  }
  if (m.screen === "split") {
    r.ops.push({ op: "split", totalMs: m.vals[0] });
    m.note = "Split " + clockText(m.vals[0]);
    return toList(m);
  }
  // cval
  r.ops.push({ op: "correct", side: m.side, field: CFIELDS[m.kind], value: m.vals[0] });
  m.note = sideName(m.side) + " " + CFIELD_SHORT[m.kind] + " " + readingText(m.kind, m.vals[0]);
  openSub(m, "cfield", Math.max(0, correctable(controlOf(game, m.side)).indexOf(m.kind)));
}

function fieldsKey(m: Menu, s: Settings, game: Game, r: MenuResult, button: number, long: boolean): void {
  const fields = fieldsOf(m, game);
  if (button === MENU) {
    if (long) {
      if (m.sel > 0) m.sel--;
      else if (m.screen === "cval") {
        const at = correctable(controlOf(game, m.side)).indexOf(m.kind);
        openSub(m, "cfield", Math.max(0, at));
      } else backKey(m, r);
    } else if (m.sel < fields.length) m.sel++;
    else confirmFields(m, s, game, r);
    return;
  }
  if (m.sel >= fields.length) return; // the OK line
  const f = fields[m.sel];
  const step = long ? f.big : f.step;
  m.vals[f.idx] = clamp(m.vals[f.idx] + (button === LEFT ? -step : step), f.min, f.max);
}

/** Whether a PIN is the arbiter's (the app's check also counts wrong ones across menu and console). */
export type PinCheck = (code: string) => boolean;

function pinKey(m: Menu, s: Settings, r: MenuResult, button: number, long: boolean, checkPin: PinCheck | undefined): void {
  if (button === LEFT) m.sel = (m.sel + 9) % 10;
  else if (button === RIGHT) m.sel = (m.sel + 1) % 10;
  else if (long) {
    if (m.vals.length > 0) {
      m.vals.pop();
      m.sel = 0;
    } else backKey(m, r);
  } else {
    m.vals.push(m.sel);
    m.sel = 0;
    if (m.vals.length < 4) return;
    const code = m.vals.join("");
    m.vals = [];
    if (m.screen === "newpin") {
      if (!pinMatches(s, code)) r.settings = withPin(s, code);
      m.note = "PIN changed";
      return toList(m);
    }
    if (!(checkPin ? checkPin(code) : pinMatches(s, code))) {
      m.tries++;
      if (m.tries >= TRIES) {
        m.note = "Wrong PIN " + TRIES + " times";
        r.menu = null;
      } else m.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
      return;
    }
    m.tries = 0;
    if (m.screen === "oldpin") return openSub(m, "newpin", 0);
    if (m.screen === "btpin") {
      r.bluetooth = true;
      return toList(m);
    }
    m.unlocked = true;
    m.item = 0;
    toList(m);
  }
}

/** One button event in a menu. `long`: held (MENU: 1.5 s). Readings are as of now, for corrections.
 *  `checkPin`: how an entered PIN is judged (without it: against the settings). */
export function menuKey(m0: Menu, s: Settings, game: Game, readingB: Reading, readingW: Reading, button: number, long: boolean, checkPin?: PinCheck): MenuResult {
  const m = copyMenu(m0);
  m.note = "";
  const r: MenuResult = { menu: m, settings: s, ops: [], ready: false, unlocked: m.unlocked, newGame: false, bluetooth: false, message: "" };
  if (button !== LEFT && button !== RIGHT && button !== MENU) return r;
  if (isPin(m.screen)) pinKey(m, s, r, button, long, checkPin);
  else if (isFields(m.screen)) fieldsKey(m, s, game, r, button, long);
  else if (button === MENU && long) backKey(m, r);
  else if (button === MENU) {
    if (m.screen !== "list") chooseKey(m, s, game, readingB, readingW, r);
    else if (m.arbiter) selectArbiter(m, game, r);
    else selectSetup(m, s, r);
  } else {
    const n = menuView(m, s, game).lines.length;
    const d = button === LEFT ? n - 1 : 1;
    if (m.screen === "list") m.item = (m.item + d) % n;
    else m.sel = (m.sel + d) % n;
  }
  r.unlocked = m.unlocked;
  r.message = m.note;
  return r;
}

// --- drawing ----------------------------------------------------------------------------------------

/** The first line shown of n so that the cursor is visible, with one line below it when possible. */
function windowTop(cursor: number, n: number, slots: number): number {
  if (cursor < 0 || n <= slots) return 0;
  return clamp(cursor - (slots - 2), 0, n - slots);
}

const WIDTH = 128;

/** The four digit boxes; a digit being chosen is shown inverted. */
function drawPin(g: Gfx, pin: string): void {
  useFont(g, SMALL_FONT, 2);
  for (let i = 0; i < 4; i++) {
    const x = 24 + i * 20;
    const ch = pin.charAt(i);
    g.setColor(1);
    g.drawRect(x, 17, x + 17, 38);
    const inverted = ch !== "*" && ch !== "-";
    if (inverted) box(g, x + 1, 18, 16, 20, 1);
    g.setColor(inverted ? 0 : 1);
    if (ch !== "-") g.drawString(ch, x + 4, 21);
  }
}

/** Draws the whole menu screen (cleared first). */
export function drawMenu(g: Gfx, m: Menu, s: Settings, game: Game): void {
  const v = menuView(m, s, game);
  g.clear();
  useFont(g, SMALL_FONT, 1);
  g.setColor(1);
  g.drawString(v.title, 0, 0);
  if (v.tag) g.drawString(v.tag, WIDTH - textWidth(g, v.tag, 1), 0);
  g.fillRect(0, 9, WIDTH - 1, 9);
  const notes = wrap(v.note);
  if (v.pin) {
    drawPin(g, v.pin);
    useFont(g, SMALL_FONT, 1);
    g.setColor(1);
    if (notes.length) g.drawString(notes[0], 1, 42);
    g.drawString("<> digit  MENU next", 1, LINE_Y + 4 * LINE_H);
    return;
  }
  const slots = SLOTS - notes.length;
  const top = windowTop(v.cursor, v.lines.length, slots);
  for (let i = 0; i < slots && top + i < v.lines.length; i++) {
    const y = LINE_Y + i * LINE_H;
    const cursor = top + i === v.cursor;
    if (cursor) box(g, 0, y - 1, WIDTH, LINE_H, 1);
    g.setColor(cursor ? 0 : 1);
    g.drawString(v.lines[top + i], 1, y);
  }
  g.setColor(1);
  for (let i = 0; i < notes.length; i++) g.drawString(notes[i], 1, LINE_Y + (slots + i) * LINE_H);
}
