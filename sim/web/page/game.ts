// What an app kept open for hours needs around the clock: a new game without the arbiter's menu (for
// the home player; through the PIN when the tournament lock is on), the game's records to download,
// the result in words, the screen kept on while a game runs, full screen, and a warning before the
// tab is closed mid-game (a closed tab is a power cut: the game comes back paused).

import type { App } from "../../../firmware/app";
import { makeConsole, type ClockConsole } from "../../../firmware/link/console";
import { result } from "../../../firmware/core/index";
import { askForm } from "./notes";
import { gameFiles, fileStem, save } from "./files";

/** The tournament lock of the arbiter's settings (issue 17's `tournament`): off when absent. */
export function tournamentLock(app: App): boolean {
  return (app.settings as unknown as { tournament?: unknown }).tournament === true;
}

/** A game is on: its time would stop with the tab. */
function midGame(app: App): boolean {
  const p = app.clock.game.phase;
  return p === "running" || p === "paused";
}

/** "Black lost on time" from the core's "black lost on time". */
function sentence(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The result in words, from the core, once the game is over on the clock; "" before. */
export function resultText(app: App): string {
  const g = app.clock.game;
  const r = result(g);
  if (g.phase === "flagged") return "Flag: " + (r ? sentence(r) : "a side is out of time");
  if (g.phase === "ended") return "Game over" + (r ? ": " + sentence(r) : " (ended by the arbiter)");
  return "";
}

/**
 * Erases the stored game and sets up the next with the same settings, ready for the first press
 * (White's, or Black's with a handicap). With the tournament lock on only through the arbiter's PIN,
 * as the console's newGame; off, at once. Null when done, else why not (nothing changed).
 */
export function newGame(app: App, con: ClockConsole, pin: string | null): string | null {
  if (tournamentLock(app)) {
    if (pin === null) return "the tournament lock is on: the arbiter's PIN";
    const u = con.unlock(pin);
    if (u.indexOf("ok") !== 0) return u.replace(/^error: /, "");
    const r = con.newGame();
    if (r.indexOf("ok") !== 0) {
      con.lock();
      return r.replace(/^error: /, "");
    }
  } else app.newGame();
  app.armed = true;
  app.refresh();
  return null;
}

/** The screen kept on while the clock runs (the Screen Wake Lock API; a hidden page loses the lock,
 *  which is asked again when it is shown). */
class ScreenLock {
  private want = false;
  private held: WakeLockSentinel | null = null;
  private asking = false;
  onChange: () => void = () => {};

  constructor() {
    const self = this;
    document.addEventListener("visibilitychange", () => self.sync());
  }

  get on(): boolean {
    return this.held !== null;
  }

  set(want: boolean): void {
    if (want === this.want) return;
    this.want = want;
    this.sync();
  }

  private sync(): void {
    const self = this;
    const api = navigator.wakeLock;
    if (!api) return;
    if (this.want && !this.held && !this.asking && document.visibilityState === "visible") {
      this.asking = true;
      api.request("screen").then((s) => {
        self.asking = false;
        self.held = s;
        s.addEventListener("release", () => {
          if (self.held === s) self.held = null;
          self.onChange();
        });
        if (!self.want) self.sync();
        self.onChange();
      }, () => {
        self.asking = false; // refused (no permission, a battery saver): the clock works on
        self.onChange();
      });
    } else if (!this.want && this.held) {
      const s = this.held;
      this.held = null;
      s.release().catch(() => undefined);
      this.onChange();
    }
  }
}

export class GameTools {
  private live: App;
  private con: ClockConsole;
  private shown: () => App;
  private el: Record<string, HTMLElement>;
  private lock = new ScreenLock();
  private asking = false;
  private shownKey = "";

  constructor(live: App, con: ClockConsole, shown: () => App, error: (text: string) => void) {
    this.live = live;
    this.con = con;
    this.shown = shown;
    const el: Record<string, HTMLElement> = {};
    for (const id of ["newgame", "newgame-ask", "dl-text", "dl-csv", "dl-sgf", "fullscreen", "wake", "result"]) el[id] = document.getElementById(id) as HTMLElement;
    this.el = el;
    const self = this;
    this.lock.onChange = () => self.update();
    el["newgame"].addEventListener("click", () => self.askNewGame());
    const files = (pick: (f: ReturnType<typeof gameFiles>) => string, ext: string, type: string) => () => {
      try {
        const app = self.shown(); // the live clock's game, or the rehearsal's on the display
        save(fileStem(new Date()) + ext, pick(gameFiles(app, app === self.live ? self.con : makeConsole(app))), type);
      } catch (e) {
        error("the log could not be read: " + (e as Error).message);
      }
    };
    el["dl-text"].addEventListener("click", files((f) => f.text, "-log.txt", "text/plain;charset=utf-8"));
    el["dl-csv"].addEventListener("click", files((f) => f.csv, "-log.csv", "text/csv;charset=utf-8"));
    el["dl-sgf"].addEventListener("click", files((f) => f.sgf, ".sgf", "application/x-go-sgf;charset=utf-8"));
    el["fullscreen"].hidden = !document.fullscreenEnabled;
    el["fullscreen"].addEventListener("click", () => {
      const p = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
      p.catch((e: Error) => error("full screen refused: " + e.message));
    });
    document.addEventListener("fullscreenchange", () => self.update());
    window.addEventListener("beforeunload", (e) => {
      if (!midGame(self.live)) return;
      e.preventDefault(); // the browser asks before the tab goes: the game would stop (and come back paused)
      e.returnValue = "";
    });
  }

  /** "New game": asks first (the game's records are erased), with the PIN when the lock is on. */
  private askNewGame(): void {
    const box = this.el["newgame-ask"];
    const self = this;
    box.textContent = "";
    const q = document.createElement("span");
    q.textContent = "Erase this game and set up the next, the same way? Download its log first if it may be needed. ";
    box.appendChild(q);
    box.appendChild(askForm({
      yes: "Yes, new game",
      no: "Keep this game",
      needsPin: () => tournamentLock(self.live),
      act: (pin) => newGame(self.live, self.con, pin),
    }, () => {
      self.asking = false;
      self.update();
    }));
    this.asking = true;
    this.update();
  }

  /** After every frame: the result, the controls' state, the screen lock. */
  update(): void {
    const el = this.el;
    const live = this.live;
    const setup = live.clock.game.phase === "setup";
    if (setup && this.asking) this.asking = false; // a new game came from elsewhere (the menu, the console)
    this.lock.set(live.clock.game.phase === "running" && this.shown() === live);
    const r = resultText(this.shown());
    // once a second: the DOM is touched only where something changed
    const key = [this.asking, setup, r, this.lock.on, !!document.fullscreenElement].join("|");
    if (key === this.shownKey) return;
    this.shownKey = key;
    el["newgame"].hidden = this.asking;
    el["newgame-ask"].hidden = !this.asking;
    (el["newgame"] as HTMLButtonElement).disabled = setup;
    el["result"].textContent = r;
    el["result"].hidden = r === "";
    el["wake"].textContent = this.lock.on ? "screen kept on while the clock runs" : "";
    el["fullscreen"].textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  }
}
