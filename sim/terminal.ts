// `npm run sim -- --terminal`: the terminal clock on a real terminal (raw keys, the alternate
// screen) or, when the output is not a terminal (`| less`, `> file`), plain screens without escape
// codes. However it ends (x x, the input's end, a signal, a closed pipe) the terminal is given back
// as it was.

import { Session, newClock, type TerminalFlags } from "./terminal-session";
import { sizeProblem, NEED_COLUMNS, NEED_ROWS } from "./terminal-view";
import { screenText } from "./term-text";
import { type TimeSource, systemTime } from "./realtime";

export { Session, newClock, summary, parseSetupLine, type TerminalFlags } from "./terminal-session";

/** What the terminal clock needs of its process: node's streams and signals, or a test's fakes. */
export interface TerminalIO {
  stdin: {
    isTTY?: boolean;
    setRawMode?(raw: boolean): unknown;
    on(event: "data" | "end", fn: (d?: Buffer | string) => void): unknown;
    removeAllListeners(event: "data" | "end"): unknown;
    pause(): unknown;
  };
  stdout: {
    isTTY?: boolean;
    rows?: number;
    columns?: number;
    write(text: string): unknown;
    on(event: "resize" | "error", fn: (e?: Error) => void): unknown;
    removeAllListeners(event: "resize"): unknown;
  };
  stderr: { write(text: string): unknown };
  time: TimeSource;
  /** Calls fn on SIGTERM, SIGINT (not in raw mode) and SIGHUP with the signal's exit code. */
  onSignal(fn: (code: number) => void): void;
  exit(code: number): void;
}

export function processIO(): TerminalIO {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    time: systemTime(),
    onSignal: (fn) => {
      process.on("SIGTERM", () => fn(128 + 15));
      process.on("SIGINT", () => fn(128 + 2));
      process.on("SIGHUP", () => fn(128 + 1));
    },
    exit: (code) => process.exit(code),
  };
}

// The alternate screen, no cursor, and no wrapping: a line wider than the terminal is clipped.
export const SCREEN_ON = "\x1b[?1049h\x1b[?25l\x1b[?7l";
export const SCREEN_OFF = "\x1b[?7h\x1b[?25h\x1b[?1049l";

/** Starts the clock; returns the exit code for a bad start (the clock does not start), else 0,
 *  and the clock runs until the user quits. */
export function runTerminal(flags: TerminalFlags, io: TerminalIO = processIO()): number {
  const clock = newClock(flags);
  if (typeof clock === "string") {
    io.stderr.write(clock + "\n");
    return 2;
  }
  const { stdin, stdout: out } = io;
  const tty = out.isTTY === true;
  const size = () => (tty ? sizeProblem(out.columns || 0, out.rows || 0) : null);
  const small = size();
  if (small) {
    io.stderr.write(small + "\n");
    return 2;
  }
  const s = new Session(clock, io.time);
  const fit = () => {
    s.rows = tty ? out.rows || NEED_ROWS : NEED_ROWS;
    s.cols = tty ? out.columns || NEED_COLUMNS : NEED_COLUMNS;
  };
  fit();
  // On a terminal: home, each line cleared to its end, then everything below (no flicker from a
  // full clear). Elsewhere: each screen as plain lines, a blank line between screens.
  s.draw = (lines) => {
    const bad = size();
    if (tty) out.write("\x1b[H" + screenText(bad ? [bad] : lines, s.cols) + "\x1b[J");
    else out.write(lines.join("\n") + "\n\n");
  };
  let closed = false;
  /** Gives the terminal back; `farewell` is written only if the output is still there. */
  const close = (farewell: string[] | null): void => {
    if (closed) return;
    closed = true;
    stdin.removeAllListeners("data");
    stdin.removeAllListeners("end");
    out.removeAllListeners("resize");
    if (stdin.isTTY && stdin.setRawMode) stdin.setRawMode(false);
    stdin.pause();
    if (farewell) out.write((tty ? SCREEN_OFF : "") + farewell.map((l) => l + "\n").join(""));
  };
  s.onQuit = (lines) => close(lines);
  // A closed pipe (`| head`) or a terminal gone: nowhere to write, nothing to say; end quietly.
  out.on("error", () => {
    close(null);
    io.exit(0);
  });
  io.onSignal((code) => {
    s.quit();
    close(null);
    io.exit(code);
  });
  if (stdin.isTTY && stdin.setRawMode) stdin.setRawMode(true);
  if (tty) out.write(SCREEN_ON);
  stdin.on("data", (d) => s.feed(String(d)));
  stdin.on("end", () => s.quit());
  out.on("resize", () => {
    fit();
    s.redraw();
  });
  s.start();
  return 0;
}
