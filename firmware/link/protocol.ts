// The clock's side of the desktop tool's link: one framed request per line, one framed reply, and
// nothing else (hw/README.md documents it). During a game no line of it gives a JavaScript prompt;
// arbiter operations need the PIN. Everything it does goes through the console API (console.ts).
//
//   request  #<seq> <json>*<crc>\n     {"c": "status"}, {"c": "op", "words": "pause"}, …
//   reply    =<seq> <json>*<crc>\n     {"ok": …} or {"err": "…"}
//   <seq> 1 to 6 digits, <crc> CRC-32 of <json> as 8 lowercase hex digits.
//
// On the board every operation counts (about 4,800 loop passes a second): lines are cut with
// indexOf, checked with the board's native CRC and JSON, and replies are made by JSON.stringify
// (frame.ts). This is the link's code (firmware/link.ts): on the board a Storage file loaded when a
// line speaks; what the board keeps between requests, the line's cutter, is line.ts. The requests
// that only read (hello, status, a page of records: status.ts) have a small file of their own too
// (reads.ts), which the board loads for them instead of this one.

import type { App } from "../app";
import { type Settings, MAX_LATE_MS, MAX_BOARD } from "../record/settings"; // the numbers written into the code (build/consts.ts)
import { type ClockConsole, makeConsole } from "./console";
import { oneOf } from "./commands";
import { formatControl, isParseError, parseControl, isPin, withPin, TRADITIONS } from "./shared";
import { PACKS } from "../packs"; // a copy in the link's file (build/cold.ts)
import { parseFrame, replyPieces, answer } from "./frame";
import { recordsReply, helloReply } from "./status";

export { parseFrame, replyPieces } from "./frame";
export { PROTOCOL } from "./status";
import { isWhole, hasId } from "../record/valid"; // the link's file holds its own copy (build/cold.ts)

// The names below are what the tool reads and sends: the build keeps them (build.ts, PUBLIC_TYPES)
// and fails if one is shortened.

/** A request as the tool sends it: c names the command; the other fields are its arguments. */
export interface Request {
  c: unknown;
  words?: unknown;
  pin?: unknown;
  from?: unknown;
  n?: unknown;
  control?: unknown;
  black?: unknown;
  white?: unknown;
  handicap?: unknown;
  whiteOnRight?: unknown;
  lang?: unknown;
  tradition?: unknown;
  volume?: unknown;
  lateLimitMs?: unknown;
  tournament?: unknown;
  board?: unknown;
  game?: unknown;
}

/** A reply: ok with the result, or err with why nothing was done. */
export interface Reply {
  ok?: unknown;
  err?: string;
}

export interface Hello {
  clock: string;
  version: string;
  proto: number;
  /** The program's fingerprint, as status gives it. */
  firmware: string;
  /** The arbiter's PIN is still the factory 0000: the tool says so at every command. */
  defaultPin: boolean;
}

/** What `set` answers: the settings after it, all but the PIN's hash. */
export type PublicSettings = Omit<Settings, "pinHash">;

// The time log as an older firmware sent it (a `log` request, a page of entries), and as the tool
// derives it now from the records (firmware/record/readlog.ts): the tool's entries have this shape.

/** One side in a log entry; leftMs is the countdown shown (main, period or block time left). */
export interface LogSide {
  mainMs: number;
  periodsLeft: number;
  periodMs: number;
  movesLeft: number;
  moves: number;
  usedMs: number;
  leftMs: number;
}

export interface LogItem {
  t: number;
  what: string;
  side?: string;
  info?: string;
  /** The console's line for it. */
  text: string;
  black: LogSide;
  white: LogSide;
}

export interface LogPage {
  /** All the log's entries; -1 while the page has not reached its end (page on). */
  total: number;
  from: number;
  entries: LogItem[];
  /** The game the log is of (both controls, handicap, White's side, lateness limit, firmware). */
  game: LogGameInfo | null;
}

/** What a log states of its game (firmware/record/flashlog.ts LogGame). */
export interface LogGameInfo {
  black: string;
  white: string;
  handicap: number;
  whiteOnRight: boolean;
  lateLimitMs: number;
  firmware: string;
}

/** The repl request's answer, after which the line is the JavaScript prompt's. */
const REPL_OK = "ok: prompt on this line until the next game starts";

/** The reply frame for a body, with its newline. */
export function replyFrame(seq: string, body: Reply, crc32: (s: string) => number): string {
  return replyPieces(seq, body, crc32).join("");
}

/** The settings as the tool sees them: everything but the PIN's hash. */
export function publicSettings(s: Settings): PublicSettings {
  return { black: s.black, white: s.white, handicap: s.handicap, whiteOnRight: s.whiteOnRight, lang: s.lang, tradition: s.tradition, volume: s.volume, lateLimitMs: s.lateLimitMs, tournament: s.tournament, board: s.board };
}

const SET_FIELDS = "control black white handicap whiteOnRight lang tradition volume lateLimitMs tournament board pin";
/** What may still change once a game has started (with the PIN): not what the game was set up with
 *  (a board number given wrongly can be put right in the game). */
const IN_GAME = "lang tradition volume board pin";

function controlField(name: string, v: unknown): string | { text: string } {
  if (typeof v !== "string") return name + " takes a notation such as '2h+5x60s'";
  const c = parseControl(v);
  return isParseError(c) ? name + " '" + v + "': " + c.error + " at character " + (c.at + 1) : { text: formatControl(c) };
}

