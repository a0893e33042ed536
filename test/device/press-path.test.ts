// The press and the calls on the built firmware (dist/clock.js) on the board double: what a player
// hears and what survives a power cut when things happen close together.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, type Utterance } from "../double/rig";
import { simulate } from "../double/expect";
import { LEAD_MS } from "../../firmware/app";

let code = "";
beforeAll(async () => {
  code = await firmware();
});

/** Black in byoyomi from 65 s: the announcement, then a count each period, every few seconds. */
function byoyomiGame(seed = 1): ClockRig {
  const rig = new ClockRig(code, { seed }).start();
  rig.setUp("1m+2x30s", 1000);
  rig.press("white", 5000);
  return rig;
}

const utterancesFrom = (rig: ClockRig, fromMs: number): Utterance[] => rig.heard().filter((u) => u.t >= fromMs);

describe("a query made while a call is already handed to the speaker", () => {
  let alone: Utterance[];
  let asked: ClockRig;
  let callAt = 0;

  beforeAll(() => {
    const quiet = byoyomiGame();
    quiet.runUntil(100000);
    alone = utterancesFrom(quiet, 70000);
    callAt = alone[0].t; // the first call after 70 s
    asked = byoyomiGame();
    // MENU short: the answer is asked for at its release, 100 ms before that call's instant, when the
    // call is already on the speaker's timer (handed over LEAD_MS ahead)
    asked.tap("menu", callAt - 100 - asked.holdMs);
    asked.runUntil(100000);
  });

  it("is answered after the call, and the call is heard at its own instant, whole", () => {
    expect(LEAD_MS).toBeGreaterThan(100);
    const heard = utterancesFrom(asked, 70000);
    const first = heard[0];
    expect(first.t).toBe(callAt);
    expect(first.cut).toBe(false);
    expect(first.clips).toEqual(alone[0].clips);
    // the answer does not fit in the 100 ms before the call: it follows the call, once it has been
    // said (firmware/core/place.ts), on its own, whole
    const answer = heard[1];
    expect(answer.t).toBeGreaterThan(callAt);
    expect(answer.cut).toBe(false);
    expect(answer.clips.join(" ")).toMatch(/haisheng/);
    // and every later call as without the query
    expect(heard.slice(2).map((u) => [u.t, u.clips.join(" ")])).toEqual(alone.slice(1).map((u) => [u.t, u.clips.join(" ")]));
  });

  it("the log has the query at its instant, then the call, then the answer when it was said", () => {
    const log = asked.log();
    const q = log.findIndex((l) => l.what === "query");
    expect(q).toBeGreaterThanOrEqual(0);
    expect(Math.abs(log[q].t - (callAt - 100))).toBeLessThanOrEqual(2); // the board's tick
    expect(log[q + 1].what).toBe("call");
    expect(log[q + 1].t).toBe(callAt);
    expect(log[q + 2].what).toBe("call");
    expect(log[q + 2].t).toBe(utterancesFrom(asked, 70000)[1].t);
  });
});

describe("a power cut right after a press", () => {
  const PRESSES = [5000, 9000, 14000, 20000];
  it.each([1, 5, 20])("cut %i ms after the last press's edge: at most that press is lost, every earlier time kept", (afterMs) => {
    const rig = new ClockRig(code, { seed: afterMs }).start();
    rig.setUp("10m+3x30s", 1000);
    PRESSES.forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
    const last = PRESSES[PRESSES.length - 1];
    rig.dev.powerCut(last + afterMs, 500);
    rig.runUntil(last + 3000);
    const st = rig.status();
    expect(st.phase).toBe("paused");
    const script = (n: number) => "control 10m+3x30s\n" + PRESSES.slice(0, n).map((t, i) => "at " + t / 1000 + " press " + (i % 2 === 0 ? "white" : "black")).join("\n") + "\nrun " + PRESSES[n - 1] / 1000 + "\n";
    const side = (r: { mainMs: number; moves: number }) => [r.mainMs, r.moves];
    const got = [st.toMove, side(st.black), side(st.white)];
    const after = (n: number) => {
      const sim = simulate(script(n));
      return [sim.clock.game.toMove, side(sim.read("black")), side(sim.read("white"))];
    };
    // the game as of the last press, or as of the one before it (that press not yet recorded)
    expect([after(PRESSES.length), after(PRESSES.length - 1)]).toContainEqual(got);
    expect(rig.dev.errors).toEqual([]);
  });

  it("a press's record is on flash before the next second's face, whatever else happens", () => {
    const rig = new ClockRig(code).start();
    rig.setUp("10m+3x30s", 1000);
    const edges = [5000, 5700, 6100, 9000];
    edges.forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
    rig.runUntil(12000);
    const writes = rig.dev.flash.log.filter((l) => /^clk[0-9a-z]+\./.test(l.name));
    for (const e of edges) expect(writes.some((w) => w.t >= e && w.t < e + 300), "a record within 300 ms of the press at " + e).toBe(true);
  });
});

