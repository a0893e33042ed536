// Everything the menus take from the rest of the firmware, in one place. On the board the menus are
// a Storage file of their own, run only while a menu is open (RAM: a game needs none of their code),
// and the main program hands them these, in this order (build/cold.ts); anywhere else this is a plain
// re-export. Numbers (board.ts's buttons) are written into the code by the build and need no entry.

export { parseControl, isParseError, formatControl, formatDuration, controlOf, readSide } from "../core/index";
export { SMALL_FONT } from "../gfx/fonts";
export { box, textWidth, useFont } from "../gfx/gfx";
export { clockText, wrapLines } from "../gfx/text";
export { pinMatches, withPin, pinDigits } from "../record/settings";
export { TRADITIONS } from "../voice";
