// The console API: a global object `clock` for the desktop tool and anyone at the Espruino REPL.
// Every method checks its arguments and answers with a string (or, for status and a page of records,
// an object); a bad call answers "error: …" and changes nothing. During a game only status(), the
// records and the time query work until the arbiter unlocks with the PIN. The time log is not made
// here: the desktop tool derives it from the records (firmware/record/readlog.ts), so the board keeps
// none of that code.

import type { App } from "../app";
import type { Side } from "../core/index";
import type { Settings } from "../record/settings";
import { parseOpWords } from "./commands";
import { formatControl, parseControl, isParseError } from "./shared";
import { clockStatus, recordPage } from "./status";

export { PAGE_CHARS, recordPage } from "./status";

/** What clock.status() answers (the desktop tool and the tests read it). Spelt out rather than
 *  picked from Reading: the build keeps a name the world reads only when a public type declares it
 *  (build.ts, PUBLIC_TYPES). */
export interface SideStatus {
  control: string;
  mainMs: number;
  periodsLeft: number;
  periodMs: number;
  blockMs: number;
  movesLeft: number;
  moves: number;
  out: boolean;
  /** Thinking time used so far (22.9). */
  usedMs: number;
}

/** Lateness (22.1–22.4) of one side. */
export interface LateStatus {
  /** Marked absent at the start and not arrived yet. */
  absent: boolean;
  /** Since the game started, while absent (0 once arrived or never absent). */
  lateMs: number;
}

/** The settings it shows are named as in Settings (the game's own handicap and lateness limit below). */
export interface ClockStatus extends Pick<Settings, "whiteOnRight" | "lang" | "tradition" | "volume" | "board"> {
  phase: string;
  toMove: Side;
  armed: boolean;
  unlocked: boolean;
  /** A game is on and the arbiter has not unlocked: arbiter operations are refused. */
  locked: boolean;
  black: SideStatus;
  white: SideStatus;
  /** The side whose flag fell, or null. */
  flagged: Side | null;
  handicap: number;
  /** 0: no lateness limit. */
  lateLimitMs: number;
  late: { black: LateStatus; white: LateStatus };
  /** Who has lost by lateness (22.1–22.3): "", "B", "W" or "B+W". */
  forfeit: string;
  /** 0 … 100, -1 when unknown. */
  battery: number;
  /** Below the warning level (firmware/power.ts): the face shows the battery, the log has it. */
  batteryLow: boolean;
  /** Who lost and how, once the game is over on the clock ("white lost by lateness (22.1)"); "" before. */
  result: string;
  /** The game's start on the board's clock (-1 in set-up): the log's times count from it. */
  startedAt: number;
  faults: string[];
  version: string;
  /** The program's fingerprint (a hash of the files flashed: goclock verify compares it with a build). */
  firmware: string;
  /** The arbiter's PIN is still the factory 0000. */
  defaultPin: boolean;
  /** The tournament set-up lock is on: set-up needs the PIN. */
  tournament: boolean;
  /** A JavaScript prompt was opened (with the PIN) since boot: the program in RAM may have been
   *  changed there, whatever the fingerprint of the flashed files says. */
  promptOpened: boolean;
}

/** A page of a game's records as the board stores them (recordPage(), the link's `records`): the
 *  slots from `from` on, as many as a reply carries, for a reader elsewhere to check and read
 *  (firmware/record/readlog.ts), with what the log made from them needs to know of the board. */
export interface RecordPage {
  from: number;
  /** The game's slots so far. */
  count: number;
  /** The width of a slot, and the slots back to back (fewer than asked where a file of them ends). */
  slot: number;
  text: string;
  /** The records' instants are the board's ms plus this (they run on across a power cut). */
  shift: number;
  /** How far, on the board's clock, the running game has made its calls (those after the newest
   *  record are in the log too). */
  until: number;
  /** The counting tradition the calls are made in, and the voice pack, whose lengths place them
   *  (firmware/voice.ts: the calls made again from the records fall where the board made them). */
  tradition: string;
  lang: string;
}

