// The WAV timeline of a game, checked by its samples (there is no sound device here): every call
// is heard from its instant, calls of one instant back to back, a clip cut when the next call is
// due, never anything early.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Output } from "../../firmware/core/index";
import { PACKS } from "../../firmware/voice";
import { parseScript } from "../../sim/script";
import { runScript, voiceOptions } from "../../sim/run";
import { outputLine } from "../../sim/transcript";
import { GAP, isLoud, onsets, firstLoud } from "./onsets";
import { loadPack, place, renderTimeline, renderWav, sampleAt, wavFile, SILENCE, type VoicePack } from "../../sim/wav";

type Call = Extract<Output, { kind: "call" }>;
const call = (t: number, say: string): Call => ({ kind: "call", t: t, side: "black", say: say });

/** A pack of constant-valued clips, so that every sample tells which clip it came from. */
function fakePack(): VoicePack {
  const c = (n: number, v: number) => new Uint8Array(n).fill(v);
  const clips: Record<string, Uint8Array> = { s: c(100, 140), a: c(500, 180), b: c(700, 200), long: c(12000, 160) };
  const phrases: Record<string, string[]> = { short: ["s"], ab: ["a", "b"], long: ["long"] };
  const phrase = (say: string) => phrases[say] || [];
  return { id: "fake", clips: clips, phrase: phrase, phrases: (says) => says.map(phrase) };
}

