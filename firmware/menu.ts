// The menus on three buttons: the set-up menu (before a game) and the arbiter's menu (behind the PIN).
// A pure state machine: menuKey(menu, key) → a new menu, new settings and the core operations to
// apply; nothing changes until an item is confirmed, and nothing here ever starts a game (the app
// starts it on a player's press once the set-up was confirmed with Ready).
//
// Buttons: LEFT = previous / decrease, RIGHT = next / increase, MENU = select / next field / confirm,
// MENU held (long) = back one step, or leave. LEFT/RIGHT held (if the board reports it) = big steps.
//
// Every screen is a title and lines, one of them the cursor. The rooms, in menu/:
//   state.ts   what a menu is, the items and choices, moving between screens
//   fields.ts  the fields a screen edits, and the control editor's draft
//   keys.ts    menuKey: a key on a screen → a new menu, settings, core operations
//   text.ts    the lines' text (menuView, and only the lines in sight for a step)
//   draw.ts    drawMenu: the screen on the display, redrawing only what changed
//   shared.ts  what the menus take from the rest of the firmware
// Espruino-safe (ESPRUINO.md): no closures in loops, functions defined before use.
//
// The app reaches the menus through one object (Menus), loaded when a menu opens and let go when it
// closes: on the board the build makes the menus a Storage file of their own (build/cold.ts) and
// loadMenus() runs it, so a game holds none of their code in RAM. Here it is the functions below.

import { openSetup, openArbiter, withNote } from "./menu/state";
import { menuKey } from "./menu/keys";
import { drawMenu } from "./menu/draw";

export { type Menu, type MenuResult, openSetup, openArbiter, withNote } from "./menu/state";
export { type PinCheck, menuKey } from "./menu/keys";
export { type MenuView, menuView } from "./menu/text";
export { type MenuDrawn, drawMenu } from "./menu/draw";

export interface Menus {
  openSetup: typeof openSetup;
  openArbiter: typeof openArbiter;
  withNote: typeof withNote;
  menuKey: typeof menuKey;
  drawMenu: typeof drawMenu;
}

/** The menus' functions in one object (what the board's menu file hands back when it is run). */
export function menus(): Menus {
  return { openSetup: openSetup, openArbiter: openArbiter, withNote: withNote, menuKey: menuKey, drawMenu: drawMenu };
}

/** On the board, the menus' Storage file (the program's fingerprint covers it); none here. */
export const MENU_FILE: string = "";

/** The menus, or why they cannot be had (on the board: no menu file, or a damaged one). */
export function loadMenus(): Menus | string {
  return menus();
}