/** All of a `set` request, or nothing: the new settings, or why not (every field is checked first). */
export function settingsAfter(app: App, r: Request): Settings | string {
  const s = Object.assign({}, app.settings);
  const inGame = app.clock.game.phase !== "setup";
  let any = false;
  for (const k in r) {
    if (k === "c") continue;
    if (!oneOf(SET_FIELDS, k)) return "unknown field '" + k + "'";
    if (inGame && !oneOf(IN_GAME, k)) return k + " is set before the game starts (new game first)";
    any = true;
  }
  if (!any) return "nothing to set";
  if (!app.unlocked) {
    if (inGame) return "a game is on: unlock with the PIN first";
    if (r.pin !== undefined) return "a new PIN needs the current one: unlock first";
    // the tournament lock: set-up only with the PIN (switching it on needs none: it locks)
    if (app.settings.tournament) return "set-up is locked (tournament): unlock with the PIN first";
  }
  const both = r.control !== undefined ? controlField("control", r.control) : null;
  if (typeof both === "string") return both;
  if (both) s.black = s.white = both.text;
  const b = r.black !== undefined ? controlField("black", r.black) : null;
  if (typeof b === "string") return b;
  if (b) s.black = b.text;
  const w = r.white !== undefined ? controlField("white", r.white) : null;
  if (typeof w === "string") return w;
  if (w) s.white = w.text;
  const h = r.handicap;
  if (h !== undefined && (!isWhole(h, 0, 9) || h === 1)) return "handicap is 0 (even) or 2 to 9 stones";
  if (h !== undefined) s.handicap = h as number;
  if (r.whiteOnRight !== undefined && typeof r.whiteOnRight !== "boolean") return "whiteOnRight is true or false";
  if (r.whiteOnRight !== undefined) s.whiteOnRight = r.whiteOnRight as boolean;
  if (r.lang !== undefined && !hasId(PACKS, r.lang)) return "lang '" + r.lang + "' is not a voice pack of this clock";
  if (r.lang !== undefined) s.lang = r.lang as string;
  if (r.tradition !== undefined && !hasId(TRADITIONS, r.tradition)) return "tradition '" + r.tradition + "' is not known";
  if (r.tradition !== undefined) s.tradition = r.tradition as string;
  if (r.volume !== undefined && !isWhole(r.volume, 0, 10)) return "volume is a whole number 0 to 10";
  if (r.volume !== undefined) s.volume = r.volume as number;
  if (r.lateLimitMs !== undefined && !isWhole(r.lateLimitMs, 0, MAX_LATE_MS)) return "lateLimitMs is whole milliseconds, 0 (none) to 100 h";
  if (r.lateLimitMs !== undefined) s.lateLimitMs = r.lateLimitMs as number;
  if (r.tournament !== undefined && typeof r.tournament !== "boolean") return "tournament is true or false";
  if (r.tournament !== undefined) s.tournament = r.tournament as boolean;
  if (r.board !== undefined && !isWhole(r.board, 0, MAX_BOARD)) return "board is a whole number 1 to " + MAX_BOARD + " (0: none)";
  if (r.board !== undefined) s.board = r.board as number;
  if (r.pin !== undefined && !isPin(r.pin)) return "the PIN is 4 or 6 digits";
  return r.pin !== undefined ? withPin(s, r.pin as string) : s;
}

/** Whether no game is in progress (set-up, or a game that is over): the only time a prompt opens. */
export function betweenGames(app: App): boolean {
  const p = app.clock.game.phase;
  return p === "setup" || p === "ended";
}

/** The reply body of one request (a JSON text whose frame was good). */
/** `con`: the console to answer through, or null to make one only for a request that needs it (a page
 *  of records does not: the console's dozen closures are not made for each page of a log). */
export function answerRequest(app: App, con: ClockConsole | null, json: string): Reply {
  let r: unknown;
  try {
    r = JSON.parse(json);
  } catch (e) {
    return { err: "bad request: not JSON" };
  }
  if (typeof r !== "object" || r === null || Array.isArray(r)) return { err: "bad request: not an object" };
  const q = r as Request;
  if (q.c === "records") return recordsReply(app, q.from, q.game);
  if (!con) con = makeConsole(app);
  switch (q.c) {
    case "hello":
      return helloReply(app);
    case "repl": {
      // the JavaScript prompt on this line, for the arbiter: with the PIN, until the next game starts
      // or the line closes (the reply goes out first: after it, the line is the prompt's)
      if (typeof q.pin !== "string") return { err: "repl takes the PIN" };
      // not during a game: a prompt left open there would be a player's for the rest of it
      if (!betweenGames(app)) return { err: "a game is on: the prompt opens between games (end it first)" };
      const t = app.board.now();
      const why = app.checkPin(q.pin, t, "link");
      if (why) return { err: why };
      return { ok: REPL_OK };
    }
    case "status":
      return { ok: con.status() };
    case "op":
      return answer(con.op(q.words));
    case "unlock":
      return answer(con.unlock(q.pin));
    case "lock":
      return answer(con.lock());
    case "newgame":
      return answer(con.newGame());
    case "set": {
      const s = settingsAfter(app, q);
      if (typeof s === "string") return { err: s };
      app.changeSettings(s, "link");
      app.refresh();
      return { ok: publicSettings(s) };
    }
    default:
      return { err: typeof q.c === "string" ? "unknown command '" + q.c + "'" : "bad request: no command c" };
  }
}

/** The reply to a line, framed (replyPieces), and whether the line is the JavaScript prompt's from
 *  then on (the repl request: after its reply); null when the line is no request (an echo, a prompt,
 *  noise, a half line). No line is ever run as JavaScript. */
export function answerLine(app: App, con: ClockConsole | null, line: string, crc32: (s: string) => number): { reply: string[]; repl: boolean } | null {
  const f = parseFrame(line, crc32);
  if (f === null) return null;
  const body: Reply = "bad" in f ? { err: "bad frame" } : answerRequest(app, con, f.json);
  return { reply: replyPieces(f.seq, body, crc32), repl: body.ok === REPL_OK };
}
