// What a tournament hall does to a clock, done to the built firmware on the board double: the power
// goes at any moment (even in the middle of a flash write), buttons bounce, the interpreter stalls,
// people type nonsense at the console, flash holds garbage. The game must survive all of it.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, type ClockStatus } from "../double/rig";
import { simulate } from "../double/expect";
import { parseScript, type Script } from "../../sim/script";
import { Rng } from "../double/units";
import type { Side } from "../../firmware/core/index";
import { SLOT_BYTES as SLOT } from "../../firmware/board";

let code = "";
beforeAll(async () => {
  code = await firmware();
});

// A game in which both sides reach byoyomi and White uses two periods; on the 1/8 s grid.
const CONTROL = "1m+3x20s";
const PRESSES = [5, 12.5, 20, 41.25, 62.5, 80, 101.375, 110, 124.5, 131.75, 155, 160.625, 184, 189.5, 198.125, 213, 222.875, 237.5, 244];
const sideOf = (i: number): Side => (i % 2 === 0 ? "white" : "black");
/** A press's record is on flash this soon after its edge (after the new face: see App.flush). */
const RECORD_MS = 300;

function scriptOf(presses: number[], endS: number): string {
  return "control " + CONTROL + "\n" + presses.map((t, i) => "at " + t + " press " + sideOf(i)).join("\n") + "\nrun " + endS + "\n";
}

function parsed(text: string): Script {
  const s = parseScript(text);
  if (Array.isArray(s)) throw new Error(JSON.stringify(s));
  return s;
}

/** A clock set up and armed on the buttons, with the game's presses on the agenda. */
function gameOnDesk(seed: number, presses = PRESSES): ClockRig {
  const rig = new ClockRig(code, { seed }).start();
  rig.setUp(CONTROL, 1000);
  presses.forEach((t, i) => rig.press(sideOf(i), t * 1000));
  return rig;
}

/** The readings a person checks: whose turn, and each side's time, periods and moves. */
function readings(st: ClockStatus) {
  const side = (s: ClockStatus["black"]) => ({ mainMs: s.mainMs, periodsLeft: s.periodsLeft, periodMs: s.periodMs, moves: s.moves });
  return { toMove: st.toMove, black: side(st.black), white: side(st.white) };
}

/** The same readings from the simulator at the end of a script. */
function simReadings(script: string) {
  const sim = simulate(script);
  const side = (s: Side) => {
    const r = sim.read(s);
    return { mainMs: r.mainMs, periodsLeft: r.periodsLeft, periodMs: r.periodMs, moves: r.moves };
  };
  return { toMove: sim.clock.game.toMove, black: side("black"), white: side("white") };
}

/** … just after the last of these presses. */
function simReadingsAfter(presses: number[]) {
  return simReadings(scriptOf(presses, presses[presses.length - 1]));
}

describe("a power cut at any moment of a game", () => {
  const rng = new Rng(2024);
  const cuts = Array.from({ length: 100 }, (_, i) => ({
    i,
    atMs: Math.round(5500 + rng.next() * (PRESSES[PRESSES.length - 2] * 1000 - 5500)),
    // half of them in the middle of a flash write: at a random byte of the writes after the moment (a
    // record of SLOT bytes, or a checkpoint of 12 and on into the next write)
    torn: rng.next() < 0.5,
    byte: rng.int(0, SLOT - 1),
  }));

  it.each(cuts)("cut #$i at $atMs ms (torn write: $torn): the game comes back paused as of its last checkpoint, no time added, at most a checkpoint's interval given back", ({ i, atMs, torn, byte }) => {
    const rig = gameOnDesk(100 + i);
    if (torn) rig.dev.cutDuringWriteAfter(atMs, byte);
    else rig.dev.powerCut(atMs, 500);
    const on = runUntilPowerOn(rig, PRESSES[PRESSES.length - 1] * 1000 + 5000);
    rig.runUntil(on + 1000);

    // When the power went, and the last instant the records knew of (the "power lost" entry, on the
    // game's time from White's first press): the game is restored as the simulator has it then.
    const cutAt = on - 500;
    const st = rig.status();
    expect(st.phase).toBe("paused");
    const log = rig.logLines();
    const lost = log.find((l) => / power lost/.test(l));
    expect(lost, log.join("\n")).toBeDefined();
    const knownAt = PRESSES[0] * 1000 + stampMs(lost!.split("  ")[0]);
    expect(knownAt).toBeLessThanOrEqual(cutAt);
    // a checkpoint at least every 60 s in main time and 10 s in byoyomi (the device's: the running
    // side's at the cut), a wake's second of slack, and a press's record within RECORD_MS of its edge
    const truth = simReadings(scriptOf(PRESSES.filter((t) => t * 1000 <= cutAt), Math.floor(cutAt) / 1000));
    const overtime = truth[truth.toMove].mainMs === 0;
    expect(cutAt - knownAt).toBeLessThanOrEqual((overtime ? 10000 : 60000) + 1000 + RECORD_MS);
    const before = PRESSES.filter((t) => t * 1000 <= knownAt);
    expect(readings(st)).toEqual(simReadings(scriptOf(before, knownAt / 1000)));
    expect(log.find((l) => / restored: paused; up to (0:10|1:00) of /.test(l)), log.join("\n")).toBeDefined();
    expect(rig.dev.errors.map((e) => e.text.split("\n")[0])).toEqual([]);

    // and the arbiter can resume it
    expect(rig.console('clock.unlock("0000")')).toMatch(/^ok/);
    expect(rig.console('clock.op("resume")')).toBe("ok: resume");
    expect(rig.status().phase).toBe("running");
  });
});

