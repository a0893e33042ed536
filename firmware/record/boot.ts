// The power-on code in one object: the settings read back (settings.ts decodeSettings) and the game a
// power cut left (persist.ts restore, lastInstant). A board keeps every function of its program in
// RAM for as long as it runs, yet this code runs once, at power-on: on the board the build makes it a
// Storage file of its own (build/cold.ts), which loadBoot() runs when the app starts and lets go once
// it has started. Without that file the clock does not start (it could not give back a game after a
// power cut) and says why. Here it is the modules themselves.

import { decodeSettings } from "./settings";
import { restore, lastInstant } from "./persist";

export interface BootCode {
  decodeSettings: typeof decodeSettings;
  restore: typeof restore;
  lastInstant: typeof lastInstant;
}

/** The power-on functions in one object (what the board's boot file hands back when it is run). */
export function bootCode(): BootCode {
  return { decodeSettings: decodeSettings, restore: restore, lastInstant: lastInstant };
}

/** On the board, the power-on code's Storage file (the program's fingerprint covers it); none here. */
export const BOOT_FILE: string = "";

/** The power-on code, or why it cannot be had (on the board: no boot file, or a damaged one). */
export function loadBoot(): BootCode | string {
  return bootCode();
}
