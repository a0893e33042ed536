// The built firmware (dist/clock.js) on the board double: a whole game played through pin edges
// must sound and read exactly as the simulator says for the same script; the face is redrawn every
// second; the console answers and guards arbiter operations behind the PIN.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig } from "../double/rig";
import { expectedUtterances, simCalls, simulate } from "../double/expect";
import { parseScript, type Script } from "../../sim/script";
import { graphicsMade } from "../double/display";
import { fontFile } from "../../build";

// Times on the 1/8 s grid, where the board's 32,768 Hz clock and whole milliseconds agree exactly.
const GAME = `
control 1m+2x30s
at 5 press white        # the game starts: Black's clock runs
at 25 press black
at 35 press white
at 90 press black       # Black went into byoyomi at 75
at 150 press white      # White's byoyomi began at 135
at 205.5 press black    # Black used a period at 180, then counted to 4 in the last one
at 207.125 press white
run 240                 # Black's last period runs out at 237.125
`;

function parsed(text: string): Script {
  const s = parseScript(text);
  if (Array.isArray(s)) throw new Error(JSON.stringify(s));
  return s;
}

describe("a whole game played on the buttons sounds and reads as the simulator says", () => {
  let rig: ClockRig;
  const sim = simulate(GAME);

  beforeAll(async () => {
    rig = new ClockRig(await firmware()).start();
    rig.setUp("1m+2x30s", 1000);
    rig.play(parsed(GAME));
  });

  it("the device makes the simulator's calls: same instants, same sides, same words", () => {
    expect(rig.calls()).toEqual(simCalls(sim));
  });

  it("the speaker says each call at its instant, clip by clip", () => {
    expect(rig.heard().map((u) => u.t + " " + u.clips.join(" "))).toEqual(expectedUtterances(sim, "zh").map((u) => u.t + " " + u.clips.join(" ")));
  });

  it("Black's flag falls when the last period runs out, as in the simulator", () => {
    const flags = rig.log().filter((l) => l.what === "flag").map((l) => l.t + " " + l.side);
    expect(flags).toEqual(sim.flags().map((f) => Math.round(Number(f.split(" ")[0]) * 1000) + " " + f.split(" ")[1]));
  });

  it("the final readings are the simulator's", () => {
    const st = rig.status();
    for (const side of ["black", "white"] as const) {
      const want = sim.read(side);
      const got = st[side];
      expect([got.mainMs, got.periodsLeft, got.periodMs, got.moves, got.out], side).toEqual([want.mainMs, want.periodsLeft, want.periodMs, want.moves, want.out]);
    }
    expect(st.phase).toBe(sim.clock.game.phase);
  });

  it("the face is drawn on the display every second while a clock runs, and changes each time", () => {
    const frames = rig.dev.frames.filter((f) => f.visible);
    let previous: Uint8Array | null = null;
    for (let s = 40; s < 70; s++) {
      const inSecond = frames.filter((f) => f.t >= s * 1000 && f.t < (s + 1) * 1000);
      expect(inSecond.length, "frames in second " + s).toBeGreaterThan(0);
      const last = inSecond[inSecond.length - 1].bytes;
      if (previous) expect(Buffer.compare(Buffer.from(last), Buffer.from(previous)), "second " + s).not.toBe(0);
      previous = last;
    }
  });

  it("the board ran the whole game without an uncaught exception or a reboot", () => {
    expect(rig.dev.errors.map((e) => e.text.split("\n")[0])).toEqual([]);
    expect(rig.dev.boots.map((b) => b.reason)).toEqual(["power on"]);
  });
});

