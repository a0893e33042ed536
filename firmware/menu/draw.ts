// Drawing a menu screen: the title and its tag, a rule, the lines in sight (the cursor's inverted),
// a note at the bottom; the PIN screens draw four digit boxes instead.

import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import type { Gfx } from "../gfx/gfx";
import { SMALL_FONT, box, textWidth, useFont, wrapLines } from "./shared";
import type { Menu } from "./state";
import { COLS, LIST_ROWS, menuWindow, screenLines, listLine } from "./text";

const SLOTS = LIST_ROWS; // lines under the title
const NOTE_LINES = 3; // a note takes the bottom lines; the list keeps at least two
const LINE_Y = 12;
const LINE_H = 10;

const WIDTH = 128;

/** What a screen showed when last drawn, to redraw only what changed: [0] "L" (lines) or "P" (a PIN
 *  screen, drawn whole), [1] the title, [2] its tag, [3 + i] row i under the rule: a line (marked
 *  "\x01" under the cursor) or a line of the note. */
export type MenuDrawn = string[];

/** Draws the screen: the rows whose text differs from `drawn` (all of it, cleared first, without
 *  one or after another kind of screen), so a step sends the display only the rows it changed.
 *  Returns what is drawn now, for the next call. */
export function drawMenu(g: Gfx, m: Menu, s: Settings, game: Game, drawn?: MenuDrawn | null): MenuDrawn {
  if ("|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") >= 0) {
    // a PIN screen, drawn whole (here, not by a function of its own: each of a menu's file is
    // jsvars while the menu is open)
    const v = menuWindow(m, s, game, 0, 0);
    g.clear();
    useFont(g, SMALL_FONT, 1);
    g.setColor(1);
    g.drawString(v.title, 0, 0);
    g.fillRect(0, 9, WIDTH - 1, 9);
    const notes = wrapLines(v.note, COLS, NOTE_LINES); // at spaces where it can; the last line ends in "~" if cut
    // the digit boxes (four or six, centred); a digit being chosen is shown inverted
    const pin = v.pin;
    useFont(g, SMALL_FONT, 2);
    for (let i = 0; i < pin.length; i++) {
      const x = 64 - pin.length * 10 + i * 20;
      const ch = pin.charAt(i);
      g.setColor(1);
      g.drawRect(x, 17, x + 17, 38);
      const inverted = ch !== "*" && ch !== "-";
      if (inverted) box(g, x + 1, 18, 16, 20, 1);
      g.setColor(inverted ? 0 : 1);
      if (ch !== "-") g.drawString(ch, x + 4, 21);
    }
    useFont(g, SMALL_FONT, 1);
    g.setColor(1);
    if (notes.length) g.drawString(notes[0], 1, 42);
    g.drawString("<> digit  MENU next", 1, LINE_Y + 4 * LINE_H);
    return ["P"];
  }
  const notes = m.note ? wrapLines(m.note, COLS, NOTE_LINES) : [];
  const slots = SLOTS - notes.length;
  // a list (the step that must be quick) is read from its lines made once (menuWindow's list case,
  // without its view); the other screens from their window
  const k = screenLines(m, s, game);
  const list = m.screen === "list" ? k : null;
  const cursor = list ? m.item : m.sel;
  // the first line shown, so that the cursor is visible with one line below it when possible
  const n = k.n;
  let top = cursor < 0 || n <= slots ? 0 : cursor - (slots - 2); // clamp's, written out: a call fewer
  if (top > n - slots) top = n - slots;
  if (top < 0) top = 0;
  const v = list ? null : menuWindow(m, s, game, top, top + slots); // the text of the lines in sight alone
  const title = v ? v.title : m.arbiter ? "Arbiter" : "Set-up";
  const tag = v ? v.tag : m.arbiter ? game.phase : m.item + 1 + "/" + n;
  const old = drawn && drawn[0] === "L" ? drawn : null; // null: draw it all, cleared first
  const keys = ["L", title, tag];
  if (!old) {
    // after a list drawn here the font is this one still: nothing else draws while a menu is open
    useFont(g, SMALL_FONT, 1);
    g.clear();
    g.setColor(1);
    g.fillRect(0, 9, WIDTH - 1, 9);
  }
  // a step along a list changes the tag alone ("3/16"): its cell is cleared (a character is at most
  // 6 px wide) and drawn again, the title left as it is when the two cannot meet
  const oldTag = old ? old[2] : "";
  const most = tag.length > oldTag.length ? tag.length : oldTag.length;
  if (old && old[1] === title && oldTag !== tag && (title.length + most) * 6 <= WIDTH) {
    g.setColor(0);
    g.fillRect(WIDTH - 6 * most, 0, WIDTH - 1, 8);
    g.setColor(1);
    if (tag) g.drawString(tag, WIDTH - textWidth(g, tag, 1), 0);
  } else if (!old || old[1] !== title || oldTag !== tag) {
    if (old) {
      g.setColor(0);
      g.fillRect(0, 0, WIDTH - 1, 8);
    }
    g.setColor(1);
    g.drawString(title, 0, 0);
    if (tag) g.drawString(tag, WIDTH - textWidth(g, tag, 1), 0);
  }
  const lines = v ? v.lines : list!.lines; // a list's: those made so far, by index in the list
  const at = v ? 0 : top;
  const shown = v ? v.lines.length : n - top < slots ? n - top : slots;
  // the loop's names in locals: a name of the bundle is looked up along its whole scope on the board
  const rows = SLOTS;
  const y0 = LINE_Y;
  const h = LINE_H;
  for (let i = 0; i < rows; i++) {
    let text = i < shown ? lines[at + i] : i < slots ? "" : notes[i - slots];
    if (text === undefined) text = listLine(m, list!, top + i); // a list's line not made yet
    const mark = top + i === cursor && i < shown;
    const key = mark ? text + "\x01" : text;
    keys.push(key);
    if (old && old[3 + i] === key) continue;
    // the row cleared, or the cursor's bar (on a cleared screen, clearing draws nothing): box's
    // fillRect written out, a call fewer a row
    const y = y0 + i * h;
    g.setColor(mark ? 1 : 0);
    g.fillRect(0, y - 1, 127, y + h - 2);
    g.setColor(mark ? 0 : 1);
    if (text) g.drawString(text, 1, y);
  }
  return keys;
}
