// The terminal clock on virtual time: keys are fed as strings, timers run when the test says.

import { describe, it, expect } from "vitest";
import { newClock } from "../../sim/terminal-session";
import { NEED_ROWS } from "../../sim/terminal-view";
import { session, screen, showsTime, times, callLines } from "./terminal-rig";

describe("terminal clock", () => {
  it("waits in set-up until White's button starts Black's clock", () => {
    const { s, time } = session();
    expect(screen(s)).toContain("SET-UP");
    time.runUntil(5000);
    s.feed("m"); // the right button is White's
    expect(s.clock.game.phase).toBe("running");
    expect(s.clock.game.toMove).toBe("black");
    time.runUntil(65000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 60000);
    expect(screen(s)).toContain("▶ B  Black  [z]");
    expect(showsTime(s, "1:59:00")).toBe(true);
  });

  it("Black's own key during White's turn changes nothing and says why", () => {
    const { s, time } = session();
    s.feed("m");
    time.runUntil(3000);
    s.feed("z");
    time.runUntil(4000);
    s.feed("z");
    expect(s.clock.game.toMove).toBe("white");
    expect(screen(s)).toContain("refused press: it is white's move");
  });

  it("space pauses; a second space does not resume, it points to :resume, which does", () => {
    const { s, time } = session();
    s.feed("m");
    time.runUntil(10000);
    s.feed(" ");
    expect(screen(s)).toContain("PAUSED — :resume to go on");
    time.runUntil(70000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 10000);
    s.feed(" ");
    expect(screen(s)).toContain("paused: :resume to go on");
    time.runUntil(80000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 10000);
    s.feed(":resume\r");
    expect(screen(s)).toContain("RUNNING");
    time.runUntil(85000);
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 15000);
    expect(screen(s)).toContain("space pause   :resume");
  });

  it("a call made at its instant appears in the list with its gloss, stamped in game time", () => {
    const { s, time } = session("3x30s");
    time.runUntil(7000); // the program has run 7 s before the game starts
    s.feed("m");
    time.runUntil(16999);
    expect(screen(s)).not.toContain("elapsed:10");
    time.runUntil(17000);
    expect(screen(s)).toContain("0:00:10.0  B  elapsed:10 — 10秒 (10 s)");
    time.runUntil(37000);
    expect(screen(s)).toContain("0:00:30.0  B  elapsed:30 — 30秒 (30 s)");
    expect(screen(s)).toContain("0:00:30.0  B  periods:2 — 还剩2次 (2 periods left)");
    time.runUntil(67000);
    expect(screen(s)).toContain("0:01:00.0  B  periods:1 — 还剩1次 (1 period left)");
  });

  it("game time counts hours, and pauses too (it is the time since the start)", () => {
    const { s, time } = session("2h+5x60s");
    s.feed("m");
    time.runUntil(600000);
    s.feed(" ");
    time.runUntil(900000);
    s.feed(":resume\r");
    time.runUntil(7500000); // Black's 2 h of main time run out at 2:05:00 (5 min paused)
    expect(callLines(s)).toContain("  2:05:00.0  B  byoyomi — 开始读秒 (byoyomi)");
  });

  it("the call list fills a tall terminal, newest last, and gives way to the rest in a short one", () => {
    const { s, time } = session("5x10s", 40);
    s.feed("m");
    time.runUntil(45000); // 1 … 10 and periods:N four times, then 1 … 5
    expect(s.screen().length).toBe(40);
    const shown = callLines(s);
    expect(shown.length).toBe(40 - 13); // all but the title, the clocks, the keys and the list's heading
    expect(shown[shown.length - 1]).toBe("  0:00:45.0  B  count:5 — 5");
    expect(shown[0]).toContain("0:00:1");
    s.rows = 80;
    expect(callLines(s).length).toBe(s.clock.log.filter((e) => e.what === "call").length);
    s.rows = NEED_ROWS;
    expect(callLines(s)[NEED_ROWS - 14]).toBe("  0:00:45.0  B  count:5 — 5");
  });

  it("a malformed command line shows an error and changes no time", () => {
    const { s, time } = session();
    s.feed("m");
    time.runUntil(20000);
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
    time.runUntil(20000);
    s.feed(":correct black main 5m\r");
    expect(screen(s)).toContain("refused correct: pause the clock first");
    expect(s.clock.reading("black", time.t).mainMs).toBe(7200000 - 20000);
  });

  it("an arbiter's correction from the command line takes effect", () => {
    const { s, time } = session();
    s.feed("m");
    time.runUntil(20000);
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
    time.runUntil(3000);
    s.feed("q");
    expect(screen(s)).toContain("0:00:03.0  B  left:5 — 还剩5分");
  });

  it("b is MENU: in a game, the time left; asked while 开始读秒 还剩5分 is said, it follows them", () => {
    const { s, time } = session("5x60s");
    s.feed("m");
    time.runUntil(1000);
    s.feed("b");
    time.runUntil(3000);
    // 开始读秒 and 还剩5分 from 0 s last until 1.98 s (the zh pack): the answer 100 ms after them
    expect(screen(s)).toContain("0:00:02.0  B  left:5 — 还剩5分 (5 left) (due 0:00:01.0)");
  });

  it("b is MENU: in set-up and after the game it says where the menus' operations are", () => {
    const { s } = session("5x60s");
    s.feed("b");
    expect(screen(s)).toContain("MENU: set the game up with commands");
    s.feed("m:end\rb");
    expect(screen(s)).toContain("MENU: the game is over: :new sets up the next one");
  });

  it("a flag shows on the side that ran out", () => {
    const { s, time } = session("1m");
    s.feed("m");
    time.runUntil(60000);
    expect(screen(s)).toContain("FLAG: Black is out of time");
    expect(showsTime(s, "0:00")).toBe(true);
  });

  it("one x only asks: the game goes on, and the question goes away after 2 s", () => {
    const { s, time, quit } = session("1h");
    s.feed("m");
    time.runUntil(1000);
    s.feed("x");
    expect(quit.length).toBe(0);
    expect(screen(s)).toContain("x again within 2 s quits");
    time.runUntil(3500);
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
    time.runUntil(60000);
    s.feed("x");
    time.runUntil(61500);
    s.feed("x");
    expect(quit.length).toBe(1);
    expect(quit[0].join("\n")).toContain("B  58:59");
    expect(quit[0].join("\n")).toContain("W  1:00:00");
    s.feed("m"); // nothing happens after the end
    expect(s.clock.game.toMove).toBe("black");
  });

  it("bad start-up flags are reported", () => {
    expect(newClock({ control: "2h+" })).toContain("--control");
    expect(newClock({ handicap: "1" })).toContain("a handicap is 0 (even) or 2 to 9 stones");
  });
});

