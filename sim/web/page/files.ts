// The game's records as files, from the page: the time log as text and as CSV, and the time record
// as SGF, exactly as the arbiter's tool makes them from a clock (`goclock log`, `goclock log --csv`,
// `goclock sgf`). The page reads the log as the tool does, from the link protocol's records pages
// (firmware/link/protocol.ts, firmware/record/readlog.ts), and writes it with the tool's own
// formatters (hw/tool/format.ts, hw/tool/sgf.ts): one formatter for every place a log is printed.

import type { App } from "../../../firmware/app";
import type { ClockConsole } from "../../../firmware/link/console";
import { answerRequest } from "../../../firmware/link/protocol";
import { logItem, receivedLog, receiveRecords } from "../../../firmware/record/readlog";
import { crc32 } from "../../../firmware/record/slots";
import { VERSION } from "../../../firmware/version";
import { gameLine, logCsv, logTable, startOf } from "../../../hw/tool/format";
import { timeRecord, timedMoves } from "../../../hw/tool/sgf";
import { asRecordPage, asStatus, gameOfStatus, type GameInfo, type LogEntry } from "../../../hw/tool/wire";

export interface GameFiles {
  text: string;
  csv: string;
  sgf: string;
}

function request(app: App, con: ClockConsole, body: object): unknown {
  const r = answerRequest(app, con, JSON.stringify(body));
  if (r.err !== undefined) throw new Error(r.err);
  return JSON.parse(JSON.stringify(r.ok)); // what the tool receives: the reply as JSON
}

/** The whole time log as the tool's readGameLog reads it (hw/tool/commands/read.ts): the game's
 *  records, a page a request, the log made from them here; and the game the log states. */
function readLog(app: App, con: ClockConsole): { entries: LogEntry[]; game: GameInfo | null } {
  const got = receiveRecords((from) => asRecordPage(request(app, con, { c: "records", from: from })), crc32);
  const log = receivedLog(got, 0);
  const start = log.startT >= 0 ? log.startT : 0; // the times count from the game's start
  return { entries: log.entries.map((e) => logItem(e, start)), game: log.game };
}

export function gameFiles(app: App, con: ClockConsole): GameFiles {
  const st = asStatus(request(app, con, { c: "status" }));
  const read = readLog(app, con);
  const entries = read.entries;
  const game = read.game ?? gameOfStatus(st);
  const controls = { black: st.black.control, white: st.white.control };
  const start = startOf(st, entries);
  return {
    text: gameLine(game, VERSION) + "\n" + logTable(entries, controls, start) + "\n",
    csv: logCsv(entries, controls, start, game, VERSION) + "\n",
    sgf: timeRecord(timedMoves(entries, controls), game, VERSION),
  };
}

/** "goclock-2025-03-01-1430": the files' name, from the moment they are saved. */
export function fileStem(d: Date): string {
  const p = (n: number) => (n < 10 ? "0" : "") + n;
  return "goclock-" + d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + "-" + p(d.getHours()) + p(d.getMinutes());
}

/** Hands a text to the browser as a file to save. */
export function save(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}
