// The hardware contract. hw/ implements it on Espruino, sim/ on the desktop; the app (firmware/)
// talks to hardware through nothing else. Every capability reports failure as data instead of
// throwing, so a missing peripheral never stops the clock.

import type { Gfx } from "./gfx/gfx";

/** Buttons, as they stand physically: the two player buttons and the menu button. */
export const LEFT = 0;
export const RIGHT = 1;
export const MENU = 2;

/** A player button's lamp (Board.lamps). */
export const LAMP_OFF = 0;
export const LAMP_ON = 1;
export const LAMP_BLINK = 2;

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
  /** Whether a clip's samples are in RAM (the device copies each at a volume other than the clips'
   *  own, from the call's hand-over to its end): the link waits with a page of records then
   *  (link/line.ts). Absent where RAM is no concern. */
  holdsClip?(): boolean;
  /** Fixed-size records appended to flash, and small named settings. */
  store: Store;
  /** Battery charge 0 … 100, or -1 when unknown; `now` as for show(). */
  battery(now: number): number;
  /** Tells the watchdog the app is alive. */
  kick(): void;
  /** The player buttons' lamps (LEFT, RIGHT): LAMP_OFF, LAMP_ON or LAMP_BLINK, the blinking made by the
   *  board itself (no wake of the app). Absent on a board without lamps. */
  lamps?(left: number, right: number): void;
  /** The display's brightness, the controller's contrast 0 … 255 (firmware/power.ts chooses it).
   *  Returns an error text or null. Absent where the display cannot be dimmed. */
  contrast?(level: number): string | null;
  /** The serial line the arbiter's desktop tool uses (USB on the device), where the board has one. */
  link?: Link;
  /** The hall's broadcast, where the board has a radio: the advertisement's manufacturer data
   *  (firmware/link/advert.ts), sent at once and repeated until the next; null: silent. Read-only:
   *  nothing can connect. An error text, or null. */
  advertise?: (data: string | null) => string | null;
  /** The program's fingerprint: on the device a hash of the files flashed (hw/fingerprint.ts), so a
   *  changed program shows on the face at boot, in the status and in the log. */
  firmware: string;
  /** How often the running side's time is checkpointed, in main time and in overtime (a byoyomi
   *  period or a block of moves): a power cut gives back at most that much. */
  checkpoint: { mainMs: number; overtimeMs: number };
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
  /** Whether a line ("USB", "Bluetooth") is open at the other end: a tool has the port, a phone is
   *  still connected (true when the board cannot tell). An unlock made over it, and a prompt on it,
   *  end when it closes. */
  isOpen(line: string): boolean;
}

export interface Store {
  /** Appends one record (at most RECORD_BYTES characters) to the current game's, sealed with a check
   *  the store makes natively (a torn or corrupt record is then detected on reading). False when
   *  not written. */
  append(record: string): boolean;
  /** Record slots of a game so far, torn or corrupt ones included: game 0 (the default) is the
   *  current one, 1 the previous one while it is kept. */
  count(game?: number): number;
  /** Slot i's record as appended; null when it is torn or corrupt; "" when the slot holds no record
   *  of its own (the rest of a long one, on a store of fixed slots). Read one at a time: the records
   *  of a long game would not fit in RAM. */
  record(i: number, game?: number): string | null;
  /** Slots [from, from + max) of a game's records as stored, back to back in one string, each
   *  slotBytes characters and sealed (firmware/record/slots.ts); fewer where a file of them ends, ""
   *  past the last. For a reader elsewhere, who checks the seals: the desktop tool reads a game this
   *  way, a page a reply, and derives the time log itself (the board keeps no code for it). Absent
   *  where no link reads the records (the browser page). */
  slots?(from: number, max: number, game?: number): string;
  /** The width of a slot that slots() gives. */
  slotBytes?: number;
  /** Starts the next game's records. The current game's become the previous ones, kept for a
   *  dispute while the store has room for a whole game beside them; older ones are dropped. */
  newGame(): void;
  /** Nothing runs (set-up, its records written): the store may tidy itself now. The device then
   *  compacts its flash if a whole game would not fit, and reboots; the records say where it was. */
  tidy(): void;
  /** Appends a checkpoint of the running side's time (at most CHECKPOINT_BYTES characters) beside
   *  the current game's records; false when not written. */
  checkpoint(text: string): boolean;
  /** The current game's newest valid checkpoint, or null. */
  lastCheckpoint(): string | null;
  /** A small named value (settings); null when absent or unreadable. */
  get(name: string): string | null;
  set(name: string, value: string): boolean;
}

/** The device's speaker keeps its outputs on this long after the clips it was handed (hw/speaker.ts),
 *  for the next call: the next second's count is handed over LEAD_MS (250 ms) before it, so less than
 *  600 ms after the shortest count's clip (172 ms) ends; a call further off finds them off. */
export const LINGER_MS = 650;

/** Records are this long at most. The device appends them to pre-allocated flash without erasing
 *  it, in slots of SLOT_BYTES (a record and the store's seal, SEAL_BYTES); a longer one takes two. */
export const SLOT_BYTES = 80;
export const SEAL_BYTES = 5;
export const RECORD_BYTES = 2 * SLOT_BYTES - SEAL_BYTES - 1;
/** A checkpoint's text is this long at most (firmware/record/persist.ts checkpointText). */
export const CHECKPOINT_BYTES = 8;
