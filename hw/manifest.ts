// dist/firmware.json: what the build made for the board, by file name in dist/. The build writes it
// (build.ts) and npm run flash reads it (hw/flash.ts), so flashing needs the built files, not the build.

export interface Manifest {
  /** The program as flashed (pretokenised, saved as .bootcde). */
  program: string;
  /** The fonts' and the menus' Storage files (named on the board as in dist/). */
  fonts: string | null;
  menu: string | null;
  /** Problems the Espruino check found: a build with any is not flashed. */
  problems: number;
  /** The firmware's fingerprint (hw/fingerprint.ts), as the clock will report it once flashed. */
  fingerprint?: string;
}

export const MANIFEST = "firmware.json";
