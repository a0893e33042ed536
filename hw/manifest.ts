// dist/firmware.json: what the build made for the board, by file name in dist/. The build writes it
// (build.ts) and npm run flash reads it (hw/flash.ts), so flashing needs the built files, not the build.

export interface Manifest {
  /** The program as flashed (pretokenised, saved as .bootcde). */
  program: string;
  /** The fonts' Storage file and the cold files (build/cold.ts: the menus', the link's), named on the
   *  board as in dist/. A build older than the link's file names none. */
  fonts: string | null;
  menu: string | null;
  link?: string | null;
  /** The power-on code's file (firmware/record/boot.ts); a build older than it names none. */
  boot?: string | null;
  /** The link's read requests' file (firmware/link/reads.ts); a build older than it names none. */
  reads?: string | null;
  /** The arbiter's menu's file (firmware/menu/arbiter.ts); a build older than it names none. */
  arbiter?: string | null;
  /** Problems the Espruino check found: a build with any is not flashed. */
  problems: number;
  /** The firmware's fingerprint (hw/fingerprint.ts), as the clock will report it once flashed. */
  fingerprint?: string;
}

export const MANIFEST = "firmware.json";

/** The files the fingerprint covers, in its order (hw/fingerprint.ts): the program, the fonts', the
 *  menus' (null: the build made none), then the link's, the power-on code's, the read requests' and the
 *  arbiter's menu's where the build made them. */
export function flashedFiles(m: Partial<Manifest>): (string | null)[] {
  const files: (string | null)[] = [m.program ?? null, m.fonts ?? null, m.menu ?? null];
  if (!m.link) return files;
  if (!m.boot) return files.concat([m.link]);
  const more = [m.link, m.boot];
  if (m.reads) more.push(m.reads);
  if (m.arbiter) more.push(m.arbiter);
  return files.concat(more);
}
