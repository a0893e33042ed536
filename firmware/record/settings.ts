// What the arbiter sets before a game, kept in the board's store as JSON. Whatever was stored is
// checked field by field when read back: a corrupt or hand-edited file gives the defaults for the
// bad fields and says which, so the boot never stops on it. Espruino-safe (see ESPRUINO.md).

// through boot/shared: decodeSettings is part of the power-on code's file on the board (record/boot.ts)
import { parseControl, isParseError, formatControl, TRADITIONS } from "./boot/shared";
import { PACKS } from "../packs"; // a copy in the power-on code's file (build/cold.ts)
import { isWhole, hasId } from "./valid";
import { STORED_VOLUME } from "../levels";

export { isWhole } from "./valid";

export interface Settings {
  /** Control notations, as parseControl reads them (stored in formatControl's canonical form). */
  black: string;
  white: string;
  /** 0 (even) or 2 … 9 stones. */
  handicap: number;
  /** White's button and half of the display are on the right: the clock stands at White's right hand
   *  (12.1) with its display facing the players. */
  whiteOnRight: boolean;
  /** A voice pack id of PACKS ("zh", "en", "ja"). */
  lang: string;
  /** A counting tradition id of TRADITIONS ("cn", "nihon-kiin"). */
  tradition: string;
  /** 0 (mute) … 10. */
  volume: number;
  /** The arbiter's PIN (4 or 6 digits) as pinHash below gives it, never the PIN itself: whoever
   *  reads the settings file sees no PIN. */
  pinHash: string;
  /** Lateness forfeit limit (22.1: 60 min, 22.2: 15 min); 0 = none. */
  lateLimitMs: number;
  /** The tournament set-up lock: the set-up menu and every setting from a link need the PIN, so a
   *  player cannot change the control before a round. Off at home. */
  tournament: boolean;
  /** The board number in a hall (1 … MAX_BOARD; 0: none), which the clock's advertisement carries
   *  while the tournament setting is on (firmware/link/advert.ts). */
  board: number;
}

/** The factory PIN 0000 (pinHash("0000", "00000000")), written out so that the defaults cost no
 *  hashing (a test checks it). withPin gives exactly this for 0000, so "the PIN is still 0000" is
 *  one comparison, not a stretched hash. */
export const DEFAULT_PIN_HASH = "4.00000000:023e880d359b75fc";
/** The hash an older clock stored for 0000 (salt:hash, 4 digits, not stretched). */
const OLD_DEFAULT_HASH = "00000000:581a78ef21acaf32";
const MAX_TEXT = 2000; // far more than any valid settings text; refuses a huge file before parsing it
const MAX_CONTROL = 40;
export const MAX_LATE_MS = 360000000; // 100 h, as the core's longest duration
export const MAX_BOARD = 999;

export function defaultSettings(): Settings {
  return {
    black: "2h+5x60s",
    white: "2h+5x60s",
    handicap: 0,
    whiteOnRight: true,
    lang: "zh",
    tradition: "cn",
    volume: STORED_VOLUME, // the clips' own level: played from flash, no copy in RAM (levels.ts)
    pinHash: DEFAULT_PIN_HASH,
    lateLimitMs: 3600000,
    tournament: false,
    board: 0,
  };
}

export function encodeSettings(s: Settings): string {
  return JSON.stringify({
    black: s.black,
    white: s.white,
    handicap: s.handicap,
    whiteOnRight: s.whiteOnRight,
    lang: s.lang,
    tradition: s.tradition,
    volume: s.volume,
    pinHash: s.pinHash,
    lateLimitMs: s.lateLimitMs,
    tournament: s.tournament,
    board: s.board,
  });
}

// --- the PIN, salted and stretched ----------------------------------------------------------------
// "D.salt:hash": D the number of digits (4 or 6), salt 8 hex digits drawn at random, hash 16 hex
// digits. The hash is iterated (ROUNDS passes over salt and PIN, some 250 ms of the board's
// interpreter: npm run bench, "PIN check"), which makes each guess on the clock itself slow; against
// someone who has read the file off a board (with it in hand, see hw/README.md) 10,000 or even
// 1,000,000 PINs are searched in moments on a computer whatever the board can afford. What the hash
// does: no command, screen or file shows the PIN, and the same PIN looks different on two clocks.
// What keeps guessing out is the lock-out (firmware/record/pinlock.ts) and six digits.

