// The hardware contract. hw/ implements it on Espruino, sim/ on the desktop; the app (firmware/)
// talks to hardware through nothing else. Every capability reports failure as data instead of
// throwing, so a missing peripheral never stops the clock.

import type { Gfx } from "./gfx/gfx";

/** Buttons, as they stand physically: the two player buttons and the menu button. */
export const LEFT = 0;
export const RIGHT = 1;
export const MENU = 2;

export interface Board {
  /** Monotonic time in integer milliseconds. Never jumps; never goes back. */
  now(): number;
  /** Calls fn once at absolute time t (or as soon after as the board can). Replaces the previous request. */
  wakeAt(t: number, fn: () => void): void;
  /** Button edges, debounced, each with the time of the edge itself (not of the handler). */
  onButton(fn: (button: number, down: boolean, t: number) => void): void;
  /** The display's 128×64 one-bit frame (SSD1306 page layout, gfx/frame.ts), drawn through the
   *  drawing contract (gfx/gfx.ts): on the device Espruino's native Graphics. */
  gfx: Gfx;
  /** Shows what was drawn since the last show(): only that window of the frame is sent. Returns an
   *  error text or null. `now`: the caller's now() (a read of the clock costs the board time). */
  show(now: number): string | null;
  /** Plays clips one after another from absolute time t, cutting whatever would still play then (a
   *  sequence handed earlier that ends before t plays to its end). A missing clip is replaced by a
   *  beep. Returns an error text or null. */
  play(clips: string[], t: number): string | null;
  /** 0 (mute) … 10. */
  setVolume(v: number): void;
  /** Fixed-size records appended to flash, and small named settings. */
  store: Store;
  /** Battery charge 0 … 100, or -1 when unknown; `now` as for show(). */
  battery(now: number): number;
  /** Tells the watchdog the app is alive. */
  kick(): void;
  /** The serial line the arbiter's desktop tool uses (USB on the device), where the board has one. */
  link?: Link;
}

/** A byte line that speaks the clock's framed protocol (firmware/link/protocol.ts), and the doors to a
 *  JavaScript prompt that a board may have (the Espruino REPL): all shut unless opened here. */
export interface Link {
  /** Data as it arrives, in pieces of any size. */
  onData(fn: (chunk: string) => void): void;
  write(text: string): void;
  /** CRC-32 (IEEE, as zlib) of a text of printable ASCII. */
  crc32(text: string): number;
  /** Gives this line to the JavaScript prompt, `pending` (what asked for it) fed to the prompt
   *  first; the protocol is silent here until shut() is called. False: no prompt on this board. */
  openPrompt(pending: string): boolean;
  /** A prompt over Bluetooth, paired with this 6-digit passkey. An error text, or null. */
  openBluetooth(passkey: string): string | null;
  /** No prompt anywhere (USB back to the protocol, Bluetooth off and disconnected). */
  shut(): void;
}

export interface Store {
  /** Appends one record (at most RECORD_BYTES characters), sealed with a check the store makes
   *  natively (a torn or corrupt record is then detected on reading). False when not written. */
  append(record: string): boolean;
  /** Record slots written so far, torn or corrupt ones included. */
  count(): number;
  /** Slot i's record as appended, or null when it is torn or corrupt. Read one at a time: the
   *  records of a long game would not fit in RAM. */
  record(i: number): string | null;
  /** A new game: erases the last game's records (the device may then tidy its flash while idle). */
  clear(): void;
  /** A small named value (settings); null when absent or unreadable. */
  get(name: string): string | null;
  set(name: string, value: string): boolean;
}

/** Records are this long at most, so they can be appended to pre-allocated flash without erasing it
 *  (with the store's seal, SEAL_BYTES, in a slot of RECORD_BYTES + SEAL_BYTES). */
export const RECORD_BYTES = 123;
export const SEAL_BYTES = 5;
