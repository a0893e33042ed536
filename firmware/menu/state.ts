// The menu's state: what a menu is (Menu), what a key gives back (MenuResult), what both menus'
// screens share, and moving between screens. The keys (keys.ts) change it; the lines' text (text.ts)
// and the drawing (draw.ts) read it. Each menu's own screens are a Room (setup.ts, arbiter.ts): on the
// board each menu is a Storage file of its own holding its room alone (build/cold.ts).

import type { Settings } from "../record/settings";
import type { Game, Op, Side } from "../core/index";

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

/** A menu's own screens, as one function of what the shared code (keys, text, fields) asks (ITEMS…
 *  FIELDS below) of the set-up menu's or the arbiter's: each function of a menu's file is jsvars while
 *  the menu is open (about 5, and one a parameter), and a room of six and their object took about 40
 *  more. `a`, `r`: what the ask takes (0 and null where it takes nothing). */
export type Room = (ask: number, m: Menu, s: Settings, game: Game, a: number, r: MenuResult | null) => unknown;

/** The list's items, "|" between them: a string. */
export const ITEMS = 0;
/** The list's line for item a: a string. */
export const LINE = 1;
/** MENU (a short press) on the list's item m.item, on one of its choices (m.sel), or on a draft's OK
 *  line, at a (now); r null: MENU held on one of its screens (not the list), one step back. */
export const ENTER = 2;
/** One of its screens (not the list, not a PIN screen), as a string[]: [0] its title, [1] its tag,
 *  then its lines: a choice's labels (its tag CHOICE: text.ts makes them lines and the tag the
 *  cursor's place), a draft's OK line (text.ts puts its fields above), or a short screen's lines made
 *  whole. */
export const WINDOW = 3;
/** The tag of a choice screen's WINDOW. */
export const CHOICE = "\x02";
/** How many lines one of its choice screens has: a number. */
export const COUNT = 4;
/** The fields one of its draft screens edits: FieldDef[]. */
export const FIELDS = 5;

/** The rooms of the menus loaded: [0] the set-up menu's, [1] the arbiter's (each menu's file puts
 *  its own here when it is run; anywhere else menu.ts puts both). */
export const ROOMS: Room[] = [];

// A menu's room is ROOMS[m.arbiter ? 1 : 0], written out where it is asked. (Each function of a
// menu's file is about 5 jsvars and one a parameter while the menu is open, so the small ones are
// written out where they are used: a list's items are list.split("|"), a settings' copy
// Object.assign({}, s), a screen opened with its cursor at sel `m.screen = screen; m.sel = sel`
// ("list", 0: back to the list, its cursor where it was).)

// --- what each screen holds -------------------------------------------------------------------------

// The PIN screens are "|pin|oldpin|newpin|btpin|usbpin|.", the draft screens (fields.ts)
// "|ctl|vol|board|rescale|split|cval|.": a screen is one when "|" + screen + "|" is in the list,
// asked where it matters without a function of its own. Such a list ends in a character no name
// holds ("."): Espruino's indexOf (2v29) answers a wrong place, not -1, when the sought text's start
// matches the string's end (the list without the "." gives 31 for "|list|"; test/double/realm.ts).


// --- a copy of the menu ----------------------------------------------------------------------------------

/** A copy of the menu with a note at the bottom (e.g. the core's reason for refusing an operation;
 *  "": none). */
export function withNote(m: Menu, text: string): Menu {
  const n = Object.assign({}, m) as Menu;
  n.vals = m.vals.slice();
  n.note = text;
  return n;
}
