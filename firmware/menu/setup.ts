// The set-up menu's own screens (before a game): its items, the control editor, the presets and the
// other choices. On the board this is the menus' file "menu.<hash>" (build/cold.ts, with the shared
// rooms: keys, text, fields, draw), run when the set-up menu opens; the arbiter's screens are not in it.

import type { Settings } from "../record/settings";
import type { Game, TimeControl } from "../core/index";
import { presets } from "../presets";
import { parseControl, isParseError, formatControl, formatDuration, pinDigits, TRADITIONS } from "./shared";
import { PACK_LIST } from "../packs"; // a copy in the set-up menu's file (build/cold.ts)
import { type Menu, type MenuResult, ROOMS, ITEMS, LINE, ENTER, COUNT, FIELDS, CHOICE, withNote } from "./state";
import {
  draftOf, draftText, defs, HOURS, MINUTES, SECONDS, PERIODS, PERIOD_S, MOVES, BLOCK_MIN, BLOCK_S, INCREMENT, DELAY,
  VOLUME, BOARD,
} from "./fields";
import { COLS, line } from "./text";
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

/** The set-up menu (a short MENU press while no game runs). `unlocked`: the arbiter has entered the
 *  PIN already; then changing the PIN does not ask for the current one. With the tournament lock
 *  on, PIN entry comes first. */
export function openSetup(s: Settings, unlocked?: boolean): Menu {
  const screen = s.tournament && unlocked !== true ? "pin" : "list";
  const m: Menu = { arbiter: false, unlocked: unlocked === true, screen: screen, item: 0, sel: 0, side: "black", kind: 0, vals: [], tries: 0, note: "" };
  if (m.screen === "pin") m.kind = pinDigits(s);
  return m;
}

/** Its screens but the list (the room's FIELDS, COUNT and WINDOW, state.ts): a function of its own,
 *  as is MENU's, because each call of a function runs over all its code and the list's line is
 *  asked of the room at every step. */
function setupScreen(ask: number, m: Menu): unknown {
  if (ask === COUNT) {
    // the lines of one of its choice screens
    switch (m.screen) {
      case "preset": return presets().length;
      case "kind": return KINDS.split("|").length;
      case "hcp": return 9;
      case "lang": return PACK_LIST.split("|").length;
      case "trad": return TRADITIONS.length;
      case "late": return 4;
    }
    return 2; // wside, pinlen, tour
  }
  if (ask === FIELDS) {
    // a control's (by its system, m.kind), the volume's, the board number's
    if (m.screen === "vol") return defs([VOLUME]);
    if (m.screen === "board") return defs([BOARD]);
    const kind = m.kind;
    if (kind === 1 || kind === 2) return defs([HOURS, MINUTES, SECONDS, PERIODS, PERIOD_S]);
    if (kind === 3 || kind === 4) return defs([HOURS, MINUTES, SECONDS, MOVES, BLOCK_MIN, BLOCK_S]);
    if (kind === 5) return defs([HOURS, MINUTES, SECONDS, INCREMENT]);
    if (kind === 6) return defs([HOURS, MINUTES, SECONDS, DELAY]);
    return defs([HOURS, MINUTES, SECONDS]);
  }
  // WINDOW: a title, a tag and lines
  const who = (m.side === "black" ? "Black" : "White");
  let w: string[];
  switch (m.screen) {
    case "preset": {
      w = ["Preset", CHOICE];
      const all = presets();
      for (let i = 0; i < all.length; i++) w.push(all[i].label);
      return w;
    }
    case "kind": return [who + ": system", CHOICE].concat(KINDS.split("|"));
    case "ctl": {
      const t = draftText(m.kind, m.vals);
      // the notation whole rather than a cut "OK"
      return [who + ": " + KIND_SHORT.split("|")[m.kind], "", line(t.length + 3 > COLS ? "" : "OK", t)];
    }
    case "hcp": {
      w = ["Handicap", CHOICE, "Even"];
      const h = HANDICAPS.split("|");
      for (let i = 1; i < h.length; i++) w.push(h[i] + " stones");
      return w;
    }
    case "wside": return ["White's button", CHOICE, "on the left", "on the right"];
    case "lang": {
      w = ["Language", CHOICE];
      const packs = PACK_LIST.split("|");
      for (let i = 0; i < packs.length; i++) w.push(nameOf(packs[i].split(":")[0]));
      return w;
    }
    case "trad": {
      w = ["Tradition", CHOICE];
      for (let i = 0; i < TRADITIONS.length; i++) w.push(nameOf(TRADITIONS[i].id));
      return w;
    }
    case "vol": return ["Volume", "", line("OK", "")];
    case "board": return ["Board number", "", line("Set to", "" + m.vals[0])];
    case "late": return ["Late limit", CHOICE, "15 min (22.2)", "30 min", "60 min (22.1)", "No limit"];
    case "pinlen": return ["New PIN: how long", CHOICE, "4 digits", "6 digits"];
  }
  return ["Tournament lock", CHOICE, "Off (home)", "On: set-up needs PIN"];
}

