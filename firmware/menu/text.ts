// The lines' text: every screen as a title, a tag and lines of at most COLS characters, one of them
// the cursor (menuView, which the simulator and the tests read). Building a line's text is dear on
// the board, so a step asks only for the count (lineCount) and the lines in sight (menuWindow).

import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import { type Menu, TRIES, ROOMS, ITEMS, LINE, WINDOW, COUNT, FIELDS } from "./state";
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
/** COLS spaces: a menu line's padding is cut from it. */
const SPACES = " ".repeat(COLS);

/** left and right on one line of COLS characters: right-aligned right, left cut to fit. */
export function line(left: string, right: string): string {
  const cols = COLS; // looked up once: a name of the bundle is dear to find on the board
  const r = right.length > cols ? right.substring(0, cols) : right;
  const room = r.length ? cols - r.length - 1 : cols;
  const l = left.length > room ? left.substring(0, room > 0 ? room : 0) : left;
  // l and r never fill more than COLS: the pad is a cut of SPACES, not a loop (dear on the board)
  return l + SPACES.substring(0, cols - l.length - r.length) + r;
}

/** A screen's view. (The set-up menu's file writes it out where it makes one: a function fewer.) */
export function view(title: string, tag: string, lines: string[], cursor: number, m: Menu): MenuView {
  return { title: title, tag: tag, lines: lines, cursor: cursor, note: m.note, pin: "" };
}

/** A choice, its lines from..to-1 alone (the screen's window). */
export function choiceView(title: string, labels: string[], m: Menu, from: number, to: number): MenuView {
  const lines: string[] = [];
  for (let i = from; i < to && i < labels.length; i++) lines.push(line(labels[i], ""));
  return { title: title, tag: m.sel + 1 + "/" + labels.length, lines: lines, cursor: m.sel, note: m.note, pin: "" };
}

/** Lines from..to-1 of a short screen's, made whole (the arbiter's; fieldsView writes it out). */
export function cut(lines: string[], from: number, to: number): string[] {
  return from === 0 && lines.length <= to ? lines : lines.slice(from, to);
}

/** A draft's screen: its fields, then `last`, the OK line (its room's: what it sets). */
export function fieldsView(title: string, m: Menu, s: Settings, game: Game, from: number, to: number, last: string): MenuView {
  const fields = ROOMS[m.arbiter ? 1 : 0](FIELDS, m, s, game, 0, 0, null) as FieldDef[];
  let lines: string[] = [];
  for (let i = 0; i < fields.length; i++) lines.push(line(fields[i].label, fields[i].show ? "" + m.vals[fields[i].idx] : ""));
  lines.push(last);
  if (from > 0 || lines.length > to) lines = lines.slice(from, to); // cut's, written out
  return { title: title, tag: "", lines: lines, cursor: m.sel, note: m.note, pin: "" };
}

/** A list's count and the lines made so far, for the settings and the game they were made from; in
 *  the menus' file, they go with it when the menu closes. */
export interface ListMade { s: Settings; game: Game; arbiter: boolean; n: number; lines: string[] }
let made: ListMade | null = null;

/** The list's count and lines made so far: a step along the list splits no items and makes no line
 *  again while the settings and the game are the same objects (both are replaced, never changed).
 *  (The items themselves are not kept: a menu open is the RAM peak.) */
export function listMade(m: Menu, s: Settings, game: Game): ListMade {
  const k = made;
  if (k && k.s === s && k.game === game && k.arbiter === m.arbiter) return k;
  return (made = { s: s, game: game, arbiter: m.arbiter, n: (ROOMS[m.arbiter ? 1 : 0](ITEMS, m, s, game, 0, 0, null) as string).split("|").length, lines: [] });
}

/** Line i of the list (made once: a line costs the board about 10 ms). */
export function listLine(m: Menu, k: ListMade, i: number): string {
  const text = k.lines[i];
  if (text !== undefined) return text;
  return (k.lines[i] = ROOMS[k.arbiter ? 1 : 0](LINE, m, k.s, k.game, i, 0, null) as string);
}

/** The screen as text (what drawMenu draws; the simulator and the tests read it too). */
export function menuView(m: Menu, s: Settings, game: Game): MenuView {
  return menuWindow(m, s, game, 0, 1000);
}

/** The screen with its lines from..to-1 alone (cursor: the index in all of them). Lists and
 *  choices make the text of those lines only; the short screens make all and are cut. */
export function menuWindow(m: Menu, s: Settings, game: Game, from: number, to: number): MenuView {
  switch (m.screen) {
    case "list": {
      const k = listMade(m, s, game);
      const n = k.n;
      const lines: string[] = [];
      for (let i = from; i < to && i < n; i++) lines.push(listLine(m, k, i));
      return { title: m.arbiter ? "Arbiter" : "Set-up", tag: m.arbiter ? game.phase : m.item + 1 + "/" + n, lines: lines, cursor: m.item, note: m.note, pin: "" };
    }
  }
  if ("|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") < 0) return ROOMS[m.arbiter ? 1 : 0](WINDOW, m, s, game, from, to, null) as MenuView;
  // a PIN screen: its digits, one character a digit
  let p = "";
  for (let i = 0; i < m.kind; i++) p += i < m.vals.length ? "*" : i === m.vals.length ? "" + m.sel : "-";
  const titles = "|pin:Arbiter PIN|oldpin:Current PIN|newpin:New PIN|btpin:PIN for Bluetooth|usbpin:PIN for USB REPL|.";
  const at = titles.indexOf("|" + m.screen + ":") + m.screen.length + 2;
  const v: MenuView = { title: titles.substring(at, titles.indexOf("|", at)), tag: "", lines: [], cursor: -1, note: m.note, pin: p };
  // the wrong tries stay in sight while the next attempt is keyed in
  if (!v.note && m.tries > 0) v.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
  return v;
}

/** How many lines the screen has (menuView(...).lines.length), without making their text. */
export function lineCount(m: Menu, s: Settings, game: Game): number {
  const r = ROOMS[m.arbiter ? 1 : 0];
  if (m.screen === "list") return (r(ITEMS, m, s, game, 0, 0, null) as string).split("|").length;
  if ("|ctl|vol|board|rescale|split|cval|.".indexOf("|" + m.screen + "|") >= 0) return (r(FIELDS, m, s, game, 0, 0, null) as FieldDef[]).length + 1; // and the OK line
  if ("|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") >= 0) return 0;
  return r(COUNT, m, s, game, 0, 0, null) as number;
}
