// The hall's advertisement on the built bundle (dist/clock.js on the board double, whose
// NRF.setAdvertising keeps what the radio would send): off at home; with the tournament setting on,
// a non-connectable, non-scannable advertisement carrying the clock's state as the hall decodes it,
// sent at once on a change and each second while a clock runs, never in a call's lead; nothing
// to connect to, no console; the arbiter's Bluetooth prompt still pairs, and the broadcast comes
// back when the game shuts it.
import { describe, it, expect } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import { HostLink } from "../double/link";
import type { Advertisement } from "../double/serial";
import type { SideStatus } from "../../firmware/link/console";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { ADVERT_BYTES, ADVERT_INTERVAL_MS, COMPANY } from "../../firmware/link/advert";
import { LEAD_MS } from "../../firmware/app";
import { decodeAdvertisingData, type ClockState } from "../../hw/tool/hall/decode";
import { advertisingData } from "../../sim/air";

/** A clock whose settings say tournament on, board `board` (as set in the set-up menu before). */
async function inHall(board = 7, more: Record<string, unknown> = {}): Promise<ClockRig> {
  const s = Object.assign(defaultSettings(), { tournament: true, board: board }, more);
  const rig = new ClockRig(await firmware(), { files: Object.assign(voiceFiles("zh"), { "clock.set": encodeSettings(s) }) }).start();
  rig.runUntil(3500);
  return rig;
}

/** The set-up, with the tournament lock on: the arbiter unlocks first (the menu then opens at its list). */
function setUp(rig: ClockRig, control: string, at: number): void {
  rig.runUntil(at);
  rig.console('clock.unlock("0000")');
  rig.setUp(control, at);
}

function state(a: Advertisement): ClockState {
  const d = decodeAdvertisingData(Buffer.from(a.bytes, "latin1"));
  if (!("state" in d)) throw new Error("not a clock's advertisement: " + d.ignored);
  return d.state;
}

/** The countdown a side's face shows, from its status, in whole seconds rounded up. */
function shownS(s: SideStatus): number {
  const ms = s.mainMs > 0 ? s.mainMs : s.control.indexOf("x") >= 0 ? s.periodMs : s.control.indexOf("/") >= 0 ? s.blockMs : s.mainMs;
  return Math.ceil(ms / 1000);
}

function last(rig: ClockRig): Advertisement {
  const a = rig.dev.air().adverts;
  expect(a.length).toBeGreaterThan(0);
  return a[a.length - 1];
}

/** The latest advertisement says what the clock's status says now (its times within 1 s: it is
 *  packed each second). */
function agrees(rig: ClockRig): void {
  const st = rig.status();
  const s = state(last(rig));
  expect([s.phase === "ready" ? "setup" : s.phase, s.toMove, s.board]).toEqual([st.phase, st.toMove, st.board]);
  for (const side of ["black", "white"] as const) {
    const x = s[side];
    const want = shownS(st[side]);
    expect(x.s === want || x.s === want + 1, side + " " + x.s + " s against " + want + " s").toBe(true);
    expect([x.periods, x.flag]).toEqual([st[side].control.indexOf("x") >= 0 ? st[side].periodsLeft : null, st[side].out]);
  }
}