export interface ClockConsole {
  help(): string;
  status(): ClockStatus;
  records(): string[];
  recordPage(from?: unknown, game?: unknown): RecordPage | string;
  control(spec: unknown, side?: unknown): string;
  handicap(n: unknown): string;
  unlock(pin: unknown): string;
  lock(): string;
  op(words: unknown): string;
  newGame(): string;
}

export function makeConsole(app: App): ClockConsole {
  const locked = (): string | null =>
    app.clock.game.phase !== "setup" && !app.unlocked ? "error: a game is on: clock.unlock(PIN) first" : null;
  /** Set-up from a link: with the tournament lock on, only once unlocked. */
  const setupLocked = (): string | null =>
    app.settings.tournament && !app.unlocked ? "error: set-up is locked (tournament): clock.unlock(PIN) first" : null;
  const now = () => app.board.now();
  const done = (r: string): string => {
    app.refresh();
    return r;
  };
  return {
    help: () =>
      "clock.status() clock.records() clock.recordPage(from[, game]) clock.control(spec[, 'black'|'white']) clock.handicap(n) " +
      "clock.unlock(pin) clock.lock() clock.op('pause'|'resume'|'end'|'correct black main 5m'|'rescale 1h30m'|'split 2h'|'absent white'|'arrive white'|'pass') clock.newGame()",
    status: () => clockStatus(app),
    // Every event and state the game went through, from flash.
    records: () => {
      app.flush();
      const out: string[] = [];
      const store = app.board.store;
      for (let i = 0; i < store.count(); i++) {
        const r = store.record(i);
        if (r !== "") out.push(r || "damaged record skipped"); // "": the rest of a long record
      }
      return out;
    },
    recordPage: (from?: unknown, game?: unknown) => recordPage(app, from, game),
    control: (spec: unknown, side?: unknown) => {
      if (app.clock.game.phase !== "setup") return "error: the time control is set before the game starts";
      if (typeof spec !== "string") return "error: control takes a notation such as '2h+5x60s'";
      if (side !== undefined && side !== "black" && side !== "white") return "error: the side is 'black' or 'white'";
      const l = setupLocked();
      if (l) return l;
      const c = parseControl(spec);
      if (isParseError(c)) return "error: '" + spec + "': " + c.error + " at character " + (c.at + 1);
      const s = Object.assign({}, app.settings);
      if (side !== "white") s.black = formatControl(c);
      if (side !== "black") s.white = formatControl(c);
      app.changeSettings(s, "link");
      return done("ok: black " + s.black + ", white " + s.white);
    },
    handicap: (n: unknown) => {
      if (app.clock.game.phase !== "setup") return "error: the handicap is set before the game starts";
      if (typeof n !== "number" || n !== Math.floor(n) || n < 0 || n > 9 || n === 1) return "error: a handicap is 0 (even) or 2 to 9 stones";
      const l = setupLocked();
      if (l) return l;
      const s = Object.assign({}, app.settings);
      s.handicap = n;
      app.changeSettings(s, "link");
      return done("ok: handicap " + n);
    },
    unlock: (pin: unknown) => {
      if (typeof pin !== "string") return "error: the PIN is a string of 4 or 6 digits, e.g. clock.unlock(\"1234\")";
      const t = now();
      const why = app.checkPin(pin, t, "link");
      if (why) return "error: " + why;
      app.access.unlock(t, "link");
      return "ok: unlocked";
    },
    lock: () => {
      app.access.lock(now(), "arbiter");
      return "ok: locked";
    },
    op: (words: unknown) => {
      if (typeof words !== "string") return "error: op takes words such as 'pause' or 'correct black main 5m'";
      const op = parseOpWords(words.trim().split(/\s+/));
      if (typeof op === "string") return "error: " + op;
      // of what the words can say, only a press is not the arbiter's
      if (op.op === "press") return "error: " + op.op + " is a player's button, not a console operation";
      const l = op.op === "query" ? null : locked();
      if (l) return l;
      const refused = app.apply(op, now());
      return done(refused ? "refused: " + refused : "ok: " + words.trim());
    },
    newGame: () => {
      // after a game too: a new game erases the last one's records, which a dispute may still need
      const l = locked();
      if (l) return l;
      app.newGame("link");
      return done("ok: new game in set-up");
    },
  };
}
