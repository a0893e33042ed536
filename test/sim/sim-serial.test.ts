// `npm run sim -- --headless --serial PATH`: the device firmware on the desktop board in real time,
// its link on one end of a pseudo-terminal pair (socat), answering the tool's frames at the other end.
import { describe, it, expect, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { constants, existsSync, mkdtempSync, openSync, closeSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { frame, findReply } from "../double/link";

const tsx = join(__dirname, "..", "..", "node_modules", ".bin", "tsx");
const cli = join(__dirname, "..", "..", "sim", "cli.ts");
const dir = mkdtempSync(join(tmpdir(), "sim-serial-"));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const p of started) p.kill("SIGTERM");
});

async function until(what: string, ok: () => boolean, ms = 15000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Requests written at once on the tool's end; the replies read back (each by its seq). */
async function exchange(fd: number, requests: object[]): Promise<({ ok?: unknown; err?: string } | undefined)[]> {
  writeSync(fd, requests.map((r, i) => frame(i + 1, r)).join("") + "noise the clock ignores\n");
  let text = "";
  const buf = Buffer.alloc(65536);
  await until("the replies", () => {
    try {
      const n = readSync(fd, buf);
      text += buf.subarray(0, n).toString("latin1");
    } catch {
      // nothing yet (EAGAIN)
    }
    return requests.every((_r, i) => findReply(text, i + 1) !== undefined);
  });
  return requests.map((_r, i) => findReply(text, i + 1));
}

describe("the simulated clock on a serial path", () => {
  it("answers the protocol on a pty end, and runs the game in real time", async () => {
    const a = join(dir, "clock");
    const b = join(dir, "tool");
    const socat = spawn("socat", ["pty,raw,echo=0,link=" + a, "pty,raw,echo=0,link=" + b], { stdio: "ignore" });
    started.push(socat);
    await until("socat's pty pair", () => existsSync(a) && existsSync(b));
    const sim = spawn(tsx, [cli, "--headless", "--serial", a], { stdio: ["ignore", "pipe", "pipe"] });
    started.push(sim);
    let out = "";
    sim.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    await until("the simulator's start", () => out.includes("simulated clock on " + a));
    const fd = openSync(b, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
    try {
      const [hello, set, start] = await exchange(fd, [{ c: "hello" }, { c: "set", control: "10m" }, { c: "op", words: "start" }]);
      // the simulator has no flashed files to hash: it says what it is; its PIN is the factory one
      expect(hello).toEqual({ ok: { clock: "voiced-go-clock", version: "0.1.0", proto: 1, firmware: "simulator", defaultPin: true } });
      expect(set).toMatchObject({ ok: { black: "10m", white: "10m" } });
      expect(start).toEqual({ ok: "ok: start" });
      await new Promise((r) => setTimeout(r, 1200));
      const [st] = await exchange(fd, [{ c: "status" }]);
      const s = st!.ok as { phase: string; black: { mainMs: number } };
      expect(s.phase).toBe("running");
      expect(s.black.mainMs).toBeLessThan(600000 - 1000); // its clock ran in real time
    } finally {
      closeSync(fd);
    }
  }, 40_000);

  it("refuses --headless without --serial, and a path that cannot be opened", () => {
    const none = spawnSync(tsx, [cli, "--headless"], { encoding: "utf8", input: "" });
    expect([none.status, none.stderr.trim()]).toEqual([2, "--headless needs --serial PATH (the serial device or pty end the tool talks to), --air (the hall's loopback), or both"]);
    const bad = spawnSync(tsx, [cli, "--headless", "--serial", join(dir, "no-such-port")], { encoding: "utf8", input: "" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^--serial .*no-such-port: ENOENT/);
  }, 30_000);
});
