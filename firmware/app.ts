// The clock as a product, on any Board: buttons in, frames and clips out, a record after every
// accepted operation. The core decides what happens and when; the app only sleeps until then.
//
// This file is the app's entry, and its wake loop: what a wake does, and when the next one comes.
// The class App (its state, the boot, the game's clock) is in app/app.ts; its other rooms are in
// app/ (input.ts, speaker.ts, draw.ts) and here, each written onto App.prototype as core/window.ts
// writes Clock's (methods still, with no global name each: no RAM, no slower look-ups; a room's
// Object.assign costs the boot about a millisecond). They load here, after the class: whatever
// imports the app from this file finds App whole.

import type { Board } from "./board";
import type { Game } from "./core/index";
import { App, REPEAT_MS } from "./app/app";
import "./app/input"; // the rooms, each written onto App.prototype as it loads: after the class
import "./app/speaker";
import "./app/draw";
import { menuInput, menuLong } from "./menukeys";

export { App };

export const LONG_MS = 2000; // a deliberate hold: no player hits it by accident while pressing a move
export const MENU_LONG_MS = 1500; // "back" inside a menu
const IDLE_MS = 10000; // wake now and then when nothing happens: watchdog, battery, display retry
/** Wake this early before a call and give the speaker its exact start time. Sized by the board's
 *  interpreter work (counted, ESPRUINO.md's calibration): preparing a call (ahead(): peek, clip
 *  names, Storage look-ups, the first clip scaled at volume 1-9, Waveform set up) about 150 ms,
 *  plus a timer that fires late by the record flushed or a wake that ran just before (about 50 ms).
 *  An idle board's longest task before it is the previous second's redraw, which ends well before. */
export const LEAD_MS = 250;
/** Room a record's write needs (formatting and flash, counted: about 40 ms) before a call's lead. */
const FLUSH_MS = 100;
/** A new game's calls' lengths are worked out this long after its set-up is shown (a wake of their
 *  own: about 0.3 s of the board's CPU for five periods, more than a step of the menu may take). */
const PRIME_AFTER_MS = 100;
/** A line closed this long has gone: the unlock made over it and a prompt on it end. */
const LINE_GONE_MS = 10000;

declare module "./app/app" {
  interface App {
    /** A long task is about to run (a log page for the link, up to LOG_REPLY_MS on the board): a call
     *  whose lead would fall inside it is handed to the speaker now, with its exact instant, as at its
     *  lead (the same test as schedule()'s); the task then delays no call, only the wake at its instant. */
    beforeLongTask(taskMs: number): void;
    /** Woken LEAD_MS before calls due at `at`: hands them to the speaker with their exact instant,
     *  then writes what records wait (the call is on the speaker's timer by then). */
    ahead(at: number): void;
    /** The wake loop: make what is due, draw, sleep until the next change. */
    wake(): void;
    /** What a wake looks after beside the game: a checkpoint of the running side's time when one is
     *  due (the next wake may come a second later), the arbiter's unlock when it has idled out, a link
     *  that has closed. */
    guard(now: number): void;
    /** The arbiter's unlock when it has idled out, a new game's store tidied, the line of a link's
     *  unlock or a prompt closed: not a tool's port closed between two of its commands (or the flash
     *  script's, before the espruino CLI opens it again), but closed for LINE_GONE_MS. */
    guardAccess(now: number, g: Game): void;
    /** Asks the board to wake at the next change: LEAD_MS before a call, to hand it over. Records that
     *  wait are written unless a call's lead is too near for them (ahead() writes them then, once the
     *  call is handed over): in this wake of the loop (`woke`), after its face; else at once, in the
     *  idle loop's next pass (a press: its face shown first, its wakes with a budget). */
    schedule(now: number, woke?: boolean): void;
    /** Writes the records that wait; true when that changed whether one is missing: the face is
     *  redrawn to say so, and the redraw has asked for the next wake. */
    wrote(): boolean;
  }
}

