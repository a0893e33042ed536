// What the clock says, as clips: a core call id (`say`, e.g. "left:3") becomes the names of the
// clips a voice pack plays back to back (["haisheng", "3", "fen"]: 还剩三分). Also the counting
// traditions, as overrides of the core's call options. This file goes into the device bundle:
// Espruino-safe (see ESPRUINO.md: no Map, spread, destructuring, default parameters; functions are
// defined before they are used, since Espruino does not hoist).

import type { CallOptions, PeriodCalls, Speech } from "./core/index";
import { clipLengths } from "../voices/lengths";

// The packs the clock offers: data the menus, the link and the power-on code read, so on the board a
// copy in each of their files and none in the program (packs.ts).
export { type PackInfo, PACKS } from "./packs";

export const DEFAULT_PACK = "zh";

/** Storage the reference board (Jolt.js, 400 KB) leaves for clips: less the program (about 60 KB)
 *  and the 72 KB the game records keep free (hw/store.ts RESERVE_BYTES), with room to spare for
 *  settings. Every pack must fit; hw/flash.ts refuses more. */
export const CLIP_BUDGET = 262144; // 256 KB, written out: esbuild keeps an unused product in the bundle

/** Elapsed calls of the default schedules (periods of 10, 20, 30, 60 s): one whole clip each
 *  ("e30": 三十秒), because they are said often. Other seconds are built from number clips. Each
 *  between spaces: a string, where an array would keep a jsvar a number from boot. It ends in "."
 *  for Espruino's indexOf, which also "finds" a text whose start matches the string's end (the
 *  last " " would match " 37 "): no number holds a ".". */
const WHOLE_ELAPSED = " 10 15 18 20 25 28 30 40 50 55 58 .";

/** The seconds that have a whole clip (for the packs' maker). */
export function wholeElapsed(): number[] {
  return WHOLE_ELAPSED.slice(1, -2).split(" ").map(Number);
}

function append(out: string[], more: string[]): string[] {
  for (let i = 0; i < more.length; i++) out.push(more[i]);
  return out;
}

/** A number as a pack says it (one function for the three packs: each is RAM on the board):
 *  - zh, Mandarin: clips "0" … "10", tens "t20" … "t90", "bai" (百), "liang" (两). `quantity`: a
 *    number before a measure word, where 2 is 两 (还剩两分), not 二 (counting);
 *  - en, English: clips "0" … "19", tens "t20" … "t90", "hundred";
 *  - ja, Japanese: clips "0" … "10" (4 is よん, 7 is なな, as timekeepers count), tens "t20" … "t90",
 *    hundreds "h1" … "h3" (ひゃく, にひゃく, さんびゃく: sound changes are in the clips; 400 and
 *    more, which no call reaches in practice, are said digit by digit to keep the pack small).
 *  20 … 99 are a tens clip and a units clip ("t30", "5") in every pack; past the numbers a pack can
 *  build, each digit is said on its own (never happens in a game). */
function spell(pack: string, n: number, quantity: boolean): string[] {
  if (n === 2 && quantity && pack === "zh") return ["liang"];
  if (n <= 10 || (n < 20 && pack === "en")) return ["" + n];
  if (n < 20) return ["10", "" + (n - 10)];
  if (n < 100) return n % 10 === 0 ? ["t" + n] : ["t" + (n - (n % 10)), "" + (n % 10)];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (pack === "zh" && n < 1000) {
    const out = [h === 2 ? "liang" : "" + h, "bai"];
    if (rest === 0) return out;
    if (rest < 10) return append(out, ["0", "" + rest]); // 一百零五
    if (rest < 20) return append(out, ["1", "10"].concat(rest > 10 ? ["" + (rest - 10)] : [])); // 一百一十五
    return append(out, spell(pack, rest, false));
  }
  if (pack === "en" && n < 1000) {
    const out = ["" + h, "hundred"];
    return rest === 0 ? out : append(out, spell(pack, rest, false));
  }
  if (pack === "ja" && n < 400) {
    const out = ["h" + h];
    return rest === 0 ? out : append(out, spell(pack, rest, false));
  }
  const d = "" + n;
  const out: string[] = [];
  for (let i = 0; i < d.length; i++) out.push(d.charAt(i));
  return out;
}

