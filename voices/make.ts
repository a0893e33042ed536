// `npm run voices [-- PACK…]`: makes the voice packs' clips with espeak-ng and sox, offline. The
// clips are committed as data, so the build, the tests and CI never need a speech engine.
// Each clip: spoken by espeak-ng, resampled to 8 kHz mono by sox, then here: silence trimmed,
// peak-normalised to the default volume's level, stored as raw 8-bit unsigned samples (128 =
// silence), the format Waveform plays.
// A clip over its time budget is spoken again faster until it fits. Same tools, same bytes.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clipsFor, wholeElapsed } from "../firmware/voice";
import { ordinaryCalls, lastCalls, defaultCallOptions } from "../firmware/core/index";
import { writeFigures } from "./figures";
import { volumeGain, STORED_VOLUME } from "../firmware/levels";

const RATE = 8000;
/** Budgets in ms: a number is said once a second; a phrase may run until the next call, ≥ 1 s later. */
const BUDGET_MS: Record<Kind, number> = { number: 600, part: 600, phrase: 1000, long: 1600 };

type Kind = "number" | "part" | "phrase" | "long";

interface ClipSpec {
  name: string;
  text: string;
  kind: Kind;
}

interface PackSpec {
  id: string;
  /** The pack's name in its own language (the manifest's; the device names it in ASCII). */
  name: string;
  language: string;
  voice: string;
  /** espeak-ng words per minute to start from. */
  speed: number;
  clips: ClipSpec[];
}

function clip(name: string, text: string, kind: Kind): ClipSpec {
  return { name: name, text: text, kind: kind };
}

// --- Mandarin: pinyin with tone numbers for espeak-ng's cmn-latn-pinyin voice (its zh and cmn
// voices read many syllables as English); explicit tones also settle 还 (hai2) and 一 (yi4 fen1).

const ZH_DIGITS = ["ling2", "yi1", "er4", "san1", "si4", "wu3", "liu4", "qi1", "ba1", "jiu3", "shi2"];

function zhSecondsText(n: number): string {
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  const t = tens === 0 ? "" : (tens === 1 ? "" : ZH_DIGITS[tens] + " ") + "shi2";
  return (t + (ones ? " " + ZH_DIGITS[ones] : "")).trim() + " miao3";
}

function zhPack(): PackSpec {
  const c: ClipSpec[] = [];
  for (let n = 0; n <= 10; n++) c.push(clip("" + n, ZH_DIGITS[n], "number"));
  for (let t = 2; t <= 9; t++) c.push(clip("t" + t * 10, ZH_DIGITS[t] + " shi2", "number"));
  c.push(clip("liang", "liang3", "number"), clip("bai", "bai3", "part"));
  for (const n of wholeElapsed()) c.push(clip("e" + n, zhSecondsText(n), "phrase"));
  c.push(
    clip("miao", "miao3", "part"),
    clip("fen", "fen1", "part"),
    clip("fenzhong", "fen1 zhong1", "part"),
    clip("haisheng", "hai2 sheng4", "part"),
    clip("bu", "bu4", "part"),
    clip("ci", "ci4", "part"),
    clip("xiaoshi", "xiao3 shi2", "part"),
    clip("used", "yi4 fen1", "phrase"),
    clip("byoyomi", "kai1 shi3 du2 miao3", "long"),
    // entering the blocks of moves (12.5): 用完基本时限后 …, not byoyomi's 开始读秒
    clip("block", "ji1 ben3 shi2 xian4 yong4 wan2", "long"),
    clip("timeout", "chao1 shi2 pan4 fu4", "long"),
  );
  return { id: "zh", name: "中文", language: "cmn", voice: "cmn-latn-pinyin", speed: 190, clips: c };
}

// --- English

const EN_NUMBERS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function enPack(): PackSpec {
  const c: ClipSpec[] = [];
  for (let n = 0; n < 20; n++) c.push(clip("" + n, EN_NUMBERS[n], "number"));
  for (let t = 2; t <= 9; t++) c.push(clip("t" + t * 10, EN_TENS[t], "number"));
  c.push(clip("hundred", "hundred", "part"));
  for (const n of wholeElapsed()) {
    const words = n < 20 ? EN_NUMBERS[n] : EN_TENS[Math.floor(n / 10)] + (n % 10 ? "-" + EN_NUMBERS[n % 10] : "");
    c.push(clip("e" + n, words + " seconds", "phrase"));
  }
  c.push(
    clip("second", "second", "part"),
    clip("seconds", "seconds", "part"),
    clip("minute", "minute", "part"),
    clip("minutes", "minutes", "part"),
    clip("period", "period", "part"),
    clip("periods", "periods", "part"),
    clip("move", "move", "part"),
    clip("moves", "moves", "part"),
    clip("left", "left", "part"),
    clip("hour", "hour", "part"),
    clip("hours", "hours", "part"),
    clip("used", "one minute used", "phrase"),
    clip("block", "main time over", "long"),
    // espeak-ng says "bye-oh-yoh-mee" for the spelling; its phoneme input gives "byo-yo-mi".
    clip("byoyomi", "[[bj'oUjoUmi]]", "long"),
    clip("timeout", "time out", "long"),
  );
  return { id: "en", name: "English", language: "en-US", voice: "en-us", speed: 215, clips: c };
}

