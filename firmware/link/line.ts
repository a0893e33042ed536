// What the board keeps of the link between its uses: the protocol's line cut into lines, and the
// console API's entry point (the global `clock`, a getter). Answering a request and every console
// method are the link's code (firmware/link.ts: on the board a Storage file), loaded when a request
// comes or a console method is called and let go once it has answered: a board keeps every function
// in RAM for as long as it exists, and this code runs only while someone uses the link. The read
// requests (hello, status, a page of records) load a smaller file of their own (reads.ts).
//
// A page of records (the tool reading a log) waits while a call's clip is in RAM or a call is due
// within the reply: the link's code and a page beside a clip would be the board's peak of RAM.

import { type App, LEAD_MS } from "../app";
import type { Link } from "../board";
import { loadLink } from "../link";
import { loadReads } from "./reads";
import type { ClockConsole } from "./console";

/** A longer request is not a frame: dropped unanswered (so is the rest of its line). */
export const MAX_LINE = 1024;
/** Requests kept while a page of records waits (a tool sends one at a time; more are dropped, and
 *  the tool asks again). */
const MAX_WAITING = 4;
/** How long a page of records may wait for the speaker (in the fastest byoyomi its clips hardly
 *  pause): then it is answered all the same, a call due within it handed over first (protocol.ts). */
export const WAIT_MS = 2000;
const RETRY_MS = 200;
/** A records reply's span on the board: the link's code loaded, a page read and sent. */
const REPLY_MS = 300;

/** Whether a page of records should wait: a clip's samples are in RAM (a call playing at a volume
 *  other than the clips' own), or a call's lead falls within the reply. Only on a board that says
 *  what its speaker holds (the device: Board.holdsClip); a desktop board never waits. */
function mustWait(app: App, now: number): boolean {
  const b = app.board;
  if (!b.holdsClip) return false;
  if (b.holdsClip()) return true;
  const k = app.clock;
  const at = k.nextWakeAt();
  return k.wakeIsCall && at > now && at - LEAD_MS < now + REPLY_MS;
}

/** Speaks the protocol on a link, and nothing else (firmware/link/protocol.ts): no byte that arrives
 *  is ever run as JavaScript (a Ctrl-C, which the Espruino tools send first, is no request and is
 *  ignored). The prompt opens only with the PIN (the repl request, or the menu's USB REPL), until
 *  the next game starts or the line closes. A line that does not start a request loads nothing.
 *  Requests are answered in their order: one behind a waiting page of records waits with it. */
export function startLink(app: App, link: Link): void {
  // the line cut into lines (a "\r" before the "\n" dropped), a line past MAX_LINE dropped whole:
  // state of this closure, not an object of a class (its constructor and method would be RAM for as
  // long as the board runs)
  let buf = "";
  let skipping = false;
  const crc = (s: string) => link.crc32(s);
  let waiting: string[] = [];
  let since = 0;
  /** Answers a line; false once the line is the prompt's (the repl request). */
  const answer = (line: string): boolean => {
    // hello, status, a page of records: the small file of the read requests (reads.ts), not the
    // whole link's code (a frame it does not take goes on to that)
    if (line.indexOf('"c":"records"') > 0 || line.indexOf('"c":"hello"') > 0 || line.indexOf('"c":"status"') > 0) {
      const reads = loadReads();
      if (typeof reads === "string") {
        app.fault(reads);
        return true;
      }
      const pieces = reads.answerRead(app, line, crc);
      if (pieces) {
        for (let i = 0; i < pieces.length; i++) link.write(pieces[i]);
        return true;
      }
    }
    const code = loadLink();
    if (typeof code === "string") {
      app.fault(code);
      return true;
    }
    const r = code.answerLine(app, null, line, crc); // the console made only for a request that needs it
    if (r === null) return true;
    for (let i = 0; i < r.reply.length; i++) link.write(r.reply[i]);
    // the reply has gone out on the protocol: from now on the line is the prompt's
    if (r.repl) app.openPrompt("", app.board.now());
    return !r.repl;
  };
  const retry = (): void => {
    const now = app.board.now();
    if (now - since < WAIT_MS && mustWait(app, now)) {
      setTimeout(retry, RETRY_MS); // a timer of the platform's own: no deadline of the game
      return;
    }
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i++) if (!answer(all[i])) return;
  };
  link.onData((chunk: string) => {
    let data = buf + chunk;
    buf = "";
    let nl = data.indexOf("\n");
    while (nl >= 0) {
      let line = data.slice(0, nl);
      data = data.slice(nl + 1);
      nl = data.indexOf("\n");
      if (skipping) {
        skipping = false;
        continue;
      }
      if (line.length > MAX_LINE || line.charAt(0) !== "#") continue;
      if (line.charAt(line.length - 1) === "\r") line = line.slice(0, -1);
      if (waiting.length === 0) {
        const now = app.board.now();
        if (line.indexOf('"records"') < 0 || !mustWait(app, now)) {
          answer(line);
          continue;
        }
        since = now;
        setTimeout(retry, RETRY_MS);
      }
      if (waiting.length < MAX_WAITING) waiting.push(line);
    }
    if (data.length > MAX_LINE) skipping = true;
    else if (!skipping) buf = data;
  });
}

/** Installs the console API (firmware/link/console.ts) as `on.clock`, a getter: each use of
 *  `clock` loads the link's code and hands a console made for that use, let go once it has
 *  answered. The board keeps this one function, not an entry point per method (52 jsvars less on
 *  Espruino 2v29); a method called without the link's file answers why. */
export function installConsole(app: App, on: object): void {
  Object.defineProperty(on, "clock", {
    get: function (): ClockConsole {
      const code = loadLink();
      if (typeof code !== "string") return code.makeConsole(app);
      // without the link's code, a console whose every method answers why (made here, not by a
      // function of its own: every function of the program is RAM for as long as the board runs)
      const text = "error: " + code;
      const f = function (): string {
        return text;
      };
      return {
        help: f, status: f as unknown as ClockConsole["status"], records: function (): string[] {
          return [text];
        },
        recordPage: f, control: f, handicap: f, unlock: f, lock: f, op: f, newGame: f,
      };
    },
    configurable: true,
  });
}