/** N with a Japanese counter whose sound changes with the number before it, so 1 … 10 are whole
 *  clips and 25 is にじゅう + the clip for 5: minutes (c "f", word "fun": いっぷん, にふん, さんぷん…;
 *  20 is にじゅう + ふん) and times, for periods that are not a minute (c "k", word "kai": いっかい,
 *  ろっかい, はっかい, じゅっかい; 0 and 20 + "kai"). One function for both: each is RAM on the board. */
function jaCounted(n: number, c: string, word: string): string[] {
  if (n >= 1 && n <= 10) return [c + n];
  const ones = n % 10;
  if (ones === 0 || n >= 1000) return append(spell("ja", n, false), [word]);
  return append(spell("ja", n - ones, false), [c + ones]);
}

/** N hours in Japanese: N + じかん, with よじかん for 4 (not よんじかん). */
function jaHours(n: number): string[] {
  const out = spell("ja", n, false);
  if (n % 10 === 4 && n < 400) out[out.length - 1] = "yo";
  return append(out, ["jikan"]);
}

/** The clips of call `key` with its number n in a pack (clipsFor's, without its shortcut for the
 *  count). The packs' phrases are in one function, not one a pack (each function is RAM on the
 *  board), and not in clipsFor itself: Espruino reads through every token of a function it runs,
 *  even past a return, and clipsFor runs at every count of a period. */
function phrase(pack: string, key: string, n: number, short: boolean): string[] {
  if (short) {
    // the short forms a pack offers, for the core to say when the whole call would run into the count
    // (core/place.ts): the number and its measure word alone, without 还剩 ("left", のこり)
    if (pack === "zh") {
      if (key === "periods") return append(spell("zh", n, true), ["ci"]); // 三次
      if (key === "left") return append(spell("zh", n, true), ["fen"]); // 三分
      if (key === "moves") return append(spell("zh", n, true), ["bu"]); // 五步
    } else if (pack === "en") {
      if (key === "periods" || key === "moves") return append(spell("en", n, false), ["left"]); // three left
    } else if (pack === "ja") {
      if (key === "periods") return jaCounted(n, "k", "kai"); // さんかい
      if (key === "left") return jaCounted(n, "f", "fun"); // さんぷん
      if (key === "moves") return append(spell("ja", n, false), ["te"]); // ごて
    }
    return [];
  }
  // the seconds with a whole clip of their own (WHOLE_ELAPSED): looked up for an elapsed call alone
  const whole = key === "elapsed" && WHOLE_ELAPSED.indexOf(" " + n + " ") >= 0;
  if (pack === "zh") {
    switch (key) {
      case "hours": return append(append(["haisheng"], spell("zh", n, true)), ["xiaoshi"]); // 还剩两小时
      case "block": return ["block"]; // 基本时限用完: main time is over, the blocks of moves begin (12.5)
      case "count": return spell("zh", n, false);
      case "elapsed": return whole ? ["e" + n] : append(spell("zh", n, true), ["miao"]);
      case "used": return ["used"]; // 一分
      case "left": return append(append(["haisheng"], spell("zh", n, true)), ["fen"]); // 还剩三分
      case "periods": return append(append(["haisheng"], spell("zh", n, true)), ["ci"]); // 还剩三次
      case "mins": return append(append(["haisheng"], spell("zh", n, true)), ["fenzhong"]); // 还剩五分钟
      case "secs": return append(append(["haisheng"], spell("zh", n, true)), ["miao"]); // 还剩四十秒
      case "moves": return append(append(["haisheng"], spell("zh", n, true)), ["bu"]); // 还剩五步
      case "byoyomi": return ["byoyomi"]; // 开始读秒
      case "timeout": return ["timeout"]; // 超时判负
    }
  } else if (pack === "en") {
    const one = n === 1;
    switch (key) {
      case "hours": return append(spell("en", n, false), [one ? "hour" : "hours", "left"]);
      case "block": return ["block"]; // main time over
      case "count": return spell("en", n, false);
      case "elapsed": return whole ? ["e" + n] : append(spell("en", n, false), [one ? "second" : "seconds"]);
      case "used": return ["used"]; // one minute used
      case "left": return append(spell("en", n, false), ["left"]); // three left
      case "periods": return append(spell("en", n, false), [one ? "period" : "periods", "left"]);
      case "mins": return append(spell("en", n, false), [one ? "minute" : "minutes", "left"]);
      case "secs": return append(spell("en", n, false), [one ? "second" : "seconds", "left"]);
      case "moves": return append(spell("en", n, false), [one ? "move" : "moves", "left"]);
      case "byoyomi": return ["byoyomi"];
      case "timeout": return ["timeout"];
    }
  } else if (pack === "ja") {
    switch (key) {
      case "hours": return append(["nokori"], jaHours(n)); // のこり にじかん
      case "block": return ["block"]; // もちじかん しゅうりょうです
      case "count": return spell("ja", n, false);
      case "elapsed": return whole ? ["e" + n] : append(spell("ja", n, false), ["byou"]);
      case "used": return ["f1"]; // いっぷん: "1 minute", as the timekeeper says it
      case "left": case "mins": return append(["nokori"], jaCounted(n, "f", "fun")); // のこり ごふん
      case "periods": return append(["nokori"], jaCounted(n, "k", "kai")); // のこり さんかい
      case "secs": return append(append(["nokori"], spell("ja", n, false)), ["byou"]);
      case "moves": return append(append(["nokori"], spell("ja", n, false)), ["te"]);
      case "byoyomi": return ["byoyomi"]; // びょうよみ です
      case "timeout": return ["timeout"]; // じかんぎれ です
    }
  }
  return [];
}

