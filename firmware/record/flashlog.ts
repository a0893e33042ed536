// The time log, read back from a game's records when asked for (a dispute, the simulators' panels)
// instead of held in RAM. Not on the board: it sends its records as they are (the link's `records`)
// and the desktop reads them here (readlog.ts). Each record is an event with the game as of its
// instant (firmware/record/persist.ts); the calls between two records are made again by the core
// from the earlier one's game, as they fell due. Calls that were late or dropped have records of their own, which stand in for them. Records
// are read one at a time, forward from the first for a page from the start, backward from the newest
// for the last entries: a page costs the records it covers, not the whole game.

import type { Store } from "../board";

/** What the log reads of a store: its records, one at a time. */
export type Records = Pick<Store, "count" | "record">;
import { Clock, readSide, formatControl, type CallOptions, type LogEntry, type Game, type Side } from "../core/index";
import { readGame, readEvent, type Event, type Header } from "./persist";

/** An entry before its readings are worked out (only those of the page asked for are). */
interface Item {
  t: number;
  what: string;
  side: Side | null;
  info: string;
  game: Game;
}

function item(t: number, what: string, side: Side | null, info: string, game: Game): Item {
  return { t: t, what: what, side: side, info: info, game: game };
}

/** The calls that fell due after event `a`, up to `until` (and the instant of the next event `b`,
 *  when there is one), without the one a late or dropped record `b` stands for. */
function callsAfter(a: Event, b: Event | null, until: number, options: CallOptions, out: Item[]): void {
  const g = a.game;
  if (g.phase !== "running" || (b && b.what === "restore")) return; // a power cut between: the calls are unknown
  const k = new Clock(g, options, 0, 0);
  // a turn that began at a.t still had its calls at a.t to make (Clock.apply's rule)
  if (a.what !== "resume" && a.what !== "restore" && a.what !== "query" && a.what !== "dropped" && a.what !== "late") k.cursor = a.t - 1;
  // a question's answer said later than asked (core/place.ts) is among the calls that follow it
  if (a.what === "query") k.apply({ op: "query", side: a.side }, a.t);
  let skip = -1;
  let say = "";
  if (b && b.what === "dropped") {
    skip = b.t;
    say = b.info;
  } else if (b && b.what === "late") {
    const w = b.info.split(" due ");
    skip = parseInt(w[1], 10);
    say = w[0];
  }
  for (const c of k.peek(b ? b.t : until)) {
    if (c.kind === "call" && !(c.t === skip && c.say === say)) out.push(item(c.t, "call", c.side, c.short ? c.say + " short" : c.say, g));
  }
}

/** Event b's entry, with a query's answer after it, as the core makes it. */
function eventItems(b: Event, options: CallOptions, out: Item[]): void {
  out.push(item(b.t, b.what, b.side, b.info, b.game));
  if (b.what !== "query") return;
  const k = new Clock(b.game, options, 0, 0);
  k.onLog = (t, what, side, info) => {
    if (what === "call" && side) out.push(item(t, what, side, info, b.game));
  };
  k.apply({ op: "query", side: b.side }, b.t);
}

function entry(i: Item): LogEntry {
  return { t: i.t, what: i.what, side: i.side, info: i.info, black: readSide(i.game, "black", i.t), white: readSide(i.game, "white", i.t) };
}

/** A page of the log, and how many entries it has in all (-1: not known yet, the page did not reach
 *  the end of the log, or a page from the end), and the game it is the log of (null: none). */
export interface LogPage {
  total: number;
  entries: LogEntry[];
  game: LogGame | null;
  /** The game's start, in the entries' time (-1: not started): their times count from it. */
  startT: number;
}

/** What a log states of its game: both controls, handicap, White's side, lateness limit and the
 *  program's fingerprint when the game was set up. */
export interface LogGame {
  black: string;
  white: string;
  handicap: number;
  whiteOnRight: boolean;
  lateLimitMs: number;
  firmware: string;
}

/** Where the last page from the start stopped: the record to read next, the event before it and the
 *  entries before that record's own. A tool pages on from there (from = from + entries), so a page
 *  costs the records it covers, not every record before it. */
interface Resume {
  /** The store read (a desktop reads many: the simulators', the records a tool received). */
  store: Records;
  head: string;
  game: number;
  options: CallOptions;
  i: number;
  prev: Event | null;
  startT: number;
  total: number;
}
let resume: Resume | null = null;

/** The set-up of a game's records: the newest G before the start, what it says beside the game, and
 *  the start's instant (-1: not started). `head` tells one game's records from another's. */
interface SetUp {
  head: string;
  base: Game;
  header: Header;
  startT: number;
}
/** The last set-up read, by its game and its first two records: parsing the controls again and
 *  finding the start would cost every page. Kept once the game has started (nothing before the
 *  start changes then). */
let setUpCache: { store: Records; key: string; setUp: SetUp } | null = null;

