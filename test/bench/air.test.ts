// The hall's advertisement's cost: on the board (the board-cost model: each second's new time cheap,
// the CPU's share with the tournament setting on near its share off, nothing packed within a call's
// lead) and on the radio (hw/README.md prints these figures through docs.ts; power.test.ts checks them).

import { describe, it, expect } from "vitest";
import { airFigures, radioFigures } from "./air";
import { BUDGET } from "./board";

describe("the hall's advertisement", () => {
  it("the advertisement fits: 20 bytes of the clock's in 27 of advertising data (Bluetooth's legacy limit 31)", () => {
    const r = radioFigures();
    expect([r.dataBytes, r.adBytes]).toEqual([20, 27]);
    expect(r.adBytes).toBeLessThanOrEqual(31);
  });

  // Its share of the CPU is the model's (the rig has no radio scenario yet): fitted on 1fb8ee6 the model
  // prices it at about 2.3 % of each second (the earlier fit, 0.4 %), so what is held here is the
  // controls' budgets with the broadcast on, not a share of its own.
  it("on the board: never packed within a call's lead; with the broadcast on main time and byoyomi stay within their CPU budgets", async () => {
    const f = await airFigures();
    expect(f.inLead).toBe(0);
    expect(f.packs).toBeGreaterThan(5);
    expect(f.tickMs).toBeLessThan(50); // a share of a second, not a wake's worth
    expect(f.perMinute).toBeGreaterThanOrEqual(55);
    expect(f.perMinute).toBeLessThanOrEqual(65);
    expect(f.mainOn).toBeLessThanOrEqual(BUDGET.mainShare);
    expect(f.byoyomiOn).toBeLessThanOrEqual(BUDGET.byoyomiShare);
    expect(f.mainOn).toBeGreaterThan(f.mainOff); // it is counted
    expect(f.byoyomiOn).toBeGreaterThan(f.byoyomiOff);
  }, 300000); // three games on the instrumented bundle: a minute or two on a busy machine
});
