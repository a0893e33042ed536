// The arbiter's menu's own screens (behind the PIN, a game paused or over): its items, corrections,
// rescale and split, lateness, ending the game, a new game. On the board this is a Storage file of its
// own, "arbiter.<hash>" (build/cold.ts, with the shared rooms: keys, text, fields, draw), run when the
// arbiter's menu opens, so it holds none of the set-up menu's screens (and the set-up menu's file none
// of these). This module is also that file's loader in the program (ARBITER_FILE, loadArbiter).

import type { Settings } from "../record/settings";
import type { Field, Game } from "../core/index";
import { controlOf, readSide, clockText, pinDigits } from "./shared";
import { type Menu, type MenuResult, ROOMS, ITEMS, LINE, WINDOW, COUNT, FIELDS, CHOICE, withNote } from "./state";
import { CFIELD_SHORT, defs, STEP_H, STEP_MIN, STEP_S, C_PERIODS, C_MOVES_LEFT, C_MOVES } from "./fields";
import { line } from "./text";
import { menuKey } from "./keys";
import { drawMenu } from "./draw";
import type { Menus } from "../menu";

/** The arbiter's items: Pause or Resume last (after the PIN the cursor is on the first item, so one
 *  MENU tap too many opens a correction's screen, never resumes the game), and only while a game
 *  runs or stands paused: a game that is over offers no Resume. */
export const ARBITER_ITEMS = "cblack|cwhite|rescale|split|absent|pass|end|new|lock";

/** The arbiter's menu: PIN entry first unless already unlocked. */
export function openArbiter(s: Settings, unlocked?: boolean): Menu {
  const m: Menu = { arbiter: true, unlocked: unlocked === true, screen: unlocked ? "list" : "pin", item: 0, sel: 0, side: "black", kind: 0, vals: [], tries: 0, note: "" };
  if (!unlocked) m.kind = pinDigits(s);
  return m;
}

/** One of its screens (the room's WINDOW, state.ts: a title, a tag and lines; a function of its
 *  own: each call of a function runs over all its code, and the list's lines are asked of the room
 *  at every step). */
function arbiterWindow(m: Menu, game: Game, ks: number[]): string[] {
  const who = (m.side === "black" ? "Black" : "White");
  switch (m.screen) {
    case "cfield": {
      const fields = ks; // the readings the side can have corrected
      const rd = readSide(game, m.side, game.lastT);
      const w = ["Correct " + who, game.phase];
      const names = "Main time|Periods left|Block time|Moves left|Moves made".split("|"); // by CFIELDS
      for (let i = 0; i < fields.length; i++) {
        // a running clock's reading would be stale here: values only while it stands
        const f = fields[i];
        const v = [rd.mainMs, rd.periodsLeft, rd.blockMs, rd.movesLeft, rd.moves][f];
        const value = game.phase === "running" ? "" : f === 0 || f === 2 ? clockText(v) : "" + v;
        w.push(line(names[fields[i]], value));
      }
      return w;
    }
    case "cval": case "rescale": case "split": {
      // a reading's value: a time (main time, a block's) as the clock shows it, a count as a number
      const time = m.screen !== "cval" || m.kind === 0 || m.kind === 2;
      const title = m.screen === "cval" ? who + " " + CFIELD_SHORT.split("|")[m.kind] + ": " + (time ? clockText(m.vals[1]) : "" + m.vals[1])
        : m.screen === "rescale" ? "Measured " + clockText(m.vals[1]) : "First half, split";
      return [title, "", line("Set to", time ? clockText(m.vals[0]) : "" + m.vals[0])];
    }
    case "absent": return [
      "Lateness 22.1-22.4", "",
      line("Absent Black", game.blackAbsent ? "marked" : ""),
      line("Absent White", game.whiteAbsent ? "marked" : ""),
      line("Arrive Black", ""),
      line("Arrive White", ""),
    ];
    case "end": return ["End the game?", CHOICE, "No", "Yes, end it"];
  }
  return ["New game?", CHOICE, "No", "Yes, new game"];
}

/** MENU on one of its screens at t (the room's ENTER): an item of the list opens its screen or acts,
 *  a choice or a draft's OK line (a correction, a rescale, a split) is confirmed; r null: MENU held,
 *  one step back. */
