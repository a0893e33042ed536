// What the display shows: the face, drawn region by region (only the running side's countdown once
// a second), or the menu; the lamps; the hall's advertisement; the battery's and the store's
// warnings. Methods of App (app.ts), written onto its prototype as core/window.ts writes Clock's:
// each stays a method, with no global name (no RAM, no slower look-ups); the one Object.assign
// costs the boot about a millisecond.

import { drawFace, drawCountdown, countdownCell, drawStretch, drawTurn, drawTurnBars, faceView, resultText } from "../face";
import { isDefaultPin } from "../record/settings";
import { WARN_PERCENT, EMPTY_PERCENT } from "../power";
import { App } from "./app";

declare module "./app" {
  interface App {
    /** Draws what is shown now and asks the board to wake at the next change. */
    refresh(): void;
    /** refresh() as of now, the watchdog told already; `woke`: in a wake of the loop (schedule). */
    draw(now: number, woke?: boolean): void;
    /** A new battery reading: below WARN_PERCENT the warning is logged once a game (the face shows it
     *  while it lasts); at EMPTY_PERCENT a running game is paused and saved, and the app writes no
     *  more until the supply is back (USB, or a charged cell: the game then waits, paused). */
    batteryRead(percent: number, now: number): void;
    /** The most serious of what must stay on the face. */
    alertText(): string;
    /** In set-up: what to do next, and while the PIN is the factory 0000, that it is. */
    idleText(): string;
  }
}

Object.assign(App.prototype, {
  refresh(this: App): void {
    this.board.kick(); // every button and every wake: a busy menu must not look like a hang
    this.draw(this.board.now());
  },

  draw(this: App, now: number, woke?: boolean): void {
    if (now >= this.messageUntil) this.message = "";
    const g = this.board.gfx;
    let left = -1; // the running side's countdown, when only it changed
    if (this.menu && this.menus) {
      this.menuDrawn = this.menus.drawMenu(g, this.menu, this.settings, this.clock.game, this.menuDrawn); // the rows that changed
      this.drawn = null;
    } else {
      this.menuDrawn = null;
      this.menus = null; // the menu has closed: its code goes at the next GC (on the board)
      const battery = this.board.battery(now);
      if (battery !== this.battery) this.batteryRead(battery, now);
      const low = battery >= 0 && battery < WARN_PERCENT;
      const game = this.clock.game;
      // a game running with nothing to warn of (every second's case): no alert, no set-up text
      const message = this.message || (game.phase === "running" && !this.empty && !this.noVoice && !this.rec.notSaved ? "" : this.alertText() || this.idleText());
      // once a second nothing but the running side's time has changed: redraw that alone, cheaply
      const kept = this.drawn !== null && message === this.drawnMessage && low === this.drawnLow;
      const p = this.passed;
      this.passed = null;
      if (kept && p !== null && p.game === this.drawnGame && this.pressed && drawTurnBars(g, game, this.settings.whiteOnRight, this.drawn!, p.side)) {
        this.passed = p; // the pressing side's half in the wake that follows (below), by drawTurn
      } else if (kept && p !== null && p.game === this.drawnGame && drawTurn(g, this.clock, now, this.settings.whiteOnRight, this.drawn!, p.side)) {
        this.drawnGame = game;
        this.drawnUntil = 0; // the new turn's countdown cell is found by the next whole look
      } else if (kept && game === this.drawnGame && now < this.drawnUntil) {
        const cell = this.drawnCell;
        const ms = this.drawnUntil - (now > game.runSince ? now : game.runSince);
        drawCountdown(g, cell, ms, this.drawn!);
        if (cell >= 0) left = ms; // a clock runs
      } else {
        // the running side's stretch has ended (main time, a byoyomi period), nothing else changed:
        // its half alone
        const cell = kept && game === this.drawnGame && this.drawnCell >= 0 ? drawStretch(g, this.clock, now, this.settings.whiteOnRight, this.drawn!) : -2;
        if (cell >= 0) this.drawnCell = cell;
        else {
          const view = faceView(this.clock, now, { whiteIsRight: this.settings.whiteOnRight, batteryLow: low, message: message });
          this.drawn = drawFace(g, view, this.drawn); // only the regions that changed
          this.drawnGame = game;
          this.drawnMessage = message;
          this.drawnLow = low;
          this.drawnCell = countdownCell(view);
        }
        this.drawnUntil = this.clock.stretchEndAt(now);
      }
    }
    const err = this.board.show(now); // only the window drawn into (all of it once a lost display is back)
    // after the face: a press shows first; once a second both are one comparison (power.ts)
    const power = this.power;
    const game = this.clock.game;
    if (game !== power.game) power.showGame(game, this.settings.whiteOnRight);
    const dim = power.showLevel(now, this.message !== "");
    if (err || dim) this.fault("display: " + (err || dim));
    // the hall's advertisement: at home (tournament off) this is all it costs
    const hall = this.hall;
    if (hall.data) {
      if (left < 0 || hall.until !== this.drawnUntil || hall.set !== this.settings) hall.look(this, now, this.drawnUntil);
      else hall.tick(this, left);
    } else if (this.settings.tournament) hall.look(this, now, this.drawnUntil);
    if (this.pressed) {
      this.pressed = false;
      // a press: the bars and lamps show the other side running; the rest of its face and the next
      // wake (the new turn's calls placed, about half the press's work) follow in a wake of its own
      const self = this;
      if (this.passed) return this.board.wakeAt(now, () => self.refresh());
    }
    this.schedule(now, woke);
  },

  batteryRead(this: App, percent: number, now: number): void {
    this.battery = percent;
    this.hall.stale(); // the hall's advertisement is packed afresh with it
    if (percent < 0) return;
    const g = this.clock.game;
    if (percent < WARN_PERCENT && !this.warned && g.phase !== "setup") {
      this.warned = true;
      this.queue(g, now, "battery", null, "low " + percent + "%");
    }
    if (percent > EMPTY_PERCENT) {
      this.empty = false;
      return;
    }
    if (this.empty) return;
    if (g.phase === "running") this.apply({ op: "pause", battery: true }, now);
    this.queue(this.clock.game, now, "battery", null, "empty " + percent + "%, saved");
    this.flush();
    this.empty = true;
    this.menu = null;
  },

  alertText(this: App): string {
    if (this.empty) return "BATTERY EMPTY";
    if (this.rec.notSaved) return "! NOT SAVED";
    // the game is over: who lost and why (time, lateness 22.1–22.3, the arbiter's end), until a new game
    const r = resultText(this.clock.game);
    if (r) return r;
    return this.noVoice ? "! NO VOICE " + this.noVoice : "";
  },

  idleText(this: App): string {
    const g = this.clock.game;
    if (g.phase !== "setup") return "";
    const pin = isDefaultPin(this.settings);
    if (!this.armed) return pin ? "MENU: set up PIN 0000" : "MENU: set up";
    return (g.handicap >= 2 ? "B" : "W") + (pin ? " starts; PIN 0000" : " presses to start");
  },
} satisfies Partial<App>);
