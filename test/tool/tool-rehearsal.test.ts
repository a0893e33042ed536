// An arbiter rehearsing with goclock against the simulated clock (npm run sim -- --headless --serial
// PATH) exactly as against a real one: set, start, the clock runs in real time, pause behind the
// PIN, the log holds both.

import { describe, it, expect, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ptyPair, goclock, type PtyPair } from "./tool-pty";

const ROOT = join(__dirname, "..", "..");
let sim: ChildProcess | null = null;
let pty: PtyPair | null = null;
afterAll(() => {
  if (sim) sim.kill("SIGTERM");
  if (pty) pty.close();
});

describe("goclock against npm run sim -- --headless --serial", { timeout: 120000 }, () => {
  it("set, start, a second of real time, pause with the PIN: status and log say so", async () => {
    pty = await ptyPair();
    const p = pty;
    sim = spawn(process.execPath, [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), join(ROOT, "sim", "cli.ts"), "--headless", "--serial", p.clock], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    sim.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    while (!out.includes("simulated clock on")) await new Promise((r) => setTimeout(r, 50));
    const tool = (...a: string[]) => goclock(a.concat(["--port", p.tool]));

    expect((await tool("set", "--control", "10m")).code).toBe(0);
    expect((await tool("start")).stdout.trim()).toBe("ok: start");
    await new Promise((r) => setTimeout(r, 1200));
    const pause = await tool("pause", "--pin", "0000");
    expect(pause.code, pause.stderr).toBe(0);
    const st = JSON.parse((await tool("status", "--json")).stdout).status;
    expect(st.phase).toBe("paused");
    expect(st.unlocked).toBe(false); // --pin unlocked for that command only
    expect(st.black.mainMs).toBeLessThan(600000 - 1000);
    expect(st.black.usedMs).toBe(600000 - st.black.mainMs);
    const log = JSON.parse((await tool("log", "--json")).stdout).entries.map((e: { what: string }) => e.what);
    // the game, and around it the record's audit trail: the boot, the tool's link, the set-up, and
    // the PIN of --pin, for that command alone (unlock, then lock)
    expect(log.filter((w: string) => w === "start" || w === "pause")).toEqual(["start", "pause"]);
    expect(log.slice(log.indexOf("start"))).toEqual(expect.arrayContaining(["unlock", "pause", "lock"]));
  });
});