describe("the hall's advertisement on the built bundle", () => {
  it("off at home: the radio sleeps through boot, set-up and a game", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.runUntil(3500);
    rig.setUp("10m+3x30s", 3600);
    rig.press("white", 5000);
    rig.press("black", 9000);
    rig.runUntil(15000);
    expect(rig.dev.air()).toMatchObject({ awake: false, uart: false, adverts: [] });
  });

  it("tournament on: non-connectable, non-scannable, no name, 0x0590's data of 20 bytes; nothing connects, no console", async () => {
    const rig = await inHall(7);
    rig.runUntil(15000); // packed again after 10 s unchanged: the battery read meanwhile
    const air = rig.dev.air();
    expect(air).toMatchObject({ awake: true, connectable: false, scannable: false, uart: false });
    const a = last(rig);
    expect([a.manufacturer, a.data.length, a.interval, a.connectable, a.scannable]).toEqual([COMPANY, ADVERT_BYTES, ADVERT_INTERVAL_MS, false, false]);
    // the radio's bytes are the loopback's (sim/air.ts): one decoder for both
    expect(Buffer.from(a.bytes, "latin1")).toEqual(advertisingData(a.data));
    expect(a.bytes.length).toBeLessThanOrEqual(31);
    const st = rig.status();
    expect(state(a)).toMatchObject({ board: 7, phase: "setup", toMove: "black", battery: st.battery < 0 ? null : st.battery, fingerprint: st.firmware });
    expect(rig.dev.bleConnect()).toMatch(/not connectable/);
    rig.dev.send("Bluetooth", "\x03global.probe = 1\n");
    rig.dev.advance(100);
    expect(rig.console("typeof global.probe")).toBe("undefined");
    expect(rig.dev.consoleState()).toMatchObject({ console: null, forced: true });
  });

  it("a change goes out at once, the running side's seconds each second; each agrees with the status", async () => {
    const rig = await inHall(12);
    setUp(rig, "1m+3x30s", 3600);
    expect(state(last(rig)).phase).toBe("ready");
    rig.press("white", 5000);
    rig.runUntil(5000);
    const start = rig.dev.air().adverts.find((a) => a.t >= 5000)!;
    expect(start.t).toBeLessThan(5050); // in the press's own callback
    expect(state(start)).toMatchObject({ phase: "running", toMove: "black", black: { s: 60, periods: 3, overtime: false } });
    for (const t of [5500, 20300, 44700]) {
      rig.runUntil(t);
      agrees(rig);
    }
    rig.press("black", 45000);
    rig.runUntil(45000);
    expect(state(last(rig))).toMatchObject({ toMove: "white", black: { s: 20 } });
    // Black into byoyomi, through one period: OT, the period's seconds, one period fewer
    rig.press("white", 50000);
    rig.runUntil(50000 + 21000 + 35000);
    agrees(rig);
    expect(state(last(rig)).black).toMatchObject({ overtime: true, periods: 2 });
    // one a second while a clock runs (each repeated by the radio in between)
    const running = rig.dev.air().adverts.filter((a) => a.t > 51000 && a.t <= 105000);
    expect(running.length).toBeGreaterThanOrEqual(50);
    expect(running.length).toBeLessThanOrEqual(60);
    rig.arbiter({ op: "pause" });
    const n = rig.dev.air().adverts.length;
    expect(state(last(rig)).phase).toBe("paused");
    rig.runUntil(130000);
    expect(rig.dev.air().adverts.length).toBe(n); // the same state: the radio repeats it, nothing is packed again
  });

  it("the flag and the result; nothing handed to the radio within a call's lead, even in a count every second", async () => {
    const rig = await inHall(3);
    setUp(rig, "5x10s", 3600);
    rig.press("white", 5000);
    // Black asks for the time left (16.2) just before a count: the face is drawn at the release,
    // within that count's lead, where nothing may go to the radio (nor be packed: the bench's
    // test/bench/air.test.ts counts that)
    const queries = [17000, 32000, 43000];
    for (const c of queries) rig.tap("menu", c - 300);
    // the arbiter gives the board another number just before a count: packed at the count, not in its lead
    const link = new HostLink(rig.dev);
    for (const [c, n] of [[21000, 30], [38000, 31]]) {
      rig.runUntil(c - 1500);
      link.ok("unlock", { pin: "0000" });
      rig.runUntil(c - 200);
      link.ok("set", { board: n }); // within the count's lead
    }
    rig.runUntil(5000 + 50000 + 500);
    expect(state(last(rig)).board).toBe(31);
    agrees(rig);
    const s = state(last(rig));
    expect(s).toMatchObject({ phase: "flagged", black: { flag: true, periods: 0, s: 0 } });
    // every call's instant, from the log: made, made late (its due instant) or dropped
    const calls = rig.log().filter((l) => l.what === "call" || l.what === "late" || l.what === "dropped").map((l) => (l.what === "late" ? Number(l.info.split(" due ")[1]) : l.t));
    expect(calls.length).toBeGreaterThan(40); // 1 … 10 in each period
    const adverts = rig.dev.air().adverts.filter((a) => a.t > 5000);
    expect(adverts.length).toBeGreaterThan(40);
    for (const a of adverts) for (const c of calls) expect(a.t < c - LEAD_MS || a.t >= c, "advertised at " + a.t + ", a call at " + c).toBe(true);
    expect(rig.log().filter((l) => l.what === "query").length).toBe(queries.length);
  });

  it("the arbiter's Bluetooth prompt is connectable while it lasts; the game shuts it and the broadcast comes back", async () => {
    const rig = await inHall(5);
    let t = 4000;
    // the tournament lock: the set-up menu opens at the PIN; then Ready, USB REPL, Bluetooth REPL
    for (const b of ["menu", "menu", "menu", "menu", "menu", "left", "left", "left", "menu"] as const) {
      rig.tap(b, t);
      t += 400;
    }
    rig.runUntil(t);
    const n = rig.dev.air().adverts.length;
    expect(rig.dev.air()).toMatchObject({ awake: true, connectable: true, scannable: true, uart: true });
    const key = rig.dev.consoleState().radio.passkey!;
    expect(rig.dev.bleConnect(key)).toBeNull();
    rig.runUntil(t + 5000);
    expect(rig.dev.air().adverts.length).toBe(n); // nothing packed while the phone has the radio
    rig.dev.bleDisconnect();
    rig.tap("menu", t + 5500, 1700);
    rig.setUp("10m", t + 8000);
    rig.press("white", t + 10000);
    rig.runUntil(t + 11000);
    expect(rig.dev.air()).toMatchObject({ awake: true, connectable: false, scannable: false, uart: false });
    expect(state(last(rig))).toMatchObject({ board: 5, phase: "running" });
    expect(rig.dev.bleConnect(key)).toMatch(/not connectable/);
  });

  it("the tournament setting switched off (with the PIN): the radio sleeps; the board number set over the link goes out", async () => {
    const rig = await inHall(9);
    const link = new HostLink(rig.dev);
    expect(link.ask("set", { board: 10 })!.err).toMatch(/locked \(tournament\)/);
    link.ok("unlock", { pin: "0000" });
    link.ok("set", { board: 10 });
    rig.runUntil(rig.dev.nowMs() + 100);
    expect(state(last(rig)).board).toBe(10);
    link.ok("set", { tournament: false });
    rig.runUntil(rig.dev.nowMs() + 11000);
    const n = rig.dev.air().adverts.length;
    expect(rig.dev.air().awake).toBe(false);
    rig.runUntil(rig.dev.nowMs() + 30000);
    expect(rig.dev.air().adverts.length).toBe(n);
  });

  it("after a power cut the clock comes back broadcasting, paused", async () => {
    const rig = await inHall(4);
    setUp(rig, "10m", 3600);
    rig.press("white", 5000);
    rig.dev.powerCut(8000, 500);
    rig.runUntil(12000);
    expect(rig.dev.air()).toMatchObject({ awake: true, connectable: false });
    expect(state(last(rig))).toMatchObject({ board: 4, phase: "paused" });
    agrees(rig);
  });
});
