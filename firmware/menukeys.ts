// The buttons as the menus see them: MENU's short press and its hold, and a key in an open menu,
// with what a menu asks of the clock afterwards. The menus themselves (screens, fields, drawing)
// are the menus' file (menu.ts: loaded from Storage while a menu is open); this is the program's
// side, kept out of the app's per-second and press paths.

import type { App } from "./app";
import { MENU } from "./board";
import { type Menus, loadMenus } from "./menu";
import { loadArbiter } from "./menu/arbiter";

/** MENU down starts a hold; its release, before the hold was long, is a short press. */
export function menuButton(app: App, down: boolean, t: number): void {
  if (down) {
    app.menuDownAt = t;
    app.longDone = false;
    return;
  }
  if (app.menuDownAt >= 0 && !app.longDone) menuShort(app, t);
  app.menuDownAt = -1;
}

/** MENU tapped: the menu's key, or the side to move asks for its time (16.2), or a menu opens. */
function menuShort(app: App, t: number): void {
  const phase = app.clock.game.phase;
  if (app.menu) menuInput(app, MENU, false, t);
  else if (phase === "running" || phase === "paused") app.apply({ op: "query", side: null }, t);
  else if (phase === "setup") {
    // the tournament lock: the set-up menu opens at the PIN, and not even that while it is blocked
    if (app.settings.tournament && !app.unlocked && blockedSay(app, t)) return;
    const m = loaded(app, t, false);
    if (m) app.menu = m.open(app.settings, app.unlocked);
  } else openArbiter(app, t);
}

/** The set-up menu or the arbiter's (each a file of its own on the board), loaded if need be; null
 *  (and said on the face, kept in the faults) if it cannot be. */
function loaded(app: App, t: number, arbiter: boolean): Menus | null {
  if (app.menus && app.menus.arbiter === arbiter) return app.menus;
  const m = arbiter ? loadArbiter() : loadMenus();
  if (typeof m === "string") {
    app.fault(m);
    app.say("menu not loaded", t);
    return null;
  }
  app.menus = m;
  return m;
}

/** The menu's PIN entry is blocked now: said on the face. */
function blockedSay(app: App, t: number): boolean {
  const why = app.access.blocked(t, "menu");
  if (why) app.say("PIN blocked: " + why.slice(why.indexOf("wait")), t);
  return why !== null;
}

/** The arbiter menu, behind the PIN; not even the PIN screen while PIN entry is blocked. */
function openArbiter(app: App, t: number): void {
  if (!app.unlocked && blockedSay(app, t)) return;
  const m = loaded(app, t, true);
  if (m) app.menu = m.open(app.settings, app.unlocked);
}

/** The menu button has been held long enough (called from the wake loop). A pause takes effect at
 *  MENU's down edge: the 2 s of the hold are not charged to the side to move. */
export function menuLong(app: App, t: number): void {
  app.longDone = true;
  if (app.menu) return menuInput(app, MENU, true, t);
  // a player stops the clock to call the arbiter, from MENU's down edge: the log says it was the side to move
  if (app.clock.game.phase === "running") app.apply({ op: "pause", side: app.clock.game.toMove }, app.menuDownAt);
  else openArbiter(app, t);
}

/** A key in an open menu (the menus' file decides), then what it asks of the clock: settings,
 *  operations, the unlock or lock, a new game, a prompt. */
export function menuInput(app: App, b: number, long: boolean, t: number): void {
  const m = app.menus; // kept: an operation below may close the menu, and a redraw let it go
  if (!app.menu || !m) return;
  // how a PIN screen's digits are judged (a closure made on those screens alone: the step is dear)
  const pin = app.menu.screen.indexOf("pin") >= 0 ? (code: string) => app.checkPin(code, t, "menu") === null : undefined;
  const was = app.menu.unlocked;
  const r = m.menuKey(app.menu, app.settings, app.clock.game, t, b, long, pin);
  app.menu = r.menu;
  if (r.unlocked && !was) app.access.unlock(t, "menu");
  else if (!r.unlocked && was) app.access.lock(t, "arbiter"); // the menu's Lock
  app.access.touch(t);
  if (r.message) app.say(r.message, t);
  if (app.menu && (app.menu.screen === "pin" || app.menu.screen === "oldpin") && blockedSay(app, t)) {
    app.menu = null; // the menu's count has blocked PIN entry
  }
  if (r.settings !== app.settings) app.changeSettings(r.settings, "menu");
  for (const op of r.ops) {
    const why = app.apply(op, t);
    if (why && app.menu) app.menu = m.withNote(app.menu, why);
  }
  if (r.ready) {
    app.armed = true;
    app.hall.due = 0; // the hall sees it ready
  }
  if (r.newGame) app.newGame("menu");
  if (r.bluetooth) openBluetooth(app, t);
  if (r.usb) app.openPrompt("", t);
}

/** A JavaScript prompt over Bluetooth, for the arbiter (the menu asked for the PIN): paired with a
 *  passkey the menu shows; it shuts when the next game starts (apply) or the phone disconnects. */
function openBluetooth(app: App, t: number): void {
  const key = ("00000" + Math.floor(Math.random() * 1000000)).slice(-6);
  const why = app.board.link ? app.board.link.openBluetooth(key) : "no Bluetooth on this board";
  if (!why) app.opened("Bluetooth", t);
  if (app.menu && app.menus) app.menu = app.menus.withNote(app.menu, why ? why : "Bluetooth REPL on until the game starts. Passkey " + key);
}

