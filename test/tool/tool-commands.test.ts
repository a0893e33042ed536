// The tool's commands that need no particular game: list finds the clock among ports, watch runs
// until Ctrl-C, flash refuses during a game and otherwise hands over to hw/flash.ts, every command
// answers --help. Against the fake clock on a pseudo-terminal pair.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ptyPair, fakeClock, goclock, replyFrame, type PtyPair } from "./tool-pty";

const HELLO = { clock: "voiced-go-clock", version: "0.1.0-test", proto: 1 };
const SIDE = { control: "90m", mainMs: 5400000, periodsLeft: 0, periodMs: 0, blockMs: 0, movesLeft: 0, moves: 0, out: false, usedMs: 0 };
const status = (phase: string) => ({ phase: phase, toMove: "black", armed: false, unlocked: false, locked: false, black: SIDE, white: SIDE, faults: [] });

let pty: PtyPair;
beforeEach(async () => {
  pty = await ptyPair();
});
afterEach(() => pty.close());

describe("commands", { timeout: 120000 }, () => {
  it("list --port: the clock among the ports asked, a silent port said to be no clock", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: HELLO })]);
    const other = await ptyPair();
    const run = await goclock(["list", "--port", pty.tool, "--port", other.tool, "--timeout", "300", "--all"]);
    const json = await goclock(["list", "--port", pty.tool, "--port", other.tool, "--timeout", "300", "--json"]);
    const none = await goclock(["list", "--port", other.tool, "--timeout", "300"]);
    other.close();
    await fake.close();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(pty.tool + "  voiced-go-clock, firmware 0.1.0-test");
    expect(run.stdout).toContain(other.tool + "  not a clock: no answer on " + other.tool);
    expect(JSON.parse(json.stdout).clocks).toEqual([{ path: pty.tool, version: "0.1.0-test" }]);
    expect(none.code).toBe(3);
    expect(none.stdout).toContain("no clock answered (1 port asked)");
  });

  it("list where the system cannot list its ports (no udev): says so, and how to name the port (5)", async () => {
    const run = await goclock(["list"], { PATH: "/nonexistent" });
    expect(run.code).toBe(5);
    expect(run.stderr).toContain("this system cannot list its serial ports (spawn udevadm ENOENT; Linux lists them through udev): name the port, goclock list --port /dev/ttyACM0");
  });

  it("watch --json prints a status per reading until Ctrl-C, then exits 0 and frees the port", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: r.c === "hello" ? HELLO : status("running") })]);
    const child = spawn(join(__dirname, "..", "..", "node_modules", ".bin", "tsx"), [join(__dirname, "..", "..", "hw", "tool", "cli.ts"), "watch", "--port", pty.tool, "--every", "100", "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.split("\n").length > 3) resolve();
      });
    });
    child.kill("SIGINT");
    const code = await new Promise((r) => child.on("close", r));
    expect(code).toBe(0);
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const l of lines) expect(l.status.phase).toBe("running");
    // the port is free again: another command opens it
    const again = await goclock(["status", "--port", pty.tool, "--json"]);
    await fake.close();
    expect(again.code, again.stderr).toBe(0);
  });

  it("flash during a game: refused before anything is uploaded", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: r.c === "hello" ? HELLO : status("paused") })]);
    const run = await goclock(["flash", "--port", pty.tool]);
    await fake.close();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("a game is on (paused): flashing would end it");
    expect(fake.requests.map((l) => JSON.parse(l.slice(l.indexOf(" ") + 1, l.lastIndexOf("*"))).c)).toEqual(["hello", "status"]);
  });

  it("every command has --help; an unknown option or command is a usage error (2)", async () => {
    const top = await goclock(["--help"]);
    expect(top.code).toBe(0);
    const names = top.stdout.split("\n").filter((l) => /^  [a-z]+ /.test(l)).map((l) => l.trim().split(" ")[0]);
    expect(names).toEqual(expect.arrayContaining(["list", "status", "set", "unlock", "lock", "start", "pause", "resume", "correct", "rescale", "split", "absent", "arrive", "pass", "end", "log", "sgf", "watch", "verify", "repl", "flash"]));
    // every exit status, in the help and in the README alike
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8").replace(/\s+/g, " ");
    const help = top.stdout.replace(/\s+/g, " ");
    for (const [code, words] of [[3, "no answer"], [6, "locked"], [7, "the clock's firmware is not this build"]] as const) {
      expect(help).toContain(code + " " + words);
      expect(readme).toContain(code + " " + words);
    }
    for (const n of ["set", "correct"]) {
      const h = await goclock([n, "--help"]);
      expect(h.code).toBe(0);
      expect(h.stdout).toContain("usage: goclock " + n);
    }
    const bad = await goclock(["status", "--port", pty.tool, "--colour"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--colour'");
    expect((await goclock(["frobnicate"])).code).toBe(2);
    const words = await goclock(["correct", "black", "main", "--port", pty.tool]);
    expect(words.code).toBe(2);
    expect(words.stderr).toContain("too few words");
  });
});