/** "0:02:11.750" → ms. */
function stampMs(s: string): number {
  const m = /^(\d+):(\d\d):(\d\d)\.(\d\d\d)$/.exec(s)!;
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
}

/** Runs until the board powers on again after a cut; returns when (world ms). */
function runUntilPowerOn(rig: ClockRig, untilMs: number): number {
  for (let t = rig.dev.nowMs(); t < untilMs && rig.dev.boots.length < 2; t += 250) rig.dev.runUntil(t);
  if (rig.dev.boots.length < 2) throw new Error("the power never came back (no write after the moment?)");
  return rig.dev.boots[1].t;
}

describe("the watchdog of a clock that is not running", () => {
  it("a paused clock whose buttons keep being pressed is not reset by its own watchdog", () => {
    const rig = gameOnDesk(11, PRESSES.slice(0, 4));
    rig.runUntil(45000);
    rig.arbiter({ op: "pause" });
    for (let t = 46000; t < 106000; t += 4000) rig.press(t % 8000 ? "white" : "black", t);
    rig.runUntil(110000);
    expect(rig.dev.boots.map((b) => b.reason)).toEqual(["power on"]);
  });
});

describe("contact bounce", () => {
  it("bounce trains of 1 to 10 ms on every press and release never switch the clocks twice", () => {
    const rng = new Rng(7);
    const rig = new ClockRig(code, { seed: 7 }).start();
    rig.setUp(CONTROL, 1000);
    const script = parsed(scriptOf(PRESSES, 250));
    rig.play(script, () => ({ bounceMs: rng.int(1, 10) }));
    const log = rig.log();
    expect(log.filter((l) => l.what === "refused").map((l) => l.text)).toEqual([]);
    expect(log.filter((l) => l.what === "press").map((l) => l.t + " " + l.side)).toEqual(PRESSES.map((t, i) => t * 1000 + " " + sideOf(i)));
    expect(readings(rig.status())).toEqual(simReadings(scriptOf(PRESSES, 250)));
  });
});

describe("a 2 s stall of the interpreter during the last period's count", () => {
  // Black is in the last period from 65 s: 10 s at 65, then 1 … 10 each second from 66 s.
  const STALL = `
control 30s+2x20s
at 5 press white
at 68 press black       # pressed while the interpreter is stalled (66.5 … 68.5 s)
at 80 press white
run 90
`;
  let rig: ClockRig;
  beforeAll(() => {
    rig = new ClockRig(code, { seed: 3 }).start();
    rig.setUp("30s+2x20s", 1000);
    rig.dev.stall(66500, 2000);
    rig.play(parsed(STALL));
  });

  it("the press during the stall is charged at its edge: no time is lost", () => {
    expect(rig.log().filter((l) => l.what === "press").map((l) => l.t + " " + l.side)).toEqual(["5000 white", "68000 black", "80000 white"]);
    expect(readings(rig.status())).toEqual(simReadings(STALL));
  });

  it("no call is heard more than 20 ms after its instant, except the last period's overdue count, marked late", () => {
    const log = rig.log();
    const made = log.filter((l) => l.what === "call" || l.what === "late");
    // A call due at the script's last instant (90 s) is handed to the speaker 50 ms ahead and logged
    // when it falls due, after the run stops: only what fell due within the run is compared.
    for (const u of rig.heard().filter((h) => h.t < 90000)) {
      const call = made.find((l) => Math.abs(l.t - u.t) <= 20);
      const near = log.filter((l) => Math.abs(l.t - u.t) <= 2000).map((l) => l.text.split(" | ")[0]);
      expect(call, "heard at " + u.t + ": " + u.clips.join(" ") + "; the log around it: " + near.join("; ")).toBeDefined();
      if (call!.what === "late") expect(call!.info).toMatch(/^count:\d+ due \d+$/);
    }
    expect(made.filter((l) => l.what === "late").length).toBeGreaterThan(0);
  });
});

