// goclock end to end: the tool as an arbiter runs it, over a pseudo-terminal pair, against the built
// firmware (dist/clock.js) on the board double, the moves played on the button pins. What the tool
// reads (status, log, SGF) must be what the simulator's transcript of the same game says; a locked
// clock refuses to be set during the game, and a refused set changes nothing.

import { describe, it, expect, beforeAll, afterAll } from "vitest";
import sgf, { type SgfNode } from "@sabaki/sgf";
import { ClockRig, firmware } from "../double/rig";
import { SerialPort } from "serialport";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ptyPair, goclock, bridge, type PtyPair, type DoubleLink } from "./tool-pty";
import { encodeRequest } from "../../hw/tool/frame";
import { parseScript } from "../../sim/script";
import { runScript } from "../../sim/run";
import { transcript } from "../../sim/transcript";
import type { Side } from "../../firmware/core/index";

const CONTROL = "1m+3x30s";
/** Seconds after the start of each move: main time, byoyomi, a move that uses a period, both sides. */
const MOVES = [20, 50, 95, 110, 150, 160, 185, 230, 250, 262];

interface Brief {
  mainMs: number;
  periodsLeft: number;
  periodMs: number;
  movesLeft: number;
  moves: number;
}

let pty: PtyPair;
let rig: ClockRig;
let link: DoubleLink;

beforeAll(async () => {
  pty = await ptyPair();
  rig = new ClockRig(await firmware()).start();
  rig.runUntil(3000);
  link = await bridge(rig.dev, pty.clock);
});
afterAll(async () => {
  await link.close();
  pty.close();
});

