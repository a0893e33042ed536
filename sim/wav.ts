// The spoken calls of a game as one 8 kHz audio timeline (`--wav FILE`), played by the rules the
// device follows with Waveform: each call starts at its instant t, at sample round(t·8); calls at
// the same instant play one after another; whatever still plays when the next instant comes is cut
// for it; nothing starts before its t. The last instant's calls play to their end, even past the
// end of the run: a loss on time falls on the last instant and is its most important call. The
// calls are heard at volume 10, the loudest: a file is for listening on a computer (the packs hold
// them at the default volume's level, 7.5 dB lower: firmware/levels.ts).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type { Output } from "../firmware/core/index";
import { callPhrases, clipsFor } from "../firmware/voice";
import { levelTable, FULL_VOLUME } from "../firmware/levels";

export const RATE = 8000;
export const SILENCE = 128;

export interface VoicePack {
  id: string;
  /** The clips at volume 10, as the device plays them there: 8-bit unsigned mono at 8 kHz. */
  clips: Record<string, Uint8Array>;
  /** The clip names of a call, in order (`short`: its short form). */
  phrase: (say: string, short?: boolean) => string[];
  /** The same for the calls of one instant, per call (a time left in two units is one phrase). */
  phrases: (says: string[], short?: boolean[]) => string[][];
}

/** A committed pack from voices/ID (manifest.json and one .raw file per clip), its clips at volume 10. */
export function loadPack(id: string, voicesDir?: string): VoicePack {
  const dir = join(voicesDir ?? fileURLToPath(new URL("../voices/", import.meta.url)), id);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { sampleRate: number; clips: Record<string, unknown> };
  if (manifest.sampleRate !== RATE) throw new Error("voice pack " + id + " is not at " + RATE + " Hz");
  const clips: Record<string, Uint8Array> = {};
  const loud = levelTable(FULL_VOLUME);
  for (const name of Object.keys(manifest.clips)) clips[name] = new Uint8Array(readFileSync(join(dir, name + ".raw"))).map((s) => loud[s]);
  return { id: id, clips: clips, phrase: (say, short) => clipsFor(id, say, short), phrases: (says, short) => callPhrases(id, says, short) };
}

export function sampleAt(tMs: number): number {
  return Math.round((tMs * RATE) / 1000);
}

/** One clip as placed on the timeline: samples [start, start + length) of it, cut if shorter. */
export interface Placed {
  t: number;
  say: string;
  clip: string;
  start: number;
  length: number;
  /** The clip was cut (or, length 0, never started) because the next call was due first. */
  cut: boolean;
}

/** Where each clip of each call goes; calls are taken in time order (a late count the core lists
 *  first still plays at its own t), calls of one instant in the order the core made them. */
export function place(outputs: Output[], pack: VoicePack): Placed[] {
  const calls: { t: number; say: string; short: boolean }[] = [];
  for (const o of outputs) if (o.kind === "call" && o.t >= 0) calls.push({ t: o.t, say: o.say, short: o.short === true });
  calls.sort((a, b) => a.t - b.t); // stable: same-instant calls keep their order
  const out: Placed[] = [];
  let i = 0;
  while (i < calls.length) {
    const t = calls[i].t;
    let j = i;
    while (j < calls.length && calls[j].t === t) j++;
    const limit = j < calls.length ? sampleAt(calls[j].t) : Infinity;
    let pos = sampleAt(t);
    const group = calls.slice(i, j);
    const phrases = pack.phrases(group.map((c) => c.say), group.map((c) => c.short));
    for (let k = i; k < j; k++) {
      for (const name of phrases[k - i]) {
        const clip = pack.clips[name];
        if (!clip) throw new Error("voice pack " + pack.id + " has no clip '" + name + "' for " + calls[k].say);
        const start = Math.min(pos, limit);
        const length = Math.max(0, Math.min(clip.length, limit - pos));
        out.push({ t: t, say: calls[k].say, clip: name, start: start, length: length, cut: length < clip.length });
        pos += clip.length;
      }
    }
    i = j;
  }
  return out;
}

/** The calls among `outputs` as 8-bit unsigned samples at 8 kHz, from 0 to endMs, or longer
 *  where the last calls are still being said. */
export function renderTimeline(outputs: Output[], pack: VoicePack, endMs: number): Uint8Array {
  const placed = place(outputs, pack);
  let total = sampleAt(endMs);
  for (const p of placed) total = Math.max(total, p.start + p.length);
  const samples = new Uint8Array(total).fill(SILENCE);
  for (const p of placed) samples.set(pack.clips[p.clip].subarray(0, p.length), p.start);
  return samples;
}

/** A WAV file (RIFF, PCM, 8-bit unsigned, mono, 8 kHz) around the samples. */
export function wavFile(samples: Uint8Array): Uint8Array {
  const pad = samples.length & 1; // RIFF chunks have even sizes
  const out = new Uint8Array(44 + samples.length + pad);
  const v = new DataView(out.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  };
  text(0, "RIFF");
  v.setUint32(4, 36 + samples.length + pad, true);
  text(8, "WAVE");
  text(12, "fmt ");
  v.setUint32(16, 16, true); // fmt chunk size
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, RATE, true);
  v.setUint32(28, RATE, true); // bytes per second
  v.setUint16(32, 1, true); // block align
  v.setUint16(34, 8, true); // bits per sample
  text(36, "data");
  v.setUint32(40, samples.length, true);
  out.set(samples, 44);
  return out;
}

/** What `sim run FILE --wav OUT` writes: the whole game's calls in one WAV file. */
export function renderWav(outputs: Output[], pack: VoicePack, endMs: number): Uint8Array {
  return wavFile(renderTimeline(outputs, pack, endMs));
}
