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
// Espruino-safe (ESPRUINO.md): no closures in loops, functions defined before use.

export { type Menu, type MenuResult, openSetup, openArbiter, withNote } from "./menu/state";
export { type PinCheck, menuKey } from "./menu/keys";
export { type MenuView, menuView } from "./menu/text";
export { type MenuDrawn, drawMenu } from "./menu/draw";
