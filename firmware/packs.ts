// The voice packs the clock offers, by id, and the counting tradition each selects. Data only: read
// by the menus, the link and the power-on code (settings.ts), never by the program itself, so on the
// board each of their Storage files holds a copy (build/cold.ts) and the program none: a resident
// array of objects would be RAM for as long as the board runs. The clips and the traditions'
// overrides are voice.ts's.

export interface PackInfo {
  id: string;
  /** The tradition a pack selects unless the event chooses another. */
  tradition: string;
}

/** PACKS as one string, "id:tradition" a pack, "|" between, in PACKS's order: what the set-up menu's
 *  file reads (a string is a jsvar or two while the menu is open; the array of objects about 20). */
export const PACK_LIST = "zh:cn|en:cn|ja:nihon-kiin";

export const PACKS: PackInfo[] = [
  // the menu names them in ASCII (menu.ts): the Jolt.js's Espruino has no Unicode strings
  { id: "zh", tradition: "cn" },
  { id: "en", tradition: "cn" },
  { id: "ja", tradition: "nihon-kiin" },
];