describe("the display", () => {
  let rig: ClockRig;

  beforeAll(async () => {
    rig = new ClockRig(await firmware()).start();
    rig.setUp("10m+3x30s", 1000);
    rig.press("white", 4000);
    rig.runUntil(9500);
  });

  it("shows exactly the frame the firmware drew, though it is sent only a window at a time", () => {
    const made = graphicsMade.get(rig.dev.mcu!.realm)!.filter((g) => g.buffer.byteLength === 1024);
    expect(made.length).toBe(1); // the app's frame: no second buffer (the SSD1306 module's) in RAM
    const frame = new Uint8Array(made[0].buffer);
    const sent: number[] = [];
    for (let s = 10; s < 16; s++) {
      const before = rig.dev.panels[0].dataBytes;
      rig.runUntil(s * 1000 + 500);
      sent.push(rig.dev.panels[0].dataBytes - before);
      expect(Buffer.from(rig.dev.panels[0].ram).equals(Buffer.from(frame)), "second " + s).toBe(true);
    }
    // once a second, the digits of Black's countdown that changed (9:54 … 9:50: the last one, 10
    // columns of 4 pages; 9:49: two, 21 columns), of the whole frame's 1,024 bytes
    expect(sent).toEqual([40, 40, 40, 40, 40, 84]);
    rig.press("black", 16200);
    rig.runUntil(16500);
    expect(Buffer.from(rig.dev.panels[0].ram).equals(Buffer.from(frame))).toBe(true);
  });

  it("without the fonts' Storage file (a program uploaded by hand) refuses to start and says why", async () => {
    const bare = new ClockRig(await firmware(), { fonts: false }).start();
    bare.runUntil(3000);
    const why = "clock failed to start: no fonts: reflash (" + fontFile().name + " is missing)";
    expect(bare.dev.printed.map((p) => p.text.trim())).toContain(why);
    expect(bare.console("clockError")).toBe(why);
    expect(bare.console("typeof clock")).toBe("undefined"); // no clock keeping time it cannot show
    expect(bare.dev.panels[0].ram.some((b) => b !== 0)).toBe(true); // the message is on the display
  });
});

describe("the console", () => {
  let rig: ClockRig;

  beforeAll(async () => {
    rig = new ClockRig(await firmware()).start();
    rig.setUp("10m+3x30s", 1000);
    rig.press("white", 4000);
    rig.press("black", 9000);
    rig.runUntil(12000);
  });

  it("clock.status() tells the phase, whose move it is and both sides' times", () => {
    const st = rig.status();
    expect(st.phase).toBe("running");
    expect(st.toMove).toBe("white");
    expect(st.black.mainMs).toBe(600000 - 5000);
    expect(st.white.mainMs).toBe(600000 - 3000);
    expect(st.black.control).toBe("10m+3x30s");
  });

  it("during a game clock.op('pause') is refused until the arbiter unlocks with the PIN", () => {
    expect(rig.console('clock.op("pause")')).toMatch(/^error: .*unlock/);
    expect(rig.status().phase).toBe("running");
    expect(rig.console('clock.unlock("1234")')).toMatch(/^error: wrong PIN/);
    expect(rig.console('clock.op("pause")')).toMatch(/^error/);
    expect(rig.console('clock.unlock("0000")')).toMatch(/^ok/);
    expect(rig.console('clock.op("pause")')).toBe("ok: pause");
    expect(rig.status().phase).toBe("paused");
  });
});

describe("faulty peripherals", () => {
  it("a display unplugged in a game is reported, and shows the face again soon after it is plugged back", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.setUp("10m+3x30s", 1000);
    rig.press("white", 4000);
    rig.runUntil(20000);
    rig.dev.panels[0].setPlugged(false);
    rig.runUntil(30000);
    expect(rig.status().faults.join("; ")).toMatch(/display/);
    rig.dev.panels[0].setPlugged(true);
    rig.runUntil(45000);
    const back = rig.dev.frames.filter((f) => f.visible && f.t > 30000);
    expect(back.length).toBeGreaterThan(0);
    expect(back[0].t).toBeLessThan(30000 + 11000); // the driver retries every 10 s
    expect(rig.status().phase).toBe("running");
  });

  it("a speaker that fails is reported and the clock keeps time", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.setUp("30s+3x10s", 1000);
    rig.dev.speaker.fault = "throws";
    rig.press("white", 4000); // Black's byoyomi begins at 34 s, with calls
    rig.runUntil(40000);
    const st = rig.status();
    expect(st.faults.join("; ")).toMatch(/sound/);
    expect([st.phase, st.black.mainMs, st.black.periodsLeft, st.black.periodMs]).toEqual(["running", 0, 3, 4000]);
    expect(rig.dev.errors).toEqual([]);
  });
});
