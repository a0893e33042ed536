// The Volume of the set-up is what the speaker plays, on the built firmware (dist/clock.js) on the
// board double: the same game at volume 10, 5 and 0 says the same calls at the same instants; at 10
// each clip is the flash's own samples, at 5 the same clip 12.5 dB quieter (2.5 dB a step), at 0
// nothing. The beep that stands in for a missing clip follows the volume too.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import type { Sound } from "../double/audio";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";

const GAIN_5 = Math.pow(10, -12.5 / 20);
/** A clip of the 65 s call, left out of flash: the speaker beeps in its place. */
const MISSING = "zh/liang";
const CLIPS = voiceFiles("zh");

/** Main time runs out at 65 s: the byoyomi announcement, then the count to 30 and the next period. */
function game(volume: number, code: string): ClockRig {
  const files: Record<string, Uint8Array | string> = { ...CLIPS, "clock.set": encodeSettings({ ...defaultSettings(), volume }) };
  delete files[MISSING];
  const rig = new ClockRig(code, { files }).start();
  rig.setUp("1m+2x30s", 1000);
  rig.press("white", 5000);
  rig.runUntil(100000);
  return rig;
}

const heard = (rig: ClockRig): Sound[] => rig.dev.sounds.filter((s) => s.audible);
const peak = (b: Uint8Array): number => b.reduce((m, v) => Math.max(m, Math.abs(v - 128)), 0);
const beeps = (rig: ClockRig): Sound[] => heard(rig).filter((s) => s.file === null);
const clips = (rig: ClockRig): Sound[] => heard(rig).filter((s) => s.file !== null);

describe("the volume set up is the volume heard", () => {
  let loud: ClockRig;
  let half: ClockRig;
  let mute: ClockRig;

  beforeAll(async () => {
    const code = await firmware();
    loud = game(10, code);
    half = game(5, code);
    mute = game(0, code);
  });

  it("the game makes the same calls at every volume, and says them at the same instants", () => {
    expect(loud.calls().length).toBeGreaterThan(4);
    expect(half.calls()).toEqual(loud.calls());
    expect(mute.calls()).toEqual(loud.calls());
    const timeline = (rig: ClockRig) => heard(rig).map((s) => [s.startsAt, s.endsAt, s.file]);
    expect(timeline(half)).toEqual(timeline(loud));
    expect(half.heard()).toEqual(loud.heard());
  });

  it("at volume 10 every clip is played as it is in flash", () => {
    const played = clips(loud);
    expect(played.length).toBeGreaterThan(8);
    for (const s of played) expect(Buffer.compare(Buffer.from(s.bytes), Buffer.from(CLIPS[s.file!])), s.file!).toBe(0);
  });

  it("at volume 5 each clip is the same clip, 12.5 dB quieter: every sample scaled around silence", () => {
    const played = clips(half);
    expect(played.length).toBeGreaterThan(8);
    for (const s of played) {
      const clip = CLIPS[s.file!];
      expect(s.bytes.length, s.file!).toBe(clip.length);
      let worst = 0;
      clip.forEach((v, i) => (worst = Math.max(worst, Math.abs(s.bytes[i] - 128 - (v - 128) * GAIN_5))));
      expect(worst, s.file!).toBeLessThanOrEqual(0.5);
      expect(peak(s.bytes) / peak(clip), s.file!).toBeCloseTo(GAIN_5, 1);
    }
  });

  it("below full volume one clip at a time is in RAM: the next is copied once the finished one is let go", () => {
    const played = clips(half);
    // the byoyomi announcement and the counts with their period are calls of several clips
    expect(played.filter((s, i) => i > 0 && Math.abs(s.startsAt - played[i - 1].endsAt) < 2).length).toBeGreaterThan(2);
    expect(played.filter((s) => s.duringFinish).map((s) => s.file)).toEqual([]);
  });

  it("the beep for a missing clip is as much quieter", () => {
    const [l, h] = [beeps(loud), beeps(half)];
    expect(l.length).toBe(1);
    expect(h.map((s) => s.startsAt)).toEqual(l.map((s) => s.startsAt));
    expect(peak(l[0].bytes)).toBe(48);
    expect(peak(h[0].bytes)).toBe(Math.round(48 * GAIN_5));
  });

  it("at volume 0 nothing is heard", () => {
    expect(mute.dev.sounds).toEqual([]);
  });
});
