// The board-cost model: its instrumented bundle behaves exactly as the bundle, and its calibrated
// costs reproduce the figures measured on Espruino's own interpreter (real.ts, real.json) within
// ×1.00…×1.25: never optimistic.

import { describe, it, expect } from "vitest";
import { ClockRig, firmware } from "../double/rig";
import { boardRig } from "./cost";
import { loadReal, compare, fitReal, realFigures, BAND, FIT, MIN_MS, isStep, lastRun, modelMoved } from "./real";
import { PATHS } from "./paths";
import { OP } from "../double/ops";

/** A game: set up by the buttons, moves in main time, byoyomi with calls, a query and a pause. */
function play(rig: ClockRig): void {
  rig.start();
  rig.setUp("1m+3x20s", 1000);
  [5000, 10000, 15000, 20000].forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
  rig.runUntil(100000);
  rig.arbiter({ op: "query", side: "white" });
  rig.runUntil(110000);
  rig.arbiter({ op: "pause" });
  rig.runUntil(115000);
}

/** What the board did, but its program's fingerprint: the instrumented copy is other files (shown
 *  on the face for the boot message's 4 s, and in the log's boot line). */
function transcript(rig: ClockRig) {
  const fp = rig.status().firmware;
  return {
    frames: rig.dev.frames.filter((f) => f.t > 4100).map((f) => f.t.toFixed(3) + " " + Buffer.from(f.bytes).toString("hex")),
    heard: rig.heard(),
    log: rig.log().map((l) => l.text.split(fp).join("FINGERPRINT")),
    flash: rig.dev.flash.log.map((l) => l.t.toFixed(3) + " " + l.name),
    printed: rig.dev.printed.map((p) => p.text),
  };
}

describe("board-cost model", () => {
  it("the instrumented bundle does what the bundle does, and counts it", async () => {
    const plain = new ClockRig(await firmware(), { yieldAtTarget: true });
    play(plain);
    const b = await boardRig();
    b.meter.charge = false; // counted, not charged: the same timeline as the plain bundle's
    play(b.rig);
    const a = transcript(plain);
    const c = transcript(b.rig);
    expect(a.heard.length).toBeGreaterThan(3); // byoyomi calls were made
    expect(a.frames.length).toBeGreaterThan(20);
    expect(c).toEqual(a);
    const ops = b.meter.measure(() => b.rig.console("clock.status()")).ops;
    expect(ops[OP.statements]).toBeGreaterThan(10);
    const all = b.meter.profile();
    expect(all.length).toBeGreaterThan(20);
    expect(all[0].ms).toBeGreaterThan(500); // a game's drawing alone: about a second of board time under the fits of 85b30bc and 1fb8ee6
  }, 60000); // two games on the double, one instrumented: a few seconds, more on a busy machine

  it("on every bundle measured, every path's figure is within ×1.00…×1.25 of the real interpreter's (never optimistic)", () => {
    const f = loadReal();
    expect(f).not.toBeNull();
    expect(f!.runs.length).toBeGreaterThanOrEqual(1);
    for (const run of f!.runs) {
      const all = compare(run.samples, run.real);
      // every path the rig measures and the model plays (paths.ts), CPU and RAM
      expect([run.commit, all.map((r) => r.def.key).sort()]).toEqual([run.commit, PATHS.filter((d) => run.real[d.key] !== undefined && !(d.unit === "board ms" && run.real[d.key] < MIN_MS)).map((d) => d.key).sort()]);
      const rows = all.filter((r) => !isStep(r.def));
      expect(rows.length).toBeGreaterThanOrEqual(24);
      for (const r of rows) expect([run.commit, r.def.key, r.ratio >= BAND.lo && r.ratio <= BAND.hi]).toEqual([run.commit, r.def.key, true]);
      // the single steps keep each cost near an operation's own price
      for (const r of all.filter((x) => isStep(x.def))) expect([r.def.key, r.ratio >= FIT.stepLo - 0.01 && r.ratio <= FIT.stepHi + 0.01]).toEqual([r.def.key, true]);
    }
    // the last commit: the PIN check and a press are paths of it
    const keys = Object.keys(lastRun(f!).real);
    for (const k of ["unlock", "press", "byoyomi10", "step:empty"]) expect(keys).toContain(k);
  });

  it("MODEL holds the costs fitted to the real interpreter's figures", () => {
    const m = fitReal(loadReal()!);
    expect(m.worst).toBeLessThanOrEqual(FIT.hi);
    expect(modelMoved(m) ? m : null).toBeNull();
  }, 60000); // a few linear programmes: seconds on a busy machine

  it("reads the rig's figures: the commit, each path's figure, the clock's own jsvars", () => {
    const line = JSON.stringify([
      { name: "harness jsvars (driver + stand-ins + the empty interpreter)", value: 229, unit: "jsvars" },
      { name: "press, edge to idle, median of 20", value: 142.9, unit: "board ms" },
      { name: "jsvars: boot (raw)", value: 3982, unit: "jsvars" },
      { name: "peak jsvars, the clock's own (raw minus the harness)", value: 4847, unit: "jsvars" },
    ]);
    const r = realFigures("rig: /somewhere (c5b7748 Merge main)\nharness ...\n" + line);
    expect(r).toEqual({ commit: "c5b7748", real: { press: 142.9, jsvarsBoot: 3753, jsvarsPeak: 4847 } });
    expect(() => realFigures(line)).toThrow(/commit/);
  });
});
