// The lines' text: every screen as a title, a tag and lines of at most COLS characters, one of them
// the cursor (menuView, which the simulator and the tests read). Building a line's text is dear on
// the board, so a step asks only for the count (lineCount) and the lines in sight (menuWindow).

import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import { presets } from "../presets";
import { TRADITIONS, controlOf, readSide, clockText } from "./shared";
import { PACKS } from "../packs"; // a copy in the menus' file (build/cold.ts)
import {
  type Menu, TRIES, SETUP_ITEMS, arbiterItems, KINDS, KIND_SHORT, itemsOf, HANDICAPS, sideName, langName, traditionName,
  handicapText, lateText, isPin, correctable, readingValue, readingText,
} from "./state";
import { CFIELD_NAMES, CFIELD_SHORT, fieldsOf, isFields, draftText } from "./fields";

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
    case "tour": return line("Tournament lock", s.tournament ? "on" : "off");
    case "board": return line("Board number", s.board ? "" + s.board : "none");
    case "bt": return line("Bluetooth REPL", ">");
    case "usb": return line("USB REPL", ">");
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

/** A choice, its lines from..to-1 alone (the screen's window). */
function choiceView(title: string, labels: string[], m: Menu, from: number, to: number): MenuView {
  const lines: string[] = [];
  for (let i = from; i < to && i < labels.length; i++) lines.push(line(labels[i], ""));
  return view(title, m.sel + 1 + "/" + labels.length, lines, m.sel, m);
}

/** Lines from..to-1 of a short screen's, made whole. */
function cut(lines: string[], from: number, to: number): string[] {
  return from === 0 && lines.length <= to ? lines : lines.slice(from, to);
}

function fieldsView(title: string, m: Menu, game: Game, from: number, to: number): MenuView {
  const fields = fieldsOf(m, game);
  const lines: string[] = [];
  for (let i = 0; i < fields.length; i++) lines.push(line(fields[i].label, fields[i].show ? "" + m.vals[fields[i].idx] : ""));
  if (m.screen === "ctl") {
    const t = draftText(m.kind, m.vals);
    lines.push(line(t.length + 3 > COLS ? "" : "OK", t)); // the notation whole rather than a cut "OK"
  }
  else if (m.screen === "vol") lines.push(line("OK", ""));
  else lines.push(line("Set to", readingText(m.screen === "rescale" ? 0 : m.kind, m.vals[0])));
  return view(title, "", cut(lines, from, to), m.sel, m);
}

function pinView(title: string, m: Menu): MenuView {
  let p = "";
  for (let i = 0; i < m.kind; i++) p += i < m.vals.length ? "*" : i === m.vals.length ? "" + m.sel : "-";
  const v = view(title, "", [], -1, m);
  v.pin = p;
  // the wrong tries stay in sight while the next attempt is keyed in
  if (!v.note && m.tries > 0) v.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
  return v;
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
  return (made = { s: s, game: game, arbiter: m.arbiter, n: itemsOf(m.arbiter ? arbiterItems(game) : SETUP_ITEMS).length, lines: [] });
}

/** Line i of the list (made once: a line costs the board about 10 ms). */
export function listLine(k: ListMade, i: number): string {
  const text = k.lines[i];
  if (text !== undefined) return text;
  const game = k.game;
  return (k.lines[i] = k.arbiter ? arbiterLine(itemsOf(arbiterItems(game))[i], game) : setupLine(itemsOf(SETUP_ITEMS)[i], k.s));
}

/** The screen as text (what drawMenu draws; the simulator and the tests read it too). */
export function menuView(m: Menu, s: Settings, game: Game): MenuView {
  return menuWindow(m, s, game, 0, 1000);
}

/** The screen with its lines from..to-1 alone (cursor: the index in all of them). Lists and
 *  choices make the text of those lines only; the short screens make all and are cut. */