describe("placing calls on the timeline", () => {
  const pack = fakePack();

  it("a call's clip starts at its instant, sample round(t·8), and nothing sounds before it", () => {
    const s = renderTimeline([call(1234, "short")], pack, 2000);
    expect(s.length).toBe(16000);
    expect(s.subarray(0, 9872).every((v) => v === SILENCE)).toBe(true);
    expect(s[9872]).toBe(140);
    expect(s.subarray(9872, 9972).every((v) => v === 140)).toBe(true);
    expect(s.subarray(9972).every((v) => v === SILENCE)).toBe(true);
  });

  it("two calls at the same instant are played back to back, in the order the core made them", () => {
    const p = place([call(1000, "short"), call(1000, "ab")], pack);
    expect(p.map((x) => [x.clip, x.start, x.length, x.cut])).toEqual([
      ["s", 8000, 100, false],
      ["a", 8100, 500, false],
      ["b", 8600, 700, false],
    ]);
  });

  it("a long clip still playing when the next call is due is cut for it; the next call starts on time", () => {
    const s = renderTimeline([call(0, "long"), call(1000, "short")], pack, 2000);
    expect(s.subarray(0, 8000).every((v) => v === 160)).toBe(true);
    expect(s.subarray(8000, 8100).every((v) => v === 140)).toBe(true);
    expect(s.subarray(8100).every((v) => v === SILENCE)).toBe(true);
  });

  it("a call of several clips cut by the next call drops the clips it had not reached", () => {
    const p = place([call(0, "ab"), call(100, "short")], pack);
    expect(p.map((x) => [x.clip, x.start, x.length, x.cut])).toEqual([
      ["a", 0, 500, false],
      ["b", 500, 300, true],
      ["s", 800, 100, false],
    ]);
  });

  it("a late count the core lists first still plays at its own time", () => {
    const p = place([call(2000, "short"), call(1000, "ab"), { kind: "flag", t: 1500, side: "black" }], pack);
    expect(p.map((x) => [x.say, x.start, x.length])).toEqual([["ab", 8000, 500], ["ab", 8500, 700], ["short", 16000, 100]]);
  });

  it("the calls of the run's last instant are heard whole: the audio runs on past the end", () => {
    const s = renderTimeline([call(1000, "short"), call(2000, "ab")], pack, 2000);
    expect(s.length).toBe(16000 + 500 + 700);
    expect(s.subarray(16000, 16500).every((v) => v === 180)).toBe(true);
    expect(s.subarray(16500).every((v) => v === 200)).toBe(true);
  });

  it("never early, always on time, never two sounds at once (random calls)", () => {
    const says = ["short", "ab", "long"];
    fc.assert(
      fc.property(fc.array(fc.record({ t: fc.integer({ min: 0, max: 3000 }), say: fc.constantFrom(...says) }), { maxLength: 12 }), (cs) => {
        const outs = cs.map((c) => call(c.t, c.say));
        const endMs = 3500;
        const p = place(outs, pack);
        const s = renderTimeline(outs, pack, endMs);
        const painted = new Uint8Array(s.length).fill(SILENCE);
        let prevEnd = 0;
        let prevT = -1;
        for (const x of p) {
          expect(x.start).toBeGreaterThanOrEqual(sampleAt(x.t)); // never early
          if (x.t !== prevT && x.length > 0) expect(x.start).toBe(sampleAt(x.t)); // the first clip of an instant is on time
          expect(x.start).toBeGreaterThanOrEqual(prevEnd); // no overlap
          painted.fill(pack.clips[x.clip][0], x.start, x.start + x.length);
          if (x.length > 0) prevEnd = x.start + x.length;
          prevT = x.t;
        }
        expect(Buffer.compare(s, painted)).toBe(0); // the audio is exactly the placed clips, silence elsewhere
        // every call of the script is heard unless a later instant came first
        const instants = [...new Set(outs.map((o) => o.t))].sort((a, b) => a - b);
        for (const t of instants) expect(p.some((x) => x.t === t && x.start === sampleAt(t) && x.length > 0)).toBe(true);
        // and the last instant is heard whole, even past the end
        expect(p.filter((x) => x.t === instants[instants.length - 1] && x.cut)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the WAV file", () => {
  it("is a RIFF PCM file, 8-bit unsigned, mono, 8 kHz, holding the samples", () => {
    const samples = new Uint8Array([128, 130, 126, 128]);
    const w = wavFile(samples);
    const v = new DataView(w.buffer);
    const text = (at: number, n: number) => String.fromCharCode(...w.subarray(at, at + n));
    expect(text(0, 4)).toBe("RIFF");
    expect(v.getUint32(4, true)).toBe(w.length - 8);
    expect(text(8, 8)).toBe("WAVEfmt ");
    expect([v.getUint32(16, true), v.getUint16(20, true), v.getUint16(22, true)]).toEqual([16, 1, 1]);
    expect([v.getUint32(24, true), v.getUint32(28, true), v.getUint16(32, true), v.getUint16(34, true)]).toEqual([8000, 8000, 1, 8]);
    expect(text(36, 4)).toBe("data");
    expect(v.getUint32(40, true)).toBe(4);
    expect([...w.subarray(44)]).toEqual([128, 130, 126, 128]);
  });

  it("pads an odd number of samples to an even chunk", () => {
    const w = wavFile(new Uint8Array(3).fill(128));
    expect(w.length).toBe(48);
    expect(new DataView(w.buffer).getUint32(40, true)).toBe(3);
  });
});

// --- whole games, real packs: find each call's onset in the audio -----------------------------

/** The longest quiet stretch inside any clip and across the joint of two clips played back to
 *  back: below GAP, or the detector would take the middle of a call for an onset. */
function longestInnerQuiet(pack: VoicePack): number {
  let inner = 0;
  let lead = 0;
  let tail = 0;
  for (const clip of Object.values(pack.clips)) {
    const first = firstLoud(clip);
    let last = first;
    for (let i = first; i < clip.length; i++) {
      if (!isLoud(clip[i])) continue;
      inner = Math.max(inner, i - last - 1);
      last = i;
    }
    lead = Math.max(lead, first);
    tail = Math.max(tail, clip.length - 1 - last);
  }
  return Math.max(inner, lead + tail);
}

const GAMES: Record<string, string> = {
  "a full last minute of a 60 s byoyomi": "control 0+1x60s\nat 1 press white\nrun 66",
  "a block of ordinary 60 s periods, a query, then the last period to the loss":
    "control 0+5x60s\nat 1 press white\nat 200 press black\nat 245 query black\nat 290 press white\nrun 420",
  "a 30 s fast byoyomi through all its periods": "control 0+3x30s\nat 1 press white\nrun 96",
};

for (const info of PACKS) {
  describe("the " + info.id + " pack in a whole game", () => {
    const pack = loadPack(info.id);

    it("no clip is quiet inside for 150 ms, so each call has one onset", () => {
      expect(longestInnerQuiet(pack)).toBeLessThan(GAP);
    });

    for (const name of Object.keys(GAMES)) {
      it(name + ": every call's onset lies within 10 ms of its time in the transcript", () => {
        const script = parseScript(GAMES[name]);
        if (Array.isArray(script)) throw new Error(JSON.stringify(script));
        const r = runScript(script, 20, null, voiceOptions(info.id));
        const s = renderTimeline(r.outputs, pack, r.endMs);

        // the transcript's calls, grouped by instant
        const lines = r.outputs.filter((o) => o.kind === "call").map((o) => JSON.parse(outputLine(o)) as { t: number; say: string; short?: boolean });
        const instants = [...new Set(lines.map((l) => l.t))];
        expect(lines.length).toBeGreaterThanOrEqual(15); // the Nihon Ki-in tradition (ja) says no timeout after the 10

        const found = onsets(s);
        expect(found.length).toBe(instants.length);
        for (let i = 0; i < instants.length; i++) {
          const first = lines.find((l) => l.t === instants[i])!;
          const offset = firstLoud(pack.clips[pack.phrase(first.say, first.short)[0]]);
          const heardAt = (found[i] - offset) / 8000;
          expect(Math.abs(heardAt - instants[i]), first.say + " at " + instants[i]).toBeLessThanOrEqual(0.010);
        }

        // nothing was cut in these games, and calls of one instant follow each other sample for sample
        const placed = place(r.outputs, pack);
        expect(placed.filter((p) => p.cut)).toEqual([]);
        for (let i = 1; i < placed.length; i++) {
          const a = placed[i - 1];
          const b = placed[i];
          if (a.t === b.t) expect(b.start, b.say + " after " + a.say).toBe(a.start + a.length);
          expect(Buffer.compare(s.subarray(b.start, b.start + b.length), pack.clips[b.clip]), b.clip).toBe(0);
        }
      });
    }

    it("10 s periods, counted in every period: every clip whole, none cut, the short forms' clips heard", () => {
      const script = parseScript("control 0+3x10s\nat 1 press white\nat 14.5 query\nrun 40");
      if (Array.isArray(script)) throw new Error(JSON.stringify(script));
      const r = runScript(script, 20, null, voiceOptions(info.id));
      const s = renderTimeline(r.outputs, pack, r.endMs);
      const placed = place(r.outputs, pack);
      expect(placed.filter((p) => p.cut)).toEqual([]);
      for (const b of placed) expect(Buffer.compare(s.subarray(b.start, b.start + b.length), pack.clips[b.clip]), b.clip).toBe(0);
      // the periods left are heard (whole or short), and the count's numbers start on their seconds
      const shorts = r.outputs.filter((o) => o.kind === "call" && o.short) as Call[];
      expect(shorts.length).toBeGreaterThan(0);
      for (const c of shorts) expect(placed.some((p) => p.t === c.t && p.say === c.say && pack.phrase(c.say, true).indexOf(p.clip) >= 0)).toBe(true);
      for (const p of placed) if (p.say.indexOf("count:") === 0) expect(p.start % 8000).toBe(0);
    });

    it("the last count and the call of time lost play back to back at the loss", () => {
      const script = parseScript(GAMES["a full last minute of a 60 s byoyomi"]);
      if (Array.isArray(script)) throw new Error(JSON.stringify(script));
      const r = runScript(script, 20, null);
      const at61 = place(r.outputs, pack).filter((p) => p.t === 61000);
      expect(at61.map((p) => p.say)).toEqual([...pack.phrase("count:10").map(() => "count:10"), ...pack.phrase("timeout").map(() => "timeout")]);
      expect(at61[0].start).toBe(61000 * 8);
      const wav = renderWav(r.outputs, pack, r.endMs);
      expect(wav.length).toBe(44 + 66000 * 8);
    });
  });
}

describe("a run that ends on a call", () => {
  const pack = loadPack("zh");
  const render = (text: string) => {
    const script = parseScript(text);
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    const r = runScript(script, 20, null);
    return { r: r, wav: renderWav(r.outputs, pack, r.endMs) };
  };
  const clipsOf = (say: string) => pack.phrase(say).map((c) => pack.clips[c]);
  const concat = (cs: Uint8Array[]) => Buffer.concat(cs.map((c) => Buffer.from(c)));

  it("the final 10 and the call of time lost at the run's last instant are in the WAV, whole", () => {
    const { wav } = render("control 1x60s\nat 0 press white\nrun 60");
    const said = concat([...clipsOf("count:10"), ...clipsOf("timeout")]);
    const from = 44 + 60000 * 8;
    expect(wav.length - 44).toBeGreaterThanOrEqual(60000 * 8 + said.length);
    expect(Buffer.compare(Buffer.from(wav.subarray(from, from + said.length)), said)).toBe(0);
  });

  it("a script with no run line still holds the calls of its last event", () => {
    const { r, wav } = render("control 5x60s\nat 0 press white");
    const at0 = r.outputs.filter((o) => o.kind === "call").map((o) => (o as Call).say);
    expect(at0.length).toBeGreaterThan(0);
    const said = concat(at0.flatMap(clipsOf));
    expect(wav.length - 44).toBeGreaterThanOrEqual(said.length);
    expect(Buffer.compare(Buffer.from(wav.subarray(44, 44 + said.length)), said)).toBe(0);
  });
});
