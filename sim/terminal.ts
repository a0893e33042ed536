// The interactive clock in the terminal (`npm run sim`): a Session turns key presses into clock
// operations at the instant each key arrived; runTerminal wires it to stdin (raw mode) and stdout.

import {
  Clock, type Op, type Output, newGame, defaultCallOptions, parseControl, isParseError,
} from "../firmware/core/index";
import { parseScript, parseOpWords, parseSetupWords } from "./script";
import { Realtime, type TimeSource, systemTime } from "./realtime";
import { type KeyMap, view, sideLine, sideOfKey, clockText } from "./terminal-view";

const RECENT = 8;
/** A desktop timer may wake a little late; a call printed up to 0.1 s late still counts as on time. */
const GRACE_MS = 100;
const REDRAW_MS = 1000;
const SETUP_WORDS = ["control", "handicap", "latelimit", "calls"];
/** x sits next to z, Black's button: quitting takes a second x within this long. */
const QUIT_CONFIRM_MS = 2000;
const QUIT_PROMPT = ["x again within 2 s quits (any other key goes on)"];

const HELP = [
  "keys: the button keys end a move; before the start, the button of the",
  "  side that does not move first starts the clock. space pauses; :resume",
  "  goes on (the arbiter's), q query (16.2), ? help, x twice in 2 s quits.",
  ":command, Enter runs it, Esc cancels (the button keys wait meanwhile):",
  "  start  pause  resume  end  pass (22.5)  query [SIDE]  press SIDE",
  "  correct SIDE main|periods|block|movesleft|moves VALUE  (correct black main 5m)",
  "  rescale TOTAL (rescale 1h30m)   absent SIDE   arrive SIDE",
  "before the start: control [SIDE] SPEC (2h+5x60s, 90m, 1h+15/10m, 10m+F5s)",
  "  handicap N   latelimit 60m|15m|off   calls key=value...   swap (buttons)",
];

/** Set-up words (`control black 1h+5x60s`, `handicap 2`, …) as operations, by the script's parser. */
export function parseSetupLine(words: string[], base = defaultCallOptions()): Op[] | string {
  const op = parseSetupWords(words, base);
  return typeof op === "string" ? op : [op];
}

export class Session {
  readonly rt: Realtime;
  keys: KeyMap = { left: "z", right: "m", whiteOnRight: true };
  recent: Output[] = [];
  message: string[] = [];
  input: string | null = null;
  done = false;
  /** When x was pressed for the first time, waiting for the second; null if not. */
  private quitAskedAt: number | null = null;
  private cancelQuitTimer: () => void = () => {};
  /** The terminal's height in lines. */
  height = 40;
  /** Called with the lines to show after anything changes. */
  draw: (lines: string[]) => void = () => {};
  /** Called once, with the final times, when the user quits. */
  onQuit: (summary: string[]) => void = () => {};

  constructor(clock: Clock, time: TimeSource) {
    this.rt = new Realtime(clock, time, REDRAW_MS);
    this.rt.onChange = (outs) => {
      this.note(outs);
      this.redraw();
    };
  }

  get clock(): Clock {
    return this.rt.clock;
  }

  start(): void {
    this.rt.start();
  }

  screen(): string[] {
    return view({ clock: this.clock, now: this.rt.time.now(), recent: this.recent, keys: this.keys, message: this.message, input: this.input, maxLines: this.height });
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
    }
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
  }

  private apply(op: Op, t: number): boolean {
    this.message = [];
    return !this.rt.apply(op, t).some((o) => o.kind === "refused");
  }

  private key(k: string, t: number): void {
    const asked = this.quitAskedAt;
    this.dropQuit();
    const side = sideOfKey(this.keys, k.toLowerCase());
    if (side) this.apply({ op: "press", side: side }, t);
    else if (k === " ") this.pause(t);
    else if (k === "q") this.apply({ op: "query", side: null }, t);
    else if (k === ":") this.input = "";
    else if (k === "?") this.message = this.message === HELP ? [] : HELP;
    else if (k === "x" && asked !== null && t - asked <= QUIT_CONFIRM_MS) this.quit();
    else if (k === "x") this.askQuit(t);
    else if (k === "\x03" || k === "\x04") this.quit();
    else if (k >= " ") this.message = ["'" + k + "' does nothing here: ? for help"];
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
    else if (k === "\x7f" || k === "\b") this.input = (this.input || "").slice(0, -1);
    else if (k === "\r" || k === "\n") {
      const line = this.input || "";
      this.input = null;
      this.command(line, t);
    } else if (k >= " ") this.input += k;
  }

  /** A command line: the script's `at` operations without `at T`, set-up words, or swap. */
  command(line: string, t: number): void {
    const w = line.trim().split(/\s+/).filter((x) => x.length > 0);
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
    const ops = SETUP_WORDS.indexOf(w[0]) >= 0 ? parseSetupLine(w, this.clock.options) : parseOpWords(w);
    if (typeof ops === "string") {
      this.message = ["error: " + ops + "   (? for help)"];
      return;
    }
    for (const op of ops instanceof Array ? ops : [ops]) if (!this.apply(op, t)) return;
    this.message = ["ok: " + w.join(" ")];
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
  const clock = new Clock(newGame(c, c), defaultCallOptions(), GRACE_MS, 10000);
  for (const op of s.setup) {
    const r = clock.apply(op, 0).find((o) => o.kind === "refused");
    if (r && r.kind === "refused") return r.reason;
  }
  return clock;
}

// The alternate screen, no cursor, and no wrapping: a line wider than the terminal is clipped.
const ALT_SCREEN_ON = "\x1b[?1049h\x1b[?25l\x1b[?7l";
const ALT_SCREEN_OFF = "\x1b[?7h\x1b[?25h\x1b[?1049l";

/** `npm run sim`: runs until the user quits; returns the exit code for a bad start at once. */
export function runTerminal(flags: TerminalFlags): number {
  const clock = newClock(flags);
  if (typeof clock === "string") {
    process.stderr.write(clock + "\n");
    return 2;
  }
  const s = new Session(clock, systemTime());
  const stdin = process.stdin;
  const out = process.stdout;
  // Home, each line cleared to its end, then everything below: no flicker from a full clear.
  s.height = out.rows || 24;
  s.draw = (lines) => out.write("\x1b[H" + lines.map((l) => l + "\x1b[K").join("\n") + "\x1b[J");
  const onData = (d: Buffer | string) => s.feed(d.toString());
  const onResize = () => {
    s.height = out.rows || 24;
    s.redraw();
  };
  const onEnd = () => s.quit();
  s.onQuit = (lines) => {
    stdin.removeListener("data", onData);
    stdin.removeListener("end", onEnd);
    out.removeListener("resize", onResize);
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
    out.write(ALT_SCREEN_OFF + lines.join("\n") + "\n");
  };
  if (stdin.isTTY) stdin.setRawMode(true);
  out.write(ALT_SCREEN_ON);
  stdin.on("data", onData);
  stdin.on("end", onEnd);
  out.on("resize", onResize);
  s.start();
  return 0;
}
