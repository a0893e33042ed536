// The transcript: JSON lines in time order; times as seconds with three decimals.

import type { Clock, Output, Reading, LogEntry, Side } from "../firmware/core/index";

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
    case "call":
      return o.due === undefined ? line(o.t, { side: o.side, say: o.say }) : line(o.t, { side: o.side, say: o.say, late: true, due: Number(seconds(o.due)) });
    case "flag":
      return line(o.t, { flag: o.side });
    case "notice":
      return line(o.t, { notice: o.notice, side: o.side });
    case "refused":
      return line(o.t, { refused: o.op, reason: o.reason });
  }
}

function brief(r: Reading): Record<string, number | boolean> {
  return { mainMs: r.mainMs, periodsLeft: r.periodsLeft, periodMs: r.periodMs, blockMs: r.blockMs, movesLeft: r.movesLeft, moves: r.moves, out: r.out };
}

export function stateLine(clock: Clock, t: number): string {
  const g = clock.game;
  const s: Record<Side, unknown> = { black: brief(clock.reading("black", t)), white: brief(clock.reading("white", t)) };
  return line(t, { state: { phase: g.phase, toMove: g.toMove, black: s.black, white: s.white } });
}

export function logLine(e: LogEntry): string {
  return line(e.t, { log: e.what, side: e.side, info: e.info, black: brief(e.black), white: brief(e.white) });
}

export function transcript(outputs: Output[], clock: Clock, endMs: number, withLog: boolean): string[] {
  const lines = outputs.map(outputLine);
  if (withLog) for (const e of clock.log) lines.push(logLine(e));
  lines.push(stateLine(clock, endMs));
  return lines;
}
