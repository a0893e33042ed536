// The calls "as spoken", in the page's panel (sim/transcript.ts spokenLines) and the terminal clock's
// list (sim/terminal-view.ts outputLines): one line a phrase, as the voice says it. An answer in two
// units (还剩九分五十九秒) is one line, not two; a call said in its short form shows the short words.
import { describe, it, expect } from "vitest";
import { Clock, newGame, parseControl, isParseError, type LogEntry, type Output } from "../../firmware/core/index";
import { spokenLines } from "../../sim/transcript";
import { outputLines } from "../../sim/terminal-view";
import { voiceOptions } from "../../sim/run";

/** A clock under `control`, White's press at 0 starting Black's clock, and the voice's lengths. */
function game(control: string): Clock {
  const c = parseControl(control);
  if (isParseError(c)) throw new Error(c.error);
  const k = new Clock(newGame(c, c), voiceOptions("zh"), 20, 10000);
  k.apply({ op: "press", side: "white" }, 0);
  return k;
}

const words = (clip: string) => clip.split("/")[1];

/** The clock woken at every nextWakeAt up to t, as a board sleeps and wakes: what it made. */
function runTo(k: Clock, t: number): Output[] {
  const out: Output[] = [];
  for (let w = k.nextWakeAt(); w <= t; w = k.nextWakeAt()) out.push(...k.advance(w));
  return out;
}

describe("the panel's calls as spoken", () => {
  it("a time left in minutes and seconds (16.2) is one line: its phrase, both call ids", () => {
    const k = game("10m");
    k.apply({ op: "query", side: null }, 1000);
    const calls = k.log.filter((e: LogEntry) => e.what === "call");
    expect(calls.map((e) => e.info)).toEqual(["mins:9", "secs:59"]);
    const lines = spokenLines(k.log, "zh", words, 0);
    expect(lines).toEqual(["0:00:01.000  black  mins:9 secs:59  “haisheng 9 fen t50 9 miao”  [zh/haisheng zh/9 zh/fen zh/t50 zh/9 zh/miao]"]);
  });

  it("calls of one instant that are not one phrase keep a line each; a short form shows its own words", () => {
    const k = game("3x10s");
    runTo(k, 2000);
    const lines = spokenLines(k.log, "zh", words, 0);
    expect(lines).toEqual([
      "0:00:00.000  black  byoyomi  “byoyomi”  [zh/byoyomi]",
      "0:00:01.000  black  count:1  “1”  [zh/1]",
      "0:00:01.300  black  periods:3 (short)  “3 ci”  [zh/3 zh/ci]",
      "0:00:02.000  black  count:2  “2”  [zh/2]",
    ]);
  });
});

describe("the terminal clock's calls", () => {
  it("a time left in minutes and seconds is one line", () => {
    const k = game("10m");
    const out: Output[] = k.apply({ op: "query", side: null }, 1000);
    expect(outputLines(out, k.game)).toEqual(["0:00:01.0  B  mins:9 secs:59 — 还剩9分59秒 (9 min 59 s left)"]);
  });

  it("a call said in its short form, later than due, says so", () => {
    const k = game("3x10s");
    const out = runTo(k, 2000);
    expect(outputLines(out, k.game)).toEqual([
      "0:00:01.0  B  count:1 — 1",
      "0:00:01.3  B  periods:3 — 3次 (3 periods left, short) (due 0:00:00.0)",
      "0:00:02.0  B  count:2 — 2",
    ]);
  });
});
