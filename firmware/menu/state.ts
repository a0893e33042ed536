// The menu's state: what a menu is (Menu), what a key gives back (MenuResult), the items of the two
// menus and the choices they offer, and moving between screens. The keys (keys.ts) change it; the
// lines' text (text.ts) and the drawing (draw.ts) read it. Pure data and small functions.

import type { Settings } from "../record/settings";
import type { Game, Op, Reading, Side, TimeControl } from "../core/index";
import { parseControl, isParseError, formatDuration, clockText, pinDigits } from "./shared";

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
  /** Control editor: the system (index in KINDS); correction editor: the field (an index in fields.ts
   *  CFIELDS); a PIN screen: how many digits it takes. */
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
  /** The arbiter, with the PIN, asked for a JavaScript prompt over Bluetooth or USB (until the game
   *  starts or the line closes). */
  bluetooth: boolean;
  usb: boolean;
  message: string;
}

/** Wrong PINs in a row before the PIN screen closes. */
export const TRIES = 3;

// Lists of words as one string each ("|" between items), cut up only where the menu uses them: an
// array of strings, made when the menus' file is run on the board (menu.ts) and kept while a menu is
// open, takes several times the jsvars of the one string (Espruino).
export const SETUP_ITEMS = "preset|black|white|same|hcp|wside|lang|trad|vol|late|pin|tour|board|bt|usb|ready";
/** The arbiter's items: Pause or Resume last (after the PIN the cursor is on the first item, so one
 *  MENU tap too many opens a correction's screen, never resumes the game), and only while a game
 *  runs or stands paused: a game that is over offers no Resume. */
export const ARBITER_ITEMS = "cblack|cwhite|rescale|split|absent|pass|end|new|lock";

/** The arbiter menu's items for the game as it stands (see ARBITER_ITEMS). */
export function arbiterItems(game: Game): string {
  return game.phase === "running" || game.phase === "paused" ? ARBITER_ITEMS + "|pause" : ARBITER_ITEMS;
}

export const KINDS = "Absolute|Byoyomi|Byoyomi reserved|Moves, carry over|Canadian overtime|Fischer increment|Bronstein delay";
export const KIND_SHORT = "absolute|byoyomi|byo. reserved|moves/block|Canadian|Fischer|Bronstein";
export const HANDICAPS = [0, 2, 3, 4, 5, 6, 7, 8, 9];
export const LATE_MIN = [15, 30, 60, 0];

// --- small helpers -----------------------------------------------------------------------------------

/** The items of one of the lists above. */
export function itemsOf(list: string): string[] {
  return list.split("|");
}

export function sideName(side: Side): string {
  return side === "black" ? "Black" : "White";
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function copyMenu(m: Menu): Menu {
  const n = Object.assign({}, m) as Menu;
  n.vals = m.vals.slice();
  return n;
}

export function copySettings(s: Settings): Settings {
  return Object.assign({}, s) as Settings;
}

export function langName(id: string): string {
  if (id === "zh") return "Chinese";
  if (id === "en") return "English";
  if (id === "ja") return "Japanese";
  return id;
}

export function traditionName(id: string): string {
  if (id === "cn") return "China 12.3";
  if (id === "nihon-kiin") return "Nihon Ki-in";
  return id;
}

export function handicapText(n: number): string {
  return n < 2 ? "even" : n + " stones";
}

export function lateText(ms: number): string {
  return ms === 0 ? "none" : ms % 60000 === 0 ? ms / 60000 + " min" : formatDuration(ms);
}

export function control(text: string): TimeControl {
  const c = parseControl(text);
  return isParseError(c) ? { kind: "absolute", mainMs: 3600000 } : c;
}

// --- what each screen holds -------------------------------------------------------------------------

export function isPin(screen: string): boolean {
  return screen === "pin" || screen === "oldpin" || screen === "newpin" || screen === "btpin" || screen === "usbpin";
}

/** The readings a side can have corrected, given its system. */
export function correctable(c: TimeControl): number[] {
  if (c.kind === "byoyomi") return [0, 1, 4];
  if (c.kind === "moves") return [0, 2, 3, 4];
  return [0, 4];
}

export function readingValue(r: Reading, field: number): number {
  if (field === 0) return r.mainMs;
  if (field === 1) return r.periodsLeft;
  if (field === 2) return r.blockMs;
  if (field === 3) return r.movesLeft;
  return r.moves;
}

export function readingText(field: number, v: number): string {
  return field === 0 || field === 2 ? clockText(v) : "" + v;
}

/** Thinking time the clock has measured for both sides (what a proportional correction shares). */
export function usedTotal(g: Game): number {
  return g.black.usedMs + g.white.usedMs + (g.phase === "setup" ? 0 : g.turnMs);
}

// --- opening, and moving between screens ------------------------------------------------------------

function menu(arbiter: boolean, unlocked: boolean, screen: string): Menu {
  return { arbiter: arbiter, unlocked: unlocked, screen: screen, item: 0, sel: 0, side: "black", kind: 0, vals: [], tries: 0, note: "" };
}

/** The set-up menu (a short MENU press while no game runs). `unlocked`: the arbiter has entered the
 *  PIN already; then changing the PIN does not ask for the current one. With the tournament lock
 *  on, PIN entry comes first. */
export function openSetup(s: Settings, unlocked?: boolean): Menu {
  const m = menu(false, unlocked === true, s.tournament && unlocked !== true ? "pin" : "list");
  if (m.screen === "pin") m.kind = pinDigits(s);
  return m;
}

/** The arbiter's menu: PIN entry first unless already unlocked. */
export function openArbiter(s: Settings, game: Game, unlocked: boolean): Menu {
  const m = menu(true, unlocked, unlocked ? "list" : "pin");
  if (!unlocked) m.kind = pinDigits(s);
  return m;
}

/** The menu with a note at the bottom (e.g. the core's reason for refusing an operation). */
export function withNote(m: Menu, text: string): Menu {
  const n = copyMenu(m);
  n.note = text;
  return n;
}

export function toList(m: Menu): void {
  m.screen = "list";
  m.sel = 0;
}

export function openSub(m: Menu, screen: string, sel: number): void {
  m.screen = screen;
  m.sel = sel;
}

/** MENU held on a sub-screen (or on its first field): one step back. */
export function backKey(m: Menu, r: MenuResult): void {
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
