// The set-up menu's own screens (before a game): its items, the control editor, the presets and the
// other choices. On the board this is the menus' file "menu.<hash>" (build/cold.ts, with the shared
// rooms: keys, text, fields, draw), run when the set-up menu opens; the arbiter's screens are not in it.

import type { Settings } from "../record/settings";
import type { Game, TimeControl } from "../core/index";
import { presets } from "../presets";
import { parseControl, isParseError, formatControl, formatDuration, pinDigits, TRADITIONS } from "./shared";
import { PACKS } from "../packs"; // a copy in the set-up menu's file (build/cold.ts)
import {
  type Menu, type MenuResult, type Room, ROOMS, withNote, openSub,
} from "./state";
import { kindOf, draftOf, draftText, setupFields } from "./fields";
import { type MenuView, COLS, line, choiceView, fieldsView } from "./text";
import { menuKey } from "./keys";
import { drawMenu } from "./draw";
import type { Menus } from "../menu";

// Lists of words as one string each ("|" between items), cut up only where the menu uses them: an
// array of strings, made when the menus' file is run on the board and kept while a menu is open,
// takes several times the jsvars of the one string (Espruino).
export const SETUP_ITEMS = "preset|black|white|same|hcp|wside|lang|trad|vol|late|pin|tour|board|bt|usb|ready";
export const KINDS = "Absolute|Byoyomi|Byoyomi reserved|Moves, carry over|Canadian overtime|Fischer increment|Bronstein delay";
export const KIND_SHORT = "absolute|byoyomi|byo. reserved|moves/block|Canadian|Fischer|Bronstein";
/** The handicaps offered (0: even), and the late limits in minutes (0: none). */
const HANDICAPS = "0|2|3|4|5|6|7|8|9";
const LATE_MIN = "15|30|60|0";

/** A pack's language or a counting tradition by its id, as the menu names it (the id itself when it
 *  has no name here). One table for both: the ids differ. */
function nameOf(id: string): string {
  const names = "|zh:Chinese|en:English|ja:Japanese|cn:China 12.3|nihon-kiin:Nihon Ki-in|.";
  const at = names.indexOf("|" + id + ":");
  return at < 0 ? id : names.substring(at + id.length + 2, names.indexOf("|", at + 1));
}

/** A pack's language, as the menu names it. */
export const langName: (id: string) => string = nameOf;

function lateText(ms: number): string {
  return ms === 0 ? "none" : ms % 60000 === 0 ? ms / 60000 + " min" : formatDuration(ms);
}

/** The set-up menu (a short MENU press while no game runs). `unlocked`: the arbiter has entered the
 *  PIN already; then changing the PIN does not ask for the current one. With the tournament lock
 *  on, PIN entry comes first. */
export function openSetup(s: Settings, unlocked?: boolean): Menu {
  const screen = s.tournament && unlocked !== true ? "pin" : "list";
  const m: Menu = { arbiter: false, unlocked: unlocked === true, screen: screen, item: 0, sel: 0, side: "black", kind: 0, vals: [], tries: 0, note: "" };
  if (m.screen === "pin") m.kind = pinDigits(s);
  return m;
}