function setUpOf(store: Records, game: number): SetUp | null {
  const count = store.count(game);
  const key = game + "|" + store.record(0, game) + "|" + store.record(1, game);
  if (setUpCache && setUpCache.store === store && setUpCache.key === key) return setUpCache.setUp;
  let base: Game | null = null;
  const header: Header = { whiteOnRight: true, firmware: "" };
  let startT = -1;
  for (let i = 0; i < count && startT < 0; i++) {
    const body = store.record(i, game);
    if (!body) continue;
    const g = readGame(body, header);
    if (g) base = g;
    else if (base) {
      const ev = readEvent(body, base, -1);
      if (ev && ev.game.phase !== "setup") startT = ev.t;
    }
  }
  if (!base) return null;
  const setUp: SetUp = { head: key, base: base, header: header, startT: startT };
  if (startT >= 0) setUpCache = { store: store, key: key, setUp: setUp };
  return setUp;
}

function gameOf(u: SetUp): LogGame {
  const b = u.base;
  return {
    "black": formatControl(b.blackControl), "white": formatControl(b.whiteControl), "handicap": b.handicap,
    "whiteOnRight": u.header.whiteOnRight, "lateLimitMs": b.lateLimitMs, "firmware": u.header.firmware,
  };
}

/**
 * Entries [from, from + n) of a game's time log (game 0 the current one, 1 the previous one kept);
 * a negative `from` counts from the end (-5: the last five), reading back only as far as they go.
 * `untilMs`: how far the live clock has made its calls (they follow the newest record; for an
 * older game, its last record). A page from the start reads at most `records` records past where it
 * begins (on the board each costs a tenth of a second or more, and a running game's wakes wait), so
 * it may hold fewer than n entries: page on from from + entries until total is known.
 */
export function logEntries(store: Records, options: CallOptions, from: number, n: number, untilMs: number, records: number, game?: number): LogPage {
  const k = game || 0;
  const count = store.count(k);
  const u = setUpOf(store, k);
  if (!u) return { total: 0, entries: [], game: null, startT: -1 };
  if (n <= 0) return { total: 0, entries: [], game: gameOf(u), startT: u.startT };
  // records past the newest G: each G replaces the set-up (a change before the start)
  let base = u.base;
  const read = (i: number): Event | null => {
    const body = store.record(i, k);
    if (!body) return null;
    const g = readGame(body);
    if (g) {
      base = g;
      return null;
    }
    return readEvent(body, base, u.startT);
  };
  if (from >= 0) return forward(store, read, u, k, count, options, from, n, untilMs, records);
  // backward: each event's segment (the calls before it, the event, a query's answer) before the later ones
  base = u.base;
  const want = -from;
  let i = count - 1;
  let ev: Event | null = null;
  for (; i >= 0 && !ev; i--) ev = read(i);
  let tail: Item[] = [];
  if (ev && k === 0) callsAfter(ev, null, untilMs, options, tail);
  while (ev && tail.length < want) {
    let prev: Event | null = null;
    for (; i >= 0 && !prev; i--) prev = read(i);
    const seg: Item[] = [];
    if (prev) callsAfter(prev, ev, ev.t, options, seg);
    eventItems(ev, options, seg);
    tail = seg.concat(tail);
    ev = prev;
  }
  return { total: -1, entries: tail.slice(Math.max(0, tail.length - want)).slice(0, n).map(entry), game: gameOf(u), startT: u.startT };
}

/** A page from the start: from where the last one stopped when it goes on from there (same game, same
 *  call options), else from the first record. Each record's segment is the calls before it, then it. */
function forward(store: Records, read: (i: number) => Event | null, u: SetUp, game: number, count: number, options: CallOptions,
  from: number, n: number, untilMs: number, records: number): LogPage {
  const r = resume;
  const on = r !== null && r.store === store && r.head === u.head && r.game === game && r.startT === u.startT && r.options === options && r.total <= from && r.i <= count;
  let i = on ? r.i : 0;
  let prev = on ? r.prev : null;
  let total = on ? r.total : 0;
  const stop = i + records;
  const page: Item[] = [];
  const keep = (items: Item[]): void => {
    for (const x of items) {
      if (total >= from && total < from + n) page.push(x);
      total++;
    }
  };
  const done = (t: number, entries: Item[]): LogPage => ({ total: t, entries: entries.map(entry), game: gameOf(u), startT: u.startT });
  for (; i < count; i++) {
    const ev = read(i);
    if (!ev) continue;
    const before = prev;
    const seg: Item[] = [];
    if (prev) callsAfter(prev, ev, ev.t, options, seg);
    eventItems(ev, options, seg);
    const at = total;
    keep(seg);
    prev = ev;
    if (total >= from + n) {
      // the page is full: the next one starts inside this segment
      resume = { store: store, head: u.head, game: game, options: options, i: i, prev: before, startT: u.startT, total: at };
      return done(-1, page);
    }
    if (i + 1 >= stop && total > from && i + 1 < count) {
      resume = { store: store, head: u.head, game: game, options: options, i: i + 1, prev: ev, startT: u.startT, total: total }; // read its share
      return done(-1, page);
    }
  }
  resume = { store: store, head: u.head, game: game, options: options, i: count, prev: prev, startT: u.startT, total: total };
  const tail: Item[] = [];
  if (prev && game === 0) callsAfter(prev, null, untilMs, options, tail);
  keep(tail);
  return done(total, page);
}
