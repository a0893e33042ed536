// collect: at the round's end, every clock's record over USB, one port after another, each into a
// folder named by the round and the clock's board number: its time log as text and as CSV, and its
// time record as SGF (the same files goclock log, log --csv and sgf write). A clock that cannot be
// read is said so and the others are still collected.

import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { connect } from "../client";
import { PORT_HELP, readStatus, usageError, wholeOption, type Command } from "../command";
import { EXIT, ToolError, type ExitCode } from "../errors";
import { gameLine, logCsv, logTable } from "../format";
import { timeRecord, timedMoves } from "../sgf";
import { GAME_HELP, GAME_OPTION, loggedGame, whichGame } from "./read";

/** The files of one clock, in its folder. */
export const FILES = { text: "log.txt", csv: "log.csv", sgf: "times.sgf" };

/** The ports, from --ports given once with commas or spaces, or several times. */
function portsOf(v: unknown): string[] {
  const all = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
  const ports = all.join(",").split(/[,\s]+/).filter((p) => p.length > 0);
  if (ports.length === 0) throw usageError("collect needs --ports PORT,PORT,… (goclock list shows the clocks connected)");
  return ports;
}

/** A round's name as it goes into a folder's: letters, digits, '-' and '_'. */
function roundOf(v: unknown): string {
  if (typeof v !== "string" || !/^[A-Za-z0-9_-]{1,20}$/.test(v)) throw usageError("--round names the round: 1 to 20 letters, digits, '-' or '_' (e.g. --round 3)");
  return v;
}

interface Collected {
  port: string;
  board: number | null;
  dir: string | null;
  entries: number;
  error: string | null;
}

export const collect: Command = {
  name: "collect",
  summary: "at the round's end: every clock's log (text, CSV) and SGF times, one USB port after another",
  usage: "--ports PORT,PORT,… --round R [--out DIR] [--game current|previous]",
  help:
    "  --ports P,P,…     the clocks' serial ports, read one after another (goclock list shows them)\n" +
    "  --round R         the round: each clock's files go into DIR/round-R-board-N/\n" +
    "  --out DIR         where the folders are made (default: the current directory)\n" +
    GAME_HELP + "\n" +
    PORT_HELP.split("\n").slice(1).join("\n") + "\n\n" +
    "Each folder holds " + FILES.text + " (goclock log), " + FILES.csv + " (log --csv) and " + FILES.sgf + " (goclock sgf). N is\n" +
    "the clock's board number (goclock set --board N); a clock without one goes to round-R-port-NAME/.\n" +
    "A clock that does not answer is reported and the next one is read; the exit status is then the\n" +
    "first such failure's.",
  options: Object.assign({ ports: { type: "string", multiple: true }, round: { type: "string" }, out: { type: "string" }, timeout: { type: "string" }, retries: { type: "string" } }, GAME_OPTION),
  run: async (ctx) => {
    const ports = portsOf(ctx.values.ports);
    const round = roundOf(ctx.values.round);
    const which = whichGame(ctx.values);
    const out = typeof ctx.values.out === "string" ? ctx.values.out : ".";
    const timeoutMs = wholeOption(ctx.values, "timeout", 50, 60000);
    const retries = wholeOption(ctx.values, "retries", 0, 10);
    const done: Collected[] = [];
    const used = new Set<string>();
    let exit: ExitCode = EXIT.ok;
    for (const port of ports) {
      const c: Collected = { port: port, board: null, dir: null, entries: 0, error: null };
      done.push(c);
      try {
        const client = await connect(port, { timeoutMs: timeoutMs, retries: retries });
        try {
          const st = await readStatus(client);
          c.board = typeof st.board === "number" && st.board > 0 ? st.board : null;
          const g = await loggedGame(client, which);
          let name = "round-" + round + (c.board !== null ? "-board-" + c.board : "-port-" + basename(port).replace(/[^A-Za-z0-9_-]/g, "_"));
          // two clocks under one board number: both kept, the second beside the first
          for (let i = 2; used.has(name); i++) name = name.replace(/~\d+$/, "") + "~" + i;
          used.add(name);
          const dir = join(out, name);
          mkdirSync(dir, { recursive: true });
          const controls = { black: g.game.black, white: g.game.white };
          writeFileSync(join(dir, FILES.text), gameLine(g.game, g.version) + "\n" + logTable(g.log, controls, g.start) + "\n");
          writeFileSync(join(dir, FILES.csv), logCsv(g.log, controls, g.start, g.game, g.version) + "\n");
          writeFileSync(join(dir, FILES.sgf), timeRecord(timedMoves(g.log, controls), g.game, g.version));
          c.dir = dir;
          c.entries = g.log.length;
          if (client.defaultPin) ctx.note("goclock collect: warning: the clock on " + port + " still has the factory PIN 0000");
        } finally {
          await client.close();
        }
        if (!ctx.json) ctx.note((c.board !== null ? "board " + c.board : "no board number") + " (" + port + "): " + c.entries + " log entries -> " + c.dir + "/");
      } catch (e) {
        if (!(e instanceof ToolError)) throw e;
        c.error = e.message;
        if (exit === EXIT.ok) exit = e.exit;
        ctx.note("goclock collect: " + port + ": " + e.message);
      }
    }
    const ok = done.filter((c) => c.error === null).length;
    ctx.print(ok + " of " + done.length + " clocks collected for round " + round, { round: round, clocks: done });
    return exit;
  },
};
