// The speaker's volume: 10 is the loudest, each step below takes 2.5 dB off (loudness is heard on a
// log scale; 1 is 22.5 dB below 10), 0 mutes. The packs' clips are stored at the default volume's
// level (voices/make.ts), so a call at that volume plays from flash as it is, with no copy in RAM
// (a 4–6 KB clip would be 300–450 jsvars); any other volume maps each sample through a table.
// Pure arithmetic, so the build can write the tables into the board's data file (build/fonts.ts)
// and the packs' maker and the page can use the same gains.

export const FULL_VOLUME = 10;
/** The default volume (record/settings.ts), and the level the clips are stored at. */
export const STORED_VOLUME = 7;
const DB_PER_STEP = 2.5;

/** Volume v's amplitude against full scale: 1 at 10, 0 at 0 (mute). */
export function volumeGain(v: number): number {
  return v <= 0 ? 0 : Math.pow(10, (-(FULL_VOLUME - Math.min(FULL_VOLUME, v)) * DB_PER_STEP) / 20);
}

/** The palette that turns a stored sample into volume v's (1 … 10, not STORED_VOLUME), scaled
 *  around silence (128). Louder than stored reaches full scale at 10: the clips peak at 0.95 of it. */
export function levelTable(v: number): Uint16Array {
  const gain = volumeGain(v) / volumeGain(STORED_VOLUME);
  const t = new Uint16Array(256);
  for (let s = 0; s < 256; s++) t[s] = Math.max(0, Math.min(255, 128 + Math.round((s - 128) * gain)));
  return t;
}

/** Where volume v's table is among those the build writes (1 … 10 but STORED_VOLUME, in order). */
export function tableIndex(v: number): number {
  return v < STORED_VOLUME ? v - 1 : v - 2;
}
