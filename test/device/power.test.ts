// The built firmware on the board double (its pins simulated): the player buttons' lamps show the
// running side, blink on a flag and go dark in a pause; the display dims while nobody acts; the
// battery's warning and its last face; an arbiter's correction within a minute on the buttons.
import { describe, it, expect } from "vitest";
import { firmware, ClockRig } from "../double/rig";
import { BRIGHT, DIM, BRIGHT_MS, WARN_PERCENT } from "../../firmware/power";
import { runCorrection, correctionKeys, PACE_MS } from "../bench/correction";

async function rig(): Promise<ClockRig> {
  return new ClockRig(await firmware()).start();
}

const lamps = (r: ClockRig) => [r.lamp("left"), r.lamp("right")];

describe("the player buttons' lamps", () => {
  it("light the side whose clock runs, go dark in a pause, and blink for the side whose flag fell", async () => {
    const r = await rig();
    r.setUp("1m+1x10s", 1000);
    expect(lamps(r)).toEqual([0, 0]); // set-up: nothing runs
    r.press("white", 5000); // Black's clock runs: Black's button is the left one (rule 12.1)
    r.runUntil(5500);
    expect(lamps(r)).toEqual([1, 0]);
    r.press("black", 8000);
    r.runUntil(8500);
    expect(lamps(r)).toEqual([0, 1]);
    r.tap("menu", 10000, 2200); // held: the player's pause
    r.runUntil(12500);
    expect(r.status().phase).toBe("paused");
    expect(lamps(r)).toEqual([0, 0]);
    r.arbiter({ op: "resume" });
    r.runUntil(13000);
    expect(lamps(r)).toEqual([0, 1]);
    r.runUntil(13000 + 70000 + 1000); // White's minute and its one period of 10 s run out
    expect(r.status().flagged).toBe("white");
    expect(lamps(r)).toEqual([0, 2]);
  });
});

describe("the display's brightness", () => {
  it("is bright when a player presses and dims when nobody has acted for a while", async () => {
    const r = await rig();
    const panel = r.dev.panels[0];
    r.setUp("1h", 1000);
    r.press("white", 5000);
    r.runUntil(5500);
    expect(panel.contrast).toBe(BRIGHT);
    r.runUntil(5000 + BRIGHT_MS + 500);
    expect(panel.contrast).toBe(DIM);
    r.runUntil(40000);
    expect(panel.contrast).toBe(DIM); // the second's redraws do not brighten it
    r.press("black", 40000);
    r.runUntil(40200);
    expect(panel.contrast).toBe(BRIGHT);
    // a contrast command only when the level changes (bright since the set-up's keys): dim, bright
    const since = panel.contrasts.filter((c) => c.t >= 5000).map((c) => c.value);
    expect(since).toEqual([DIM, BRIGHT]);
  });
});

describe("the battery", () => {
  it("below the warning level: the face shows it, status says so, the log has it once", async () => {
    const r = await rig();
    r.setUp("1h", 1000);
    r.press("white", 5000);
    r.runUntil(70000);
    expect(r.status()).toMatchObject({ batteryLow: false });
    r.dev.vddh = 3.65; // the cell (the double's supply is the cell minus the diode, as hw/battery.ts reads it)
    r.runUntil(200000); // read once a minute
    const st = r.status();
    expect(st.battery).toBeLessThan(WARN_PERCENT);
    expect(st.batteryLow).toBe(true);
    expect(st.phase).toBe("running");
    const logged = r.log().filter((l) => l.what === "battery");
    expect(logged.map((l) => l.info)).toEqual(["low " + st.battery + "%"]);
  });

  it("at the empty level the game is paused and saved, the last face stays, nothing more is written", async () => {
    const r = await rig();
    r.setUp("1h", 1000);
    r.press("white", 5000);
    r.press("black", 20000);
    r.runUntil(70000);
    r.dev.vddh = 3.45;
    r.runUntil(200000);
    const st = r.status();
    expect(st.phase).toBe("paused");
    const log = r.log();
    expect(log.slice(-2).map((l) => l.what + " " + l.info)).toEqual(["pause the battery is empty", "battery empty " + st.battery + "%, saved"]);
    const written = r.dev.flash.log.length;
    r.press("white", 210000); // nothing a button does is saved now
    r.tap("menu", 215000, 2200);
    r.runUntil(300000);
    expect(r.dev.flash.log.length).toBe(written);
    expect(r.status().phase).toBe("paused");
    const records = r.console("clock.records()") as string[];
    expect(records.filter((x) => /damaged/.test(x))).toEqual([]);
    // charged again (USB): the game is as it was saved, paused, for the arbiter to resume
    r.dev.vddh = 4.1;
    r.runUntil(400000);
    expect(r.status()).toMatchObject({ phase: "paused", batteryLow: false });
    expect(r.status().white.mainMs).toBe(st.white.mainMs);
    expect(r.arbiter({ op: "resume" })).toBe("ok: resume");
  });
});

describe("an arbiter's correction on the buttons (FIDE: within 60 s)", () => {
  it("Black's main time +2:00 from a running game, PIN included, runs again well within a minute", async () => {
    const r = await rig();
    r.setUp("2h+5x60s", 1000);
    r.press("white", 5000);
    const c = runCorrection(r, 30000, "0000");
    expect(c.running).toBe(true);
    expect(c.ms).toBeLessThanOrEqual(60000);
    expect(c.slowestStepMs).toBeLessThan(PACE_MS);
    // Black's clock was paused 2 s after the start, given 2 min, and runs again since the resume
    expect(c.after - c.before).toBeGreaterThan(120000 - 6000);
    expect(c.after - c.before).toBeLessThan(120000);
    expect(r.log().filter((l) => l.what === "correct").length).toBe(1);
  });

  it("with the slowest PIN (every digit five steps away) it still fits in a minute at the same pace", () => {
    const slow = correctionKeys("5555");
    const quick = correctionKeys("0000");
    expect(slow.length - quick.length).toBe(20);
    const ms = slow.reduce((t, k) => t + Math.max(k.holdMs, PACE_MS), 0);
    expect(ms).toBeLessThanOrEqual(60000);
  });
});