function enterArbiter(m: Menu, game: Game, t: number, r: MenuResult | null, ks: number[]): void {
  if (!r) {
    // MENU held: a correction's value goes back to its readings, the rest to the list
    if (m.screen === "cval") {
      m.screen = "cfield";
      m.sel = Math.max(0, ks.indexOf(m.kind));
    } else {
      m.screen = "list";
      m.sel = 0;
    }
    return;
  }
  if (m.screen === "list") {
    const id = (ARBITER_ITEMS + "|pause").split("|")[m.item]; // item m.item of ITEMS's
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
        m.screen = "cfield";
        m.sel = 0;
        return;
      case "rescale": case "split": {
        // both start at what the clock measured (the thinking time of both sides): the true elapsed
        // time, or the first half's length
        const used = game.black.usedMs + game.white.usedMs + (game.phase === "setup" ? 0 : game.turnMs);
        m.vals = [used, used];
        m.screen = id;
        m.sel = 0;
        return;
      }
      case "pass":
        r.ops.push({ op: "pass" });
        r.menu = null;
        return;
      case "absent": case "end": case "new":
        m.screen = id;
        m.sel = 0;
        return;
    }
    // Lock
    m.unlocked = false;
    r.menu = null;
    m.note = "Arbiter menu locked";
    return;
  }
  if (m.screen === "cval" || m.screen === "rescale" || m.screen === "split") {
    const v = m.vals[0];
    if (m.screen === "cval") {
      r.ops.push({ op: "correct", side: m.side, field: "main|periods|block|movesleft|moves".split("|")[m.kind] as Field, value: v });
      m.note = (m.side === "black" ? "Black" : "White") + " " + CFIELD_SHORT.split("|")[m.kind] + " " + (m.kind === 0 || m.kind === 2 ? clockText(v) : "" + v);
      m.screen = "cfield";
      m.sel = Math.max(0, ks.indexOf(m.kind));
      return;
    }
    const rescale = m.screen === "rescale";
    r.ops.push({ op: rescale ? "rescale" : "split", totalMs: v });
    m.note = (rescale ? "Rescaled to " : "Split ") + clockText(v);
    m.screen = "list";
    m.sel = 0;
    return;
  }
  const i = m.sel;
  switch (m.screen) {
    case "cfield": {
      const f = ks[i];
      const rd = readSide(game, m.side, t);
      const v = [rd.mainMs, rd.periodsLeft, rd.blockMs, rd.movesLeft, rd.moves][f]; // the reading's value
      m.kind = f;
      m.vals = [v, v];
      m.screen = "cval";
      m.sel = 0;
      return;
    }
    case "absent":
      r.ops.push({ op: i < 2 ? "absent" : "arrive", side: i % 2 === 0 ? "black" : "white" });
      m.note = (i < 2 ? "Absent: " : "Arrived: ") + (i % 2 === 0 ? "Black" : "White");
      break;
    case "end":
      if (i === 1) {
        r.ops.push({ op: "end" });
        m.note = "Game ended";
      }
      break;
    default:
      // new
      if (i === 1) {
        r.newGame = true;
        r.menu = null;
      }
  }
  m.screen = "list";
  m.sel = 0;
}

/** The arbiter's menu's room (state.ts Room): its list's items and lines, its choices' counts and
 *  its drafts' fields in one function (each of a menu's file is jsvars while the menu is open); its
 *  screens' lines and MENU on them in one each (a call runs over all of a function's code: the
 *  small asks, made at every step, stay quick). */
export function arbiterRoom(ask: number, m: Menu, s: Settings, game: Game, a: number, r: MenuResult | null): unknown {
  if (ask === ITEMS) return game.phase === "running" || game.phase === "paused" ? ARBITER_ITEMS + "|pause" : ARBITER_ITEMS;
  if (ask === LINE) {
    switch ((ARBITER_ITEMS + "|pause").split("|")[a]) { // item a of ITEMS's
      case "pause": return line(game.phase === "running" ? "Pause" : "Resume", "");
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
  if (ask === FIELDS) {
    // a rescale's or split's total, a correction's value (by the reading: main time and a block's
    // time in minutes and seconds; a count in ones)
    if (m.screen !== "cval") return defs([STEP_H, STEP_MIN, STEP_S]);
    const k = m.kind;
    if (k === 0 || k === 2) return defs([STEP_MIN, STEP_S]);
    const f = defs([k === 1 ? C_PERIODS : k === 3 ? C_MOVES_LEFT : C_MOVES]);
    if (k === 3) {
      const c = controlOf(game, m.side);
      f[0].max = c.kind === "moves" ? c.moves : 1;
    }
    return f;
  }
  // the readings the side can have corrected, given its system (indices in CFIELDS, fields.ts), for
  // the asks below: worked out here, not by a function (each of a menu's file is jsvars while it is open)
  const c = controlOf(game, m.side);
  const ks = c.kind === "byoyomi" ? [0, 1, 4] : c.kind === "moves" ? [0, 2, 3, 4] : [0, 4];
  if (ask === COUNT) return m.screen === "cfield" ? ks.length : m.screen === "absent" ? 4 : 2; // a choice screen's lines
  if (ask === WINDOW) return arbiterWindow(m, game, ks);
  enterArbiter(m, game, a, r, ks);
  return null;
}

/** The arbiter's menu's functions (what its Storage file hands back when it is run on the board). */
export function arbiterMenus(): Menus {
  ROOMS[1] = arbiterRoom;
  return { arbiter: true, open: openArbiter, withNote: withNote, menuKey: menuKey, drawMenu: drawMenu };
}

/** On the board, the arbiter's menu's Storage file (the program's fingerprint covers it); none here. */
export const ARBITER_FILE: string = "";

/** The arbiter's menu, or why it cannot be had (on the board: no file, or a damaged one). */
export function loadArbiter(): Menus | string {
  return arbiterMenus();
}
