// The commands that only read: status, log, sgf, watch.

import { readFileSync, writeFileSync } from "node:fs";
import type { Client } from "../client";
import { PORT_HELP, PORT_OPTIONS, readStatus, usageError, wholeOption, type Command } from "../command";
import { logCsv, logTable, startOf, statusText } from "../format";
import { mergeInto, timeRecord, timedMoves } from "../sgf";
import { asLogPage, type LogEntry } from "../wire";
import { EXIT, ToolError } from "../errors";

const PAGE = 10; // entries per reply (the protocol's most: a reply stays small on the device)

/** The whole time log, page by page: a page may be short (the clock reads a few records per
 *  reply); the total comes with the page that reaches the end. */
export async function readLog(client: Client): Promise<LogEntry[]> {
  const all: LogEntry[] = [];
  let total = -1;
  while (total < 0 || all.length < total) {
    const page = asLogPage(await client.request("log", { from: all.length, n: PAGE }));
    total = page.total;
    if (page.entries.length === 0) break;
    for (const e of page.entries) all.push(e);
  }
  return all;
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
  summary: "the game's time log (22.9): every event, its time from the start, both sides' time used and left",
  usage: "--port PATH [--csv | --json]",
  help: PORT_HELP + "\n  --csv             comma-separated values, one row per event (times in ms)",
  port: true,
  options: Object.assign({ csv: { type: "boolean" } }, PORT_OPTIONS),
  run: async (ctx) => {
    if (ctx.values.csv && ctx.json) throw usageError("--csv or --json, not both");
    const client = await ctx.open();
    const st = await readStatus(client);
    const entries = await readLog(client);
    const controls = { black: st.black.control, white: st.white.control };
    const start = startOf(st, entries);
    if (ctx.values.csv) ctx.print(logCsv(entries, controls, start), null);
    else ctx.print(logTable(entries, controls, start), { startedAt: start, entries: entries });
    return 0;
  },
};

export const sgf: Command = {
  name: "sgf",
  summary: "the time record as SGF (TM, OT; BL/WL and OB/OW after each move), or merged into a game record",
  usage: "--port PATH [--into GAME.sgf] [--out FILE]",
  help:
    PORT_HELP.split("\n").slice(0, 3).join("\n") +
    "\n  --into GAME.sgf   put the times onto this game record's moves, by move number (its points,\n" +
    "                    comments and variations stay); without it the moves have no points\n" +
    "  --out FILE        write the SGF there instead of to standard output",
  port: true,
  options: Object.assign({ into: { type: "string" }, out: { type: "string" } }, PORT_OPTIONS),
  run: async (ctx) => {
    let game: string | null = null;
    if (typeof ctx.values.into === "string") {
      try {
        game = readFileSync(ctx.values.into, "utf8");
      } catch (e) {
        throw usageError("cannot read " + ctx.values.into + ": " + (e as Error).message);
      }
    }
    const client = await ctx.open();
    const st = await readStatus(client);
    const controls = { black: st.black.control, white: st.white.control };
    const moves = timedMoves(await readLog(client), controls);
    let text: string;
    if (game !== null) {
      const m = mergeInto(game, moves, controls);
      for (const n of m.notes) ctx.note(n);
      ctx.note(m.timed + " moves of " + ctx.values.into + " got their times");
      text = m.text;
    } else {
      text = timeRecord(moves, { controls: controls, handicap: st.handicap ?? 0, version: client.hello ? client.hello.version : "" });
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
        if (ctx.json) process.stdout.write(JSON.stringify({ t: Date.now(), status: st }) + "\n");
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