const tool = (...args: string[]) => goclock(args.concat(["--port", pty.tool]));
async function json(...args: string[]): Promise<Record<string, any>> {
  const r = await tool(...args, "--json");
  expect(r.code, args.join(" ") + ": " + r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

const brief = (r: Brief): Brief => ({ mainMs: r.mainMs, periodsLeft: r.periodsLeft, periodMs: r.periodMs, movesLeft: r.movesLeft, moves: r.moves });

describe("goclock against the built firmware on the board double", { timeout: 300000 }, () => {
  it("set, start, moves on the pins, pause: status, log and SGF are the simulator's transcript of the same game", async () => {
    const set = await json("set", "--control", CONTROL, "--volume", "5", "--late-limit", "15m");
    expect(set.settings).toMatchObject({ black: CONTROL, white: CONTROL, volume: 5, lateLimitMs: 900000 });

    expect((await json("start")).result).toBe("ok: start");
    const started = (await json("log")).entries.filter((e: { what: string }) => e.what === "start");
    expect(started.length).toBe(1);
    const t0: number = started[0].t;

    // during the game the clock is locked: a set is refused, whole, and nothing changes; with the
    // PIN, what the game was set up with still cannot change, and nothing else of that set does either
    const locked = await tool("set", "--volume", "2");
    expect(locked.code).toBe(6);
    expect(locked.stderr).toContain("the clock is locked");
    const refused = await tool("set", "--volume", "2", "--control", "90m", "--pin", "0000");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the clock refused: control is set before the game starts (new game first); nothing changed");
    const after = (await json("status")).status;
    expect([after.black.control, after.white.control, after.volume, after.lateLimitMs, after.unlocked]).toEqual([CONTROL, CONTROL, 5, 900000, false]);

    // the moves, on the players' buttons: Black first (the start ran Black's clock)
    MOVES.forEach((s, i) => rig.press(i % 2 ? "white" : "black", t0 + s * 1000));
    rig.runUntil(t0 + 280000);
    expect((await json("pause", "--pin", "0000")).result).toBe("ok: pause");

    const status = (await json("status")).status;
    const log: { t: number; what: string; side?: Side; info?: string; black: Brief; white: Brief }[] = (await json("log")).entries;
    const paused = log.filter((e) => e.what === "pause");
    expect(paused.length).toBe(1);
    const tp = paused[0].t - t0;

    // the same game in the simulator: the start, then each press and the pause at the instant the
    // clock took it (a pin's edge is dated in RTC ticks of 30.5 µs: within a millisecond of the test's)
    const pressed = log.filter((e) => e.what === "press");
    expect(pressed.map((e) => [e.side, Math.round((e.t - t0) / 1000)])).toEqual(MOVES.map((s, i) => [i % 2 ? "white" : "black", s]));
    const at = (ms: number) => "at " + (ms / 1000).toFixed(3);
    const script = ["control " + CONTROL, "latelimit 15m", "at 0 start"]
      .concat(pressed.map((e) => at(e.t - t0) + " press " + e.side), [at(tp) + " pause", "run " + (tp / 1000).toFixed(3)])
      .join("\n");
    const parsed = parseScript(script);
    if (Array.isArray(parsed)) throw new Error(JSON.stringify(parsed));
    const sim = runScript(parsed, 20, null);
    const lines = transcript(sim.outputs, sim.clock, sim.endMs, "json").map((l) => JSON.parse(l));
    const state = lines[lines.length - 1].state;

    expect(status.phase).toBe("paused");
    expect(status.toMove).toBe(state.toMove);
    for (const side of ["black", "white"] as Side[]) expect(brief(status[side]), side).toEqual(brief(state[side]));
    expect(status.black.moves + status.white.moves).toBe(MOVES.length);

    // the game from the start on (the simulator also logs its set-up lines); the clock's record also
    // holds its audit trail (boots, links, settings, unlocks and locks: 22.9), which a script has not
    const audit = (what: string) => / (boot|link|set|unlock|lock|pin|PIN|new) /.test(" " + what + " ");
    const logged = lines.filter((l) => l.log !== undefined);
    const simLog = logged.slice(logged.findIndex((l) => l.log === "start")).map((l) => ({ t: Math.round(l.t * 1000), what: l.log as string, side: (l.side ?? undefined) as Side | undefined, info: (l.info || undefined) as string | undefined, black: brief(l.black), white: brief(l.white) }));
    const played = log.slice(log.findIndex((e) => e.what === "start")).filter((e) => !audit(e.what));
    const toolLog = played.map((e) => ({ t: e.t - t0, what: e.what, side: e.side, info: e.info, black: brief(e.black), white: brief(e.white) }));
    expect(toolLog).toEqual(simLog);
    expect(log.filter((e) => audit(e.what)).map((e) => e.what)).toEqual(expect.arrayContaining(["boot", "unlock", "lock"]));

    // the table for people is the simulator's --log text, line for line (the one formatter, both sides)
    // after the game's statement (the firmware's fingerprint, or its version where it has none)
    const table = await tool("log");
    expect(table.code, table.stderr).toBe(0);
    const simText = transcript(sim.outputs, sim.clock, sim.endMs, "text").filter((l) => !l.startsWith("{"));
    const printed = table.stdout.trimEnd().split("\n");
    expect(printed[0]).toMatch(/^game: Black 1m\+3x30s, White 1m\+3x30s; handicap 0 \(even game\); White's button (left|right); lateness limit 15:00; firmware ([0-9a-f]{8}|no fingerprint \(version [^)]+\))$/);
    const gameRows = printed.slice(printed.findIndex((l) => / {2}start {2}/.test(l))).filter((l) => !audit(l.split("  ")[1].split(":")[0]));
    expect(gameRows).toEqual(simText.slice(simText.length - played.length));
    const csv = (await tool("log", "--csv")).stdout.trimEnd().split("\n");
    const head = csv.findIndex((l) => l.startsWith("time,"));
    expect(csv.slice(0, head).map((l) => l.split(":")[0])).toEqual(["# black", "# white", "# handicap", "# white's button", "# lateness limit", "# firmware"]);
    expect(csv.length).toBe(head + log.length + 1);
    log.forEach((e, i) => expect(csv[head + i + 1]).toContain("," + e.t + "," + e.what + ","));

    // SGF: every BL/WL/OB/OW is the mover's reading after its press in the transcript
    const record = await tool("sgf");
    expect(record.code, record.stderr).toBe(0);
    const root = sgf.parse(record.stdout)[0];
    expect(root.data.TM).toEqual(["60"]);
    expect(root.data.OT).toEqual(["3x30 byo-yomi"]);
    expect(root.data.GC[0]).toContain("goclock game: Black " + CONTROL + ", White " + CONTROL + ";");
    const nodes: Record<string, string[]>[] = [];
    for (let n: SgfNode | undefined = root.children[0]; n; n = n.children[0]) nodes.push(n.data);
    const presses = simLog.filter((e) => e.what === "press");
    expect(nodes.length).toBe(MOVES.length);
    presses.forEach((e, i) => {
      const c = e.side === "black" ? "B" : "W";
      const read = e[e.side!];
      expect(nodes[i][c], "move " + (i + 1)).toEqual([""]);
      expect(Number(nodes[i][c + "L"][0]) * 1000, "move " + (i + 1)).toBe(read.mainMs > 0 ? read.mainMs : read.periodMs);
      expect(nodes[i]["O" + c], "move " + (i + 1)).toEqual(read.mainMs > 0 ? undefined : [String(read.periodsLeft)]);
    });

    // --into: the same times onto the game record's own moves, written to --out
    const points = ["pd", "dp", "qp", "dd", "fq", "cf", "jd", "nq", "qj", "cn"];
    const game = join(mkdtempSync(join(tmpdir(), "goclock-sgf-")), "game.sgf");
    writeFileSync(game, "(;GM[1]FF[4]SZ[19]PB[Black]PW[White]" + points.map((p, i) => ";" + (i % 2 ? "W" : "B") + "[" + p + "]").join("") + ")");
    const merged = await tool("sgf", "--into", game, "--out", game + ".timed");
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toContain("10 moves of " + game + " got their times");
    const timed: Record<string, string[]>[] = [];
    for (let n: SgfNode | undefined = sgf.parse(readFileSync(game + ".timed", "utf8"))[0].children[0]; n; n = n.children[0]) timed.push(n.data);
    expect(timed.map((n) => (n.B ?? n.W)[0])).toEqual(points);
    timed.forEach((n, i) => {
      for (const p of ["BL", "WL", "OB", "OW"]) expect(n[p], p + " of move " + (i + 1)).toEqual(nodes[i][p]);
    });
  });

  it("garbage on the line either way is never read, and changes nothing; a clock that stops answering is said to", async () => {
    const before = (await json("status")).status;
    // bytes the clock must ignore: noise, a half request, a prompt's text, a frame with a wrong CRC
    const port = new SerialPort({ path: pty.tool, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => port.open((e) => (e ? rej(e) : res())));
    const wrong = encodeRequest(7, { c: "op", words: "resume" }).replace(/\*[0-9a-f]{8}/, "*00000000");
    await new Promise((r) => port.write("\x00\xff\x1b[2J garbage\n#1 {\"c\":\"op\",\"words\":\"res" + "\nclock.op('resume')\n" + wrong, () => port.drain(r)));
    await new Promise((r) => setTimeout(r, 300));
    await new Promise((r) => port.close(r));
    // on the way back every reply comes after an echo, a prompt, a stray print and a damaged copy
    let damaged = 0;
    link.spoil = (out) => {
      const m = /^=(\d+) /.exec(out);
      if (!m) return out;
      const spoilt = damaged++ % 2 === 0 ? out.replace(/\*[0-9a-f]{8}/, "*deadbeef") : "";
      return "#" + m[1] + " echo\r\n>\r\n=" + m[1] + " {\"ok\":{\"phase\":\"running\"}}\r\nUncaught Error\r\n" + spoilt + out;
    };
    const noisy = (await json("status")).status;
    link.spoil = null;
    expect(noisy).toEqual(before);
    expect(damaged).toBeGreaterThan(1);
    expect((await json("status")).status).toEqual(before);

    link.mute = true;
    const silent = await tool("status", "--timeout", "300", "--retries", "1");
    link.mute = false;
    expect(silent.code).toBe(3);
    expect(silent.stderr).toContain("no answer on " + pty.tool);
  });
});
