// The terminal clock on virtual time: keys are fed as strings, timers run when the test says.

import { describe, it, expect } from "vitest";
import { Clock } from "../firmware/core/index";
import { Session, newClock } from "../sim/terminal";
import { bigText } from "../sim/terminal-view";
import type { TimeSource } from "../sim/realtime";

/** A time source whose clock only moves when the test calls to(). */
class VirtualTime implements TimeSource {
  t = 0;
  private timers: { at: number; fn: () => void; live: boolean }[] = [];
  now(): number {
    return this.t;
  }
  schedule(fn: () => void, ms: number): () => void {
    const timer = { at: this.t + ms, fn: fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }
  /** Runs every timer due up to t, in order, each at its own instant. */
  to(t: number): void {
    for (;;) {
      const due = this.timers.filter((x) => x.live && x.at <= t).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.live = false;
      this.t = due.at;
      due.fn();
    }
    this.t = t;
  }
}

function session(control = "2h+5x60s"): { s: Session; time: VirtualTime; quit: string[][] } {
  const clock = newClock({ control: control });
  if (typeof clock === "string") throw new Error(clock);
  const time = new VirtualTime();
  const s = new Session(clock, time);
  const quit: string[][] = [];
  s.onQuit = (lines) => quit.push(lines);
  s.start();
  return { s: s, time: time, quit: quit };
}

function screen(s: Session): string {
  return s.screen().join("\n");
}

/** The big seven-segment digits of a time are on the screen. */
function showsTime(s: Session, text: string): boolean {
  const lines = s.screen();
  const rows = bigText(text);
  return lines.some((l, i) => i + 2 < lines.length && l.includes(rows[0]) && lines[i + 1].includes(rows[1]) && lines[i + 2].includes(rows[2]));
}

function times(c: Clock, t: number): [number, number] {
  return [c.reading("black", t).shownMs, c.reading("white", t).shownMs];
}

describe("terminal clock", () => {
  it("waits in set-up until White's button starts Black's clock", () => {
    const { s, time } = session();
    expect(screen(s)).toContain("SET-UP");
    time.to(5000);
    s.feed("m"); // the right button is White's
    expect(s.clock.game.phase).toBe("running");
    expect(s.clock.game.toMove).toBe("black");
    time.to(65000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 60000);
    expect(screen(s)).toContain("▶ B  Black  [z]");
    expect(showsTime(s, "1:59:00")).toBe(true);
  });

  it("Black's own key during White's turn changes nothing and says why", () => {
    const { s, time } = session();
    s.feed("m");
    time.to(3000);
    s.feed("z");
    time.to(4000);
    s.feed("z");
    expect(s.clock.game.toMove).toBe("white");
    expect(screen(s)).toContain("refused press: it is white's move");
  });

  it("space pauses; a second space does not resume, it points to :resume, which does", () => {
    const { s, time } = session();
    s.feed("m");
    time.to(10000);
    s.feed(" ");
    expect(screen(s)).toContain("PAUSED — :resume to go on");
    time.to(70000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 10000);
    s.feed(" ");
    expect(screen(s)).toContain("PAUSED");
    expect(screen(s)).toContain("paused: :resume to go on");
    time.to(80000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 10000);
    s.feed(":resume\r");
    expect(screen(s)).toContain("RUNNING");
    time.to(85000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 15000);
    expect(screen(s)).toContain("space pause   :resume");
  });

  it("a call made at its instant appears in the view with its gloss", () => {
    const { s, time } = session("3x30s");
    s.feed("m");
    time.to(9999);
    expect(screen(s)).not.toContain("elapsed:10");
    time.to(10000);
    expect(screen(s)).toContain("0:10.0  B  elapsed:10 — 10秒 (10 s)");
    time.to(30000);
    expect(screen(s)).toContain("0:30.0  B  elapsed:30 — 30秒 (30 s)");
    expect(screen(s)).toContain("B  periods:2 — 还剩2次 (2 periods left)");
    time.to(60000);
    expect(screen(s)).toContain("B  periods:1 — 还剩1次 (1 period left)");
  });

  it("a malformed command line shows an error and changes no time", () => {
    const { s, time } = session();
    s.feed("m");
    time.to(20000);
    s.feed(" ");
    const before = times(s.clock, time.t);
    s.feed(":correct black main five\r");
    expect(screen(s)).toContain("error: 'five'");
    s.feed(":frobnicate\r");
    expect(screen(s)).toContain("error: unknown command 'frobnicate'");
    expect(times(s.clock, time.t)).toEqual(before);
  });

  it("a command refused by the clock shows its reason and changes nothing", () => {
    const { s, time } = session();
    s.feed("m");
    time.to(20000);
    s.feed(":correct black main 5m\r");
    expect(screen(s)).toContain("refused correct: pause the clock first");
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 20000);
  });

  it("an arbiter's correction from the command line takes effect", () => {
    const { s, time } = session();
    s.feed("m");
    time.to(20000);
    s.feed(" :correct black main 5m\r");
    expect(screen(s)).toContain("ok: correct black main 5m");
    expect(showsTime(s, "5:00")).toBe(true);
    expect(s.clock.reading("black", time.t).mainMs).toBe(300000);
  });

  it("set-up commands change the control and handicap before the start", () => {
    const { s } = session();
    s.feed(":control white 1h+5x30s\r:handicap 2\r");
    expect(screen(s)).toContain("1h+5x30s");
    expect(screen(s)).toContain("Black's button [z] starts White's clock");
    s.feed("z");
    expect(s.clock.game.toMove).toBe("white");
    s.feed(":control 1h\r");
    expect(screen(s)).toContain("refused control: the time control is set before the game starts");
  });

  it("q answers the side to move's periods in byoyomi", () => {
    const { s, time } = session("5x60s");
    s.feed("m");
    time.to(1000);
    s.feed("q");
    expect(screen(s)).toContain("0:01.0  B  left:5 — 还剩5分");
  });

  it("a flag shows on the side that ran out", () => {
    const { s, time } = session("1m");
    s.feed("m");
    time.to(60000);
    expect(screen(s)).toContain("FLAG: Black is out of time");
    expect(showsTime(s, "0:00")).toBe(true);
  });

  it("one x only asks: the game goes on, and the question goes away after 2 s", () => {
    const { s, time, quit } = session("1h");
    s.feed("m");
    time.to(1000);
    s.feed("x");
    expect(quit.length).toBe(0);
    expect(screen(s)).toContain("x again within 2 s quits");
    time.to(3500);
    expect(screen(s)).not.toContain("x again");
    s.feed("x"); // too late for the first: asks again
    expect(quit.length).toBe(0);
    s.feed("z"); // any other key (here Black's button, next to x) cancels
    expect(screen(s)).not.toContain("x again");
    s.feed("x");
    expect(quit.length).toBe(0);
    expect(s.clock.game.phase).toBe("running");
  });

  it("x twice within 2 s quits and prints both times", () => {
    const { s, time, quit } = session("1h");
    s.feed("m");
    time.to(60000);
    s.feed("x");
    time.to(61500);
    s.feed("x");
    expect(quit.length).toBe(1);
    expect(quit[0].join("\n")).toContain("B  58:59");
    expect(quit[0].join("\n")).toContain("W  1:00:00");
    s.feed("m"); // nothing happens after the end
    expect(s.clock.game.toMove).toBe("black");
  });

  it("a short terminal keeps the newest calls and the help on screen", () => {
    const { s, time } = session("3x10s");
    s.height = 24;
    s.feed("m");
    time.to(25000);
    s.feed("?");
    const lines = s.screen();
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(lines.join("\n")).toContain("0:25.0  B  count:5 — 5");
    expect(lines.join("\n")).toContain("handicap N");
  });

  it("bad start-up flags are reported", () => {
    expect(newClock({ control: "2h+" })).toContain("--control");
    expect(newClock({ handicap: "1" })).toContain("a handicap is 0 (even) or 2 to 9 stones");
  });
});
