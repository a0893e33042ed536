// The speaker's motor driver on the built firmware (dist/clock.js) on the board double: awake while
// a clip plays and for LINGER_MS after it, so that a count each second (10 s byoyomi) starts without
// the driver and the PWM switched off and on again; asleep between calls further apart, and once the
// calls stop. Every clip, and the beep that stands in for a missing one, ends at rest (128): both
// pins low while the driver lingers, no current through the speaker.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import type { Sound } from "../double/audio";
import { LINGER_MS } from "../../firmware/board";

/** The board's timer tick: a timeout runs up to this late on the double. */
const TICK_MS = 5;

/** Black runs out main time at 65 s, then its periods to the flag; `missing`: a clip left out. */
function game(control: string, code: string, missing?: string): ClockRig {
  const files = { ...voiceFiles("zh") };
  if (missing) delete files[missing];
  const rig = new ClockRig(code, { files }).start();
  rig.setUp(control, 1000);
  rig.press("white", 5000);
  return rig;
}

/** When driver 0 (the speaker's) went to sleep, world ms. */
function sleeps(rig: ClockRig): number[] {
  return rig.dev.mcu!.driverChanges.filter((c) => c.driver === 0 && c.mode !== true).map((c) => c.at);
}

const heard = (rig: ClockRig): Sound[] => rig.dev.sounds.filter((s) => s.audible && !s.stopped);

describe("the speaker's driver", () => {
  let fast: ClockRig;
  let slow: ClockRig;

  beforeAll(async () => {
    const code = await firmware();
    fast = game("1m+2x10s", code, "zh/liang"); // 还剩两次 at 65 s: 两 beeped
    fast.runUntil(95000);
    slow = game("1m+2x30s", code);
    slow.runUntil(135000);
  });

  it("stays awake from one second's count to the next, and sleeps LINGER_MS after the last call", () => {
    const sounds = heard(fast);
    const counts = sounds.filter((s) => s.startsAt >= 66000);
    expect(counts.length).toBeGreaterThanOrEqual(18); // 1 … 9, 还剩一次, 1 … 10, 超时判负
    const first = counts[0].startsAt;
    const end = sounds[sounds.length - 1].endsAt; // the loss on time said at the flag (85 s)
    expect(end).toBeGreaterThan(85000);
    // every clip was heard (the driver awake at its start); none slept between the periods' counts
    expect(fast.dev.sounds.filter((s) => s.startsAt >= 66000 && !s.audible)).toEqual([]);
    expect(sleeps(fast).filter((t) => t > first && t < end)).toEqual([]);
    // once the calls stop, asleep LINGER_MS after the last clip, and no more
    const after = sleeps(fast).filter((t) => t >= end);
    expect(after.length).toBe(1);
    expect(after[0] - end).toBeGreaterThanOrEqual(LINGER_MS - TICK_MS);
    expect(after[0] - end).toBeLessThanOrEqual(LINGER_MS + TICK_MS);
  });

  it("sleeps between calls further apart than LINGER_MS, and wakes for each", () => {
    const sounds = heard(slow);
    let gaps = 0;
    for (let i = 1; i < sounds.length; i++) {
      const gap = sounds[i].startsAt - sounds[i - 1].endsAt;
      if (gap <= LINGER_MS + 300) continue; // handed over LEAD_MS ahead: it may find the driver awake
      gaps++;
      const slept = sleeps(slow).filter((t) => t > sounds[i - 1].endsAt && t < sounds[i].startsAt);
      expect(slept.length, "between the calls at " + sounds[i - 1].startsAt + " and " + sounds[i].startsAt).toBe(1);
      expect(slept[0] - sounds[i - 1].endsAt).toBeLessThanOrEqual(LINGER_MS + TICK_MS);
      expect(sounds[i].audible).toBe(true);
    }
    expect(gaps).toBeGreaterThanOrEqual(5); // 30 s periods: calls at 10, 20, 25, 28 s … apart
  });

  it("ends every clip and the beep at rest, so both pins are low while it lingers", () => {
    const sounds = heard(fast);
    expect(sounds.some((s) => s.file === null)).toBe(true); // the missing clip was beeped
    for (const s of sounds) expect(s.bytes[s.bytes.length - 1], s.file || "beep").toBe(128);
  });
});
