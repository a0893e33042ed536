// The terminal clock's session on virtual time, and what the tests read off its screen.

import { Clock } from "../../firmware/core/index";
import { Session, newClock } from "../../sim/terminal-session";
import { bigText, NEED_ROWS } from "../../sim/terminal-view";
import { VirtualTime } from "../../sim/board";

export function session(control = "2h+5x60s", rows = NEED_ROWS): { s: Session; time: VirtualTime; quit: string[][] } {
  const clock = newClock({ control: control });
  if (typeof clock === "string") throw new Error(clock);
  const time = new VirtualTime();
  const s = new Session(clock, time);
  s.rows = rows;
  const quit: string[][] = [];
  s.onQuit = (lines) => quit.push(lines);
  s.start();
  return { s: s, time: time, quit: quit };
}

export function screen(s: Session): string {
  return s.screen().join("\n");
}

/** The big seven-segment digits of a time are on the screen. */
export function showsTime(s: Session, text: string): boolean {
  const lines = s.screen();
  const rows = bigText(text);
  return lines.some((l, i) => i + 2 < lines.length && l.includes(rows[0]) && lines[i + 1].includes(rows[1]) && lines[i + 2].includes(rows[2]));
}

export function times(c: Clock, t: number): [number, number] {
  return [c.reading("black", t).shownMs, c.reading("white", t).shownMs];
}

/** The lines of the call list, as shown. */
export function callLines(s: Session): string[] {
  const lines = s.screen();
  const i = lines.indexOf("calls (game time):");
  return i < 0 ? [] : lines.slice(i + 1).filter((l) => /^ {2}\d+:\d\d:\d\d\.\d/.test(l));
}