// --- Japanese: kana (espeak-ng's ja voice reads no kanji). 4 is よん and 7 is なな, as timekeepers
// count them so that they are not misheard (し/しち).

const JA_DIGITS = ["ぜろ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう", "じゅう"];
const JA_HUNDREDS = ["", "ひゃく", "にひゃく", "さんびゃく"]; // 400 and more: said digit by digit
const JA_MINUTES = ["", "いっぷん", "にふん", "さんぷん", "よんぷん", "ごふん", "ろっぷん", "ななふん", "はっぷん", "きゅうふん", "じゅっぷん"];
const JA_TIMES = ["", "いっかい", "にかい", "さんかい", "よんかい", "ごかい", "ろっかい", "ななかい", "はっかい", "きゅうかい", "じゅっかい"];

function jaTens(n: number): string {
  const tens = Math.floor(n / 10);
  return (tens > 1 ? JA_DIGITS[tens] : "") + (tens > 0 ? "じゅう" : "") + (n % 10 ? JA_DIGITS[n % 10] : "");
}

function jaPack(): PackSpec {
  const c: ClipSpec[] = [];
  for (let n = 0; n <= 10; n++) c.push(clip("" + n, JA_DIGITS[n], "number"));
  for (let t = 2; t <= 9; t++) c.push(clip("t" + t * 10, jaTens(t * 10), "number"));
  for (let h = 1; h <= 3; h++) c.push(clip("h" + h, JA_HUNDREDS[h], "number"));
  for (const n of wholeElapsed()) c.push(clip("e" + n, jaTens(n) + "びょう", "phrase"));
  for (let n = 1; n <= 10; n++) c.push(clip("f" + n, JA_MINUTES[n], "part"));
  for (let n = 1; n <= 10; n++) c.push(clip("k" + n, JA_TIMES[n], "part"));
  c.push(
    clip("fun", "ふん", "part"),
    clip("kai", "かい", "part"),
    clip("byou", "びょう", "part"),
    clip("nokori", "のこり", "part"),
    clip("te", "て", "part"),
    clip("jikan", "じかん", "part"),
    clip("yo", "よ", "number"), // 4 before じかん: よじかん
    clip("block", "もちじかんしゅうりょうです", "long"),
    clip("byoyomi", "びょうよみです", "long"),
    clip("timeout", "じかんぎれです", "long"),
  );
  return { id: "ja", name: "日本語", language: "ja", voice: "ja", speed: 190, clips: c };
}

const PACK_SPECS: PackSpec[] = [zhPack(), enPack(), jaPack()];

// --- audio

function run(cmd: string, args: string[]): Buffer {
  const r = spawnSync(cmd, args, { maxBuffer: 64 << 20 });
  if (r.error) throw new Error(cmd + " is not installed (apt-get install -y espeak-ng sox): " + r.error.message);
  if (r.status !== 0) throw new Error(cmd + " " + args.join(" ") + " failed: " + r.stderr.toString());
  return r.stdout;
}