const PRIME = 2147483647; // 2^31 - 1: every product below stays an exact integer, also on Espruino
const ROUNDS = 8;

/** h = ((h ^ c) % PRIME) * k % PRIME for each char code c of `codes` (the text's, last first: see
 *  codes()), computed so that it is cheap on the board yet the same number: h ^ c lies in [0, 2^31)
 *  and PRIME * k ≡ 0, so the inner % changes nothing; the product (< 2^48) is exact, and
 *  h - floor(h / PRIME) * PRIME is h % PRIME without Espruino's float % loop (the quotient < 2^17 is
 *  never rounded up to the next integer). Written for Espruino's interpreter, where each token
 *  costs: the codes read from an array, not by charCodeAt (a method looked up and called); a
 *  countdown; the prime `p` a parameter, which is read faster than its ten digits are parsed each
 *  time (a constant the build would write in as digits). Espruino 2v29: 212 -> 144 board ms a PIN. */
function mix(h: number, codes: number[], k: number, p: number): number {
  let i = codes.length;
  while (i--) {
    h = (h ^ codes[i]) * k;
    h -= ((h / p) | 0) * p;
  }
  return h;
}

/** A text's char codes, last first: what mix() reads from the end. */
function codes(text: string): number[] {
  const c: number[] = [];
  for (let i = text.length - 1; i >= 0; i--) c.push(text.charCodeAt(i));
  return c;
}

export function hex8(n: number): string {
  return ("0000000" + n.toString(16)).slice(-8);
}

/** The stored form of a PIN with this salt: two lanes of a multiplicative hash, each round fed the
 *  other's last value. */
export function pinHash(pin: string, salt: string): string {
  const text = codes(salt + ":" + pin);
  let a = 1;
  let b = 7;
  for (let r = 0; r < ROUNDS; r++) {
    a = mix(a ^ b, text, 48271, PRIME);
    b = mix(b ^ a, text, 69621, PRIME);
  }
  return pin.length + "." + salt + ":" + hex8(a) + hex8(b);
}

/** Whether a value is a PIN the clock takes: four or six digits. */
export function isPin(v: unknown): boolean {
  return typeof v === "string" && (v.length === 4 || v.length === 6) && /^[0-9]+$/.test(v); // no {4} on Espruino
}

function isPinHash(v: unknown): boolean {
  if (typeof v !== "string") return false;
  if (v.length === 25) return /^[0-9a-f]+:[0-9a-f]+$/.test(v) && v.indexOf(":") === 8; // an older clock's
  return v.length === 27 && (v.charAt(0) === "4" || v.charAt(0) === "6") && v.charAt(1) === "." && /^[0-9a-f]+:[0-9a-f]+$/.test(v.slice(2)) && v.indexOf(":") === 10;
}

/** How many digits the PIN has (the PIN screens ask for that many). */
export function pinDigits(s: Settings): number {
  return s.pinHash.length === 27 && s.pinHash.charAt(0) === "6" ? 6 : 4;
}

export function pinMatches(s: Settings, pin: string): boolean {
  if (!isPin(pin)) return false;
  const h = s.pinHash;
  if (h.length !== 25) return pinHash(pin, h.slice(2, 10)) === h;
  // an older clock's form: salt:hash, 4 digits, one round (here, not a function of its own: each is
  // RAM on the board)
  const salt = h.slice(0, 8);
  return salt + ":" + hex8(mix(1, codes(salt + ":" + pin), 48271, PRIME)) + hex8(mix(7, codes(pin + ":" + salt), 69621, PRIME)) === h;
}

/** The PIN is still the factory 0000: every face, status and tool command says so. */
export function isDefaultPin(s: Settings): boolean {
  return s.pinHash === DEFAULT_PIN_HASH || s.pinHash === OLD_DEFAULT_HASH;
}

/** Whether the stored hash is an older clock's (taken over as the stretched form at the next right PIN). */
export function isOldPinHash(s: Settings): boolean {
  return s.pinHash.length === 25;
}

