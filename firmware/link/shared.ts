// Everything the link's code (the protocol's requests, the console API: firmware/link.ts) takes from
// the rest of the firmware, in one place. On the board the link's code is a Storage file of its own,
// loaded when a line speaks or the console is called, and the main program hands it these, in this
// order (build/cold.ts); anywhere else this is a plain re-export. Numbers are written into the code
// by the build (build/consts.ts) and need no entry.

export { formatControl, parseControl, isParseError, parseDuration, result, hasForfeited, isLate, lateness } from "../core/index";
export { hex8, isPin, isDefaultPin, withPin } from "../record/settings";
export { TRADITIONS } from "../voice";
export { VERSION } from "../version";
