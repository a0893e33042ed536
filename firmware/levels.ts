// The speaker's volume tables (hw/speaker.ts): volume 10 plays the flash as it is, 1 … 9 each take
// 2.5 dB more off (loudness is heard on a log scale; 1 is 22.5 dB down), 0 mutes. Pure arithmetic,
// so the build can write the tables into the board's data file (build/fonts.ts).

export const FULL_VOLUME = 10;
const DB_PER_STEP = 2.5;

/** The palette that scales a sample around silence (128) by volume v's gain (1 … 9). */
export function levelTable(v: number): Uint16Array {
  const gain = Math.pow(10, (-(FULL_VOLUME - v) * DB_PER_STEP) / 20);
  const t = new Uint16Array(256);
  for (let s = 0; s < 256; s++) t[s] = 128 + Math.round((s - 128) * gain);
  return t;
}
