// The hall's advertisement: the clock's state, read-only, in the manufacturer data of a Bluetooth
// advertisement that nobody can connect to (hw/air.ts; on the desktop sim/air.ts carries the same
// bytes over the loopback). `goclock hall` decodes it (hw/tool/hall/decode.ts); hw/README.md says
// the format. Packed as one string of bytes (String.fromCharCode), which Espruino's
// NRF.setAdvertising takes as it is: no array, no typed array, a handful of operations.
//
// Manufacturer data (after the company identifier 0x0590, little-endian, as Bluetooth sends it):
//   0-1  "GC"                    the clock's mark (every Espruino board may use 0x0590)
//   2    version                 ADVERT_VERSION; a hall ignores versions it does not know
//   3-4  board number            0 … 999, big-endian; 0: not set
//   5    state                   bits 0-2 the phase (PHASES), bit 3 White to move, bit 4 battery low
//   6    sides                   Black's marks in bits 0-3, White's in bits 4-7 (SIDE_*)
//   7-9  Black's time left       whole seconds, rounded up as the face shows them, big-endian
//   10   Black's count           periods left (byoyomi), or moves left in the block (bit 7 set);
//                                NO_COUNT for a control with neither
//   11-14                        White's, as 7-10
//   15   battery                 0 … 100 %, 255 unknown
//   16-19 fingerprint            the program's fingerprint (8 hex digits) as 4 bytes; 0 when it is
//                                not one (a simulator)

import type { Game, Reading, Side } from "../core/index";

/** Espruino's Bluetooth SIG company identifier (Pur3 Ltd), which Espruino offers for its boards. */
export const COMPANY = 0x0590;
export const MAGIC = "GC";
export const ADVERT_VERSION = 1;
export const ADVERT_BYTES = 20;
/** How often the radio repeats an advertisement that has not changed; a change goes out at once. */
export const ADVERT_INTERVAL_MS = 1500;
/** The phases by their number in the state byte (a set-up confirmed with Ready is "ready"). */
export const PHASES = "setup|ready|running|paused|ended|flagged";
/** A side's marks. */
export const SIDE_OVERTIME = 1; // in byoyomi or a block of moves: the time is the period's or the block's
export const SIDE_OUT = 2; // lost on time (the flag)
export const SIDE_FORFEIT = 4; // lost by lateness (22.1-22.3)
export const SIDE_ABSENT = 8; // marked absent at the start and not arrived
/** The count byte holds moves left in the block, not periods left; or there is no count at all
 *  (absolute time, Fischer, Bronstein). A count stops at COUNT_MAX. */
export const COUNT_MOVES = 128;
export const NO_COUNT = 127;
export const COUNT_MAX = 126;
export const STATE_WHITE = 8;
export const STATE_LOW = 16;

/** Found once: a built-in is looked up after the whole global scope on the board (ESPRUINO.md). */
const chr = String.fromCharCode;

/** Whole seconds rounded up, as the face shows them (integer ms; no Math.ceil to look up). */
function secondsUp(ms: number): number {
  return ((ms + 999) / 1000) | 0;
}

/** Three bytes of seconds, big-endian. */
function time(s: number): string {
  return chr(s >> 16, (s >> 8) & 255, s & 255);
}

function phaseNumber(g: Game, armed: boolean): number {
  const p = g.phase;
  if (p === "setup") return armed ? 1 : 0;
  return p === "running" ? 2 : p === "paused" ? 3 : p === "ended" ? 4 : 5;
}

/** A side's three bytes of time and its count byte. */
function side(r: Reading, kind: string): string {
  const moves = kind === "moves";
  let n = moves ? r.movesLeft : r.periodsLeft;
  if (n > COUNT_MAX) n = COUNT_MAX;
  return time(secondsUp(r.shownMs)) + chr(moves ? n | COUNT_MOVES : kind === "byoyomi" ? n : NO_COUNT); // at most 100 h: 3 bytes hold it
}

function marks(g: Game, s: Side, r: Reading): number {
  return (r.overtime ? SIDE_OVERTIME : 0) | (r.out ? SIDE_OUT : 0) |
    ((s === "black" ? g.blackForfeit : g.whiteForfeit) ? SIDE_FORFEIT : 0) | ((s === "black" ? g.blackAbsent : g.whiteAbsent) ? SIDE_ABSENT : 0);
}

/** The fingerprint's 4 bytes (made once: the program does not change while it runs). */
export function fingerprintBytes(fp: string): string {
  if (fp.length !== 8 || !/^[0-9a-f]+$/.test(fp)) return "\0\0\0\0";
  return chr(parseInt(fp.substr(0, 2), 16), parseInt(fp.substr(2, 2), 16), parseInt(fp.substr(4, 2), 16), parseInt(fp.substr(6, 2), 16));
}

/** The manufacturer data (after the company identifier) for the game as of the readings b and w. */
export function packAdvert(board: number, g: Game, armed: boolean, b: Reading, w: Reading, battery: number, low: boolean, fp: string): string {
  const state = phaseNumber(g, armed) | (g.toMove === "white" ? STATE_WHITE : 0) | (low ? STATE_LOW : 0);
  return MAGIC + chr(ADVERT_VERSION, (board >> 8) & 255, board & 255, state, marks(g, "black", b) | (marks(g, "white", w) << 4)) +
    side(b, g.blackControl.kind) + side(w, g.whiteControl.kind) + chr(battery < 0 || battery > 100 ? 255 : battery) + fp;
}

/** The same advertisement a second later in the same stretch: the running side's time alone, `s`
 *  whole seconds (what its face shows). */
export function withSeconds(data: string, white: boolean, s: number): string {
  const at = white ? 11 : 7;
  return data.substr(0, at) + time(s) + data.substr(at + 3);
}
