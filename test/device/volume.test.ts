// The Volume of the set-up is what the speaker plays, on the built firmware (dist/clock.js) on the
// board double: the same game at volume 7 (the default, the level the packs are stored at), 10, 5
// and 0 says the same calls at the same instants; at 7 each clip is the flash's own samples, with no
// copy in RAM; at 10 the same clip 7.5 dB louder, at 5 5 dB quieter (2.5 dB a step), each copied to
// RAM one at a time; at 0 nothing. The beep that stands in for a missing clip follows the volume too.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import type { Sound } from "../double/audio";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";

const GAIN_10 = Math.pow(10, 7.5 / 20);
const GAIN_5 = Math.pow(10, -5 / 20);
/** A clip of the 65 s call, left out of flash: the speaker beeps in its place. */
const MISSING = "zh/liang";
const CLIPS = voiceFiles("zh");

/** Main time runs out at 65 s: the byoyomi announcement, then the count to 30 and the next period. */
function game(volume: number | null, code: string): ClockRig {
  const files: Record<string, Uint8Array | string> = { ...CLIPS };
  if (volume !== null) files["clock.set"] = encodeSettings({ ...defaultSettings(), volume });
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

/** Every played clip is the stored one scaled around silence by `gain`, each sample within rounding. */
function scaledBy(played: Sound[], gain: number): void {
  expect(played.length).toBeGreaterThan(8);
  for (const s of played) {
    const clip = CLIPS[s.file!];
    expect(s.bytes.length, s.file!).toBe(clip.length);
    let worst = 0;
    clip.forEach((v, i) => (worst = Math.max(worst, Math.abs(s.bytes[i] - 128 - (v - 128) * gain))));
    expect(worst, s.file!).toBeLessThanOrEqual(0.5);
    expect(s.inRam, s.file!).toBe(true);
  }
}

describe("the volume set up is the volume heard", () => {
  let stored: ClockRig;
  let loud: ClockRig;
  let half: ClockRig;
  let mute: ClockRig;

  beforeAll(async () => {
    const code = await firmware();
    stored = game(null, code); // no settings saved: the default volume
    loud = game(10, code);
    half = game(5, code);
    mute = game(0, code);
  });

  it("the game makes the same calls at every volume, and says them at the same instants", () => {
    expect(stored.calls().length).toBeGreaterThan(4);
    for (const rig of [loud, half, mute]) expect(rig.calls()).toEqual(stored.calls());
    // within a millisecond: at the clips' own level a call's next clip starts in the finish event of
    // the one before, at another after a timeout (its copy made once that event has let go), a
    // fraction of a millisecond later
    const same = (rig: ClockRig) => {
      const a = heard(rig);
      const b = heard(stored);
      expect(a.map((s) => s.file)).toEqual(b.map((s) => s.file));
      a.forEach((s, i) => {
        expect(Math.abs(s.startsAt - b[i].startsAt), s.file!).toBeLessThan(1);
        expect(Math.abs(s.endsAt - b[i].endsAt), s.file!).toBeLessThan(1);
      });
    };
    same(loud);
    same(half);
    expect(half.heard()).toEqual(stored.heard());
  });

  it("at the default volume every clip is played as it is in flash, with no copy in RAM", () => {
    const played = clips(stored);
    expect(played.length).toBeGreaterThan(8);
    for (const s of played) {
      expect(Buffer.compare(Buffer.from(s.bytes), Buffer.from(CLIPS[s.file!])), s.file!).toBe(0);
      expect(s.inRam, s.file!).toBe(false);
    }
  });

  it("at volume 10 each clip is the same clip, 7.5 dB louder, peaking near full scale", () => {
    scaledBy(clips(loud), GAIN_10);
    const loudest = Math.max(...clips(loud).map((s) => peak(s.bytes)));
    expect(loudest).toBeGreaterThan(115); // the packs peak at 0.95 of full scale at volume 10
    expect(loudest).toBeLessThanOrEqual(127);
  });

  it("at volume 5 each clip is the same clip, 5 dB quieter", () => {
    scaledBy(clips(half), GAIN_5);
  });

  it("at another volume one clip at a time is in RAM: the next is copied once the finished one is let go", () => {
    const played = clips(half);
    // the byoyomi announcement and the counts with their period are calls of several clips
    expect(played.filter((s, i) => i > 0 && Math.abs(s.startsAt - played[i - 1].endsAt) < 2).length).toBeGreaterThan(2);
    expect(played.filter((s) => s.duringFinish).map((s) => s.file)).toEqual([]);
  });

  it("the beep for a missing clip is as loud as the clips at each volume", () => {
    const [d, l, h] = [beeps(stored), beeps(loud), beeps(half)];
    expect(d.length).toBe(1);
    for (const x of [l, h]) {
      expect(x.length).toBe(d.length);
      x.forEach((s, i) => expect(Math.abs(s.startsAt - d[i].startsAt)).toBeLessThan(1));
    }
    expect(peak(d[0].bytes)).toBe(20);
    expect(peak(l[0].bytes)).toBe(Math.round(20 * GAIN_10));
    expect(peak(h[0].bytes)).toBe(Math.round(20 * GAIN_5));
  });

  it("at volume 0 nothing is heard", () => {
    expect(mute.dev.sounds).toEqual([]);
  });
});
