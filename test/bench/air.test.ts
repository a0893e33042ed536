// The hall's advertisement's cost: on the board (the board-cost model: each second's new time cheap,
// the CPU's share with the tournament setting on near its share off, nothing packed within a call's
// lead) and on the radio (hw/README.md prints these figures through docs.ts; power.test.ts checks them).

import { describe, it, expect } from "vitest";
import { airFigures, radioFigures } from "./air";

describe("the hall's advertisement", () => {
  it("the advertisement fits: 20 bytes of the clock's in 27 of advertising data (Bluetooth's legacy limit 31)", () => {
    const r = radioFigures();
    expect([r.dataBytes, r.adBytes]).toEqual([20, 27]);
    expect(r.adBytes).toBeLessThanOrEqual(31);
  });

  it("on the board: never packed within a call's lead; each second a few ms; at most 2 % more of the CPU", async () => {
    const f = await airFigures();
    expect(f.inLead).toBe(0);
    expect(f.packs).toBeGreaterThan(5);
    expect(f.tickMs).toBeLessThan(20);
    expect(f.perMinute).toBeGreaterThanOrEqual(55);
    expect(f.perMinute).toBeLessThanOrEqual(65);
    expect(f.mainOn - f.mainOff).toBeLessThan(0.02);
    expect(f.byoyomiOn - f.byoyomiOff).toBeLessThan(0.02);
    expect(f.mainOn).toBeGreaterThan(f.mainOff); // it is counted
  }, 300000); // three games on the instrumented bundle: a minute or two on a busy machine
});
