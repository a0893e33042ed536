// The terminal clock's screen against the terminal's size, and its process wiring on a fake
// terminal (signals and a closed pipe on a real one: terminal-process.test.ts).

import { describe, it, expect } from "vitest";
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runTerminal, SCREEN_ON, SCREEN_OFF, type TerminalIO } from "../../sim/terminal";
import { HELP, NEED_COLUMNS, NEED_ROWS, sizeProblem } from "../../sim/terminal-view";
import { textWidth } from "../../sim/term-text";
import { VirtualTime, SimBoard, MemoryStore } from "../../sim/board";
import { startApp } from "../../firmware/app";
import { session } from "./terminal-rig";

describe("the screen fits the terminal and the typed command is always in view", () => {
  it("needs 80 × 24, and refuses less with the size it needs", () => {
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
  const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
  it("states the terminal clock's size", () => {
    expect(readme).toContain("at least " + NEED_COLUMNS + " columns by " + NEED_ROWS + " rows");
  });

  it("names the PIN a new clock has, and tells the arbiter to change it", () => {
    const named = /\*\*The arbiter's PIN is `(\d+)` until you change it\.\*\*/.exec(readme);
    expect(named).not.toBeNull();
    const app = startApp(new SimBoard(new VirtualTime(), new MemoryStore()));
    expect(app.checkPin(named![1], 0, "menu")).toBeNull(); // it opens a new clock's arbiter menu
    expect(app.checkPin("1234", 0, "menu")).not.toBeNull();
    expect(readme).toMatch(/change it in the set-up menu: \*Arbiter PIN\*/);
  });
});
