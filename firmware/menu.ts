// The menus on three buttons: the set-up menu (before a game) and the arbiter's menu (behind the PIN).
// A pure state machine: menuKey(menu, key) → a new menu, new settings and the core operations to
// apply; nothing changes until an item is confirmed, and nothing here ever starts a game (the app
// starts it on a player's press once the set-up was confirmed with Ready).
//
// Buttons: LEFT = previous / decrease, RIGHT = next / increase, MENU = select / next field / confirm,
// MENU held (long) = back one step, or leave. LEFT/RIGHT held (if the board reports it) = big steps.
//
// Every screen is a title and lines, one of them the cursor. The rooms, in menu/:
//   state.ts    what a menu is, moving between screens, and the Room: a menu's own screens
//   setup.ts    the set-up menu's own: its items, the control editor, presets and choices
//   arbiter.ts  the arbiter's menu's own: corrections, rescale and split, lateness, end, new game
//   fields.ts   the fields a screen edits, and the control editor's draft
//   keys.ts     menuKey: a key on a screen → a new menu, settings, core operations
//   text.ts     the lines' text (menuView, and only the lines in sight for a step)
//   draw.ts     drawMenu: the screen on the display, redrawing only what changed
//   shared.ts   what the menus take from the rest of the firmware
// Espruino-safe (ESPRUINO.md): no closures in loops, functions defined before use.
//
// The app reaches a menu through one object (Menus), loaded when the menu opens and let go when it
// closes: on the board the build makes each menu a Storage file of its own (build/cold.ts: the set-up
// menu's "menu.<hash>", run by loadMenus() here; the arbiter's "arbiter.<hash>", by loadArbiter() in
// menu/arbiter.ts), each with its own room and what both share, so a game holds none of their code in
// RAM and an open menu only its own. Here both are the functions below.

import type { Settings } from "./record/settings";
import { type Menu, ROOMS, withNote } from "./menu/state";
import { menuKey } from "./menu/keys";
import { drawMenu } from "./menu/draw";
import { setupRoom, setupMenus } from "./menu/setup";
import { arbiterRoom } from "./menu/arbiter";

export { type Menu, type MenuResult, withNote } from "./menu/state";
export { openSetup } from "./menu/setup";
export { openArbiter } from "./menu/arbiter";
export { type PinCheck, menuKey } from "./menu/keys";
export { type MenuView, menuView } from "./menu/text";
export { type MenuDrawn, drawMenu } from "./menu/draw";

// both menus' screens, wherever the menus are not files of their own
ROOMS[0] = setupRoom;
ROOMS[1] = arbiterRoom;

/** One menu's functions (what its Storage file hands back when it is run on the board). */
export interface Menus {
  /** The arbiter's menu (else the set-up menu). */
  arbiter: boolean;
  /** The menu opened: `unlocked`, the arbiter has entered the PIN already. */
  open: (s: Settings, unlocked?: boolean) => Menu;
  withNote: typeof withNote;
  menuKey: typeof menuKey;
  drawMenu: typeof drawMenu;
}

/** On the board, the set-up menu's Storage file (the program's fingerprint covers it); none here. */
export const MENU_FILE: string = "";

/** The set-up menu, or why it cannot be had (on the board: no menu file, or a damaged one). */
export function loadMenus(): Menus | string {
  return setupMenus();
}
