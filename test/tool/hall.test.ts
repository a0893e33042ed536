// The hall's pieces without a hall: the firmware's packing read back by the hall's decoder for any
// game (a property test), every kind of bad advertisement ignored and counted, the hall's marks
// (silent, duplicate, firmware, no board number, flag, forfeit, low battery), the table's words, and
// the scanners: the loopback's air on a real socket, Bluetooth through a stand-in for noble (no
// adapter, no permission, switched off, never ready, ready).

import { describe, it, expect, vi } from "vitest";
import fc from "fast-check";
import { Clock, newGame, parseControl, isParseError, defaultCallOptions, type Game, type Side, type TimeControl } from "../../firmware/core/index";
import { packAdvert, fingerprintBytes, withSeconds, COMPANY, ADVERT_BYTES } from "../../firmware/link/advert";
import { decodeManufacturer, decodeAdvertisingData, type Decoded } from "../../hw/tool/hall/decode";
import { Hall } from "../../hw/tool/hall/hall";
import { rowJson, rowText, tableText } from "../../hw/tool/hall/table";
import { airScanner, bleScanner, type Noble } from "../../hw/tool/hall/scan";
import { advertisingData, datagram, openAirSender, randomAddress } from "../../sim/air";
import { EXIT, ToolError } from "../../hw/tool/errors";

const CONTROLS = ["2h+5x60s", "1m+3x30s", "5x10s", "90m", "1h+15/10m", "10s+C5/20s", "10m+F5s", "10m+D5s"];

function control(text: string): TimeControl {
  const c = parseControl(text);
  if (isParseError(c)) throw new Error(c.error);
  return c;
}

/** The manufacturer data as Bluetooth carries it: the company identifier, then the clock's bytes. */
function md(data: string, company = COMPANY): Buffer {
  return Buffer.concat([Buffer.from([company & 0xff, company >> 8]), Buffer.from(data, "latin1")]);
}

function decoded(d: Decoded) {
  if (!("state" in d)) throw new Error("ignored: " + d.ignored);
  return d.state;
}

/** A game played: presses at the given gaps (ms), maybe a pause, an absence, an end. */
function played(c: string, gaps: number[], extra: string): { clock: Clock; t: number } {
  const k = new Clock(newGame(control(c), control(c)), defaultCallOptions(), 20, 0);
  let t = 0;
  if (extra === "absent") k.apply({ op: "absent", side: "black" }, 0);
  k.apply({ op: "press", side: "white" }, t);
  let side: Side = "black";
  for (const g of gaps) {
    t += g;
    k.apply({ op: "press", side: side }, t);
    side = side === "black" ? "white" : "black";
  }
  t += 777;
  k.advance(t);
  if (extra === "pause" && k.game.phase === "running") k.apply({ op: "pause" }, t);
  if (extra === "end") k.apply({ op: "end" }, t);
  return { clock: k, t: t };
}

const phaseOf = (g: Game, armed: boolean) => (g.phase === "setup" ? (armed ? "ready" : "setup") : g.phase);