function setupLine(id: string, s: Settings): string {
  switch (id) {
    case "preset": return line("Preset", ">");
    case "black": return line("Black", s.black);
    case "white": return line("White", s.white);
    case "same": return line("Same for both", "W=B");
    case "hcp": return line("Handicap", s.handicap < 2 ? "even" : s.handicap + " stones");
    case "wside": return line("White is", s.whiteOnRight ? "right" : "left");
    case "lang": return line("Language", nameOf(s.lang));
    case "trad": return line("Tradition", nameOf(s.tradition));
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

/** MENU on one of its screens: an item of the list opens its screen, a choice or a draft's OK line
 *  (a control, the volume, the board number) is confirmed. (One function: each is jsvars while the
 *  menu is open.) */
function enterSetup(m: Menu, s: Settings, game: Game, t: number, r: MenuResult | null): void {
  if (!r) {
    // MENU held: the control's fields go back to its system, the rest to the list
    if (m.screen === "ctl") openSub(m, "kind", m.kind);
    else openSub(m, "list", 0);
    return;
  }
  if (m.screen === "list") {
    const id = SETUP_ITEMS.split("|")[m.item];
    switch (id) {
      case "preset": {
        // the cursor on the preset both sides are set to (presets.ts presetIndex, written out)
        const all = presets();
        let at = -1;
        for (let i = 0; i < all.length; i++) if (at < 0 && s.black === s.white && all[i].control === s.black) at = i;
        return openSub(m, "preset", at < 0 ? 0 : at);
      }
      case "black": case "white": {
        m.side = id;
        const p = parseControl(id === "black" ? s.black : s.white);
        const c: TimeControl = isParseError(p) ? { kind: "absolute", mainMs: 3600000 } : p;
        m.vals = draftOf(c);
        return openSub(m, "kind", kindOf(c));
      }
      case "same": {
        if (s.white !== s.black) {
          r.settings = (Object.assign({}, s) as Settings);
          r.settings.white = s.black;
        }
        m.note = "White: " + s.black;
        return;
      }
      case "hcp": return openSub(m, "hcp", Math.max(0, HANDICAPS.split("|").indexOf("" + s.handicap)));
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
        const at = LATE_MIN.split("|").indexOf("" + s.lateLimitMs / 60000);
        return openSub(m, "late", at < 0 ? 2 : at);
      }
      case "pin": {
        m.vals = [];
        m.kind = pinDigits(s);
        return m.unlocked ? openSub(m, "pinlen", m.kind === 6 ? 1 : 0) : openSub(m, "oldpin", 0);
      }
      case "tour": return openSub(m, "tour", s.tournament ? 1 : 0);
      case "board": {
        m.vals = [s.board];
        return openSub(m, "board", 0);
      }
      case "bt": case "usb": {
        m.vals = [];
        m.kind = pinDigits(s);
        if (!m.unlocked) return openSub(m, id + "pin", 0);
        if (id === "bt") r.bluetooth = true;
        else r.usb = true;
        return;
      }
    }
    // Ready: the set-up stands; the app waits for the start press.
    r.ready = true;
    r.menu = null;
    return;
  }
  if (m.screen === "ctl" || m.screen === "vol" || m.screen === "board") {
    if (m.screen === "ctl") {
      // the draft as a canonical notation, or the core's reason why it is not a control
      const text = draftText(m.kind, m.vals);
      const c = parseControl(text);
      const d = isParseError(c) ? { text: "", error: c.error } : { text: formatControl(c), error: "" };
      if (d.error) {
        m.note = d.error;
        return;
      }
      const n = (Object.assign({}, s) as Settings);
      if (m.side === "black") n.black = d.text;
      else n.white = d.text;
      if (n.black !== s.black || n.white !== s.white) r.settings = n;
      m.note = (m.side === "black" ? "Black" : "White") + ": " + d.text;
      return openSub(m, "list", 0);
    }
    const v = m.vals[0];
    const vol = m.screen === "vol";
    if (v !== (vol ? s.volume : s.board)) {
      r.settings = (Object.assign({}, s) as Settings);
      if (vol) r.settings.volume = v;
      else r.settings.board = v;
    }
    m.note = vol ? "Volume " + v : v ? "Board " + v : "No board number";
    return openSub(m, "list", 0);
  }
  const i = m.sel;
  if (m.screen === "kind") {
    m.kind = i;
    return openSub(m, "ctl", 0);
  }
  if (m.screen === "pinlen") {
    m.kind = i === 1 ? 6 : 4;
    m.vals = [];
    return openSub(m, "newpin", 0);
  }
  const n = (Object.assign({}, s) as Settings);
  switch (m.screen) {
    case "preset": {
      const p = presets()[i];
      n.black = p.control;
      n.white = p.control;
      m.note = p.label;
      break;
    }
    case "hcp":
      n.handicap = +HANDICAPS.split("|")[i];
      m.note = "Handicap: " + (n.handicap < 2 ? "even" : n.handicap + " stones");
      break;
    case "wside":
      n.whiteOnRight = i === 1;
      m.note = "White on the " + (n.whiteOnRight ? "right" : "left");
      break;
    case "lang":
      // a pack brings its own counting tradition; the Tradition item can change it afterwards
      n.lang = PACKS[i].id;
      n.tradition = PACKS[i].tradition;
      m.note = nameOf(n.lang) + ", " + nameOf(n.tradition);
      break;
    case "trad":
      n.tradition = TRADITIONS[i].id;
      m.note = "Tradition: " + nameOf(n.tradition);
      break;
    case "late":
      n.lateLimitMs = +LATE_MIN.split("|")[i] * 60000;
      m.note = "Late limit: " + lateText(n.lateLimitMs);
      break;
    case "tour":
      // off again only with the PIN (the menu asked for it: the lock was on)
      n.tournament = i === 1;
      m.note = "Tournament lock " + (n.tournament ? "on" : "off");
      break;
  }
  r.settings = n;
  openSub(m, "list", 0);
}

function setupWindow(m: Menu, s: Settings, game: Game, from: number, to: number): MenuView {
  const who = (m.side === "black" ? "Black" : "White");
  let labels: string[];
  switch (m.screen) {
    case "preset": {
      labels = [];
      const all = presets();
      for (let i = 0; i < all.length; i++) labels.push(all[i].label);
      return choiceView("Preset", labels, m, from, to);
    }
    case "kind": return choiceView(who + ": system", KINDS.split("|"), m, from, to);
    case "ctl": {
      const t = draftText(m.kind, m.vals);
      // the notation whole rather than a cut "OK"
      return fieldsView(who + ": " + KIND_SHORT.split("|")[m.kind], m, game, from, to, line(t.length + 3 > COLS ? "" : "OK", t));
    }
    case "hcp": {
      labels = HANDICAPS.split("|");
      for (let i = 0; i < labels.length; i++) labels[i] = i ? labels[i] + " stones" : "Even";
      return choiceView("Handicap", labels, m, from, to);
    }
    case "wside": return choiceView("White's button", ["on the left", "on the right"], m, from, to);
    case "lang": {
      labels = [];
      for (let i = 0; i < PACKS.length; i++) labels.push(nameOf(PACKS[i].id));
      return choiceView("Language", labels, m, from, to);
    }
    case "trad": {
      labels = [];
      for (let i = 0; i < TRADITIONS.length; i++) labels.push(nameOf(TRADITIONS[i].id));
      return choiceView("Tradition", labels, m, from, to);
    }
    case "vol": return fieldsView("Volume", m, game, from, to, line("OK", ""));
    case "board": return fieldsView("Board number", m, game, from, to, line("Set to", "" + m.vals[0]));
    case "late": return choiceView("Late limit", ["15 min (22.2)", "30 min", "60 min (22.1)", "No limit"], m, from, to);
    case "pinlen": return choiceView("New PIN: how long", ["4 digits", "6 digits"], m, from, to);
  }
  return choiceView("Tournament lock", ["Off (home)", "On: set-up needs PIN"], m, from, to);
}

/** The lines of one of its choice screens. */
function setupCount(m: Menu): number {
  switch (m.screen) {
    case "preset": return presets().length;
    case "kind": return KINDS.split("|").length;
    case "hcp": return 9;
    case "lang": return PACKS.length;
    case "trad": return TRADITIONS.length;
    case "late": return 4;
  }
  return 2; // wside, pinlen, tour
}

export const SETUP: Room = {
  items: function (): string { return SETUP_ITEMS; },
  line: setupLine, enter: enterSetup, window: setupWindow,
  count: setupCount, fields: setupFields,
};

/** The set-up menu's functions (what its Storage file hands back when it is run on the board). */
export function setupMenus(): Menus {
  ROOMS[0] = SETUP;
  return { arbiter: false, open: openSetup, withNote: withNote, menuKey: menuKey, drawMenu: drawMenu };
}