/** espeak-ng → WAV → sox: 8 kHz mono signed 16-bit, no dither (-D) and fixed seeds (-R): repeatable. */
function speak(tmp: string, voice: string, speed: number, text: string): Float64Array {
  const wav = join(tmp, "say.wav");
  run("espeak-ng", ["-v", voice, "-s", "" + speed, "-w", wav, text]);
  const raw = run("sox", ["-R", "-D", wav, "-t", "raw", "-r", "" + RATE, "-c", "1", "-e", "signed-integer", "-b", "16", "-L", "-"]);
  unlinkSync(wav);
  const out = new Float64Array(raw.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = raw.readInt16LE(2 * i) / 32768;
  return out;
}

/** Trims what is below 0.5 % of the peak at both ends (2 % would clip a soft "th" or "h"),
 *  scales the peak to 0.95 of full scale at the default volume's level (−7.5 dB: the device plays
 *  the flash as it is at that volume, with no copy in RAM, and louder ones reach 0.95 at 10),
 *  quantises to u8. */
function finish(x: Float64Array): Uint8Array {
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  if (peak === 0) throw new Error("espeak-ng produced silence");
  const floor = 0.005 * peak;
  let a = 0;
  while (Math.abs(x[a]) < floor) a++;
  let b = x.length - 1;
  while (Math.abs(x[b]) < floor) b--;
  // keep one quiet sample at each end, so that the clip starts and stops at silence, not with a click
  a = Math.max(0, a - 1);
  b = Math.min(x.length - 1, b + 1);
  const gain = (0.95 * volumeGain(STORED_VOLUME)) / peak;
  const out = new Uint8Array(b - a + 1);
  for (let i = a; i <= b; i++) out[i - a] = Math.max(0, Math.min(255, Math.round(x[i] * gain * 127) + 128));
  return out;
}

interface ClipEntry {
  text: string;
  kind: Kind;
  speed: number;
  bytes: number;
  ms: number;
}

interface Manifest {
  pack: string;
  name: string;
  language: string;
  engine: string;
  voice: string;
  licence: string;
  sampleRate: number;
  encoding: string;
  totalBytes: number;
  clips: Record<string, ClipEntry>;
  phrases: Record<string, string[]>;
  short: Record<string, string[]>;
}

/** Call ids worth listing in the manifest: those of the default schedules (periods of 10, 20, 30
 *  and 60 s, up to 10 of them) and the query answers. Any other id is built by firmware/voice.ts. */
function listedCalls(): string[] {
  const ids = ["byoyomi", "used", "timeout", "block"];
  const o = defaultCallOptions();
  for (const p of [10, 20, 30, 60]) {
    for (const pc of [ordinaryCalls(o, p * 1000), lastCalls(o, p * 1000)]) {
      for (const s of pc.elapsedSec) ids.push("elapsed:" + s);
    }
  }
  for (let n = 1; n <= 10; n++) ids.push("count:" + n, "left:" + n);
  for (let n = 0; n <= 10; n++) ids.push("periods:" + n);
  for (let n = 1; n <= 3; n++) ids.push("hours:" + n);
  return ids.filter((id, i) => ids.indexOf(id) === i);
}

/** The short forms the pack offers for the listed calls (firmware/voice.ts clipsFor with short): a
 *  documentation copy, as `phrases`. */
export function shortPhrases(pack: string): Record<string, string[]> {
  const short: Record<string, string[]> = {};
  for (const id of listedCalls()) {
    const clips = clipsFor(pack, id, true);
    if (clips.length) short[id] = clips;
  }
  return short;
}

function engineVersion(): string {
  const m = /eSpeak NG text-to-speech: (\S+)/.exec(run("espeak-ng", ["--version"]).toString());
  return "espeak-ng " + (m ? m[1] : "?") + ", sox " + run("sox", ["--version"]).toString().replace(/^.*v/s, "").trim();
}

function makePack(spec: PackSpec, dir: string, tmp: string, engine: string): Manifest {
  mkdirSync(dir, { recursive: true });
  const clips: Record<string, ClipEntry> = {};
  let total = 0;
  for (const c of spec.clips) {
    let speed = spec.speed;
    let pcm = finish(speak(tmp, spec.voice, speed, c.text));
    while (pcm.length * 1000 > BUDGET_MS[c.kind] * RATE && speed < 450) {
      speed += 15;
      pcm = finish(speak(tmp, spec.voice, speed, c.text));
    }
    writeFileSync(join(dir, c.name + ".raw"), pcm);
    clips[c.name] = { text: c.text, kind: c.kind, speed: speed, bytes: pcm.length, ms: Math.round((pcm.length * 1000) / RATE) };
    total += pcm.length;
  }
  // clips of an earlier run that no longer exist
  for (const f of readdirSync(dir)) if (f.endsWith(".raw") && !(f.slice(0, -4) in clips)) unlinkSync(join(dir, f));
  const phrases: Record<string, string[]> = {};
  for (const id of listedCalls()) phrases[id] = clipsFor(spec.id, id);
  const short = shortPhrases(spec.id);
  return {
    pack: spec.id,
    name: spec.name,
    language: spec.language,
    engine: engine,
    voice: spec.voice,
    licence: "MIT, the project's licence: output of espeak-ng and sox, whose licences do not cover it (voices/README.md)",
    sampleRate: RATE,
    encoding: "u8 mono, raw, 128 = silence",
    totalBytes: total,
    clips: clips,
    phrases: phrases,
    short: short,
  };
}

function main(argv: string[]): void {
  const root = dirname(fileURLToPath(import.meta.url));
  const wanted = argv.length ? argv : PACK_SPECS.map((p) => p.id);
  const engine = engineVersion();
  const tmp = mkdtempSync(join(tmpdir(), "voices-"));
  try {
    for (const id of wanted) {
      const spec = PACK_SPECS.find((p) => p.id === id);
      if (!spec) throw new Error("no pack '" + id + "': " + PACK_SPECS.map((p) => p.id).join(", "));
      const m = makePack(spec, join(root, id), tmp, engine);
      writeFileSync(join(root, id, "manifest.json"), JSON.stringify(m, null, 1) + "\n");
      let longest = 0;
      for (const k of Object.keys(m.clips)) if (m.clips[k].kind === "number" || m.clips[k].kind === "part") longest = Math.max(longest, m.clips[k].ms);
      process.stdout.write(id + ": " + Object.keys(m.clips).length + " clips, " + m.totalBytes + " bytes, longest number or part " + longest + " ms\n");
    }
    writeFigures(); // the README's clip counts and sizes, from the manifests just written
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