describe("the advertisement, packed by the firmware and read by the hall", () => {
  it("any game: board, phase, turn, both sides' time, periods or moves, marks, battery, fingerprint", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTROLS), fc.array(fc.integer({ min: 1, max: 400000 }), { maxLength: 12 }), fc.constantFrom("", "pause", "end", "absent"),
        fc.integer({ min: 0, max: 999 }), fc.integer({ min: -1, max: 100 }), fc.boolean(), fc.constantFrom("simulator", "0a1b2c3d", "ffffffff", "00000001"),
        (c, gaps, extra, board, battery, armed, fp) => {
          const { clock, t } = played(c, gaps, extra);
          const g = clock.game;
          const b = clock.reading("black", t);
          const w = clock.reading("white", t);
          const data = packAdvert(board, g, armed, b, w, battery, battery >= 0 && battery < 15, fingerprintBytes(fp));
          expect(data.length).toBe(ADVERT_BYTES);
          const s = decoded(decodeManufacturer(md(data)));
          const kind = control(c).kind;
          const moves = kind === "moves";
          const periods = (r: typeof b) => (kind === "byoyomi" ? r.periodsLeft : null);
          expect(s).toEqual({
            version: 1, board: board, phase: phaseOf(g, armed), toMove: g.toMove, battery: battery < 0 ? null : battery, lowBattery: battery >= 0 && battery < 15,
            fingerprint: fp === "simulator" ? "" : fp,
            black: { s: Math.ceil(b.shownMs / 1000), periods: periods(b), moves: moves ? b.movesLeft : null, overtime: b.overtime, flag: b.out, forfeit: g.blackForfeit, absent: g.blackAbsent },
            white: { s: Math.ceil(w.shownMs / 1000), periods: periods(w), moves: moves ? w.movesLeft : null, overtime: w.overtime, flag: w.out, forfeit: g.whiteForfeit, absent: g.whiteAbsent },
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a second later in the same stretch: withSeconds gives what a fresh pack gives", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONTROLS), fc.array(fc.integer({ min: 1, max: 200000 }), { maxLength: 8 }), fc.integer({ min: 1, max: 5000 }), (c, gaps, later) => {
        const { clock, t } = played(c, gaps, "");
        const g = clock.game;
        if (g.phase !== "running") return;
        const end = clock.stretchEndAt(t);
        const t2 = t + later;
        if (t2 >= end) return; // a new stretch is packed afresh
        const side = g.toMove;
        const fresh = packAdvert(7, g, true, clock.reading("black", t2), clock.reading("white", t2), 50, false, "\0\0\0\0");
        const old = packAdvert(7, g, true, clock.reading("black", t), clock.reading("white", t), 50, false, "\0\0\0\0");
        expect(withSeconds(old, side === "white", Math.ceil((end - t2) / 1000))).toBe(fresh);
      }),
      { numRuns: 300 },
    );
  });

  it("the radio's advertising data holds it: flags, then the manufacturer data (27 bytes of 31)", () => {
    const { clock, t } = played("1m+3x30s", [5000], "");
    const data = packAdvert(12, clock.game, true, clock.reading("black", t), clock.reading("white", t), 80, false, fingerprintBytes("0a1b2c3d"));
    const ad = advertisingData(data);
    expect(ad.length).toBe(27);
    expect(decoded(decodeAdvertisingData(ad))).toMatchObject({ board: 12, phase: "running", toMove: "white", fingerprint: "0a1b2c3d" });
  });
});

describe("what is not a clock's advertisement is ignored, and why", () => {
  const { clock, t } = played("2h+5x60s", [60000], "");
  const good = packAdvert(5, clock.game, true, clock.reading("black", t), clock.reading("white", t), 80, false, fingerprintBytes("0a1b2c3d"));

  it("cut short at any length, another company's, Espruino's empty or JSON one, an unknown version, a field out of range", () => {
    for (let n = 0; n < good.length; n++) {
      const r = decodeManufacturer(md(good.slice(0, n)));
      expect([n, r]).toEqual([n, { ignored: n === 0 ? "foreign" : "truncated" }]);
    }
    expect(decodeManufacturer(Buffer.from([0x90]))).toEqual({ ignored: "truncated" });
    expect(decodeManufacturer(md(good, 0x004c))).toEqual({ ignored: "foreign" }); // Apple's
    expect(decodeManufacturer(md('{"a":1,"b":2}'))).toEqual({ ignored: "foreign" }); // an Espruino's JSON
    for (const v of [0, 2, 255]) expect(decodeManufacturer(md(good.slice(0, 2) + String.fromCharCode(v) + good.slice(3)))).toEqual({ ignored: "version" });
    const at = (i: number, v: number) => good.slice(0, i) + String.fromCharCode(v) + good.slice(i + 1);
    expect(decodeManufacturer(md(at(3, 4)))).toEqual({ ignored: "invalid" }); // board 1029
    expect(decodeManufacturer(md(at(5, 6)))).toEqual({ ignored: "invalid" }); // phase 6
    expect(decodeManufacturer(md(at(5, 0x22)))).toEqual({ ignored: "invalid" }); // a state bit v1 does not have
    expect(decodeManufacturer(md(at(15, 150)))).toEqual({ ignored: "invalid" }); // battery 150 %
    expect(decodeManufacturer(md(at(10, 0xff)))).toEqual({ ignored: "invalid" }); // moves left, and no count
    expect(decoded(decodeManufacturer(md(at(15, 255)))).battery).toBeNull();
  });

  it("advertising data: a structure past its end is cut short; none of ours is another device's; ours among others is read", () => {
    const ad = advertisingData(good);
    expect(decodeAdvertisingData(ad.subarray(0, 20))).toEqual({ ignored: "truncated" });
    expect(decodeAdvertisingData(Buffer.from([2, 1, 6, 5, 9, 0x4a, 0x6f, 0x6c, 0x74]))).toEqual({ ignored: "foreign" }); // a name alone
    expect(decodeAdvertisingData(Buffer.alloc(0))).toEqual({ ignored: "foreign" });
    const both = Buffer.concat([Buffer.from([2, 1, 6, 4, 0xff, 0x4c, 0x00, 0x01]), ad.subarray(3)]);
    expect(decoded(decodeAdvertisingData(both)).board).toBe(5);
  });
});