describe("nonsense at the console", () => {
  function snapshot(rig: ClockRig) {
    const files: Record<string, string> = {};
    for (const [name, f] of rig.dev.flash.files) files[name] = Buffer.from(f.bytes).toString("base64");
    return { status: rig.status(), log: rig.logLines(), files };
  }

  it("malformed calls answer with a clear error and change nothing, before and during a game", () => {
    const rig = new ClockRig(code).start();
    rig.runUntil(1000);
    const before = snapshot(rig);
    expect(rig.console("clock.op(42)")).toMatch(/^error: /);
    expect(rig.console('clock.control("2h+")')).toMatch(/^error: '2h\+': .+ at character \d+$/);
    expect(() => rig.console("clock.correct()")).toThrow(/correct/);
    expect(snapshot(rig)).toEqual(before);

    rig.setUp("10m+3x30s", 1000);
    rig.press("white", 4000);
    rig.runUntil(6000);
    const during = snapshot(rig);
    expect(rig.console("clock.op(42)")).toMatch(/^error: /);
    expect(rig.console('clock.control("2h+")')).toMatch(/^error: /);
    expect(() => rig.console("clock.correct()")).toThrow(/correct/);
    expect(rig.console('clock.op("correct black main")')).toMatch(/^error: /);
    expect(snapshot(rig)).toEqual(during);
  });
});

describe("damaged flash", () => {
  /** Plays the first presses, then cuts the power so the flash can be tampered with while it is off. */
  function offAfter(presses: number[], tamper: (rig: ClockRig) => void): ClockRig {
    const rig = gameOnDesk(5, presses);
    const off = presses[presses.length - 1] * 1000 + 2000;
    rig.dev.powerCut(off, 1000);
    rig.runUntil(off + 100);
    tamper(rig);
    rig.runUntil(off + 3000);
    return rig;
  }

  const logFile = (rig: ClockRig): Uint8Array => {
    // the current game's newest record file (clk<game>.<n>; clk<game>-<n> are its checkpoints)
    const name = Array.from(rig.dev.flash.files.keys()).filter((n) => /^clk[0-9a-z]+\.[0-9a-z]+$/.test(n)).sort().pop()!;
    return rig.dev.flash.files.get(name)!.bytes;
  };
  /** The first slot of SLOT_BYTES still erased. */
  const freeSlot = (b: Uint8Array): number => {
    for (let s = 0; s * SLOT < b.length; s++) if (b.subarray(s * SLOT, s * SLOT + SLOT).every((x) => x === 0xff)) return s;
    return -1;
  };
  const saved = PRESSES.slice(0, 9);

  it("garbage in the record log is skipped, with a fault shown, and the last good state comes back", () => {
    const rig = offAfter(saved, (r) => {
      const b = logFile(r);
      const s = freeSlot(b);
      const rng = new Rng(9);
      for (let i = 0; i < SLOT; i++) b[s * SLOT + i] = rng.int(0, 254);
      b.set(Buffer.from("S 9 black running 0 - 0 1 2 3 4 5 6 7 1 2 3 4 5 6 7~0000".padEnd(SLOT, " ")), (s + 1) * SLOT);
    });
    const st = rig.status();
    expect(st.phase).toBe("paused");
    expect(readings(st)).toEqual(simReadingsAfter(saved));
    expect(st.faults.join("; ")).toMatch(/damaged|skipped|corrupt/i);
  });

  it("a torn record (the first 50 bytes of one) is skipped and the state before it comes back", () => {
    const rig = offAfter(saved, (r) => {
      const b = logFile(r);
      const s = freeSlot(b);
      const good = Buffer.from(b.subarray((s - 1) * SLOT, s * SLOT));
      b.set(good.subarray(0, 50), s * SLOT);
    });
    const st = rig.status();
    expect(st.phase).toBe("paused");
    expect(readings(st)).toEqual(simReadingsAfter(saved));
    expect(st.faults.join("; ")).toMatch(/damaged|skipped|corrupt/i);
  });

  it("garbage settings give the defaults with a fault, and the game still comes back", () => {
    const rig = offAfter(saved, (r) => {
      const f = r.dev.flash.files.get("clock.set");
      if (f) f.bytes.fill(0x3f);
      else r.dev.flash.load("clock.set", "{{{ not settings");
    });
    const st = rig.status();
    expect(st.phase).toBe("paused");
    expect(readings(st)).toEqual(simReadingsAfter(saved));
    expect(st.faults.join("; ")).toMatch(/settings/i);
    expect(rig.dev.errors.map((e) => e.text.split("\n")[0])).toEqual([]);
  });
});
