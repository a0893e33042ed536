// goclock collect at a round's end: two clocks (the built firmware on the board double, each on its
// pseudo-terminal, boards 12 and 3, each with a game played on its pins) and a port that is no
// clock; one folder per clock named by round and board, holding what goclock log, log --csv and sgf
// print for it; the missing one said, and the exit status its failure's.

import { describe, it, expect, beforeAll, afterAll } from "vitest";
import sgf from "@sabaki/sgf";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClockRig, firmware, voiceFiles } from "../double/rig";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { ptyPair, goclock, bridge, type PtyPair, type DoubleLink } from "./tool-pty";

interface Clock {
  pty: PtyPair;
  rig: ClockRig;
  link: DoubleLink;
}

const clocks: Clock[] = [];

async function clock(board: number, moves: number[]): Promise<Clock> {
  const s = Object.assign(defaultSettings(), { board: board });
  const rig = new ClockRig(await firmware(), { files: Object.assign(voiceFiles("zh"), { "clock.set": encodeSettings(s) }) }).start();
  rig.setUp("1m+3x30s", 3000);
  rig.press("white", 5000);
  moves.forEach((t, i) => rig.press(i % 2 ? "white" : "black", 5000 + t * 1000));
  rig.runUntil(5000 + moves[moves.length - 1] * 1000 + 2000);
  const pty = await ptyPair();
  return { pty: pty, rig: rig, link: await bridge(rig.dev, pty.clock) };
}

beforeAll(async () => {
  clocks.push(await clock(12, [20, 50, 95, 110]));
  clocks.push(await clock(3, [10, 15, 70]));
});
afterAll(async () => {
  for (const c of clocks) {
    await c.link.close();
    c.pty.close();
  }
});

describe("goclock collect", { timeout: 300000 }, () => {
  it("each clock's log (text, CSV) and SGF times into round-R-board-N/, as log, log --csv and sgf print them", async () => {
    const out = mkdtempSync(join(tmpdir(), "goclock-collect-"));
    const missing = join(out, "no-such-port");
    const ports = clocks.map((c) => c.pty.tool);
    const r = await goclock(["collect", "--ports", ports[0] + "," + missing, "--ports", ports[1], "--round", "3", "--out", out, "--timeout", "500"]);
    expect(r.code, r.stderr).toBe(5); // the missing port's failure
    expect(r.stdout.trim()).toBe("2 of 3 clocks collected for round 3");
    expect(r.stderr).toContain("goclock collect: " + missing + ": no serial port " + missing);
    expect(r.stderr).toMatch(/board 12 \(.*\): \d+ log entries -> .*round-3-board-12\//);
    expect(readdirSync(out).sort()).toEqual(["round-3-board-12", "round-3-board-3"]);
    for (const [i, board] of [12, 3].entries()) {
      const dir = join(out, "round-3-board-" + board);
      const port = ["--port", ports[i]];
      const text = await goclock(["log"].concat(port));
      const csv = await goclock(["log", "--csv"].concat(port));
      const times = await goclock(["sgf"].concat(port));
      expect(readFileSync(join(dir, "log.txt"), "utf8")).toBe(text.stdout);
      expect(readFileSync(join(dir, "log.csv"), "utf8")).toBe(csv.stdout);
      expect(readFileSync(join(dir, "times.sgf"), "utf8")).toBe(times.stdout);
      const moves = sgf.parse(readFileSync(join(dir, "times.sgf"), "utf8"))[0].children;
      expect(moves.length).toBe(1);
      expect(readFileSync(join(dir, "log.txt"), "utf8")).toMatch(/^game: Black 1m\+3x30s, White 1m\+3x30s;/);
    }
    expect(existsSync(join(out, "round-3-port-no-such-port"))).toBe(false);
    const json = await goclock(["collect", "--ports", ports[1], "--round", "3b", "--out", out, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ round: "3b", clocks: [{ port: ports[1], board: 3, dir: join(out, "round-3b-board-3"), error: null }] });
  });

  it("a bad command line changes nothing: no ports, no round, a round that is no folder name", async () => {
    expect((await goclock(["collect", "--round", "3"])).stderr).toContain("collect needs --ports PORT,PORT,…");
    expect((await goclock(["collect", "--ports", "x"])).code).toBe(2);
    const bad = await goclock(["collect", "--ports", "x", "--round", "../3"]);
    expect([bad.code, bad.stderr.trim()]).toEqual([2, "goclock collect: --round names the round: 1 to 20 letters, digits, '-' or '_' (e.g. --round 3)"]);
  });
});
