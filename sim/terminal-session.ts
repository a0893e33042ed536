// The terminal clock's logic (`npm run sim -- --terminal`): a Session turns key presses into clock
// operations at the instant each key arrived and keeps what the screen shows; sim/terminal.ts wires
// it to a real terminal.

import {
  Clock, type Op, type Output, type Side, newGame, defaultCallOptions, parseControl, isParseError,
} from "../firmware/core/index";
import { voiceOptions } from "./run";
import { parseScript, parseOpWords, parseSetupWords } from "./script";
import { Realtime, type TimeSource } from "./realtime";
import { type KeyMap, view, sideLine, sideOfKey, clockText, HELP, NEED_COLUMNS, NEED_ROWS } from "./terminal-view";

/** The call list keeps this many: more than any screen shows. */
const RECENT = 500;
/** A desktop timer may wake a little late; a call printed up to 0.1 s late still counts as on time. */
const GRACE_MS = 100;
const REDRAW_MS = 1000;
const LOG_ENTRIES = 10000;
const SETUP_WORDS = ["control", "handicap", "latelimit", "calls"];
/** x sits next to z, Black's button: quitting takes a second x within this long. */
const QUIT_CONFIRM_MS = 2000;
const QUIT_PROMPT = ["x again within 2 s quits (any other key goes on)"];

/** Set-up words (`control black 1h+5x60s`, `handicap 2`, …) as operations, by the script's parser. */
export function parseSetupLine(words: string[], base = defaultCallOptions()): Op[] | string {
  const op = parseSetupWords(words, base);
  return typeof op === "string" ? op : [op];
}

/** Caps Lock on: command words and side names in lower case; a control keeps its case (C, F, D). */
function commandWords(line: string): string[] {
  const w = line.trim().split(/\s+/).filter((x) => x.length > 0);
  const keep = w.length > 1 && w[0].toLowerCase() === "control" ? w.length - 1 : w.length;
  return w.map((x, i) => (i < keep ? x.toLowerCase() : x));
}

export class Session {
  rt: Realtime;
  keys: KeyMap = { left: "z", right: "m", whiteOnRight: true };
  recent: Output[] = [];
  message: string[] = [];
  input: string | null = null;
  done = false;
  /** This game's latest flag and its sides past the lateness limit, for the banner. */
  flag: { side: Side; t: number } | null = null;
  forfeits: { side: Side; t: number }[] = [];
  /** When x was pressed for the first time, waiting for the second; null if not. */
  private quitAskedAt: number | null = null;
  private cancelQuitTimer: () => void = () => {};
  /** The terminal's size. */
  rows = NEED_ROWS;
  cols = NEED_COLUMNS;
  /** Called with the lines to show after anything changes. */
  draw: (lines: string[]) => void = () => {};
  /** Called once, with the final times, when the user quits. */
  onQuit: (summary: string[]) => void = () => {};

  constructor(clock: Clock, time: TimeSource) {
    this.rt = this.driver(clock, time);
  }

  private driver(clock: Clock, time: TimeSource): Realtime {
    const rt = new Realtime(clock, time, REDRAW_MS);
    rt.onChange = (outs) => {
      this.note(outs);
      this.redraw();
    };
    return rt;
  }

  get clock(): Clock {
    return this.rt.clock;
  }

  start(): void {
    this.rt.start();
  }

  screen(): string[] {
    return view({
      clock: this.clock, now: this.rt.time.now(), recent: this.recent, keys: this.keys, message: this.message, input: this.input,
      flag: this.flag, forfeits: this.forfeits, rows: this.rows, cols: this.cols,
    });
  }

  redraw(): void {
    if (!this.done) this.draw(this.screen());
  }

