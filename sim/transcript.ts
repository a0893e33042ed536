// The transcript: JSON lines in time order; times as seconds with three decimals. With --log, the
// time log (22.9) before the last line: as a person reads it (firmware/record/logtext.ts), or as JSON.

import { type Clock, type Output, type Reading, type LogEntry, type Side, type Game, result, isLate, isAway, hasForfeited, lateness } from "../firmware/core/index";
import { entryWords, logText, stamp } from "../firmware/record/logtext";
import { callPhrases } from "../firmware/voice";

export function seconds(ms: number): string {
  const neg = ms < 0 ? "-" : "";
  const a = Math.abs(ms);
  return neg + Math.floor(a / 1000) + "." + ("00" + (a % 1000)).slice(-3);
}

function line(t: number, rest: Record<string, unknown>): string {
  const body = JSON.stringify(rest);
  return '{"t":' + seconds(t) + (body === "{}" ? "}" : "," + body.slice(1));
}

export function outputLine(o: Output): string {
  switch (o.kind) {
    case "call": {
      // what was said: its short form, and when it was due if said later (moved clear of another
      // call, or late in the last period)
      const c: Record<string, unknown> = { side: o.side, say: o.say };
      if (o.short) c.short = true;
      if (o.moved !== undefined) {
        c.moved = true;
        c.due = Number(seconds(o.moved));
      }
      if (o.due !== undefined) {
        c.late = true;
        c.due = Number(seconds(o.due));
      }
      return line(o.t, c);
    }
    case "flag":
      return line(o.t, { flag: o.side });
    case "notice":
      return line(o.t, { notice: o.notice, side: o.side });
    case "refused":
      return line(o.t, { refused: o.op, reason: o.reason });
    case "op":
      return line(o.t, { arbiter: entryWords(o.entry, 0) });
  }
}

function brief(r: Reading): Record<string, number | boolean> {
  return { mainMs: r.mainMs, periodsLeft: r.periodsLeft, periodMs: r.periodMs, blockMs: r.blockMs, movesLeft: r.movesLeft, moves: r.moves, out: r.out };
}

/** A side's lateness (22.1–22.3) for the final state; null if it was on time. */
function late(g: Game, s: Side, t: number): Record<string, number | boolean> | null {
  const ms = s === "black" ? g.blackLateMs : g.whiteLateMs;
  if (hasForfeited(g, s)) return { lateMs: ms, forfeit: true };
  if (isLate(g, s)) return { lateMs: lateness(g, t), absent: true };
  if (isAway(g, s)) return { afterPause: true, absent: true };
  return ms > 0 ? { lateMs: ms } : null;
}

export function stateLine(clock: Clock, t: number): string {
  const g = clock.game;
  const state: Record<string, unknown> = { phase: g.phase, toMove: g.toMove };
  const res = result(g);
  if (res) state.result = res;
  const lb = late(g, "black", t);
  const lw = late(g, "white", t);
  if (lb || lw) {
    const l: Record<string, unknown> = {};
    if (lb) l.black = lb;
    if (lw) l.white = lw;
    state.lateness = l;
  }
  state.black = brief(clock.reading("black", t));
  state.white = brief(clock.reading("white", t));
  return line(t, { state: state });
}

/** The machine form of a log entry (--log json). */
export function logLine(e: LogEntry): string {
  return line(e.t, { log: e.what, side: e.side, info: e.info, black: brief(e.black), white: brief(e.white) });
}

export type LogForm = "none" | "text" | "json";

export function transcript(outputs: Output[], clock: Clock, endMs: number, log: LogForm): string[] {
  const lines = outputs.map(outputLine);
  const start = Math.max(0, clock.game.startedAt);
  if (log === "json") for (const e of clock.log) lines.push(logLine(e));
  if (log === "text") for (const e of clock.log) lines.push(logText(e, start));
  lines.push(stateLine(clock, endMs));
  return lines;
}

/** The calls among log entries as spoken, one line a phrase: a time left in two units (还剩九分五十九秒,
 *  two entries) is one line, and a call said in its short form shows the short words; each line has
 *  the instant from the game's start `startMs`, the side, the call ids, the words (`words`: a clip's
 *  text, "" when unknown) and the clips. */
export function spokenLines(entries: LogEntry[], lang: string, words: (clip: string) => string, startMs: number): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < entries.length) {
    const e = entries[i];
    if (e.what !== "call" && e.what !== "late") {
      i++;
      continue;
    }
    // the calls of this instant and side, said back to back
    const says: string[] = [];
    const short: boolean[] = [];
    let j = i;
    for (; j < entries.length && (entries[j].what === "call" || entries[j].what === "late") && entries[j].t === e.t && entries[j].side === e.side; j++) {
      const w = entries[j].info.split(" ");
      says.push(w[0]);
      short.push(entries[j].what === "call" && w[1] === "short");
    }
    const parts = callPhrases(lang, says, short);
    for (let k = 0; k < parts.length; k++) {
      if (parts[k].length === 0) continue; // the second call of a phrase: on its first call's line
      const first = k;
      let ids = says[k] + (short[k] ? " (short)" : "");
      while (k + 1 < parts.length && parts[k + 1].length === 0) ids += " " + says[++k];
      const clips = parts[first].map((c) => lang + "/" + c);
      const said = clips.map((c) => words(c) || c.split("/")[1]).join(" ");
      const late = entries[i + first].what === "late" ? " (late)" : "";
      lines.push(stamp(e.t - startMs) + "  " + (e.side || "") + "  " + ids + late + "  “" + said + "”  [" + clips.join(" ") + "]");
    }
    i = j;
  }
  return lines;
}