Object.assign(App.prototype, {
  beforeLongTask(this: App, taskMs: number): void {
    const now = this.board.now();
    const clock = this.clock;
    const callAt = clock.nextWakeAt();
    if (clock.wakeIsCall && callAt > this.aheadUntil && callAt > now && callAt - LEAD_MS < now + taskMs) this.ahead(callAt);
  },

  ahead(this: App, at: number): void {
    if (this.board.now() > at) return this.wake(); // woken too late to be early: advance() decides
    this.board.kick();
    // the calls of each instant back to back, as handle() plays peek()'s outputs
    const calls = this.clock.peekCalls(at);
    if (calls.length === 1) {
      // one call (each second of a fast byoyomi): said as it is, with no grouping by instant
      const c = calls[0];
      if (!this.onSpeaker(c.e, c.say)) this.sayOne(c.say, c.short === true, c.e); // without sayCalls' two arrays
    } else {
      for (let i = 0; i < calls.length; ) {
        const t = calls[i].e;
        const says: string[] = [];
        const short: boolean[] = [];
        for (; i < calls.length && calls[i].e === t; i++) {
          if (this.onSpeaker(t, calls[i].say)) continue;
          says.push(calls[i].say);
          short.push(calls[i].short === true);
        }
        if (says.length) this.sayCalls(says, short, t);
      }
    }
    this.handed = calls;
    this.aheadUntil = at;
    if (this.rec.waiting()) this.flush();
    this.board.wakeAt(at, this.wakeFn);
  },

  wake(this: App): void {
    if (this.rec.waiting()) this.flush();
    const now = this.board.now();
    this.board.kick();
    if (this.menuDownAt >= 0 && !this.longDone && now - this.menuDownAt >= (this.menu ? MENU_LONG_MS : LONG_MS)) menuLong(this, now);
    if (this.heldKey >= 0 && this.menu && now >= this.repeatAt) {
      menuInput(this, this.heldKey, true, now);
      this.repeatAt = now + REPEAT_MS;
    }
    const out = this.clock.advance(now);
    if (out.length > 0) {
      // most seconds make nothing, or one call handed to the speaker already (a fast byoyomi's
      // count): then no handle()
      const o = out[0];
      if (out.length > 1 || o.kind !== "call" || o.due !== undefined || !this.onSpeaker(o.t, o.say)) this.handle(out);
    }
    this.guard(now);
    this.draw(now, true);
  },

  guard(this: App, now: number): void {
    const g = this.clock.game;
    // once a second while a clock runs: one comparison, the interval looked up only when it may be due
    const due = now + 1000 - this.rec.durableAt;
    if (g.phase === "running" && due > this.checkpointMinMs && due > this.checkpointEvery(g, now)) this.rec.checkpoint(now);
    if (this.access.via || this.prompt || this.tidy || this.unprimed) this.guardAccess(now, g);
  },

  guardAccess(this: App, now: number, g: Game): void {
    if (this.access.via && now >= this.access.idleUntil) this.access.lock(now, "idle");
    if (this.tidy && g.phase === "setup" && !this.rec.waiting()) this.board.store.tidy();
    this.tidy = false;
    if (this.unprimed && g.phase === "setup") this.clock.prime();
    this.unprimed = false;
    const link = this.board.link;
    const line = this.prompt || (this.access.via === "link" ? "USB" : "");
    if (!link || !line || link.isOpen(line)) this.lineClosedAt = -1;
    else if (this.lineClosedAt < 0) this.lineClosedAt = now;
    else if (now - this.lineClosedAt >= LINE_GONE_MS) {
      this.lineClosedAt = -1;
      if (this.access.via === "link") this.access.lock(now, "link closed");
      if (this.prompt) this.shutPrompt(now, "line closed");
    }
  },

  schedule(this: App, now: number, woke?: boolean): void {
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    const clock = this.clock;
    const callAt = clock.nextWakeAt(); // NEVER (later than any idle wake) when stopped
    // no Math.min: the board finds a built-in only after searching the whole global scope
    let next = now + IDLE_MS;
    if (callAt < next) next = callAt;
    if (this.message && this.messageUntil < next) next = this.messageUntil;
    if (this.menuDownAt >= 0 && !this.longDone) {
      const long = this.menuDownAt + (this.menu ? MENU_LONG_MS : LONG_MS);
      if (long < next) next = long;
    }
    if (this.heldKey >= 0 && this.menu && this.repeatAt < next) next = this.repeatAt;
    if (this.access.via && this.access.idleUntil < next) next = this.access.idleUntil;
    if (this.tidy) next = now; // once the new game's records are written
    if (this.unprimed && now + PRIME_AFTER_MS < next) next = now + PRIME_AFTER_MS;
    const power = this.power;
    if (power.brightUntil > now) {
      const dimAt = power.dimAt(now); // bright for a while after a touch: its end is a wake
      if (dimAt >= 0 && dimAt < next) next = dimAt;
    }
    const lead = callAt - LEAD_MS;
    let waiting = this.rec.waiting();
    if (waiting && lead - now >= FLUSH_MS) {
      // after a press: in a wake of their own, the press's face shown first
      if (!woke) {
        return this.board.wakeAt(now, () => {
          if (!self.wrote()) self.schedule(self.board.now());
        });
      }
      // a wake of the loop (a checkpoint, once a period of a fast byoyomi): written now, its face
      // shown already, not in a wake of its own that works the next one out again
      if (this.wrote()) return;
      waiting = false;
    }
    if (callAt <= next && clock.wakeIsCall && callAt > this.aheadUntil && callAt > now) {
      // within the lead already (a press just before a call): prepare it at once
      this.aheadFor = callAt;
      return this.board.wakeAt(lead > now ? lead : now, this.aheadFn);
    }
    this.board.wakeAt(waiting || next < now ? now : next, this.wakeFn);
  },

  wrote(this: App): boolean {
    const was = this.rec.notSaved;
    this.flush();
    if (this.rec.notSaved === was) return false;
    this.refresh();
    return true;
  },
} satisfies Partial<App>);

/** Boots the clock on a board (hw/main.ts on the device, sim/ on the desktop). */
export function startApp(board: Board): App {
  const app = new App(board);
  board.setVolume(app.settings.volume);
  board.onButton((b, down, t) => app.button(b, down, t));
  app.refresh();
  return app;
}
