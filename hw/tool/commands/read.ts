// The commands that only read: status, log, sgf, watch.

import { readFileSync, writeFileSync } from "node:fs";
import { ClockRefusal, type Client } from "../client";
import { crc32 } from "../frame";
import { logItem, receivedLog, receiveRecordsAsync } from "../../../firmware/record/readlog";
import { DEFAULT_PIN_WARNING, PORT_HELP, PORT_OPTIONS, readStatus, usageError, wholeOption, type Command, type Options, type Values } from "../command";
import { gameLine, logCsv, logTable, startOf, statusText } from "../format";
import { checkRecord, mergeInto, timeRecord, timedMoves } from "../sgf";
import { asLogPage, asRecordPage, gameOfStatus, type GameInfo, type LogEntry, type Status } from "../wire";
import { EXIT, ToolError } from "../errors";

const PAGE = 10; // entries per reply of an older firmware's log (its most: a reply stays small on the device)

/** Which game: 0 the one on the clock, 1 the previous one it still keeps. */
export type Which = 0 | 1;

export interface GameLog {
  entries: LogEntry[];
  /** As the log's replies state it; null from a firmware that does not. */
  game: GameInfo | null;
}

/** A game's whole time log. The clock sends its records as they lie on flash, a page a reply (the
 *  `records` request: a read and a CRC on the board), and the log is made from them here, as the
 *  clock made it before (firmware/record/readlog.ts). An older firmware, which has no `records`,
 *  sends its log itself, a few entries a reply. */
export async function readGameLog(client: Client, which: Which = 0): Promise<GameLog> {
  let got;
  try {
    got = await receiveRecordsAsync(async (from) => asRecordPage(await client.request("records", which ? { from: from, game: which } : { from: from })), crc32);
  } catch (e) {
    if (e instanceof ClockRefusal && /^unknown command 'records'/.test(e.message)) return readLogPages(client, which);
    throw e;
  }
  const log = receivedLog(got, which);
  if (which && !log.game) throw new ClockRefusal("no previous game on the clock", "refused");
  const start = log.startT >= 0 ? log.startT : 0; // the times count from the game's start
  return { entries: log.entries.map((e) => logItem(e, start)), game: log.game };
}

/** An older firmware's log, page by page: a page may be short (the clock reads a few records per
 *  reply); the total comes with the page that reaches the end. */
async function readLogPages(client: Client, which: Which): Promise<GameLog> {
  const all: LogEntry[] = [];
  let game: GameInfo | null = null;
  let total = -1;
  while (total < 0 || all.length < total) {
    const args: Record<string, unknown> = { from: all.length, n: PAGE };
    if (which) args.game = which;
    const page = asLogPage(await client.request("log", args));
    total = page.total;
    game = game ?? page.game;
    if (page.entries.length === 0) break;
    for (const e of page.entries) all.push(e);
  }
  // an older firmware ignores "game" and answers with the game on the clock: never take that for
  // the previous one
  if (which && !game) throw new ToolError("this clock's firmware keeps no previous game (its log does not say which game it is): update the firmware", EXIT.refused);
  return { entries: all, game: game };
}

export async function readLog(client: Client): Promise<LogEntry[]> {
  return (await readGameLog(client)).entries;
}

export const GAME_OPTION: Options = { game: { type: "string" } };
export const GAME_HELP = "  --game current|previous   the game on the clock (default), or the previous one it still keeps";

export function whichGame(v: Values): Which {
  const g = v.game;
  if (g === undefined || g === "current") return 0;
  if (g === "previous") return 1;
  throw usageError("--game is current or previous, not '" + String(g) + "'");
}

/** The log of the game asked for, with the game it is: the log's own statement, else (an older
 *  firmware, the game on the clock) the status's; and the instant its times count from. */
export async function loggedGame(client: Client, which: Which): Promise<{ log: LogEntry[]; game: GameInfo; start: number; version: string }> {
  const st: Status = await readStatus(client);
  const read = await readGameLog(client, which);
  const game = read.game ?? gameOfStatus(st);
  const version = st.version ?? (client.hello ? client.hello.version : "");
  return { log: read.entries, game: game, start: startOf(which ? null : st, read.entries), version: version };
}

export const status: Command = {
  name: "status",
  summary: "both sides' times, whose turn, periods, moves, flags, lateness, battery, faults, firmware",
  usage: "--port PATH [--json]",
  help: PORT_HELP,
  port: true,
  options: PORT_OPTIONS,
  run: async (ctx) => {
    const client = await ctx.open();
    const st = await readStatus(client);
    const version = client.hello ? client.hello.version : "";
    ctx.print(statusText(st, version, ctx.port), { port: ctx.port, version: st.version ?? version, status: st });
    return 0;
  },
};

export const log: Command = {
  name: "log",
  summary: "a game's time log (22.9): the game, then every event with both sides' time used and left",
  usage: "--port PATH [--game current|previous] [--csv | --json]",
  help:
    PORT_HELP + "\n  --csv             comma-separated values, one row per event (times in ms)\n" + GAME_HELP + "\n\n" +
    "Each form states the game at its top: both sides' controls, handicap, White's button, lateness limit\n" +
    "and the firmware's fingerprint (a line of text; # lines before the CSV's header; \"game\" in JSON).",
  port: true,
  options: Object.assign({ csv: { type: "boolean" } }, GAME_OPTION, PORT_OPTIONS),
  run: async (ctx) => {
    if (ctx.values.csv && ctx.json) throw usageError("--csv or --json, not both");
    const which = whichGame(ctx.values);
    const g = await loggedGame(await ctx.open(), which);
    const controls = { black: g.game.black, white: g.game.white };
    if (ctx.values.csv) ctx.print(logCsv(g.log, controls, g.start, g.game, g.version), null);
    else ctx.print(gameLine(g.game, g.version) + "\n" + logTable(g.log, controls, g.start), { game: g.game, startedAt: g.start, entries: g.log });
    return 0;
  },
};

