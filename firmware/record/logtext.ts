// The time log as a person reads it at the table (22.9): one line per entry, the instant from the
// game's start, what happened in words, and both sides' used and left time. One formatter for the
// simulator's --log, the device console's log and the desktop tool. A pure function of one entry and
// the game's start, so it works wherever the entries come from (RAM, flash records). Runs on the
// device: Espruino-safe (ESPRUINO.md), numbers formatted by hand.

import type { LogEntry, Reading } from "../core/index";

function pad(n: number, width: number): string {
  let s = "" + n;
  while (s.length < width) s = "0" + s;
  return s;
}

/** An instant from the game's start: H:MM:SS.mmm (set-up entries before it are negative). */
export function stamp(ms: number): string {
  const a = Math.abs(ms);
  const s = Math.floor(a / 1000);
  return (ms < 0 ? "-" : "") + Math.floor(s / 3600) + ":" + pad(Math.floor(s / 60) % 60, 2) + ":" + pad(s % 60, 2) + "." + pad(a % 1000, 3);
}

/** A duration as a clock shows it: 1:00:00, 30:00, 0:42; milliseconds only when there are any. */
export function span(ms: number): string {
  const a = Math.abs(ms);
  const s = Math.floor(a / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const body = h > 0 ? h + ":" + pad(m, 2) + ":" + pad(s % 60, 2) : m + ":" + pad(s % 60, 2);
  return (ms < 0 ? "-" : "") + body + (a % 1000 ? "." + pad(a % 1000, 3) : "");
}

function name(side: string | null): string {
  return side === "black" ? "Black" : side === "white" ? "White" : "";
}

function plural(n: number, noun: string): string {
  return n + " " + noun + (n === 1 ? "" : "s");
}

/** What a side has left: main time, then its byoyomi periods or block of moves. */
export function leftText(r: Reading): string {
  if (r.out) return "out of time";
  if (r.periodsLeft > 0) {
    if (r.overtime) return span(r.periodMs) + " of this period, " + plural(r.periodsLeft, "period") + " in all";
    return span(r.mainMs) + " + " + r.periodsLeft + "×" + Math.floor(r.periodMs / 1000) + "s";
  }
  if (r.movesLeft > 0) {
    if (r.overtime) return span(r.blockMs) + " for " + plural(r.movesLeft, "move");
    return span(r.mainMs) + " + " + plural(r.movesLeft, "move") + " in " + span(r.blockMs);
  }
  return span(r.mainMs);
}

function sideText(side: string, r: Reading): string {
  return name(side) + " used " + span(r.usedMs) + ", left " + leftText(r) + ", " + plural(r.moves, "move");
}

const FIELD_NAMES: Record<string, string> = { main: "main time", periods: "periods", block: "block time", movesleft: "moves left in the block", moves: "moves made" };

function num(w: string): number {
  return parseInt(w, 10);
}

/** "Black used 30:00 -> 36:00, White 20:00 -> 24:00": both sides' used time before and after. */
function usedChange(w: string[], e: LogEntry): string {
  return "Black used " + span(num(w[1])) + " -> " + span(e.black.usedMs) + ", White " + span(num(w[2])) + " -> " + span(e.white.usedMs);
}

/** The operation or event of an entry, in words. */
export function entryWords(e: LogEntry, startMs: number): string {
  const who = name(e.side);
  const w = e.info.split(" ");
  switch (e.what) {
    case "start": return "start";
    case "press": {
      const moves = e.side === "black" ? e.black.moves : e.white.moves;
      // a press after which the presser has made no move is the one that started the game
      return "press: " + who + (moves === 0 ? "'s button starts the game" : ", move " + moves);
    }
    // who stopped the clock (a player holds MENU to call the arbiter: the side to move), and for how long it stood
    case "pause": return "pause: " + (who ? who + ", the side to move, holds MENU" : e.info === "battery" ? "the battery is empty" : "by the arbiter");
    case "resume": return "resume: by the arbiter" + (e.info ? ", after a pause of " + span(num(e.info)) : "");
    case "end": return "end of the game";
    case "query": return "query: " + (who || "the side to move") + " asks for the time left (16.2)";
    case "correct": {
      const time = w[0] === "main" || w[0] === "block";
      const v = (x: string) => (time ? span(num(x)) : x);
      return "correct: " + who + " " + (FIELD_NAMES[w[0]] || w[0]) + " " + v(w[3]) + " -> " + v(w[1]) + " (22.8)";
    }
    case "rescale": return "rescale: true elapsed " + span(num(w[0])) + ", " + usedChange(w, e) + " (22.8)";
    case "split": return "split: first half " + span(num(w[0])) + " shared equally, " + usedChange(w, e) + " (22.9)";
    case "absent":
      return "absent: " + who + (w[0] === "pause" ? ", late after a pause: the clock runs as usual, no limit (22.1)" : ", late from the start: the lateness counts double (22.1)");
    case "arrive": {
      const by = w[2] === "press" ? " presses: arrives" : " arrives";
      if (w[1] === "pause") return "arrive: " + who + by + " after a pause, nothing deducted (22.1)";
      const late = span(num(w[0]));
      const more = num(w[3]);
      return "arrive: " + who + by + " " + late + " late: " + (more > 0 ? span(more) + " more deducted, 2 × " + late + " in all (22.1)" : "nothing more deducted (22.1, 22.4)");
    }
    case "pass": return "pass: " + name(w[0]) + "'s timeout becomes a pass (22.5)";
    case "call": return "call: " + who + " " + e.info;
    case "late": return "call: " + who + " " + w[0] + ", late (due " + stamp(num(w[2]) - startMs) + ")";
    case "dropped": return "dropped: " + who + " " + e.info + " (woken too late to say it on time)";
    case "flag": return "flag: " + who + " is out of time" + (e.info ? " (" + e.info + ")" : "");
    case "notice": return "forfeit: " + who + " is past the lateness limit and has lost (" + (w[1] || "22.1") + ")";
    case "refused": return "refused: " + e.info;
    case "control": return "control: " + (w[0] === "both" ? "both sides" : name(w[0])) + " " + w[1];
    case "handicap": return "handicap: " + (e.info === "0" ? "even game" : e.info + " stones");
    case "latelimit": return "lateness limit: " + (e.info === "0" ? "off" : span(num(e.info)));
    case "calls": return "calls: the event's own count";
    // a power cut (persist.ts restore) and the arbiter's audit trail (22.9)
    case "cut": return "power lost: the clock's last known instant";
    case "restore": {
      // "<ms unaccounted> <phase>" (an older record: no phase, paused)
      const every = num(e.info);
      return "restored: " + (w[1] || "paused") + (every > 0 ? "; up to " + span(every) + " of the running side's time may be unaccounted for (the last checkpoint); how long the power was off is unknown" : "");
    }
    case "boot": return "boot: firmware " + e.info;
    case "unlock": return "unlock: the arbiter entered the PIN (" + e.info + ")";
    case "lock": return "lock: the arbiter's access ends (" + e.info + ")";
    case "pin": return "PIN: " + e.info;
    case "set": return "set: " + w[0] + " " + w.slice(1).join(" ");
    case "link": return "link: " + e.info;
    case "new": return "new game" + (e.info ? " (" + e.info + ")" : "");
    case "battery": return "battery: " + e.info;
  }
  return e.what + (who ? " " + who : "") + (e.info ? " " + e.info : "");
}

/** One line of the record: "0:15:00.000  press: Black, move 1  | Black used …, left … | White …". */
export function logText(e: LogEntry, startMs: number): string {
  return stamp(e.t - startMs) + "  " + entryWords(e, startMs) + "  | " + sideText("black", e.black) + " | " + sideText("white", e.white);
}
