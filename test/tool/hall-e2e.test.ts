// `goclock hall --air --json`, end to end: a hall of 60 simulated clocks in this process on virtual
// time (their random games played on their buttons, some paused, one late past its limit, one on a
// low battery, some with another program) and three real headless clocks (`npm run sim --
// --headless --air`, set up and paused with goclock over a pseudo-terminal). Every row the hall
// shows must be what its clock's own status said within the last 2 s of its game time; malformed
// advertisements are counted, never a clock; one board number from two addresses is marked; clocks
// killed are marked silent after 10 s, the others not.

import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firmware } from "../double/rig";
import { seededPicker } from "../core/gen";
import { HallProcess, SimHall, airPort, onAir, seenOfRow, seenOfStatus, type Seen, type SimClock } from "./hall-rig";
import { goclock, ptyPair, type PtyPair } from "./tool-pty";
import { buildFingerprint, DIST } from "../../hw/tool/commands/trust";
import { advertisingData, datagram, randomAddress } from "../../sim/air";
import { COMPANY } from "../../firmware/link/advert";
import type { ClockStatus } from "../../firmware/link/console";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const SIM = join(ROOT, "sim", "cli.ts");
const PORT = airPort();
const CONTROLS = ["1m+3x10s", "2m+5x20s", "5x10s", "30s", "10m", "1m+5/20s", "1m+F5s", "2m(3x20s)"];
const N = 60;
const MIN = 60000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills a process and whatever it started (tsx runs the script in a child of its own). */
function kill(p: ChildProcess): void {
  try {
    process.kill(-p.pid!, "SIGKILL");
  } catch {
    // gone already
  }
}

interface RealClock {
  board: number;
  pty: PtyPair;
  process: ChildProcess;
  address: string;
  out: string;
}

let hall: HallProcess;
let air: SimHall;
let fp: string;
const reals: RealClock[] = [];
/** Each clock's status as a row would say it, every 100 ms of the last 2 s before a look. */
const history = new Map<SimClock, Seen[]>();
const pick = seededPicker(20270301);
let agreed = 0;
let compared = 0;

/** Plays the hall on until virtual `to`: random presses (a move every 10 s on average), the last 2 s
 *  recorded. Yields to the event loop as it goes, so that the datagrams flow. */
async function play(to: number): Promise<void> {
  const t0 = air.time.now();
  for (let t = t0 + 250; t <= to; t += 250) {
    air.runUntil(t);
    for (const c of air.clocks) {
      const g = c.app.clock.game;
      // board 7's Black never comes (lateness: its own press would be its arrival)
      if (g.phase === "running" && c.board !== 7 && pick.int(0, 39) === 0) air.press(c, g.toMove);
    }
    if (to - t < 2000 + 250) for (const c of air.clocks) history.get(c)!.push(seenOfStatus(air.status(c)));
    if ((t / 250) % 8 === 0) await sleep(1);
  }
  air.runUntil(to);
  for (const c of air.clocks) history.get(c)!.push(seenOfStatus(air.status(c)));
}

/** Every clock still on the air: the hall's row is what the clock has on the air (after its radio's
 *  repeats), and that is what its status said within the last 2 s of game time. */
async function look(what: string): Promise<void> {
  const live = air.clocks.filter((c) => !c.radio.stopped);
  const shows = (c: SimClock) => {
    const r = hall.rows.get(c.radio.address);
    return !!r && JSON.stringify(seenOfRow(r)) === JSON.stringify(onAir(c));
  };
  for (let i = 0; i < 40 && !live.every(shows); i++) {
    for (const c of live) if (!shows(c)) c.radio.repeat(); // the radio's repeats (a datagram may be lost)
    await sleep(250);
  }
  for (const c of live) {
    const row = hall.rows.get(c.radio.address);
    expect(row, what + ": board " + c.board + " has no row").toBeDefined();
    const seen = seenOfRow(row!);
    const ok = history.get(c)!.some((h) => JSON.stringify(h) === JSON.stringify(seen));
    compared++;
    if (ok) agreed++;
    expect(ok, what + ": board " + c.board + "'s row " + JSON.stringify(seen) + " is none of its statuses of the last 2 s: " + JSON.stringify(history.get(c)!.slice(-3))).toBe(true);
  }
  for (const c of air.clocks) history.set(c, []);
}

