// The lines' text: every screen as a title, a tag and lines of at most COLS characters, one of them
// the cursor (menuView, which the simulator and the tests read). Building a line's text is dear on
// the board, so a step asks only for the count (screenLines) and the lines in sight (menuWindow).

import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import { type Menu, TRIES, ROOMS, ITEMS, LINE, WINDOW, COUNT, FIELDS, CHOICE } from "./state";
import type { FieldDef } from "./fields";

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

export const COLS = 21; // the small font is 6 px a character
/** The lines a screen shows under its title. */
export const LIST_ROWS = 5;

/** left and right on one line of COLS characters: right-aligned right, left cut to fit. */
export function line(left: string, right: string): string {
  const cols = COLS; // looked up once: a name of the bundle is dear to find on the board
  const r = right.length > cols ? right.substring(0, cols) : right;
  const room = r.length ? cols - r.length - 1 : cols;
  const l = left.length > room ? left.substring(0, room > 0 ? room : 0) : left;
  // l and r never fill more than COLS: the pad is a cut of COLS spaces, not a loop (dear on the
  // board), a literal here (a module's constant is jsvars while a menu is open)
  return l + "                     ".substring(0, cols - l.length - r.length) + r;
}

/** A screen's count of lines, and the list's lines made so far, for the settings and the game they
 *  were made from; in the menus' file, they go with it when the menu closes. */
export interface ScreenLines { s: Settings; game: Game; arbiter: boolean; n: number; lines: string[] }
let made: ScreenLines | null = null;

/** How many lines the screen has (menuView(...).lines.length), without making their text; for the
 *  list, with its lines made so far: a step along the list splits no items and makes no line again
 *  while the settings and the game are the same objects (both are replaced, never changed). (The
 *  items themselves are not kept: a menu open is the RAM peak. One function for both: each of a
 *  menu's file is jsvars while it is open.) */
export function screenLines(m: Menu, s: Settings, game: Game): ScreenLines {
  const k = made;
  const list = m.screen === "list";
  if (list && k && k.s === s && k.game === game && k.arbiter === m.arbiter) return k; // a step along the list
  const r = ROOMS[m.arbiter ? 1 : 0];
  if (!list) {
    const n = "|ctl|vol|board|rescale|split|cval|.".indexOf("|" + m.screen + "|") >= 0 ? (r(FIELDS, m, s, game, 0, null) as FieldDef[]).length + 1 // and the OK line
      : "|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") >= 0 ? 0 : r(COUNT, m, s, game, 0, null) as number;
    return { s: s, game: game, arbiter: m.arbiter, n: n, lines: [] };
  }
  return (made = { s: s, game: game, arbiter: m.arbiter, n: (r(ITEMS, m, s, game, 0, null) as string).split("|").length, lines: [] });
}

/** Line i of the list (made once: a line costs the board about 10 ms); a line made lets go of those a
 *  screen's lines away, which a step along the list has scrolled out of sight. */
export function listLine(m: Menu, k: ScreenLines, i: number): string {
  const lines = k.lines;
  const text = lines[i];
  if (text !== undefined) return text;
  if (lines.length > LIST_ROWS) {
    // (none at the menu's open, the step that must be quickest)
    delete lines[i - LIST_ROWS];
    delete lines[i + LIST_ROWS];
  }
  return (lines[i] = ROOMS[k.arbiter ? 1 : 0](LINE, m, k.s, k.game, i, null) as string);
}

/** The screen as text (what drawMenu draws; the simulator and the tests read it too). */
export function menuView(m: Menu, s: Settings, game: Game): MenuView {
  return menuWindow(m, s, game, 0, 1000);
}

/** The screen with its lines from..to-1 alone (cursor: the index in all of them). Lists and
 *  choices make the text of those lines only; the short screens make all and are cut. A room's
 *  screen is what its WINDOW gives (state.ts): a draft's fields are added here, a choice's labels
 *  made lines, its tag the cursor's place. */
export function menuWindow(m: Menu, s: Settings, game: Game, from: number, to: number): MenuView {
  let lines: string[] = [];
  if (m.screen === "list") {
    const k = screenLines(m, s, game);
    for (let i = from; i < to && i < k.n; i++) lines.push(listLine(m, k, i));
    return { title: m.arbiter ? "Arbiter" : "Set-up", tag: m.arbiter ? game.phase : m.item + 1 + "/" + k.n, lines: lines, cursor: m.item, note: m.note, pin: "" };
  }
  if ("|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") >= 0) {
    // a PIN screen: its digits, one character a digit
    let p = "";
    for (let i = 0; i < m.kind; i++) p += i < m.vals.length ? "*" : i === m.vals.length ? "" + m.sel : "-";
    const titles = "|pin:Arbiter PIN|oldpin:Current PIN|newpin:New PIN|btpin:PIN for Bluetooth|usbpin:PIN for USB REPL|.";
    const at = titles.indexOf("|" + m.screen + ":") + m.screen.length + 2;
    // the wrong tries stay in sight while the next attempt is keyed in
    const note = !m.note && m.tries > 0 ? "Wrong PIN (" + (TRIES - m.tries) + " left)" : m.note;
    return { title: titles.substring(at, titles.indexOf("|", at)), tag: "", lines: [], cursor: -1, note: note, pin: p };
  }
  const r = ROOMS[m.arbiter ? 1 : 0];
  const w = r(WINDOW, m, s, game, 0, null) as string[];
  let tag = w[1];
  if ("|ctl|vol|board|rescale|split|cval|.".indexOf("|" + m.screen + "|") >= 0) {
    // a draft: its fields, then its OK line
    const fields = r(FIELDS, m, s, game, 0, null) as FieldDef[];
    for (let i = 0; i < fields.length; i++) lines.push(line(fields[i].label, fields[i].show ? "" + m.vals[fields[i].idx] : ""));
    lines.push(w[2]);
  } else if (tag === CHOICE) {
    // a choice: the labels in sight made lines
    tag = m.sel + 1 + "/" + (w.length - 2);
    for (let i = from; i < to && i + 2 < w.length; i++) lines.push(line(w[i + 2], ""));
    from = 0; // those in sight alone: nothing to cut below
  } else lines = w.slice(2); // a short screen's lines, made whole
  if (from > 0 || lines.length > to) lines = lines.slice(from, to);
  return { title: w[0], tag: tag, lines: lines, cursor: m.sel, note: m.note, pin: "" };
}
