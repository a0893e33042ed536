// What the link answers without the arbiter: the clock's status, a page of its records, and hello.
// The whole link's code (link.ts) and the small file of the read requests alone (reads.ts: what the
// desktop tool asks most, a log page after page) each hold a copy on the board (build/cold.ts).

import type { App } from "../app";
import type { Side } from "../core/index";
import type { ClockStatus, SideStatus, LateStatus, RecordPage } from "./console";
import type { Hello, Reply } from "./protocol";
import { WARN_PERCENT } from "../power"; // a number: written into the code (build/consts.ts)
import { formatControl, result, hasForfeited, isLate, lateness, VERSION, isDefaultPin } from "./shared";
import { isWhole } from "../record/valid"; // each link file holds its own copy (build/cold.ts)
import { answer } from "./frame";

/** Characters of slots in one page (24 of 80): a reply of about 2 KB, which the board sends in
 *  pieces; each reply costs the board its request and the link's code loaded (npm run bench). */
export const PAGE_CHARS = 1920;
/** The longest a `records` reply takes on the board (npm run bench: "the tool reading a … game's
 *  records", the longest reply), with room: a call due within it is handed over before it is made. */
const RECORDS_REPLY_MS = 200;
export const PROTOCOL = 1;

/** clock.status() and the link's status. */
export function clockStatus(app: App): ClockStatus {
    const g = app.clock.game;
    const t = app.board.now();
    const side = (s: Side): SideStatus => {
      const r = app.clock.reading(s, t);
      return { "control": formatControl(s === "black" ? g.blackControl : g.whiteControl), "mainMs": r.mainMs, "periodsLeft": r.periodsLeft, "periodMs": r.periodMs, "blockMs": r.blockMs, "movesLeft": r.movesLeft, "moves": r.moves, "out": r.out, "usedMs": r.usedMs };
    };
    const s = app.settings;
    const late = (x: Side): LateStatus => ({ "absent": isLate(g, x), "lateMs": isLate(g, x) && g.phase !== "setup" ? lateness(g, t) : 0 });
    const lost = (hasForfeited(g, "black") ? "B" : "") + (hasForfeited(g, "white") ? "W" : "");
    const pct = app.board.battery(app.board.now());
    return {
      "phase": g.phase, "toMove": g.toMove, "armed": app.armed, "unlocked": app.unlocked, "locked": g.phase !== "setup" && !app.unlocked,
      "black": side("black"), "white": side("white"), "flagged": g.flagged, "result": result(g), "startedAt": g.phase === "setup" ? -1 : g.startedAt,
      "handicap": g.handicap, "whiteOnRight": s.whiteOnRight, "lang": s.lang, "tradition": s.tradition, "volume": s.volume, "lateLimitMs": g.lateLimitMs,
      "late": { "black": late("black"), "white": late("white") }, "forfeit": lost === "BW" ? "B+W" : lost,
      "battery": pct, "batteryLow": pct >= 0 && pct < WARN_PERCENT, "faults": app.faults.slice(), "version": VERSION,
      "firmware": app.board.firmware, "defaultPin": isDefaultPin(s), "tournament": s.tournament, "promptOpened": app.promptOpened, "board": s.board,
    };
}

/** The records as stored, a page at a time: the desktop tool reads a game's log this way (the link's
 *  `records`, which answers with this alone, no console made). */
export function recordPage(app: App, from?: unknown, game?: unknown): RecordPage | string {
  const f = from === undefined ? 0 : from;
  const k = game === undefined ? 0 : game;
  if (!isWhole(f, 0, 1e9)) return "error: from is a slot of the records, 0 or more";
  if (k !== 0 && k !== 1) return "error: game is 0 (the game on the clock) or 1 (the previous one)";
  const store = app.board.store;
  if (!store.slots || !store.slotBytes) return "error: this board's records are not kept in slots";
  app.flush();
  const n = store.count(k);
  if (k === 1 && n === 0) return "error: no previous game on the clock";
  const page: RecordPage = {
    from: f as number, count: n, slot: store.slotBytes, text: store.slots(f as number, Math.floor(PAGE_CHARS / store.slotBytes), k),
    shift: app.rec.shift, until: app.clock.cursor, tradition: app.settings.tradition, lang: app.settings.lang,
  };
  return page;
}

/** Before a records reply: a call due within it is handed over first. */
export function beforeRecords(app: App): void {
  app.beforeLongTask(RECORDS_REPLY_MS);
}

/** The reply to `records`: a page of the records as stored (the tool checks them and derives the log
 *  itself). */
export function recordsReply(app: App, from: unknown, game: unknown): Reply {
  beforeRecords(app);
  const page = recordPage(app, from, game);
  return typeof page === "string" ? answer(page) : { ok: page };
}

/** The reply to `hello`: a tool connected (recorded at most once each AUDIT_EVERY_MS: the app's due). */
export function helloReply(app: App): Reply {
  const t = app.board.now();
  if (app.due("link", t)) app.queue(app.clock.game, t, "link", null, "hello");
  const hello: Hello = { clock: "voiced-go-clock", version: VERSION, proto: PROTOCOL, firmware: app.board.firmware, defaultPin: isDefaultPin(app.settings) };
  return { ok: hello };
}