/** MENU on one of its screens (the room's ENTER): an item of the list opens its screen, a choice or
 *  a draft's OK line (a control, the volume, the board number) is confirmed; r null: MENU held, one
 *  step back. */
function enterSetup(m: Menu, s: Settings, r: MenuResult | null): void {
  if (!r) {
    // MENU held: the control's fields go back to its system, the rest to the list
    if (m.screen === "ctl") {
      m.screen = "kind";
      m.sel = m.kind;
    } else {
      m.screen = "list";
      m.sel = 0;
    }
    return;
  }
  if (m.screen === "list") {
    const id = SETUP_ITEMS.split("|")[m.item];
    let sel = 0; // the cursor on the screen the item opens
    switch (id) {
      case "preset": {
        // the cursor on the preset both sides are set to (presets.ts presetIndex, written out)
        const all = presets();
        for (let i = 0; i < all.length; i++) if (s.black === s.white && all[i].control === s.black) {
          sel = i;
          break;
        }
        break;
      }
      case "black": case "white": {
        m.side = id;
        const p = parseControl(id === "black" ? s.black : s.white);
        const c: TimeControl = isParseError(p) ? { kind: "absolute", mainMs: 3600000 } : p;
        m.vals = draftOf(c);
        // the system, as an index in KINDS
        sel = c.kind === "absolute" ? 0 : c.kind === "byoyomi" ? (c.reserved ? 2 : 1) : c.kind === "moves" ? (c.carry ? 3 : 4) : c.kind === "fischer" ? 5 : 6;
        m.screen = "kind";
        m.sel = sel;
        return;
      }
      case "same": {
        if (s.white !== s.black) {
          r.settings = (Object.assign({}, s) as Settings);
          r.settings.white = s.black;
        }
        m.note = "White: " + s.black;
        return;
      }
      case "hcp":
        sel = Math.max(0, HANDICAPS.split("|").indexOf("" + s.handicap));
        break;
      case "wside":
        sel = s.whiteOnRight ? 1 : 0;
        break;
      case "lang": {
        const packs = PACK_LIST.split("|");
        for (let i = 0; i < packs.length; i++) if (packs[i].split(":")[0] === s.lang) sel = i;
        break;
      }
      case "trad":
        for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === s.tradition) sel = i;
        break;
      case "vol":
        m.vals = [s.volume];
        break;
      case "late": {
        const at = LATE_MIN.split("|").indexOf("" + s.lateLimitMs / 60000);
        sel = at < 0 ? 2 : at;
        break;
      }
      case "pin":
        m.vals = [];
        m.kind = pinDigits(s);
        m.screen = m.unlocked ? "pinlen" : "oldpin";
        m.sel = m.unlocked && m.kind === 6 ? 1 : 0;
        return;
      case "tour":
        sel = s.tournament ? 1 : 0;
        break;
      case "board":
        m.vals = [s.board];
        break;
      case "bt": case "usb": {
        m.vals = [];
        m.kind = pinDigits(s);
        if (!m.unlocked) {
          m.screen = id + "pin";
          m.sel = 0;
        } else if (id === "bt") r.bluetooth = true;
        else r.usb = true;
        return;
      }
      default:
        // Ready: the set-up stands; the app waits for the start press.
        r.ready = true;
        r.menu = null;
        return;
    }
    // the item's own screen, named after it
    m.screen = id;
    m.sel = sel;
    return;
  }
  if (m.screen === "ctl" || m.screen === "vol" || m.screen === "board") {
    if (m.screen === "ctl") {
      // the draft as a canonical notation, or the core's reason why it is not a control
      const text = draftText(m.kind, m.vals);
      const c = parseControl(text);
      if (isParseError(c)) {
        m.note = c.error;
        return;
      }
      const d = formatControl(c);
      const n = (Object.assign({}, s) as Settings);
      if (m.side === "black") n.black = d;
      else n.white = d;
      if (n.black !== s.black || n.white !== s.white) r.settings = n;
      m.note = (m.side === "black" ? "Black" : "White") + ": " + d;
    } else {
      const v = m.vals[0];
      const vol = m.screen === "vol";
      if (v !== (vol ? s.volume : s.board)) {
        r.settings = (Object.assign({}, s) as Settings);
        if (vol) r.settings.volume = v;
        else r.settings.board = v;
      }
      m.note = vol ? "Volume " + v : v ? "Board " + v : "No board number";
    }
    m.screen = "list";
    m.sel = 0;
    return;
  }
  const i = m.sel;
  if (m.screen === "kind") {
    m.kind = i;
    m.screen = "ctl";
    m.sel = 0;
    return;
  }
  if (m.screen === "pinlen") {
    m.kind = i === 1 ? 6 : 4;
    m.vals = [];
    m.screen = "newpin";
    m.sel = 0;
    return;
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
    case "lang": {
      // a pack brings its own counting tradition; the Tradition item can change it afterwards
      const p = PACK_LIST.split("|")[i].split(":");
      n.lang = p[0];
      n.tradition = p[1];
      m.note = nameOf(n.lang) + ", " + nameOf(n.tradition);
      break;
    }
    case "trad":
      n.tradition = TRADITIONS[i].id;
      m.note = "Tradition: " + nameOf(n.tradition);
      break;
    case "late": {
      const ms = +LATE_MIN.split("|")[i] * 60000;
      n.lateLimitMs = ms;
      m.note = "Late limit: " + (ms === 0 ? "none" : ms % 60000 === 0 ? ms / 60000 + " min" : formatDuration(ms));
      break;
    }
    case "tour":
      // off again only with the PIN (the menu asked for it: the lock was on)
      n.tournament = i === 1;
      m.note = "Tournament lock " + (n.tournament ? "on" : "off");
      break;
  }
  r.settings = n;
  m.screen = "list";
  m.sel = 0;
}