export const sgf: Command = {
  name: "sgf",
  summary: "the time record as SGF (TM, OT, GC; BL/WL and OB/OW after each move), or merged into a game record",
  usage: "--port PATH [--game current|previous] [--into GAME.sgf] [--out FILE]",
  help:
    PORT_HELP.split("\n").slice(0, 3).join("\n") +
    "\n  --into GAME.sgf   put the times onto this game record's moves, by move number (its points,\n" +
    "                    comments and variations stay); without it the moves have no points. A record\n" +
    "                    that is not whole (cut short, a tree never closed) is refused, not repaired\n" +
    "  --out FILE        write the SGF there instead of to standard output\n" +
    GAME_HELP + "\n\n" +
    "TM is the main time in seconds; OT the overtime as KGS writes it and OGS reads it: 5x30 byo-yomi,\n" +
    "15/300 Canadian (also for 12.5 blocks, whose unused time carries over: GC says so), 30 fischer;\n" +
    "none for absolute time (TM alone says it) and Bronstein delay (no reader has a form for it).\n" +
    "In a time-odds game TM and OT are Black's control (a reader takes one of each), GC names both\n" +
    "sides' controls, and BL/WL after each move are each side's own. GC also states the handicap,\n" +
    "White's button, the lateness limit and the firmware's fingerprint.",
  port: true,
  options: Object.assign({ into: { type: "string" }, out: { type: "string" } }, GAME_OPTION, PORT_OPTIONS),
  run: async (ctx) => {
    const which = whichGame(ctx.values);
    let record: string | null = null;
    if (typeof ctx.values.into === "string") {
      try {
        record = readFileSync(ctx.values.into, "utf8");
      } catch (e) {
        throw usageError("cannot read " + ctx.values.into + ": " + (e as Error).message);
      }
      // before the clock is asked anything
      try {
        checkRecord(record);
      } catch (e) {
        if (e instanceof ToolError) throw usageError(ctx.values.into + ": " + e.message);
        throw e;
      }
    }
    const g = await loggedGame(await ctx.open(), which);
    const moves = timedMoves(g.log, { black: g.game.black, white: g.game.white });
    let text: string;
    if (record !== null) {
      const m = mergeInto(record, moves, g.game, g.version);
      for (const n of m.notes) ctx.note(n);
      ctx.note(m.timed + " moves of " + ctx.values.into + " got their times");
      text = m.text;
    } else {
      text = timeRecord(moves, g.game, g.version);
    }
    if (typeof ctx.values.out === "string") {
      try {
        writeFileSync(ctx.values.out, text);
      } catch (e) {
        throw new ToolError("cannot write " + ctx.values.out + ": " + (e as Error).message, EXIT.usage);
      }
      ctx.note("written to " + ctx.values.out);
    } else process.stdout.write(text);
    return 0;
  },
};

export const watch: Command = {
  name: "watch",
  summary: "the status, live, until Ctrl-C",
  usage: "--port PATH [--every MS] [--json]",
  help: PORT_HELP + "\n  --every MS        how often to read (default 2000; at least 100): each read costs the clock's own\n                    CPU while its game runs, so read no oftener than you need\n                    with --json: one status per line",
  port: true,
  options: Object.assign({ every: { type: "string" } }, PORT_OPTIONS),
  run: async (ctx) => {
    // a status costs the board a share of a second's CPU (npm run bench: clock.status()); the
    // seconds shown are the clock's own at each read
    const every = wholeOption(ctx.values, "every", 100, 3600000) ?? 2000;
    const client = await ctx.open();
    const version = client.hello ? client.hello.version : "";
    let stop = false;
    const quit = () => {
      stop = true;
    };
    process.once("SIGINT", quit);
    process.once("SIGTERM", quit);
    const tty = process.stdout.isTTY === true && !ctx.json;
    let last = "";
    try {
      while (!stop) {
        const st = await readStatus(client);
        if (ctx.json) process.stdout.write(JSON.stringify(Object.assign({ t: Date.now(), status: st }, st.defaultPin ? { warnings: [DEFAULT_PIN_WARNING] } : {})) + "\n");
        else {
          const text = statusText(st, version, ctx.port);
          // on a terminal: redrawn in place; into a file or pipe: only when something changed
          if (tty) process.stdout.write("\x1b[H\x1b[2J" + text + "\n\n(Ctrl-C to stop)\n");
          else if (text !== last) process.stdout.write(text + "\n\n");
          last = text;
        }
        const until = Date.now() + every;
        while (!stop && Date.now() < until) await new Promise((r) => setTimeout(r, Math.min(50, until - Date.now())));
      }
    } finally {
      process.removeListener("SIGINT", quit);
      process.removeListener("SIGTERM", quit);
    }
    return 0;
  },
};