describe("the hall's rows and marks", () => {
  const state = (board: number, o: { fp?: string; flag?: boolean; low?: boolean; black?: number } = {}) => {
    const k = new Clock(newGame(control("1m+3x30s"), control("1m+3x30s")), defaultCallOptions(), 20, 0);
    k.apply({ op: "press", side: "white" }, 0);
    const t = o.flag ? 200000 : (o.black ?? 1000);
    k.advance(t);
    return packAdvert(board, k.game, true, k.reading("black", t), k.reading("white", t), o.low ? 9 : 70, !!o.low, fingerprintBytes(o.fp ?? "0a1b2c3d"));
  };
  const hear = (h: Hall, address: string, data: string, now: number) => h.hear(address, decodeManufacturer(md(data)), data, now);

  it("rows by board number; a change reported once; the same bytes again only keep it alive", () => {
    const h = new Hall();
    expect(hear(h, "c1:00:00:00:00:01", state(12), 0)).toBe(true);
    expect(hear(h, "c1:00:00:00:00:02", state(3), 0)).toBe(true);
    expect(h.changes(0).map((r) => r.board).sort((a, b) => a - b)).toEqual([3, 12]);
    expect(h.changes(0)).toEqual([]);
    expect(hear(h, "c1:00:00:00:00:01", state(12), 900)).toBe(false);
    expect(h.changes(900)).toEqual([]);
    expect(hear(h, "c1:00:00:00:00:01", state(12, { black: 5000 }), 1800)).toBe(true);
    expect(h.changes(1800).map((r) => [r.board, r.state.black.s])).toEqual([[12, 55]]);
    expect(h.rows(1800).map((r) => r.board)).toEqual([3, 12]);
  });

  it("silent after 10 s without a word, reported once by a sweep; heard again, not silent", () => {
    const h = new Hall();
    hear(h, "c1:00:00:00:00:01", state(1), 0);
    hear(h, "c1:00:00:00:00:02", state(2), 0);
    h.changes(0);
    hear(h, "c1:00:00:00:00:02", state(2), 9000);
    expect(h.changes(9999, true)).toEqual([]);
    const gone = h.changes(10000, true);
    expect(gone.map((r) => [r.board, r.marks])).toEqual([[1, ["silent"]]]);
    expect(h.changes(15000, true)).toEqual([]);
    expect(hear(h, "c1:00:00:00:00:01", state(1), 16000)).toBe(true);
    expect(h.changes(16000).map((r) => [r.board, r.marks])).toEqual([[1, []]]);
  });

  it("one board number from two radio addresses: both marked; a clock without a number, another build, a flag, a low battery", () => {
    const h = new Hall({ expect: "0a1b2c3d" });
    hear(h, "c1:00:00:00:00:01", state(7), 0);
    h.changes(0);
    hear(h, "c1:00:00:00:00:02", state(7), 100);
    expect(h.changes(100).map((r) => [r.address, r.marks])).toEqual(expect.arrayContaining([["c1:00:00:00:00:01", ["duplicate"]], ["c1:00:00:00:00:02", ["duplicate"]]]));
    hear(h, "c1:00:00:00:00:03", state(0), 200);
    hear(h, "c1:00:00:00:00:04", state(9, { fp: "ffffffff" }), 200);
    hear(h, "c1:00:00:00:00:05", state(10, { flag: true, low: true }), 200);
    const m = Object.fromEntries(h.rows(200).map((r) => [r.board, r.marks]));
    expect(m).toEqual({ 0: ["no board number"], 7: ["duplicate"], 9: ["firmware"], 10: ["flag", "low battery"] });
  });

  it("ignored advertisements are counted by kind, never a row", () => {
    const h = new Hall();
    h.hear("x", decodeManufacturer(md(state(1).slice(0, 9))), "", 0);
    h.hear("x", decodeManufacturer(md(state(1), 0x004c)), "", 0);
    h.hear("x", decodeManufacturer(md("GC\x07" + "\0".repeat(17))), "", 0);
    expect(h.rows(0)).toEqual([]);
    expect(h.ignoredChanges()).toEqual({ truncated: 1, foreign: 1, version: 1, invalid: 0 });
    expect(h.ignoredChanges()).toBeNull();
  });

  it("the table's words: OT, periods, the turn, the battery, the marks with their seconds and fingerprint", () => {
    const h = new Hall({ expect: "00000000" });
    hear(h, "c1:00:00:00:00:01", state(12, { black: 70000, low: true }), 0);
    const r = rowJson(h.rows(12500)[0], (ms) => ms);
    expect(rowText(r, 12500)).toBe("   12  OT 0:20 3p        1:00 3p           B     running     9%  low battery, silent 12s, firmware 0a1b2c3d");
    expect(tableText([r], { truncated: 2, foreign: 0, version: 1, invalid: 0 }, "the air", 12500).split("\n")).toEqual([
      "1 clock on the air (OT overtime, p periods, mv moves left; F flag, L lost by lateness, A absent)",
      "board  black             white             turn  state     batt  marks",
      rowText(r, 12500),
      "ignored: 2 truncated, 1 version",
    ]);
  });
});

