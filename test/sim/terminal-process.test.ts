// The terminal clock as a real process on a real terminal (a pty made by util-linux `script`): a
// SIGTERM and a closed pipe (`| head`) both give the terminal back as it was, without a word of
// error. `stty -a` run on the same terminal afterwards shows whether raw mode was undone.

import { describe, it, expect } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SCREEN_OFF } from "../../sim/terminal";

const root = join(__dirname, "..", "..");
/** The terminal clock, as `npm run sim -- --terminal` starts it. */
const CLOCK = "node --import tsx sim/cli.ts --terminal";

/** A shell command line on a 100 × 30 pty, with what it writes collected. */
function onPty(command: string): { child: ChildProcess; output: () => string; until: (text: string) => Promise<void>; closed: Promise<number | null> } {
  const child = spawn("script", ["-qfec", "stty rows 30 cols 100; " + command, "/dev/null"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  let text = "";
  const waiting: { text: string; done: () => void }[] = [];
  child.stdout!.on("data", (d: Buffer) => {
    text += d.toString();
    for (const w of waiting.splice(0)) if (text.includes(w.text)) w.done(); else waiting.push(w);
  });
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  const until = (t: string) => new Promise<void>((resolve, reject) => {
    if (text.includes(t)) return resolve();
    waiting.push({ text: t, done: resolve });
    closed.then(() => (text.includes(t) ? resolve() : reject(new Error("never saw " + JSON.stringify(t) + " in " + JSON.stringify(text)))));
  });
  return { child: child, output: () => text, until: until, closed: closed };
}

/** The processes under pid, by their parent ids in /proc. */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const all = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map((d) => {
    try {
      const stat = readFileSync("/proc/" + d + "/stat", "utf8");
      return { pid: Number(d), ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), cmd: readFileSync("/proc/" + d + "/cmdline", "utf8").replace(/\0/g, " ") };
    } catch {
      return null;
    }
  }).filter((p) => p !== null);
  const out: { pid: number; cmd: string }[] = [];
  const walk = (p: number) => {
    for (const c of all) if (c.ppid === p) {
      out.push(c);
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

/** `stty -a`'s line discipline as the clock left it: canonical input and echo are back. */
function sane(output: string): boolean {
  return /(^|\s)icanon(\s|$)/m.test(output) && /(^|\s)echo(\s|$)/m.test(output);
}

describe("the terminal clock's process on a real terminal", () => {
  it("a SIGTERM gives the terminal back: screen, cursor, keyboard; the times are printed", async () => {
    const pty = onPty(CLOCK + "; echo EXIT=$?; stty -a");
    try {
      await pty.until("Go clock — SET-UP");
      const clock = descendants(pty.child.pid!).find((p) => p.cmd.startsWith("node --import tsx"));
      expect(clock).toBeDefined();
      process.kill(clock!.pid, "SIGTERM");
      await pty.until("EXIT=");
      await pty.closed;
      const out = pty.output();
      expect(out).toContain("EXIT=143");
      const after = out.slice(out.lastIndexOf(SCREEN_OFF));
      expect(after).toMatch(/Go clock quit after 0:0\d, game setup\r?\nB  2:00:00/);
      expect(sane(after)).toBe(true);
      expect(out).not.toMatch(/Error|at .*\.ts:\d+/);
    } finally {
      pty.child.kill();
    }
  }, 30000);

  it("| head: the clock ends quietly when the pipe closes, and the keyboard is given back", async () => {
    const pty = onPty("{ " + CLOCK + "; echo CLOCK=$? >&2; } | head -3; stty -a");
    try {
      await pty.until("CLOCK=");
      await pty.closed;
      const out = pty.output();
      expect(out).toContain("CLOCK=0");
      expect(out).toContain("Go clock — SET-UP");
      expect(out).not.toContain("\x1b[?1049h"); // a pipe gets no screen switching to leave behind
      expect(out).not.toMatch(/EPIPE|Error|at .*\.ts:\d+/);
      expect(sane(out.slice(out.indexOf("CLOCK=")))).toBe(true);
    } finally {
      pty.child.kill();
    }
  }, 30000);
});
