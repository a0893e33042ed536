// Finding where each call is heard in an audio timeline (8-bit unsigned samples at 8 kHz): used by
// the WAV test and by the browser's OfflineAudioContext rendering test.

import { SILENCE } from "../../sim/wav";

export const LOUD = 4; // |sample − 128| at or above this is sound
export const GAP = 1200; // 150 ms of quiet before a sound makes it an onset

export const isLoud = (v: number) => Math.abs(v - SILENCE) >= LOUD;

/** Onsets: loud samples with no loud sample in the GAP samples before them. */
export function onsets(s: Uint8Array): number[] {
  const out: number[] = [];
  let lastLoud = -Infinity;
  for (let i = 0; i < s.length; i++) {
    if (!isLoud(s[i])) continue;
    if (i - lastLoud > GAP) out.push(i);
    lastLoud = i;
  }
  return out;
}

/** Where a clip itself becomes loud: the generator's trim decides it, so it is measured, not assumed. */
export function firstLoud(clip: Uint8Array): number {
  const i = clip.findIndex(isLoud);
  if (i < 0) throw new Error("a silent clip");
  return i;
}
