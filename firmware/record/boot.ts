// The power-on code in one object: the settings read back (settings.ts decodeSettings) and the game a
// power cut left, put back into the recorder (restoreInto: persist.ts restore, lastInstant). A board
// keeps every function of its program in RAM for as long as it runs, yet this code runs once, at
// power-on: on the board the build makes it a Storage file of its own (build/cold.ts), which
// loadBoot() runs when the app starts and lets go once it has started. Without that file the clock
// does not start (it could not give back a game after a power cut) and says why. Here it is the
// modules themselves.

import { decodeSettings } from "./settings";
import { type Restored, restore, lastInstant, gameRecord } from "./persist";
import type { Recorder } from "./recorder";

export interface BootCode {
  decodeSettings: typeof decodeSettings;
  restoreInto: typeof restoreInto;
}

/** The power-on functions in one object (what the board's boot file hands back when it is run). */
export function bootCode(): BootCode {
  return { decodeSettings: decodeSettings, restoreInto: restoreInto };
}

/** The recorder as the store left it: the game (null: nothing past set-up), and the instants go on
 *  from its last one (here and not a method of the recorder: it runs once, at power-on). */
function restoreInto(rec: Recorder, now: number): Restored | null {
  const back = restore(rec.store, now);
  const last = back ? { seq: back.seq, t: back.lastT, head: "" } : lastInstant(rec.store);
  rec.seq = last.seq;
  if (last.t >= 0) rec.shift = last.t - now;
  // the set-up record the game has: not written again (a game past set-up has its own already)
  rec.lastG = back ? gameRecord(back.game, rec.whiteOnRight(), rec.firmware) : last.head;
  rec.durableAt = now;
  return back;
}

/** On the board, the power-on code's Storage file (the program's fingerprint covers it); none here. */
export const BOOT_FILE: string = "";

/** The power-on code, or why it cannot be had (on the board: no boot file, or a damaged one). */
export function loadBoot(): BootCode | string {
  return bootCode();
}