/** The clips to play, in order, for a call of the core (`short`: in the pack's short form); [] for an
 *  unknown call or pack, or a short form the pack does not have. */
export function clipsFor(pack: string, say: string, short?: boolean): string[] {
  // the count, said every second of a period (a board's wake path): 0 to 10 are one clip named by the
  // number in every pack, found here without the general parse (about 10 ms of board CPU a call)
  if (!short && say.indexOf("count:") === 0 && (pack === "zh" || pack === "en" || pack === "ja")) {
    const d = say.substring(6);
    if ((d.length === 1 && d >= "0" && d <= "9") || d === "10") return [d];
  }
  const colon = say.indexOf(":");
  const key = colon < 0 ? say : say.slice(0, colon);
  const arg = colon < 0 ? "" : say.slice(colon + 1);
  const bare = key === "used" || key === "byoyomi" || key === "timeout" || key === "block";
  // Espruino's RegExp has no {1,6}: the length is checked on its own
  if (bare !== (colon < 0) || (colon >= 0 && (arg.length > 6 || !/^\d+$/.test(arg)))) return [];
  return phrase(pack, key, colon < 0 ? 0 : parseInt(arg, 10), short ? true : false);
}

/** A time left in two units, said as one phrase: hours:H then mins:M (还剩1小时50分, "one hour
 *  fifty minutes left", のこり いちじかん ごじゅっぷん), or mins:M then secs:S (还剩1分50秒);
 *  null for any other pair. */
function twoUnits(pack: string, a: string, b: string): string[] | null {
  const hm = a.indexOf("hours:") === 0 && b.indexOf("mins:") === 0;
  const ms = a.indexOf("mins:") === 0 && b.indexOf("secs:") === 0;
  if ((!hm && !ms) || clipsFor(pack, a).length === 0 || clipsFor(pack, b).length === 0) return null;
  const x = parseInt(a.slice(a.indexOf(":") + 1), 10);
  const y = parseInt(b.slice(b.indexOf(":") + 1), 10);
  if (pack === "zh") {
    const first = append(append(["haisheng"], spell("zh", x, true)), [hm ? "xiaoshi" : "fen"]);
    return append(append(first, spell("zh", y, true)), [hm ? "fen" : "miao"]);
  }
  if (pack === "en") {
    const first = append(spell("en", x, false), [hm ? (x === 1 ? "hour" : "hours") : x === 1 ? "minute" : "minutes"]);
    return append(append(first, spell("en", y, false)), [hm ? (y === 1 ? "minute" : "minutes") : y === 1 ? "second" : "seconds", "left"]);
  }
  if (hm) return append(append(["nokori"], jaHours(x)), jaCounted(y, "f", "fun"));
  return append(append(append(["nokori"], jaCounted(x, "f", "fun")), spell("ja", y, false)), ["byou"]);
}

/** The clips of the calls of one instant, per call, as they are said back to back: a time left in
 *  two units is one phrase, given to its first call (the second gets none). `short[i]`: call i is
 *  said in its short form. */
