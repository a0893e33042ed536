// What the arbiter sets before a game, kept in the board's store as JSON. Whatever was stored is
// checked field by field when read back: a corrupt or hand-edited file gives the defaults for the
// bad fields and says which, so the boot never stops on it. Espruino-safe (see ESPRUINO.md).

import { parseControl, isParseError, formatControl } from "./core/index";
import { PACKS, TRADITIONS } from "./voice";

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
  /** Four digits: the arbiter's menu. */
  pin: string;
  /** Lateness forfeit limit (22.1: 60 min, 22.2: 15 min); 0 = none. */
  lateLimitMs: number;
}

const MAX_TEXT = 2000; // far more than any valid settings text; refuses a huge file before parsing it
const MAX_CONTROL = 40;
const MAX_LATE_MS = 360000000; // 100 h, as the core's longest duration

export function defaultSettings(): Settings {
  return {
    black: "2h+5x60s",
    white: "2h+5x60s",
    handicap: 0,
    whiteOnRight: true,
    lang: "zh",
    tradition: "cn",
    volume: 7,
    pin: "0000",
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
    pin: s.pin,
    lateLimitMs: s.lateLimitMs,
  });
}

function isWhole(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && v === Math.floor(v) && v >= min && v <= max;
}

/** The canonical notation of a stored control, or null when it is not one. */
function controlText(v: unknown): string | null {
  if (typeof v !== "string" || v.length === 0 || v.length > MAX_CONTROL) return null;
  const c = parseControl(v);
  return isParseError(c) ? null : formatControl(c);
}

function isPack(v: unknown): boolean {
  for (let i = 0; i < PACKS.length; i++) if (PACKS[i].id === v) return true;
  return false;
}

function isTradition(v: unknown): boolean {
  for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === v) return true;
  return false;
}

/** Reads stored settings. null (nothing stored yet) gives the defaults and no error; anything that
 *  is not valid gives the defaults for what is wrong and an error naming it. Never throws. */
export function decodeSettings(text: string | null): { settings: Settings; error: string | null } {
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
  if (typeof o.pin === "string" && o.pin.length === 4 && /^[0-9]+$/.test(o.pin)) s.pin = o.pin; // no {4} on Espruino
  else bad.push("pin");
  if (isWhole(o.lateLimitMs, 0, MAX_LATE_MS)) s.lateLimitMs = o.lateLimitMs as number;
  else bad.push("lateLimitMs");
  return { settings: s, error: bad.length ? "bad " + bad.join(", ") + ": defaults used for " + (bad.length > 1 ? "them" : "it") : null };
}