  /** Bytes from the keyboard, arrived now. Escape sequences (arrows, function keys) are ignored. */
  feed(chunk: string): void {
    const t = this.rt.time.now();
    const keys = chunk.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1bO./g, "");
    for (const k of keys) {
      if (this.done) return;
      if (this.input === null) this.key(k, t);
      else this.edit(k, t);
    }
    this.redraw();
  }

  private note(outs: Output[]): void {
    for (const o of outs) {
      if (o.kind === "refused") this.message = ["refused " + o.op + ": " + o.reason];
      else this.recent.push(o);
      if (o.kind === "flag") this.flag = { side: o.side, t: o.t };
      if (o.kind === "notice" && !this.forfeits.some((f) => f.side === o.side)) this.forfeits.push({ side: o.side, t: o.t });
    }
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
  }

  private apply(op: Op, t: number): boolean {
    this.message = [];
    return !this.rt.apply(op, t).some((o) => o.kind === "refused");
  }

  /** One key outside the command line. Letters count in either case: Caps Lock must not make
   *  the buttons, the query or quitting dead. */
  private key(k: string, t: number): void {
    const asked = this.quitAskedAt;
    this.dropQuit();
    const lk = k.toLowerCase();
    const side = sideOfKey(this.keys, lk);
    if (side) this.apply({ op: "press", side: side }, t);
    else if (k === " ") this.pause(t);
    else if (lk === "q") this.apply({ op: "query", side: null }, t);
    else if (lk === "b") this.menu(t);
    else if (k === ":") this.input = "";
    else if (k === "?") this.message = this.message === HELP ? [] : HELP;
    else if (lk === "x" && asked !== null && t - asked <= QUIT_CONFIRM_MS) this.quit();
    else if (lk === "x") this.askQuit(t);
    else if (k === "\x03" || k === "\x04") this.quit();
    else if (k >= " ") this.message = ["'" + k + "' does nothing here: ? for help"];
  }

  /** MENU, as a tap on the device: in a game the side to move asks for its time (16.2); in set-up and
   *  after the game the device opens its menus, whose operations are the commands here. */
  private menu(t: number): void {
    const phase = this.clock.game.phase;
    if (phase === "running" || phase === "paused") this.apply({ op: "query", side: null }, t);
    else if (phase === "setup") this.message = ["MENU: set the game up with commands, :control SPEC, :handicap N (? for help)"];
    else this.message = ["MENU: the game is over: :new sets up the next one; :pass, :correct … (? for help)"];
  }

  /** Space only pauses: resuming is the arbiter's (on the device it takes the PIN), so it goes
   *  through the command line. */
  private pause(t: number): void {
    if (this.clock.game.phase === "paused") this.message = ["paused: :resume to go on"];
    else this.apply({ op: "pause" }, t);
  }

  /** The question goes away when its time is up, so that it never promises what x won't do. */
  private askQuit(t: number): void {
    this.quitAskedAt = t;
    this.message = QUIT_PROMPT;
    this.cancelQuitTimer = this.rt.time.schedule(() => {
      this.dropQuit();
      this.redraw();
    }, QUIT_CONFIRM_MS + 1);
  }

  private dropQuit(): void {
    this.cancelQuitTimer();
    this.quitAskedAt = null;
    if (this.message === QUIT_PROMPT) this.message = [];
  }

  private edit(k: string, t: number): void {
    if (k === "\x03") this.quit();
    else if (k === "\x1b") this.input = null;
    else if (k === "\x7f" || k === "\b") this.input = [...(this.input || "")].slice(0, -1).join("");
    else if (k === "\r" || k === "\n") {
      const line = this.input || "";
      this.input = null;
      this.command(line, t);
    } else if (k >= " ") this.input += k;
  }

  /** A command line: the script's `at` operations without `at T`, set-up words, swap, or new. */
  command(line: string, t: number): void {
    const w = commandWords(line);
    if (w.length === 0) return;
    if (w[0] === "help") {
      this.message = HELP;
      return;
    }
    if (w[0] === "swap" && w.length === 1) {
      if (this.clock.game.phase !== "setup") this.message = ["refused swap: the buttons are set before the game starts"];
      else {
        this.keys = { left: this.keys.left, right: this.keys.right, whiteOnRight: !this.keys.whiteOnRight };
        this.message = ["ok: White's button is now [" + (this.keys.whiteOnRight ? this.keys.right : this.keys.left) + "]"];
      }
      return;
    }
    if (w[0] === "new" && w.length === 1) return this.newGame(t);
    const ops = SETUP_WORDS.indexOf(w[0]) >= 0 ? parseSetupLine(w, this.clock.options) : parseOpWords(w);
    if (typeof ops === "string") {
      this.message = ["error: " + ops + "   (? for help)"];
      return;
    }
    for (const op of ops instanceof Array ? ops : [ops]) if (!this.apply(op, t)) return;
    this.message = ["ok: " + w.join(" ")];
  }

  /** `:new`: once a game is over (ended or flagged), the same set-up again, waiting for the start.
   *  A game still on is never thrown away: its times matter. */
  private newGame(t: number): void {
    const old = this.clock;
    const g = old.game;
    if (g.phase === "setup") {
      this.message = ["refused new: this game has not started yet"];
      return;
    }
    if (g.phase === "running" || g.phase === "paused") {
      this.message = ["refused new: the game is still on (:end ends it, then :new)"];
      return;
    }
    const fresh = new Clock(newGame(g.blackControl, g.whiteControl), old.options, GRACE_MS, LOG_ENTRIES);
    fresh.apply({ op: "handicap", stones: g.handicap }, t);
    fresh.apply({ op: "latelimit", ms: g.lateLimitMs }, t);
    const last = summary(old, t);
    this.rt.stop();
    this.rt = this.driver(fresh, this.rt.time);
    this.recent = [];
    this.flag = null;
    this.forfeits = [];
    this.message = ["new game, same set-up. The last one ended:", "  " + last[1], "  " + last[2]];
    this.rt.start();
  }

  /** Stops the clock's timer and hands over the final times. */
  quit(): void {
    if (this.done) return;
    const now = this.rt.time.now();
    this.cancelQuitTimer();
    this.rt.stop();
    this.note(this.clock.advance(now));
    this.done = true;
    this.onQuit(summary(this.clock, now));
  }
}

export function summary(clock: Clock, now: number): string[] {
  return ["Go clock quit after " + clockText(now) + ", game " + clock.game.phase, sideLine(clock, "black", now), sideLine(clock, "white", now)];
}

export interface TerminalFlags {
  control?: string;
  handicap?: string;
}

/** A clock in set-up with the flags applied, or the reason the flags are wrong. */
export function newClock(flags: TerminalFlags): Clock | string {
  const spec = flags.control === undefined ? "2h+5x60s" : flags.control;
  const lines = ["control " + spec];
  if (flags.handicap !== undefined) lines.push("handicap " + flags.handicap);
  const s = parseScript(lines.join("\n"));
  if (Array.isArray(s)) return (s[0].line === 1 ? "--control: " : "--handicap: ") + s[0].error;
  const c = parseControl("2h+5x60s");
  if (isParseError(c)) return c.error;
  // the calls as the device's default voice says them: its lengths decide where each is said
  const clock = new Clock(newGame(c, c), voiceOptions("zh"), GRACE_MS, LOG_ENTRIES);
  for (const op of s.setup) {
    const r = clock.apply(op, 0).find((o) => o.kind === "refused");
    if (r && r.kind === "refused") return r.reason;
  }
  return clock;
}
