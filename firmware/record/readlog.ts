// The time log on the desktop (22.9), made from a game's records. The board keeps no code for it: it
// sends its records as they lie on flash (the link's `records` request, the console's
// clock.recordPage(): firmware/link/console.ts), a page a reply, which costs it a read and a CRC;
// here each slot's seal is checked (slots.ts) and the log is read back from the records (flashlog.ts),
// entry for entry what the clock's own log was. The desktop tool (goclock log, sgf) and the board
// double's tests read a device's log this way; the simulators read their own store (readLog).

import type { App } from "../app";
import { defaultCallOptions, type LogEntry, type Reading } from "../core/index";
import type { RecordPage } from "../link/console";
import type { LogItem, LogSide } from "../link/protocol";
import { withTradition, speechOf } from "../voice";
import { isPack } from "./settings";
import { logEntries, type LogGame, type LogPage, type Records } from "./flashlog";
import { logText } from "./logtext";
import { slotRecord } from "./slots";

/** One game's records as received, page by page. */
export class ReceivedRecords implements Records {
  private slots: string[] = [];
  private total = 0;
  /** The newest page: what the board said of itself then (its shift, how far its calls are made). */
  last: RecordPage | null = null;
  private crc: (s: string) => number;

  /** `crc`: the CRC-32 the board seals with (IEEE, as zlib and Espruino's E.CRC32). */
  constructor(crc: (s: string) => number) {
    this.crc = crc;
  }

  /** Takes a page in; the number of slots it brought. */
  add(p: RecordPage): number {
    const n = p.slot > 0 ? Math.floor(p.text.length / p.slot) : 0;
    for (let i = 0; i < n; i++) this.slots[p.from + i] = p.text.slice(i * p.slot, (i + 1) * p.slot);
    this.total = p.count;
    this.last = p;
    return n;
  }

  /** Where the next page starts: the first slot not received, or the count once all are. */
  next(): number {
    let i = 0;
    while (i < this.total && this.slots[i] !== undefined) i++;
    return i;
  }

  count(): number {
    return this.total;
  }

  /** A slot never received reads as damaged, as an unreadable one on the board. */
  record(i: number): string | null {
    return slotRecord((j) => this.slots[j], i, this.total, this.crc);
  }
}

/** Reads a game's records a page at a time through `page(from)` (a request on the link, a console
 *  call), until every slot the board had at the last page is in, or a page brings none. */
export function receiveRecords(page: (from: number) => RecordPage, crc: (s: string) => number): ReceivedRecords {
  const got = new ReceivedRecords(crc);
  for (let from = 0; ; ) {
    const n = got.add(page(from));
    from += n;
    if (n === 0 || from >= got.count()) return got;
  }
}

/** The same, for a page that comes asynchronously (the tool's requests). */
export async function receiveRecordsAsync(page: (from: number) => Promise<RecordPage>, crc: (s: string) => number): Promise<ReceivedRecords> {
  const got = new ReceivedRecords(crc);
  for (let from = 0; ; ) {
    const n = got.add(await page(from));
    from += n;
    if (n === 0 || from >= got.count()) return got;
  }
}

/** The whole log of the records received, as the clock made it: for the game on the clock
 *  (`game` 0) on the board's clock, calls made up to where its running game had made them; for the
 *  previous one as recorded. */
export function receivedLog(r: ReceivedRecords, game: number): LogPage {
  const p = r.last;
  if (!p) return { total: 0, entries: [], game: null, startT: -1 };
  // the core's options as the board's app makes them (app/app.ts callOptions): its tradition's calls,
  // placed by its pack's lengths
  const options = withTradition(defaultCallOptions(), p.tradition);
  if (isPack(p.lang)) options.speech = speechOf(p.lang);
  return onBoardClock(logEntries(r, options, 0, 1e9, p.until + p.shift, 1e9, game), game === 0 ? p.shift : 0);
}

/** A page of records' instants on the board's clock again (the records' run on across a power cut). */
function onBoardClock(page: LogPage, shift: number): LogPage {
  if (shift === 0) return page;
  for (const e of page.entries) e.t -= shift;
  if (page.startT >= 0) page.startT -= shift;
  return page;
}

/**
 * The simulators' log of an app (they read their own store): entries [from, from + n) of a game's
 * time log (0 the current game, 1 the previous one the store keeps), a negative `from` counting
 * from the end, and their number in all (-1 when not known: a page from the start reads at most
 * `records` records, see logEntries).
 */
export function readLog(app: App, from: number, n: number, records?: number, game?: number): LogPage {
  app.rec.flush();
  const k = game || 0;
  const page = logEntries(app.board.store, app.clock.options, from, n, app.clock.cursor + app.rec.shift, records === undefined ? 1e9 : records, k);
  return onBoardClock(page, k === 0 ? app.rec.shift : 0);
}

/** The last n lines of an app's time log (all of them without n), as a person reads them: what the
 *  device's console gave before the log left the board (logtext.ts). */
export function logLines(app: App, n?: number): string[] {
  const g = app.clock.game; // started before this boot, after a power cut: it may be negative
  const start = g.phase === "setup" ? 0 : g.startedAt;
  return (n === undefined ? readLog(app, 0, 1e9) : readLog(app, -n, n)).entries.map((e) => logText(e, start));
}

// quoted: LogItem and LogSide are what the tool reads in full (build/names.ts QUOTED_TYPES)
function sideItem(r: Reading): LogSide {
  return { "mainMs": r.mainMs, "periodsLeft": r.periodsLeft, "periodMs": r.periodMs, "movesLeft": r.movesLeft, "moves": r.moves, "usedMs": r.usedMs, "leftMs": r.shownMs };
}

/** An entry as the tool reads and prints it, its line of text counting from the game's start. */
export function logItem(e: LogEntry, startMs: number): LogItem {
  const o: LogItem = { "t": e.t, "what": e.what, "text": logText(e, startMs), "black": sideItem(e.black), "white": sideItem(e.white) };
  if (e.side) o["side"] = e.side;
  if (e.info) o["info"] = e.info;
  return o;
}

export type { LogGame };