/** The settings with a new PIN (a fresh salt; 0000 is the factory hash itself). */
export function withPin(s: Settings, pin: string): Settings {
  const n = Object.assign({}, s);
  n.pinHash = pin === "0000" ? DEFAULT_PIN_HASH : pinHash(pin, hex8(Math.floor(Math.random() * PRIME))); // a fresh salt
  return n;
}

/** What changed from a to b, one "field value" each ("black 2h+5x60s", "pin changed": never the PIN
 *  nor its hash), for the record. */
export function settingChanges(a: Settings, b: Settings): string[] {
  const out: string[] = [];
  const keys = "black white handicap whiteOnRight lang tradition volume lateLimitMs tournament board".split(" ");
  for (const k of keys) {
    const v = (b as unknown as Record<string, unknown>)[k];
    if ((a as unknown as Record<string, unknown>)[k] !== v) out.push(k + " " + v);
  }
  if (a.pinHash !== b.pinHash) out.push("pin changed");
  return out;
}

/** The canonical notation of a stored control, or null when it is not one. */
function controlText(v: unknown): string | null {
  if (typeof v !== "string" || v.length === 0 || v.length > MAX_CONTROL) return null;
  const c = parseControl(v);
  return isParseError(c) ? null : formatControl(c);
}

export function isPack(v: unknown): boolean {
  return hasId(PACKS, v);
}

export function isTradition(v: unknown): boolean {
  return hasId(TRADITIONS, v);
}

/** Reads stored settings. null (nothing stored yet) gives the defaults and no error; anything that
 *  is not valid gives the defaults for what is wrong and an error naming it. Never throws. */
export function decodeSettings(text: string | null): { settings: Settings; error: string | null; rewrite?: boolean } {
  let s = defaultSettings();
  if (text === null) return { settings: s, error: null };
  if (typeof text !== "string" || text.length > MAX_TEXT) return { settings: s, error: "unreadable: defaults used" };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { settings: s, error: "not JSON: defaults used" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { settings: s, error: "not a settings object: defaults used" };
  const o = raw as Record<string, unknown>;
  const bad: string[] = [];
  const black = controlText(o.black);
  if (black === null) bad.push("black");
  else s.black = black;
  const white = controlText(o.white);
  if (white === null) bad.push("white");
  else s.white = white;
  if (isWhole(o.handicap, 0, 9) && o.handicap !== 1) s.handicap = o.handicap as number;
  else bad.push("handicap");
  if (typeof o.whiteOnRight === "boolean") s.whiteOnRight = o.whiteOnRight;
  else bad.push("whiteOnRight");
  if (isPack(o.lang)) s.lang = o.lang as string;
  else bad.push("lang");
  if (isTradition(o.tradition)) s.tradition = o.tradition as string;
  else bad.push("tradition");
  if (isWhole(o.volume, 0, 10)) s.volume = o.volume as number;
  else bad.push("volume");
  let rewrite = false;
  if (isPinHash(o.pinHash)) s.pinHash = o.pinHash as string;
  else if (o.pinHash === undefined && isPin(o.pin)) {
    // an older clock stored the PIN itself: keep it, as a hash, and have the file written again
    s = withPin(s, o.pin as string);
    rewrite = true;
  } else bad.push("pin");
  if (isWhole(o.lateLimitMs, 0, MAX_LATE_MS)) s.lateLimitMs = o.lateLimitMs as number;
  else bad.push("lateLimitMs");
  // an older clock's file has no tournament lock: off, as it was
  if (typeof o.tournament === "boolean") s.tournament = o.tournament;
  else if (o.tournament !== undefined) bad.push("tournament");
  // nor a board number: none
  if (isWhole(o.board, 0, MAX_BOARD)) s.board = o.board as number;
  else if (o.board !== undefined) bad.push("board");
  // a plain PIN never stays on flash: the caller writes the settings again (rewrite)
  return { settings: s, error: bad.length ? "bad " + bad.join(", ") + ": defaults used for " + (bad.length > 1 ? "them" : "it") : null, rewrite: rewrite };
}
