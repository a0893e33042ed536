// On the board the power-on code (reading the settings back, giving back a game after a power cut:
// firmware/record/boot.ts) is a Storage file of its own (build/cold.ts), run once when the app starts
// and let go: the built firmware on the board double reads its settings and restores a game from that
// file, holds none of its code once started, and without the file (or with a damaged one) refuses to
// start and says why.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ClockRig, firmware } from "../double/rig";

describe("the power-on code on the board, run once from its Storage file", () => {
  it("reads back the settings at power-on: a control set at the console is there after a power cut", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.runUntil(3000);
    expect(rig.console('clock.control("1m+3x30s")')).toMatch(/^ok/);
    rig.dev.powerCut(4000, 500);
    rig.runUntil(7000);
    const s = rig.status();
    expect(s.phase).toBe("setup");
    expect(s.black.control).toBe("1m+3x30s");
    expect(s.faults).toEqual([]);
    expect(rig.dev.errors).toEqual([]);
  });

  it("gives back a game after a power cut, paused, with the times it had, and then runs it", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.setUp("10m", 3000);
    rig.press("white", 5000); // Black's clock runs
    rig.press("black", 8000); // White's
    rig.runUntil(9000);
    const before = rig.status();
    rig.dev.powerCut(9000, 500);
    rig.runUntil(12000);
    const after = rig.status();
    expect(after.phase).toBe("paused");
    expect(after.black.mainMs).toBe(before.black.mainMs);
    // White's turn ran on to its last checkpoint at most: never more than it had, never less than at the press
    expect(after.white.mainMs).toBeLessThanOrEqual(600000);
    expect(after.white.mainMs).toBeGreaterThanOrEqual(before.white.mainMs);
    expect(after.faults).toEqual([]);
    expect(rig.dev.errors).toEqual([]);
  });

  it("holds none of the power-on code once started: the program has none of it", () => {
    const program = readFileSync("dist/clock.js", "utf8");
    const boot = readFileSync("dist/boot.js", "utf8");
    for (const text of ["not JSON: defaults used", "not a settings object"]) {
      expect(boot, text).toContain(text);
      expect(program, text).not.toContain(text);
    }
  });

  it("without the power-on code's file refuses to start and says why (it could not give back a game)", async () => {
    const bare = new ClockRig(await firmware(), { boot: false }).start();
    bare.runUntil(3000);
    const printed = bare.dev.printed.map((p) => p.text.trim());
    expect(printed.join("\n")).toMatch(/clock failed to start: no boot file boot\.[0-9a-f]{8} \(npm run flash uploads it\)/);
    expect(String(bare.console("clockError"))).toMatch(/^clock failed to start: no boot file boot\.[0-9a-f]{8}/);
    expect(bare.console("typeof clock")).toBe("undefined");
    expect(bare.dev.panels[0].ram.some((b) => b !== 0)).toBe(true); // the message is on the display
  });

  it("a damaged file is refused the same way: nothing of it runs", async () => {
    const bare = new ClockRig(await firmware(), { boot: "$out(bootCode(" }).start();
    bare.runUntil(3000);
    expect(String(bare.console("clockError"))).toMatch(/^clock failed to start: boot file boot\.[0-9a-f]{8}: /);
    expect(bare.console("typeof clock")).toBe("undefined");
  });
});
