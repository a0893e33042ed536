// What comes into the app: the buttons, and what the menus and a link ask of it (a prompt, new
// settings, the PIN, a new game). Methods of App (app.ts), written onto its prototype as
// core/window.ts writes Clock's: each stays a method, with no global name (no RAM, no slower
// look-ups); the one Object.assign costs the boot about a millisecond.
//
// Buttons during a game: a player's button ends that player's move. MENU short = the side to move
// asks for its time (16.2); MENU held 2 s = pause (to call the arbiter); held again while paused =
// the arbiter menu, behind the PIN. With no game running, MENU opens the set-up menu; a game starts
// only after the set-up was confirmed ("Ready") and then White's press (Black's with a handicap).

import { LEFT, RIGHT, MENU } from "../board";
import { isLate, isAway, type Side } from "../core/index";
import { type Settings, encodeSettings, settingChanges, isOldPinHash, withPin } from "../record/settings";
import { menuButton, menuInput } from "../menukeys";
import { App, SETTINGS, REPEAT_AFTER_MS } from "./app";

/** A query, a link's hello or a setting from a link is recorded at most this often per kind: a
 *  flood from a cable must not fill the records' flash (it is answered all the same). */
const AUDIT_EVERY_MS = 10000;

declare module "./app" {
  interface App {
    button(b: number, down: boolean, t: number): void;
    /** A player's press: the switch, and whether it passed the turn and nothing else (no arrival,
     *  no flag: what the face then redraws is the bars and that side's time, refresh). */
    press(side: Side, t: number): void;
    /** A JavaScript prompt on USB, for the arbiter (the menu or the link asked for the PIN), `pending`
     *  fed to it first; false if this board has none. */
    openPrompt(pending: string, t: number): boolean;
    /** A prompt is open on this line: recorded (the log says the program in RAM may differ now). */
    opened(line: string, t: number): void;
    /** No prompt anywhere any more (a game starts, the line closed). */
    shutPrompt(t: number, why: string): void;
    /** New settings, from the menu, a link or the page ("menu", "link"); each change is recorded
     *  (a link's at most once each AUDIT_EVERY_MS: a flood must not fill the flash). */
    changeSettings(s: Settings, via?: string): void;
    /** Whether a rate-limited record of this kind may be made at t (and notes that it is). */
    due(kind: string, t: number): boolean;
    /** A PIN entered on the menu ("menu") or over a link ("link"): null if right, else why not. Wrong
     *  ones are counted per source (access.ts). An older clock's PIN hash is stored anew, stretched. */
    checkPin(pin: string, t: number, source: string): string | null;
    /** Back to set-up; the last game's records stay on the store (for a dispute) while it has room. */
    newGame(via?: string): void;
  }
}

Object.assign(App.prototype, {
  button(this: App, b: number, down: boolean, t: number): void {
    this.power.touch(t);
    if (this.empty) return this.refresh(); // the last face stays: nothing a button does is saved now
    if (b === MENU) {
      menuButton(this, down, t);
      // MENU down only starts the hold: nothing to draw yet, but the long-hold wake must be set
      if (down) return this.schedule(this.board.now());
    } else if (!down) {
      if (b === this.heldKey) this.heldKey = -1;
      return; // a player's release changes nothing on the face: drawing it again would cost a second
    } else if (b === LEFT || b === RIGHT) {
      if (this.menu) {
        menuInput(this, b, false, t);
        this.heldKey = b;
        this.repeatAt = t + REPEAT_AFTER_MS;
      }
      else if (this.clock.game.phase === "setup" && !this.armed) this.say("MENU: set up", t);
      else this.press(this.sideOf(b), t);
    }
    this.refresh();
  },

  press(this: App, side: Side, t: number): void {
    const g = this.clock.game;
    this.apply({ op: "press", side: side }, t);
    const n = this.clock.game;
    this.pressed = true;
    const plain = g.phase === "running" && g.toMove === side && !isLate(g, side) && !isAway(g, side);
    this.passed = plain && n.phase === "running" && n.toMove !== side ? { game: g, side: side } : null;
  },

  openPrompt(this: App, pending: string, t: number): boolean {
    const ok = this.board.link ? this.board.link.openPrompt(pending) : false;
    if (ok) this.opened("USB", t);
    else if (this.menu && this.menus) this.menu = this.menus.withNote(this.menu, "no JavaScript prompt on this board");
    return ok;
  },

  opened(this: App, line: string, t: number): void {
    this.prompt = line;
    this.promptOpened = true;
    this.queue(this.clock.game, t, "link", null, "prompt " + line);
  },

  shutPrompt(this: App, t: number, why: string): void {
    if (this.board.link) this.board.link.shut();
    this.hall.slept(); // the radio slept with it: the next redraw wakes it with the advertisement again
    if (!this.prompt) return;
    this.queue(this.clock.game, t, "link", null, "prompt shut " + why);
    this.prompt = "";
  },

  changeSettings(this: App, s: Settings, via?: string): void {
    const t = this.board.now();
    const changes = settingChanges(this.settings, s);
    this.settings = s;
    if (!this.board.store.set(SETTINGS, encodeSettings(s))) this.fault("settings not saved");
    this.board.setVolume(s.volume);
    this.power.forget(); // White's side may have changed
    this.noVoice = ""; // the next call finds out again
    if (this.clock.game.phase === "setup") this.clock = this.freshClock();
    const by = via || "menu";
    for (const c of changes) if (by !== "link" || this.due("set " + c.split(" ")[0], t)) this.queue(this.clock.game, t, "set", null, by + " " + c);
  },

  due(this: App, kind: string, t: number): boolean {
    const last = this.auditAt[kind];
    if (last !== undefined && t - last < AUDIT_EVERY_MS) return false;
    this.auditAt[kind] = t;
    return true;
  },

  checkPin(this: App, pin: string, t: number, source: string): string | null {
    const why = this.access.check(this.settings, pin, t, source);
    if (why === null && isOldPinHash(this.settings)) this.changeSettings(withPin(this.settings, pin), source);
    return why;
  },

  newGame(this: App, via?: string): void {
    const t = this.board.now();
    this.access.lock(t, "new game"); // the last game's record ends with it
    this.rec.newGame();
    this.armed = false;
    this.warned = false;
    this.clock = this.freshClock();
    this.queue(this.clock.game, t, "new", null, via || "");
    this.tidy = true;
  },
} satisfies Partial<App>);