describe("Caps Lock on", () => {
  it("the button keys, Q and X X work in capitals", () => {
    const { s, time, quit } = session("1h");
    s.feed("M");
    expect(s.clock.game.phase).toBe("running");
    time.runUntil(2000);
    s.feed("Z");
    expect(s.clock.game.toMove).toBe("white");
    s.feed("Q");
    expect(callLines(s)[0]).toBe("  0:00:02.0  W  hours:1 — 还剩1小时 (1 h left)");
    s.feed("X");
    expect(screen(s)).toContain("x again within 2 s quits");
    time.runUntil(3000);
    s.feed("X");
    expect(quit.length).toBe(1);
  });

  it("x then X (Caps Lock pressed in between) quits too", () => {
    const { s, quit } = session("1h");
    s.feed("xX");
    expect(quit.length).toBe(1);
  });

  it("commands in capitals run; a control keeps its own letters", () => {
    const { s, time } = session("1h");
    s.feed(":CONTROL WHITE 1h+C15/10m\r");
    expect(screen(s)).toContain("ok: control white 1h+C15/10m");
    expect(screen(s)).toContain("1h+C15/10m");
    s.feed(":START\r");
    time.runUntil(5000);
    s.feed(" :CORRECT BLACK MAIN 5M\r:RESUME\r");
    expect(s.clock.game.phase).toBe("running");
    expect(s.clock.reading("black", time.t).mainMs).toBe(300000);
  });
});

