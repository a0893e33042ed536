// What the board keeps of the link between its uses: the protocol's line cut into lines, and the
// console API's entry point (the global `clock`, a getter). Answering a request and every console method are
// the link's code (firmware/link.ts: on the board a Storage file), loaded when a request comes or a
// console method is called, kept while they follow each other (a tool's command is a few requests
// back to back: each load costs the board about 50 ms), and let go LINGER_MS after the last: a
// board keeps every function in RAM for as long as it exists, and this code runs only while
// someone uses the link.

import type { App } from "../app";
import type { Link } from "../board";
import { type LinkCode, loadLink } from "../link";
import type { ClockConsole } from "./console";

/** A longer request is not a frame: dropped unanswered (so is the rest of its line). */
export const MAX_LINE = 1024;
/** The link's code is let go this long after its last use. */
export const LINGER_MS = 1000;

let held: LinkCode | null = null;
// a timer of the platform's own (not the app's wake: this is no deadline of the game); on the
// desktop only the headless simulator's line uses it, in real time
let letGo: ReturnType<typeof setTimeout> | null = null;

/** The link's code, loaded if it is not held (or why it cannot be had); held LINGER_MS more. */
function linkCode(): LinkCode | string {
  const code = held || loadLink();
  if (typeof code === "string") return code;
  held = code;
  if (letGo !== null) clearTimeout(letGo);
  letGo = setTimeout(release, LINGER_MS);
  return code;
}

function release(): void {
  held = null;
  letGo = null;
}

/** Cuts a byte stream into lines (a "\r" before the "\n" dropped); a line past MAX_LINE is dropped. */
export class Lines {
  private buf = "";
  private skipping = false;

  feed(chunk: string, each: (line: string) => void): void {
    let data = this.buf + chunk;
    this.buf = "";
    let nl = data.indexOf("\n");
    while (nl >= 0) {
      const line = data.slice(0, nl);
      data = data.slice(nl + 1);
      if (this.skipping) this.skipping = false;
      else if (line.length <= MAX_LINE) each(line.charAt(line.length - 1) === "\r" ? line.slice(0, -1) : line);
      nl = data.indexOf("\n");
    }
    if (data.length > MAX_LINE) this.skipping = true;
    else if (!this.skipping) this.buf = data;
  }
}

/** Speaks the protocol on a link, and nothing else (firmware/link/protocol.ts): no byte that arrives
 *  is ever run as JavaScript (a Ctrl-C, which the Espruino tools send first, is no request and is
 *  ignored). The prompt opens only with the PIN (the repl request, or the menu's USB REPL), until
 *  the next game starts or the line closes. A line that does not start a request loads nothing. */
export function startLink(app: App, link: Link): void {
  const lines = new Lines();
  const crc = (s: string) => link.crc32(s);
  link.onData((chunk: string) => {
    lines.feed(chunk, (line: string) => {
      if (line.charAt(0) !== "#") return;
      const code = linkCode();
      if (typeof code === "string") return app.fault(code);
      const r = code.answerLine(app, code.makeConsole(app), line, crc);
      if (r === null) return;
      for (let i = 0; i < r.reply.length; i++) link.write(r.reply[i]);
      // the reply has gone out on the protocol: from now on the line is the prompt's
      if (r.repl) app.openPrompt("", app.board.now());
    });
  });
}

/** Installs the console API (firmware/link/console.ts) as `on.clock`, a getter: each use of
 *  `clock` loads the link's code (held LINGER_MS more) and hands a console made for that use. The
 *  board keeps this one function, not an entry point per method (about 70 jsvars); a method called
 *  without the link's file answers why. */
export function installConsole(app: App, on: object): void {
  Object.defineProperty(on, "clock", {
    get: function (): ClockConsole {
      const code = linkCode();
      return typeof code === "string" ? failing("error: " + code) : code.makeConsole(app);
    },
    configurable: true,
  });
}

/** A console whose every method answers `text` (made only when the link's code cannot be had). */
function failing(text: string): ClockConsole {
  const f = function (): string {
    return text;
  };
  return {
    help: f, status: f as unknown as ClockConsole["status"], records: function (): string[] {
      return [text];
    },
    recordPage: f, control: f, handicap: f, unlock: f, lock: f, op: f, newGame: f,
  };
}
