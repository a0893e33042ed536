import { describe, it, expect } from "vitest";
import { parseControl, formatControl, parseDuration, formatDuration, isParseError, type TimeControl } from "../../firmware/core/index";

function parse(s: string): TimeControl {
  const c = parseControl(s);
  if (isParseError(c)) throw new Error(s + ": " + c.error);
  return c;
}

describe("time-control notation", () => {
  it.each([
    "90m", "2h", "45s", "1h55m", "2m30s", "1h40m", "2h+5x60s", "5x60s", "0+3x30s", "10m+3x30s", "5x20s", "5x10s",
    "2h(5x60s)", "1h+15/10m", "1h+C15/10m", "10m+F5s", "10m+D5s", "1h55m+5x60s", "0+C25/5m",
  ])("%s prints back identically", (s) => {
    expect(formatControl(parse(s))).toBe(s);
  });

  it("other spellings of a duration print in the one canonical form", () => {
    expect(formatControl(parse("1h30m"))).toBe("90m");
    expect(formatControl(parse("115m+5x60s"))).toBe("1h55m+5x60s");
    expect(formatControl(parse("120m"))).toBe("2h");
    expect(formatControl(parse("150s+3x30s"))).toBe("2m30s+3x30s");
  });

  it("a duration with milliseconds (a corrected reading) prints and parses back", () => {
    for (const ms of [1500, 59999, 3723456, 61001]) expect(parseDuration(formatDuration(ms))).toBe(ms);
    expect(parseDuration("1.5m")).toEqual({ error: "only seconds take decimals, at most three", at: 3 });
    expect(parseDuration("1.2345s")).toEqual({ error: "only seconds take decimals, at most three", at: 5 });
  });

  it("absolute time is main time only", () => {
    expect(parse("90m")).toEqual({ kind: "absolute", mainMs: 5400000 });
  });

  it("byoyomi reserved inside main time keeps the periods back: 2h(5x60s) plays as 1h55m+5x60s", () => {
    const r = parse("2h(5x60s)");
    const a = parse("1h55m+5x60s");
    expect(r.kind === "byoyomi" && a.kind === "byoyomi").toBe(true);
    if (r.kind !== "byoyomi" || a.kind !== "byoyomi") return;
    expect([r.mainMs, r.periods, r.periodMs]).toEqual([a.mainMs, a.periods, a.periodMs]);
    expect(r.mainMs).toBe(115 * 60000);
  });

  it("zero main time may be written or left out", () => {
    expect(parse("5x60s")).toMatchObject({ kind: "byoyomi", mainMs: 0, periods: 5, periodMs: 60000 });
    expect(parse("0+3x30s")).toMatchObject({ kind: "byoyomi", mainMs: 0, periods: 3, periodMs: 30000 });
  });

  it("moves per block carry unused time over by default and start afresh with C (Canadian)", () => {
    expect(parse("1h+15/10m")).toEqual({ kind: "moves", mainMs: 3600000, moves: 15, blockMs: 600000, carry: true });
    expect(parse("1h+C15/10m")).toMatchObject({ carry: false });
  });

  it("Fischer and Bronstein name their extra time", () => {
    expect(parse("10m+F5s")).toEqual({ kind: "fischer", mainMs: 600000, incrementMs: 5000 });
    expect(parse("10m+D5s")).toEqual({ kind: "bronstein", mainMs: 600000, delayMs: 5000 });
  });

  it.each([
    ["", 0, "empty"],
    ["90", 2, "unit"],
    ["2h+5x", 5, "duration"],
    ["2h+5x60", 7, "unit"],
    ["2h+0x60s", 3, "at least one period"],
    ["2h+5x0s", 5, "whole number of seconds"],
    ["2h+5x1.5s", 5, "whole number of seconds"],
    ["1m(5x60s)", 0, "longer than the main time"],
    ["2h(5x60s", 8, "')'"],
    ["30m2h", 4, "units must go"],
    ["2h+5x60s junk", 8, "unexpected"],
    ["1h+0/10m", 3, "at least one move"],
    ["1h+15/0", 6, "block needs time"],
    ["1h+C5x30s", 5, "expected '/'"],
    ["0", 0, "no time"],
    ["0+F5s", 0, "need main time"],
    ["10m+F0s", 5, "more than 0"],
    ["10m-5x30s", 3, "expected '+'"],
  ])("'%s' is refused, pointing at character %i", (text, at, words) => {
    const r = parseControl(text);
    expect(isParseError(r)).toBe(true);
    if (!isParseError(r)) return;
    expect(r.at).toBe(at);
    expect(r.error).toContain(words);
  });
});