export function menuWindow(m: Menu, s: Settings, game: Game, from: number, to: number): MenuView {
  const who = sideName(m.side);
  switch (m.screen) {
    case "list": {
      const k = listMade(m, s, game);
      const n = k.n;
      const lines: string[] = [];
      for (let i = from; i < to && i < n; i++) lines.push(listLine(k, i));
      return view(m.arbiter ? "Arbiter" : "Set-up", m.arbiter ? game.phase : m.item + 1 + "/" + n, lines, m.item, m);
    }
    case "preset": {
      const labels: string[] = [];
      for (const p of presets()) labels.push(p.label);
      return choiceView("Preset", labels, m, from, to);
    }
    case "kind": return choiceView(who + ": system", itemsOf(KINDS), m, from, to);
    case "ctl": return fieldsView(who + ": " + itemsOf(KIND_SHORT)[m.kind], m, game, from, to);
    case "hcp": {
      const labels: string[] = [];
      for (let i = 0; i < HANDICAPS.length; i++) labels.push(HANDICAPS[i] ? HANDICAPS[i] + " stones" : "Even");
      return choiceView("Handicap", labels, m, from, to);
    }
    case "wside": return choiceView("White's button", ["on the left", "on the right"], m, from, to);
    case "lang": {
      const labels: string[] = [];
      for (let i = 0; i < PACKS.length; i++) labels.push(langName(PACKS[i].id));
      return choiceView("Language", labels, m, from, to);
    }
    case "trad": {
      const labels: string[] = [];
      for (let i = 0; i < TRADITIONS.length; i++) labels.push(traditionName(TRADITIONS[i].id));
      return choiceView("Tradition", labels, m, from, to);
    }
    case "vol": return fieldsView("Volume", m, game, from, to);
    case "board": return fieldsView("Board number", m, game, from, to);
    case "late": return choiceView("Late limit", ["15 min (22.2)", "30 min", "60 min (22.1)", "No limit"], m, from, to);
    case "pin": return pinView("Arbiter PIN", m);
    case "oldpin": return pinView("Current PIN", m);
    case "newpin": return pinView("New PIN", m);
    case "btpin": return pinView("PIN for Bluetooth", m);
    case "usbpin": return pinView("PIN for USB REPL", m);
    case "pinlen": return choiceView("New PIN: how long", ["4 digits", "6 digits"], m, from, to);
    case "tour": return choiceView("Tournament lock", ["Off (home)", "On: set-up needs PIN"], m, from, to);
    case "cfield": {
      const fields = correctable(controlOf(game, m.side));
      const r = readSide(game, m.side, game.lastT);
      const lines: string[] = [];
      const names = itemsOf(CFIELD_NAMES);
      for (let i = 0; i < fields.length; i++) {
        // a running clock's reading would be stale here: values only while it stands
        const value = game.phase === "running" ? "" : readingText(fields[i], readingValue(r, fields[i]));
        lines.push(line(names[fields[i]], value));
      }
      return view("Correct " + who, game.phase, cut(lines, from, to), m.sel, m);
    }
    case "cval": return fieldsView(who + " " + itemsOf(CFIELD_SHORT)[m.kind] + ": " + readingText(m.kind, m.vals[1]), m, game, from, to);
    case "rescale": return fieldsView("Measured " + clockText(m.vals[1]), m, game, from, to);
    case "split": return fieldsView("First half, split", m, game, from, to);
    case "absent": {
      const lines = [
        line("Absent Black", game.blackAbsent ? "marked" : ""),
        line("Absent White", game.whiteAbsent ? "marked" : ""),
        line("Arrive Black", ""),
        line("Arrive White", ""),
      ];
      return view("Lateness 22.1-22.4", "", cut(lines, from, to), m.sel, m);
    }
    case "end": return choiceView("End the game?", ["No", "Yes, end it"], m, from, to);
    case "new": return choiceView("New game?", ["No", "Yes, new game"], m, from, to);
  }
  return view("?", "", [], -1, m);
}

/** How many lines the screen has (menuView(...).lines.length), without making their text. */
export function lineCount(m: Menu, game: Game): number {
  if (m.screen === "list") return itemsOf(m.arbiter ? arbiterItems(game) : SETUP_ITEMS).length;
  if (isFields(m.screen)) return fieldsOf(m, game).length + 1; // and the OK line
  if (isPin(m.screen)) return 0;
  switch (m.screen) {
    case "preset": return presets().length;
    case "kind": return itemsOf(KINDS).length;
    case "hcp": return HANDICAPS.length;
    case "lang": return PACKS.length;
    case "trad": return TRADITIONS.length;
    case "cfield": return correctable(controlOf(game, m.side)).length;
    case "late": case "absent": return 4;
    case "wside": case "end": case "new": case "pinlen": case "tour": return 2;
  }
  return 0;
}
