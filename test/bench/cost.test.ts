// The board-cost model: its instrumented bundle behaves exactly as the bundle, and its calibrated
// costs reproduce the figures measured on the real interpreter (calibration.ts) within their band.

import { describe, it, expect } from "vitest";
import { ClockRig, firmware } from "../double/rig";
import { boardRig } from "./cost";
import { check, fit, loadCalibration, STEPS, PATHS, BAND } from "./calibration";
import { MODEL } from "./cost";
import { OP, OPS } from "../double/ops";

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
    expect(all[0].ms).toBeGreaterThan(1000); // a game's drawing alone costs seconds on the board
  }, 60000); // two games on the double, one instrumented: a few seconds, more on a busy machine

  it("reproduces the reference figures within the band; App.apply is the known exception", () => {
    const { rows, mandelbrot } = check(MODEL, loadCalibration());
    expect(rows.map((r) => r.key)).toEqual(STEPS.concat(PATHS).map((r) => r.key));
    for (const r of rows) {
      expect(Number.isFinite(r.estimate) && r.estimate > 0).toBe(true);
      // App.apply: the parts it is made of (Clock.apply, the record) are in the band, their sum
      // is not: the reference's App.apply did more than the paths counted here (see COST.md)
      if (r.key === "appApply") expect(r.ratio).toBeLessThan(BAND.lo);
      else expect([r.key, r.ratio >= BAND.lo && r.ratio <= BAND.hi]).toEqual([r.key, true]);
    }
    // held out of the fit: the Mandelbrot snippet, 7.70 s on a Bangle.js 1
    expect(mandelbrot.ratio).toBeGreaterThanOrEqual(BAND.lo);
    expect(mandelbrot.ratio).toBeLessThanOrEqual(BAND.hi);
  });

  it("MODEL holds the fit's costs", () => {
    const f = fit(loadCalibration());
    for (const k of OPS) expect([k, Math.abs(f[k] - MODEL.op[k]) <= 0.02 * MODEL.op[k]]).toEqual([k, true]);
  });
});