/** The set-up menu's room (state.ts Room): its list's items and lines, its choices' counts and its
 *  drafts' fields in one function (each of a menu's file is jsvars while the menu is open); its
 *  screens' lines and MENU on them in one each (a call runs over all of a function's code: the
 *  small asks, made at every step, stay quick). */
export function setupRoom(ask: number, m: Menu, s: Settings, game: Game, a: number, r: MenuResult | null): unknown {
  if (ask === ITEMS) return SETUP_ITEMS;
  if (ask === LINE) {
    switch (SETUP_ITEMS.split("|")[a]) {
      case "preset": return line("Preset", ">");
      case "black": return line("Black", s.black);
      case "white": return line("White", s.white);
      case "same": return line("Same for both", "W=B");
      case "hcp": return line("Handicap", s.handicap < 2 ? "even" : s.handicap + " stones");
      case "wside": return line("White is", s.whiteOnRight ? "right" : "left");
      case "lang": return line("Language", nameOf(s.lang));
      case "trad": return line("Tradition", nameOf(s.tradition));
      case "vol": return line("Volume", "" + s.volume);
      case "late": {
        const ms = s.lateLimitMs;
        return line("Late limit", ms === 0 ? "none" : ms % 60000 === 0 ? ms / 60000 + " min" : formatDuration(ms));
      }
      case "pin": return line("Arbiter PIN", "****");
      case "tour": return line("Tournament lock", s.tournament ? "on" : "off");
      case "board": return line("Board number", s.board ? "" + s.board : "none");
      case "bt": return line("Bluetooth REPL", ">");
      case "usb": return line("USB REPL", ">");
    }
    return line("Ready", "");
  }
  if (ask !== ENTER) return setupScreen(ask, m);
  enterSetup(m, s, r);
  return null;
}

/** The set-up menu's functions (what its Storage file hands back when it is run on the board). */
export function setupMenus(): Menus {
  ROOMS[0] = setupRoom;
  return { arbiter: false, open: openSetup, withNote: withNote, menuKey: menuKey, drawMenu: drawMenu };
}