describe("a flag or a forfeit stays on a banner", () => {
  it("the flag stays through messages, help and :end, until :new", () => {
    const { s, time } = session("1x10s");
    s.feed("m");
    time.runUntil(10000);
    const banner = "!! FLAG: Black ran out of time at 0:00:10.0: lost on time";
    expect(s.screen()[1]).toBe(banner);
    s.feed("?");
    s.feed(":frobnicate\r");
    time.runUntil(100000);
    s.feed(":end\r");
    expect(screen(s)).toContain("GAME OVER");
    expect(s.screen()[1]).toBe(banner);
    s.feed(":new\r");
    expect(screen(s)).not.toContain("!! FLAG");
  });

  it("a flag turned into a pass (22.5) stays, saying that play went on", () => {
    const { s, time } = session("1x10s");
    s.feed("m");
    time.runUntil(10000);
    s.feed(":pass\r");
    expect(s.clock.game.phase).toBe("running");
    expect(s.screen()[1]).toBe("!! FLAG: Black ran out of time at 0:00:10.0; play went on (22.5 pass or 22.8)");
  });

  it("a player still absent past the lateness limit loses by lateness, shown until :new", () => {
    const { s, time } = session("2h");
    s.feed(":latelimit 15m\r:absent black\rm"); // White starts Black's clock; Black is not there
    time.runUntil(15 * 60000 + 1000);
    expect(s.screen()[1]).toBe("!! FORFEIT: Black absent past the lateness limit at 0:15:00.0: lost (22.2)"); // 15 min: 22.2
    expect(callLines(s)).toContain("  0:15:00.0  B  past the lateness limit: forfeit (22.2)");
    s.feed(":arrive black\r");
    time.runUntil(20 * 60000);
    expect(s.screen()[1]).toContain("!! FORFEIT: Black");
  });

  it("both absent past the limit: both lost by lateness (22.3)", () => {
    const { s, time } = session("2h");
    s.feed(":absent black\r:absent white\r:start\r");
    time.runUntil(3600001);
    expect(s.screen()[1]).toBe("!! FORFEIT: both absent past the lateness limit at 1:00:00.0: lost (22.3)");
  });
});

describe(":new", () => {
  it("is refused while the game is on, and changes no time", () => {
    const { s, time } = session("1h");
    s.feed(":new\r");
    expect(screen(s)).toContain("refused new: this game has not started yet");
    s.feed("m");
    time.runUntil(30000);
    s.feed(":new\r");
    expect(screen(s)).toContain("refused new: the game is still on (:end ends it, then :new)");
    s.feed(" :new\r");
    expect(screen(s)).toContain("refused new: the game is still on");
    expect(times(s.clock, time.t)).toEqual([3600000 - 30000, 3600000]);
  });

  it("after a flag: the same set-up again, the list empty, White's button starts the new game", () => {
    const { s, time } = session("1x10s");
    s.feed(":control white 20m\r:handicap 3\r:latelimit 15m\r");
    s.feed("z");
    time.runUntil(1200000); // White's 20 minutes run out
    expect(s.clock.game.phase).toBe("flagged");
    s.feed(":new\r");
    expect(s.clock.game.phase).toBe("setup");
    expect(screen(s)).toContain("new game, same set-up. The last one ended:");
    expect(screen(s)).toContain("W  0:00  FLAG: out of time");
    expect(callLines(s)).toEqual([]);
    expect(s.clock.game.handicap).toBe(3);
    expect(s.clock.game.lateLimitMs).toBe(900000);
    expect(times(s.clock, time.t)).toEqual([10000, 1200000]);
    time.runUntil(1300000);
    s.feed("z"); // Black's button starts White's clock, as with the handicap before
    expect(s.clock.game.toMove).toBe("white");
    time.runUntil(1300000 + 600000);
    expect(callLines(s)).toEqual([]); // no calls for absolute time: and the old game's are gone
    expect(s.clock.reading("white", time.t).mainMs).toBe(600000);
  });

  it("after :end, the new game's calls are stamped from its own start", () => {
    const { s, time } = session("5x10s");
    s.feed("m");
    time.runUntil(3000);
    s.feed(":end\r:new\r");
    time.runUntil(50000);
    s.feed("m");
    time.runUntil(51500);
    // 还剩5次 would run into the count's 1: its short form follows the 1 (firmware/core/place.ts)
    expect(callLines(s)).toEqual(["  0:00:00.0  B  byoyomi — 开始读秒 (byoyomi)", "  0:00:01.0  B  count:1 — 1", "  0:00:01.3  B  periods:5 — 5次 (5 periods left, short) (due 0:00:00.0)"]);
  });
});