describe("the scanners", () => {
  it("the loopback's air: what a simulated clock sends is heard with its address; a cut datagram is counted", async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const heard: [string, Decoded][] = [];
    const scanner = await airScanner((a, d) => heard.push([a, d]), port);
    const sender = await openAirSender(port);
    const address = randomAddress();
    const { clock, t } = played("90m", [1000], "");
    sender.send(datagram(address, advertisingData(packAdvert(4, clock.game, true, clock.reading("black", t), clock.reading("white", t), 50, false, "\0\0\0\0"))));
    sender.send(Buffer.from([1, 2, 3]));
    for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    sender.close();
    await scanner.stop();
    expect(heard.length).toBe(2);
    expect(heard[0][0]).toBe(address);
    expect(decoded(heard[0][1]).board).toBe(4);
    expect(heard[1][1]).toEqual({ ignored: "truncated" });
  });

  it("Bluetooth without an adapter, without permission, switched off, never ready: said plainly, exit status 5", async () => {
    const fake = (state: string, then?: string): Noble => {
      const on: Record<string, ((x: never) => void)[]> = {};
      const n = {
        state: state,
        on: (e: string, f: (x: never) => void) => ((on[e] = on[e] || []).push(f), undefined),
        startScanning: () => undefined,
        stopScanning: () => undefined,
      } as unknown as Noble;
      if (then) setTimeout(() => on.stateChange.forEach((f) => f(then as never)), 0);
      return n;
    };
    const fails = async (load: () => Noble, readyMs = 1000): Promise<ToolError> => {
      try {
        await bleScanner(() => undefined, load, readyMs);
      } catch (e) {
        return e as ToolError;
      }
      throw new Error("it started");
    };
    const none = await fails(() => {
      throw Object.assign(new Error("Address family not supported by protocol"), { code: "EAFNOSUPPORT" });
    });
    expect([none.exit, none.message]).toEqual([EXIT.port, "no Bluetooth adapter on this machine (goclock hall --air listens to simulated clocks instead)"]);
    const denied = await fails(() => fake("unknown", "unauthorized"));
    expect([denied.exit, denied.message]).toEqual([EXIT.port, expect.stringMatching(/^no permission to use the Bluetooth adapter/)]);
    expect((await fails(() => fake("poweredOff"))).message).toBe("Bluetooth is switched off: switch it on and try again");
    vi.useFakeTimers();
    try {
      const never = fails(() => fake("unknown"), 5000);
      await vi.advanceTimersByTimeAsync(5000);
      expect((await never).message).toMatch(/^Bluetooth cannot start: the adapter is still unknown after 5 s/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("Bluetooth ready: every advertisement, repeats included, with its address (macOS: the peripheral's id)", async () => {
    let discover: ((p: unknown) => void) | null = null;
    let scanning: [string[], boolean] | null = null;
    const noble = {
      state: "poweredOn",
      on: (e: string, f: (p: unknown) => void) => {
        if (e === "discover") discover = f;
      },
      startScanning: (u: string[], dup: boolean) => {
        scanning = [u, dup];
      },
      stopScanning: () => undefined,
    } as unknown as Noble;
    const heard: [string, Decoded][] = [];
    const s = await bleScanner((a, d) => heard.push([a, d]), () => noble);
    expect(scanning).toEqual([[], true]);
    const { clock, t } = played("90m", [1000], "");
    const data = packAdvert(8, clock.game, true, clock.reading("black", t), clock.reading("white", t), 50, false, "\0\0\0\0");
    discover!({ address: "e7:a1:0c:55:20:3f", advertisement: { manufacturerData: md(data) } });
    discover!({ address: "", id: "4f2c0a", advertisement: { manufacturerData: md(data) } });
    discover!({ address: "aa:bb:cc:dd:ee:ff", advertisement: {} });
    await s.stop();
    expect(heard.map(([a, d]) => [a, "state" in d ? d.state.board : d.ignored])).toEqual([["e7:a1:0c:55:20:3f", 8], ["4f2c0a", 8], ["aa:bb:cc:dd:ee:ff", "foreign"]]);
  });
});
