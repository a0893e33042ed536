// What the arbiter sets before a game, kept in the board's store as JSON. Whatever was stored is
// checked field by field when read back: a corrupt or hand-edited file gives the defaults for the
// bad fields and says which, so the boot never stops on it. Espruino-safe (see ESPRUINO.md).

import { parseControl, isParseError, formatControl } from "../core/index";
import { PACKS, TRADITIONS } from "../voice";

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
  /** The arbiter's 4-digit PIN as "salt:hash" (pinHash below), never the PIN itself: whoever reads
   *  the settings file sees no PIN. */
  pinHash: string;
  /** Lateness forfeit limit (22.1: 60 min, 22.2: 15 min); 0 = none. */
  lateLimitMs: number;
}

/** pinHash("0000", "00000000"), written out so that the defaults cost no hashing (a test checks it).
 *  The default PIN is no secret: its salt need not be random. */
export const DEFAULT_PIN_HASH = "00000000:581a78ef21acaf32";
const MAX_TEXT = 2000; // far more than any valid settings text; refuses a huge file before parsing it
const MAX_CONTROL = 40;
export const MAX_LATE_MS = 360000000; // 100 h, as the core's longest duration

export function defaultSettings(): Settings {
  return {
    black: "2h+5x60s",
    white: "2h+5x60s",
    handicap: 0,
    whiteOnRight: true,
    lang: "zh",
    tradition: "cn",
    volume: 7,
    pinHash: DEFAULT_PIN_HASH,
    lateLimitMs: 3600000,
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
  });
}

// --- the PIN, salted and hashed ----------------------------------------------------------------------
// Four digits are 10,000 guesses: no hash makes a file that is read off the clock safe against an
// offline search. What the hash does: no command, screen or file shows the PIN, and the same PIN on
// two clocks looks different. Keeping the file itself out of reach is the console's job (hw/README.md).

const PRIME = 2147483647; // 2^31 - 1: every product below stays an exact integer, also on Espruino

function mix(h: number, text: string, k: number): number {
  for (let i = 0; i < text.length; i++) h = (((h ^ text.charCodeAt(i)) % PRIME) * k) % PRIME;
  return h;
}

export function hex8(n: number): string {
  return ("0000000" + n.toString(16)).slice(-8);
}

/** "salt:hash" of a PIN: two lanes of a multiplicative hash over salt and PIN (about 30 loop passes,
 *  some 30 ms on the board: more rounds would not make 10,000 PINs harder to search). */
export function pinHash(pin: string, salt: string): string {
  return salt + ":" + hex8(mix(1, salt + ":" + pin, 48271)) + hex8(mix(7, pin + ":" + salt, 69621));
}

export function newSalt(): string {
  return hex8(Math.floor(Math.random() * PRIME));
}

/** Whether a value is four digits (the only PINs the menu can enter). */
export function isPin(v: unknown): boolean {
  return typeof v === "string" && v.length === 4 && /^[0-9]+$/.test(v); // no {4} on Espruino
}

function isPinHash(v: unknown): boolean {
  return typeof v === "string" && v.length === 25 && /^[0-9a-f]+:[0-9a-f]+$/.test(v) && v.indexOf(":") === 8;
}

export function pinMatches(s: Settings, pin: string): boolean {
  return isPin(pin) && pinHash(pin, s.pinHash.slice(0, 8)) === s.pinHash;
}

/** The settings with a new PIN (a fresh salt). */
export function withPin(s: Settings, pin: string): Settings {
  const n = Object.assign({}, s);
  n.pinHash = pinHash(pin, newSalt());
  return n;
}

export function isWhole(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && v === Math.floor(v) && v >= min && v <= max;
}

/** The canonical notation of a stored control, or null when it is not one. */
function controlText(v: unknown): string | null {
  if (typeof v !== "string" || v.length === 0 || v.length > MAX_CONTROL) return null;
  const c = parseControl(v);
  return isParseError(c) ? null : formatControl(c);
}

export function isPack(v: unknown): boolean {
  for (let i = 0; i < PACKS.length; i++) if (PACKS[i].id === v) return true;
  return false;
}

export function isTradition(v: unknown): boolean {
  for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === v) return true;
  return false;
}

/** Reads stored settings. null (nothing stored yet) gives the defaults and no error; anything that
 *  is not valid gives the defaults for what is wrong and an error naming it. Never throws. */
export function decodeSettings(text: string | null): { settings: Settings; error: string | null; rewrite?: boolean } {
  const s = defaultSettings();
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
    s.pinHash = pinHash(o.pin as string, newSalt());
    rewrite = true;
  } else bad.push("pin");
  if (isWhole(o.lateLimitMs, 0, MAX_LATE_MS)) s.lateLimitMs = o.lateLimitMs as number;
  else bad.push("lateLimitMs");
  // a plain PIN never stays on flash: the caller writes the settings again (rewrite)
  return { settings: s, error: bad.length ? "bad " + bad.join(", ") + ": defaults used for " + (bad.length > 1 ? "them" : "it") : null, rewrite: rewrite };
}
