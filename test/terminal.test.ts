// The terminal clock on virtual time: keys are fed as strings, timers run when the test says; the
// process wiring on a fake terminal; signals and a closed pipe on a real one (a pty from `script`).

import { describe, it, expect } from "vitest";
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Clock } from "../firmware/core/index";
import { Session, newClock } from "../sim/terminal-session";
import { runTerminal, SCREEN_ON, SCREEN_OFF, type TerminalIO } from "../sim/terminal";
import { bigText, textWidth, HELP, NEED_COLUMNS, NEED_ROWS } from "../sim/terminal-view";
import { VirtualTime, SimBoard, MemoryStore } from "../sim/board";
import { startApp } from "../firmware/app";

function session(control = "2h+5x60s", rows = NEED_ROWS): { s: Session; time: VirtualTime; quit: string[][] } {
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

/** The lines of the call list, as shown. */
function callLines(s: Session): string[] {
  const lines = s.screen();
  const i = lines.indexOf("calls (game time):");
  return i < 0 ? [] : lines.slice(i + 1).filter((l) => /^ {2}\d+:\d\d:\d\d\.\d/.test(l));
}

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
    time.runUntil(1000);
    s.feed("q");
    expect(screen(s)).toContain("0:00:01.0  B  left:5 — 还剩5分");
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
    expect(callLines(s)[0]).toBe("  0:00:02.0  W  mins:60 — 还剩60分钟 (60 min left)");
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

describe("the screen fits the terminal and the typed command is always in view", () => {
  it("needs 80 × 24, and refuses less with the size it needs", async () => {
    const { sizeProblem } = await import("../sim/terminal-view");
    expect([NEED_COLUMNS, NEED_ROWS]).toEqual([80, 24]);
    expect(sizeProblem(79, 50)).toContain("at least 80 columns and 24 rows (this one has 79 × 50)");
    expect(sizeProblem(120, 23)).toContain("this one has 120 × 23");
    expect(sizeProblem(80, 24)).toBeNull();
  });

  it("in the smallest terminal, with a banner and the help up, a long command shows its end", () => {
    const { s, time } = session("1x10s");
    s.feed("m");
    time.runUntil(10000); // Black's flag: the banner
    s.feed("?:correct black main 5m and a good deal more typed than the terminal is wide, far more");
    const lines = s.screen();
    expect(lines.length).toBeLessThanOrEqual(NEED_ROWS);
    expect(lines[1]).toContain("!! FLAG: Black ran out of time");
    for (const h of HELP) expect(lines).toContain(h);
    expect(lines[lines.length - 1]).toMatch(/^….* than the terminal is wide, far more_$/);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(NEED_COLUMNS);
  });

  it("at every height it accepts, the command line is the last line and nothing is wider than the terminal", () => {
    const { s, time } = session("3x10s");
    s.feed("m");
    time.runUntil(25000);
    s.feed(":frobnicate a long thing that will not do anything at all, said at length, twice over\r:pass");
    for (let rows = NEED_ROWS; rows <= 60; rows++) {
      s.rows = rows;
      const lines = s.screen();
      expect(lines.length).toBeLessThanOrEqual(rows);
      expect(lines[lines.length - 1]).toBe(":pass_");
      expect(lines.join("\n")).toContain("error: unknown command 'frobnicate'"); // the message, wrapped, kept whole
      expect(lines.join("\n")).toContain("(? for help)");
      for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(NEED_COLUMNS);
    }
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
    expect(s.screen()[1]).toBe("!! FORFEIT: Black absent past the lateness limit at 0:15:00.0: lost (22.1)");
    s.feed(":arrive black\r");
    time.runUntil(20 * 60000);
    expect(s.screen()[1]).toContain("!! FORFEIT: Black");
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
    time.runUntil(51000);
    expect(callLines(s)).toEqual(["  0:00:00.0  B  byoyomi — 开始读秒 (byoyomi)", "  0:00:00.0  B  periods:5 — 还剩5次 (5 periods left)", "  0:00:01.0  B  count:1 — 1"]);
  });
});

/** A terminal that records what is written and lets the test resize it or feed keys. */
class FakeTerminal {
  stdin = Object.assign(new EventEmitter(), { isTTY: true, raw: [] as boolean[], setRawMode(r: boolean) { this.raw.push(r); }, pause() {} });
  stdout = Object.assign(new EventEmitter(), { isTTY: true, rows: 24, columns: 80, text: "", write(t: string) { this.text += t; } });
  errors = "";
  exits: number[] = [];
  signal: (code: number) => void = () => {};
  time = new VirtualTime();
  io(): TerminalIO {
    return {
      stdin: this.stdin, stdout: this.stdout, stderr: { write: (t: string) => (this.errors += t) }, time: this.time,
      onSignal: (fn) => (this.signal = fn), exit: (c) => this.exits.push(c),
    };
  }
  /** The last screen drawn, without escape codes. */
  lastScreen(): string {
    const parts = this.stdout.text.split("\x1b[H");
    return parts[parts.length - 1].replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
  }
}

describe("on a terminal", () => {
  it("a terminal too small is refused with the size it needs, and left as it was", () => {
    const t = new FakeTerminal();
    t.stdout.columns = 79;
    expect(runTerminal({}, t.io())).toBe(2);
    expect(t.errors).toContain("at least 80 columns and 24 rows (this one has 79 × 24)");
    expect(t.stdout.text).toBe("");
    expect(t.stdin.raw).toEqual([]);
  });

  it("made too small while running, it says so; made bigger, the clock is back", () => {
    const t = new FakeTerminal();
    expect(runTerminal({}, t.io())).toBe(0);
    expect(t.stdout.text.startsWith(SCREEN_ON)).toBe(true);
    expect(t.stdin.raw).toEqual([true]);
    t.stdout.rows = 20;
    t.stdout.emit("resize");
    expect(t.lastScreen()).toContain("(this one has 80 × 20)");
    t.stdout.rows = 30;
    t.stdout.emit("resize");
    expect(t.lastScreen()).toContain("Go clock — SET-UP");
    expect(t.lastScreen().split("\n").length).toBeLessThanOrEqual(30);
  });

  it("x x gives the terminal back, then prints the times", () => {
    const t = new FakeTerminal();
    runTerminal({ control: "1h" }, t.io());
    t.stdin.emit("data", Buffer.from("m"));
    t.time.runUntil(5000);
    t.stdin.emit("data", Buffer.from("xx"));
    expect(t.stdin.raw).toEqual([true, false]);
    expect(t.stdout.text).toMatch(new RegExp(SCREEN_OFF.replace(/[[?]/g, "\\$&") + "Go clock quit after 0:05, game running\nB  59:55"));
    const after = t.stdout.text.length;
    t.time.runUntil(20000);
    expect(t.stdout.text.length).toBe(after); // nothing drawn after the end
  });

  it("a signal gives the terminal back, prints the times and exits with the signal's code", () => {
    const t = new FakeTerminal();
    runTerminal({ control: "1h" }, t.io());
    t.stdin.emit("data", Buffer.from("m"));
    t.time.runUntil(3000);
    t.signal(143);
    expect(t.stdin.raw).toEqual([true, false]);
    expect(t.stdout.text).toContain(SCREEN_OFF + "Go clock quit after 0:03");
    expect(t.exits).toEqual([143]);
  });

  it("an output that fails (a closed pipe) ends it without a word, the keyboard given back", () => {
    const t = new FakeTerminal();
    runTerminal({}, t.io());
    t.stdout.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(t.stdin.raw).toEqual([true, false]);
    expect(t.exits).toEqual([0]);
    expect(t.errors).toBe("");
  });

  it("an output that is not a terminal gets plain screens: no escape codes", () => {
    const t = new FakeTerminal();
    t.stdout.isTTY = false;
    t.stdout.rows = 0;
    runTerminal({}, t.io());
    t.time.runUntil(2500);
    expect(t.stdout.text).not.toContain("\x1b");
    expect(t.stdout.text).toContain("Go clock — SET-UP");
  });
});

describe("README", () => {
  const readme = readFileSync(join(__dirname, "..", "README.md"), "utf8");
  it("states the terminal clock's size", () => {
    expect(readme).toContain("at least " + NEED_COLUMNS + " columns by " + NEED_ROWS + " rows");
  });

  it("names the PIN a new clock has, and tells the arbiter to change it", () => {
    const named = /\*\*The arbiter's PIN is `(\d+)` until you change it\.\*\*/.exec(readme);
    expect(named).not.toBeNull();
    const app = startApp(new SimBoard(new VirtualTime(), new MemoryStore()));
    expect(app.checkPin(named![1], 0)).toBeNull(); // it opens a new clock's arbiter menu
    expect(app.checkPin("1234", 0)).not.toBeNull();
    expect(readme).toMatch(/change it in the set-up menu: \*Arbiter PIN\*/);
  });
});
