// The time log, read back from the flash records when asked for (console log, a dispute) instead of
// held in RAM: each record is an event with the game as of its instant (firmware/record/persist.ts); the
// calls between two records are made again by the core from the earlier one's game, as they fell
// due. Calls that were late or dropped have records of their own, which stand in for them. Records
// are read one at a time, forward from the first for a page from the start, backward from the newest
// for the last entries: a page costs the records it covers, not the whole game.

import type { Store } from "../board";
import { Clock, readSide, type CallOptions, type LogEntry, type Game, type Side } from "../core/index";
import { readGame, readEvent, type Event } from "./persist";

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
 *  the end of the log, or a page from the end). */
export interface LogPage {
  total: number;
  entries: LogEntry[];
}

/** Where the last page from the start stopped: the record to read next, the event before it and the
 *  entries before that record's own. A tool pages on from there (from = from + entries), so a page
 *  costs the records it covers, not every record before it. */
interface Resume {
  head: string;
  options: CallOptions;
  i: number;
  prev: Event | null;
  total: number;
}
let resume: Resume | null = null;
/** The game's first record and the game it sets up: parsing its controls again costs every page. */
let header: { body: string; game: Game } | null = null;

/**
 * Entries [from, from + n) of the game's time log; a negative `from` counts from the end (-5: the
 * last five), reading back only as far as they go. `untilMs`: how far the live clock has made its
 * calls (they follow the newest record). A page from the start reads at most `records` records past
 * where it begins (on the board each costs a tenth of a second or more, and a running game's wakes
 * wait), so it may hold fewer than n entries: page on from from + entries until total is known.
 */
export function logEntries(store: Store, options: CallOptions, from: number, n: number, untilMs: number, records: number): LogPage {
  const count = store.count();
  let base: Game | null = null;
  let head = "";
  let first = 0;
  for (; first < count && !base; first++) {
    const body = store.record(first);
    base = body === null ? null : header && body === header.body ? header.game : readGame(body);
    if (base) head = body as string;
  }
  if (base) header = { body: head, game: base };
  if (!base || n <= 0) return { total: 0, entries: [] };
  const read = (i: number): Event | null => {
    const body = store.record(i);
    return body === null ? null : readEvent(body, base as Game);
  };
  if (from >= 0) return forward(read, head, first, count, options, from, n, untilMs, records);
  // backward: each event's segment (the calls before it, the event, a query's answer) before the later ones
  const want = -from;
  let i = count - 1;
  let ev: Event | null = null;
  for (; i >= first && !ev; i--) ev = read(i);
  let tail: Item[] = [];
  if (ev) callsAfter(ev, null, untilMs, options, tail);
  while (ev && tail.length < want) {
    let prev: Event | null = null;
    for (; i >= first && !prev; i--) prev = read(i);
    const seg: Item[] = [];
    if (prev) callsAfter(prev, ev, ev.t, options, seg);
    eventItems(ev, options, seg);
    tail = seg.concat(tail);
    ev = prev;
  }
  return { total: -1, entries: tail.slice(Math.max(0, tail.length - want)).slice(0, n).map(entry) };
}

/** A page from the start: from where the last one stopped when it goes on from there (same game, same
 *  call options), else from the first record. Each record's segment is the calls before it, then it. */
function forward(read: (i: number) => Event | null, head: string, first: number, count: number, options: CallOptions,
  from: number, n: number, untilMs: number, records: number): LogPage {
  const r = resume;
  const on = r !== null && r.head === head && r.options === options && r.total <= from && r.i <= count;
  let i = on ? r.i : first;
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
      resume = { head: head, options: options, i: i, prev: before, total: at };
      return { total: -1, entries: page.map(entry) };
    }
    if (i + 1 >= stop && total > from && i + 1 < count) {
      resume = { head: head, options: options, i: i + 1, prev: ev, total: total }; // read its share
      return { total: -1, entries: page.map(entry) };
    }
  }
  resume = { head: head, options: options, i: count, prev: prev, total: total };
  const tail: Item[] = [];
  if (prev) callsAfter(prev, null, untilMs, options, tail);
  keep(tail);
  return { total: total, entries: page.map(entry) };
}