describe("an idle board", () => {
  it("drops no call: a long byoyomi, every call heard at its instant", () => {
    const rig = byoyomiGame(4);
    rig.runUntil(130000);
    const made = rig.calls();
    expect(made.length).toBeGreaterThan(10);
    expect(made.filter((c) => c.late)).toEqual([]);
    expect(rig.log().filter((l) => l.what === "dropped")).toEqual([]);
    const heard = rig.heard();
    for (const c of made) expect(heard.some((u) => Math.abs(u.t - c.t) <= 2), "heard at " + c.t + ": " + c.say).toBe(true);
  });
});

describe("the time log, read back from flash", () => {
  it("runs on across a power cut: the moves before it keep their instants from the game's start", () => {
    const rig = new ClockRig(code, { seed: 9 }).start();
    rig.setUp("10m+3x30s", 1000);
    [5000, 9000, 14000].forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
    rig.runUntil(16000);
    const stamp = (l: string) => l.split("  ")[0];
    const before = rig.logLines().filter((l) => l.indexOf("press") >= 0).map(stamp);
    expect(before).toHaveLength(3);
    rig.dev.powerCut(17000, 3000);
    rig.runUntil(25000);
    expect(rig.arbiter({ op: "resume" })).toBe("ok: resume");
    rig.press("black", 27000); // Black was to move when the power went
    rig.runUntil(28000);
    const after = rig.logLines();
    const presses = after.filter((l) => l.indexOf("press") >= 0).map(stamp);
    // the three presses as they were, then the one after the power came back, later than all of them
    expect(presses.slice(0, 3)).toEqual(before);
    expect(presses).toHaveLength(4);
    expect(presses[3] > presses[2]).toBe(true);
    expect(after.some((l) => /restore/.test(l))).toBe(true);
  });
});

describe("a last-period count already on the speaker when the wake at its instant comes late", () => {
  // 30s+2x20s: Black's last period runs from 55 s, counted 1 … 10 from 66 s. The count at 68 s is
  // handed to the speaker LEAD_MS ahead; then the interpreter is busy from 67.99 s for 60 ms, so the
  // wake at 68 s runs 50 ms late, past the core's 20 ms grace, and the core makes that count "late".
  it("is heard once, at its own instant and whole: not cut and said again; the log has it as made, not late", () => {
    const rig = new ClockRig(code, { seed: 4 }).start();
    rig.setUp("30s+2x20s", 1000);
    rig.press("white", 5000);
    rig.dev.stall(67990, 60);
    rig.runUntil(72000);
    const near = rig.heard().filter((u) => u.t >= 67500 && u.t < 68900);
    expect(near.map((u) => [u.t, u.cut])).toEqual([[68000, false]]);
    // and the log says it was made, not late
    expect(rig.log().filter((l) => l.what === "late" || l.what === "dropped")).toEqual([]);
  });
});

describe("an ordinary period's count already on the speaker, its wake late: the log says what was heard", () => {
  // the count is handed to the speaker LEAD_MS ahead and heard at its instant; the wake at that
  // instant runs 50 ms late (the interpreter busy from 10 ms before it), past the core's 20 ms grace
  const around = (rig: ClockRig, t: number) => rig.log().filter((l) => l.what !== "checkpoint" && Math.abs(l.t - t) < 600).map((l) => l.what + " " + l.info);
  it("an ordinary period's count is logged as made, not dropped", () => {
    const rig = new ClockRig(code, { seed: 3 }).start();
    rig.setUp("0+3x10s", 1000);
    rig.press("white", 5000); // Black's byoyomi from 5 s: counted 1 … 9 from 6 s
    rig.dev.stall(7990, 60);
    rig.runUntil(12000);
    expect(rig.heard().filter((u) => u.t >= 7500 && u.t < 8500).map((u) => [u.t, u.clips.join(" "), u.cut])).toEqual([[8000, "3", false]]);
    expect(around(rig, 8000)).toEqual(["call count:3"]);
  });
});

describe("10 s periods on the board: every call heard whole, the count on its seconds", () => {
  // 开始读秒 (930 ms) ends 70 ms before the count's 1, which the app hands to the speaker 250 ms
  // ahead: the speaker lets it play to its end (hw/speaker.ts); 三次 follows the 1 (core/place.ts)
  it("开始读秒, then 1, then 三次 after it, nothing cut; then every number at its second", () => {
    const rig = new ClockRig(code, { seed: 3 }).start();
    rig.setUp("0+3x10s", 1000);
    rig.press("white", 5000); // Black's byoyomi from 5 s: no main time
    rig.runUntil(32000);
    const heard = rig.heard().filter((u) => u.t >= 5000 && u.t < 32000);
    expect(heard.filter((u) => u.cut)).toEqual([]);
    expect(heard.slice(0, 3).map((u) => [u.t, u.clips.join(" ")])).toEqual([
      [5000, "byoyomi"],
      [6000, "1"],
      [6300, "3 ci"],
    ]);
    const counts = heard.filter((u) => u.clips.length === 1 && /^\d+$/.test(u.clips[0]));
    expect(counts.length).toBe(9 + 9 + 6); // two ordinary periods counted 1 … 9, the last one up to 31 s
    for (const u of counts) expect((u.t - 5000) % 1000, u.t + " " + u.clips[0]).toBe(0);
  });
});