function startReal(board: number, pty: PtyPair): Promise<RealClock> {
  const child = spawn(process.execPath, [TSX, SIM, "--headless", "--air", "--air-port", String(PORT), "--board", String(board), "--serial", pty.clock], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], detached: true });
  const real: RealClock = { board: board, pty: pty, process: child, address: "", out: "" };
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      real.out += d.toString();
      const m = / from ([0-9a-f:]{17}) /.exec(real.out);
      if (m && !real.address) {
        real.address = m[1];
        resolve(real);
      }
    });
    child.on("exit", (code) => reject(new Error("the headless clock exited " + code + ": " + real.out)));
  });
}

async function tool(real: RealClock, ...args: string[]): Promise<Record<string, any>> {
  const r = await goclock(args.concat(["--port", real.pty.tool, "--json"]));
  expect(r.code, args.join(" ") + ": " + r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(async () => {
  await firmware(); // dist/ built: the build the hall expects
  fp = buildFingerprint(DIST).fingerprint;
  hall = new HallProcess(["--air-port", String(PORT), "--expect", DIST]);
  await hall.until(() => hall.listening !== null, 120000, "that it listens");
  air = await SimHall.open(PORT);
  for (let i = 0; i < N; i++) {
    const board = i + 1;
    // most run the build the hall expects; every tenth another program, every fifteenth none (a simulator's)
    const firmware = board % 10 === 0 ? "0badf00d" : board % 15 === 0 ? undefined : fp;
    const c = air.add(board, { control: board === 7 ? "20m" : CONTROLS[i % CONTROLS.length], firmware: firmware, lateLimitMs: board === 7 ? 15 * MIN : undefined });
    if (board === 8) c.sim.batteryPercent = 9;
    history.set(c, []);
  }
  air.clocks.forEach((c, i) => {
    air.runUntil(1000 + i * 50);
    air.start(c, c.board === 7 ? "black" : undefined);
  });
}, 300000);

afterAll(async () => {
  for (const r of reals) {
    kill(r.process);
    r.pty.close();
  }
  if (air) air.close();
  if (hall) await hall.stop();
});

describe("goclock hall over the loopback's air", { timeout: 600000 }, () => {
  it("60 clocks playing: every row is its clock's status within 2 s of game time, whatever happens", async () => {
    await play(2 * MIN);
    await look("at 2 min");
    // some paused by the arbiter, later resumed
    for (const c of air.clocks.slice(19, 25)) if (c.app.clock.game.phase === "running") air.op(c, "pause");
    await play(6 * MIN);
    await look("at 6 min");
    for (const c of air.clocks.slice(19, 25)) if (c.app.clock.game.phase === "paused") air.op(c, "resume");
    await play(11 * MIN);
    await look("at 11 min");
    await play(16 * MIN);
    await look("at 16 min");
    expect(agreed).toBe(compared);
    expect(compared).toBe(4 * N);
  });

  it("the marks: a flag, a forfeit (late past 15 min), a low battery, another program or none", () => {
    const marks = (board: number) => air.clocks.filter((c) => c.board === board).map((c) => hall.rows.get(c.radio.address)!.marks)[0];
    expect(marks(7)).toContain("forfeit");
    expect(marks(8)).toContain("low battery");
    const flagged = air.clocks.filter((c) => c.app.clock.game.phase === "flagged");
    expect(flagged.length).toBeGreaterThan(3);
    for (const c of flagged) expect(marks(c.board)).toContain("flag");
    for (const c of air.clocks) {
      expect(marks(c.board).indexOf("firmware") >= 0, "board " + c.board).toBe(c.board % 10 === 0 || c.board % 15 === 0);
      expect(hall.rows.get(c.radio.address)!.fingerprint).toBe(c.board % 10 === 0 ? "0badf00d" : c.board % 15 === 0 ? "" : fp);
    }
    expect(air.clocks.every((c) => marks(c.board).indexOf("silent") < 0 && marks(c.board).indexOf("duplicate") < 0)).toBe(true);
  });

  it("malformed advertisements are counted by kind, never a clock; one board number from two addresses is marked", async () => {
    const before = hall.rows.size;
    const s = air.sender;
    const good = air.clocks[4].radio.current!;
    const ad = advertisingData(good);
    const a = randomAddress();
    s.send(datagram(a, ad.subarray(0, 20))); // cut short
    s.send(Buffer.from([0xc1, 2, 3])); // not even an address
    s.send(datagram(a, Buffer.from([2, 1, 6, 7, 0xff, 0x4c, 0x00, 1, 2, 3, 4]))); // Apple's
    s.send(datagram(a, Buffer.from([2, 1, 6, 3, 0xff, COMPANY & 0xff, COMPANY >> 8]))); // an Espruino's, empty
    s.send(datagram(a, advertisingData("GC\x02" + good.slice(3)))); // version 2
    s.send(datagram(a, advertisingData(good.slice(0, 5) + "\x07" + good.slice(6)))); // phase 7
    await hall.until(() => hall.ignored.truncated === 2 && hall.ignored.foreign === 2 && hall.ignored.version === 1 && hall.ignored.invalid === 1, 20000, "the six ignored");
    expect(hall.rows.size).toBe(before);
    expect(hall.rows.has(a)).toBe(false);
    // another clock set to board 5
    const twin = air.add(5, { control: "10m", firmware: fp });
    history.set(twin, []);
    air.start(twin);
    await play(air.time.now() + 3000);
    const five = () => air.clocks.filter((c) => c.board === 5).map((c) => hall.rows.get(c.radio.address));
    await hall.until(() => five().every((r) => !!r && r.marks.indexOf("duplicate") >= 0), 20000, "board 5 twice, marked");
    expect(five().length).toBe(2);
    await look("with the twin");
  });

  it("three real headless clocks: set and started with goclock, moved on their keys, paused: their rows are their statuses", async () => {
    const ptys = await Promise.all([ptyPair(), ptyPair(), ptyPair()]);
    for (const r of await Promise.all([62, 63, 64].map((b, i) => startReal(b, ptys[i])))) reals.push(r);
    await Promise.all(reals.map(async (r, i) => {
      // the tournament lock: set-up with the PIN; the board number changed by goclock set
      const set = await tool(r, "set", "--control", CONTROLS[i], "--board", String(r.board + 10), "--pin", "0000");
      expect(set.settings).toMatchObject({ board: r.board + 10, tournament: true });
      r.board += 10;
      expect((await tool(r, "start")).result).toBe("ok: start");
    }));
    await sleep(1500);
    for (const r of reals) r.process.stdin!.write("z"); // Black moves
    await sleep(1200);
    for (const r of reals.slice(0, 2)) r.process.stdin!.write("m"); // White moves on two of them
    await sleep(700);
    const paused = await Promise.all(reals.map((r) => tool(r, "pause", "--pin", "0000")));
    for (const p of paused) expect(p.result).toBe("ok: pause");
    const statuses = await Promise.all(reals.map((r) => tool(r, "status")));
    const want = statuses.map((s) => seenOfStatus(s.status as ClockStatus));
    await hall.until(() => reals.every((r, i) => { const row = hall.rows.get(r.address); return !!row && JSON.stringify(seenOfRow(row)) === JSON.stringify(want[i]); }), 30000, "the real clocks as their statuses say");
    for (const [i, r] of reals.entries()) {
      const row = hall.rows.get(r.address)!;
      expect(seenOfRow(row)).toEqual(want[i]);
      expect([row.board, row.phase, row.fingerprint]).toEqual([r.board, "paused", ""]);
      expect(row.marks).toContain("firmware"); // a simulator: not the build expected
    }
    expect(want.map((w) => w.toMove)).toEqual(["black", "black", "white"]);
  });

  it("clocks killed are marked silent after 10 s; the others are not", async () => {
    const killed = air.clocks.filter((c) => c.board % 12 === 1); // boards 1, 13, 25, 37, 49
    for (const c of killed) c.radio.stop();
    kill(reals[2].process);
    const t0 = performance.now();
    // the live ones go on broadcasting: their time runs as the wall clock does
    while (performance.now() - t0 < 13000) {
      await play(air.time.now() + 500);
      await sleep(400);
    }
    const silent = (address: string) => hall.rows.get(address)!.marks.indexOf("silent") >= 0;
    await hall.until(() => killed.every((c) => silent(c.radio.address)) && silent(reals[2].address), 20000, "the killed clocks silent");
    for (const c of air.clocks) expect([c.board, silent(c.radio.address)]).toEqual([c.board, killed.indexOf(c) >= 0]);
    expect(silent(reals[0].address) || silent(reals[1].address)).toBe(false);
    const code = await hall.stop();
    expect(code).toBe(0);
    expect(hall.stderr).toMatch(/goclock hall: 64 clocks heard, \d+ advertisements, 6 ignored/);
    process.stdout.write("hall end to end: " + agreed + " of " + compared + " rows agreed with their clocks' statuses within 2 s of game time\n");
  });
});
