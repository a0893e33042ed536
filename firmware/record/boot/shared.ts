// Everything the power-on code (firmware/record/boot.ts: reading the settings, giving back a game
// after a power cut) takes from the rest of the firmware, in one place. On the board that code is a
// Storage file of its own, run once at power-on, and the main program hands it these, in this order
// (build/cold.ts); anywhere else this is a plain re-export. Numbers are written into the code by the
// build (build/consts.ts) and need no entry.

export { parseControl, isParseError, formatControl, newGame, turnElapsed, settle, pause } from "../../core/index";
export { TRADITIONS } from "../../voice";