export function callPhrases(pack: string, says: string[], short?: boolean[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < says.length; i++) {
    const pair = i + 1 < says.length ? twoUnits(pack, says[i], says[i + 1]) : null;
    if (pair) {
      out.push(pair, []);
      i++;
    } else out.push(clipsFor(pack, says[i], short ? short[i] : false));
  }
  return out;
}

/** A clip's length in ms, from the pack's table (voices/lengths.ts); 0 when it has no such clip. */
function clipMs(table: string, clip: string): number {
  const at = table.indexOf(" " + clip + ":");
  return at < 0 ? 0 : parseInt(table.substring(at + clip.length + 2, at + clip.length + 8), 10);
}

/** What the core needs of a pack to keep its calls from running into one another: how long they take
 *  to say (schedule.ts Speech), from the clips' lengths. Made once for the game's options; the core
 *  asks it once for each call of a period, never at a second's wake. */
export function speechOf(pack: string): Speech {
  const table = clipLengths(pack);
  // the calls already measured, " id=ms" (a short form's id ends in "!"): a game says the same few
  // calls again and again, and a look-up here costs the board far less than the call's clips. No
  // space at its end: Espruino's indexOf would "find" " id=" at a last " " (its start matches the
  // string's end); a key ends at its "=" and every entry goes on with digits, so none can.
  let known = "";
  const call = function (say: string, short: boolean): number {
    const key = " " + say + (short ? "!=" : "=");
    const at = known.indexOf(key);
    if (at >= 0) return parseInt(known.substring(at + key.length, at + key.length + 6), 10);
    // its clips (a short form the pack does not have: none, 0 ms)
    const clips = clipsFor(pack, say, short);
    let ms = 0;
    for (let j = 0; j < clips.length; j++) ms += clipMs(table, clips[j]);
    if (known.length < 400) known += key + ms;
    return ms;
  };
  return {
    call: call,
    ms: function (says: string[], short: boolean): number {
      if (says.length === 1) return call(says[0], short);
      const shorts: boolean[] = [];
      for (let i = 0; i < says.length; i++) shorts.push(short && i === says.length - 1);
      const parts = callPhrases(pack, says, shorts);
      let ms = 0;
      for (let i = 0; i < parts.length; i++) {
        if (shorts[i] && parts[i].length === 0) return 0;
        for (let j = 0; j < parts[i].length; j++) ms += clipMs(table, parts[i][j]);
      }
      return ms;
    },
  };
}

// --- counting traditions ------------------------------------------------------------------------

/** The fields of the core's CallOptions a tradition sets; the others keep the event's values. */
export interface CallOverrides {
  ordinary?: PeriodCalls | null;
  last?: PeriodCalls | null;
  timeoutCall?: boolean;
  warnSec?: number[];
  countdown?: boolean;
}

export interface Tradition {
  id: string;
  overrides: CallOverrides;
}

/** Sources and the reasoning behind each entry: voices/README.md. */
export const TRADITIONS: Tradition[] = [
  // Chinese rules 12.3 (the core's defaults): …58秒, 1分, 还剩N分; last period 1 … 10, then the older
  // edition's 超时判负.
  { id: "cn", overrides: {} },
  // Nihon Ki-in: the same seconds, and the same 1 … 10 in the last period, but the timekeeper's
  // "10" is itself the loss on time: nothing is said after it.
  { id: "nihon-kiin", overrides: { timeoutCall: false } },
];

export function findTradition(id: string): Tradition | null {
  for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === id) return TRADITIONS[i];
  return null;
}

/** The call options of `base` with a tradition's overrides applied (a copy; base is not changed). */
export function withTradition(base: CallOptions, id: string): CallOptions {
  const o: CallOptions = { ordinary: base.ordinary, last: base.last, timeoutCall: base.timeoutCall, warnSec: base.warnSec, countdown: base.countdown, speech: base.speech };
  let t: Tradition | null = null; // findTradition, written out: a function less in the board's RAM
  for (let i = 0; i < TRADITIONS.length && !t; i++) if (TRADITIONS[i].id === id) t = TRADITIONS[i];
  if (!t) return o;
  const v = t.overrides;
  if (v.ordinary !== undefined) o.ordinary = v.ordinary;
  if (v.last !== undefined) o.last = v.last;
  if (v.timeoutCall !== undefined) o.timeoutCall = v.timeoutCall;
  if (v.warnSec !== undefined) o.warnSec = v.warnSec;
  if (v.countdown !== undefined) o.countdown = v.countdown;
  return o;
}
