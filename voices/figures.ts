// The voice packs' figures in voices/README.md (clips, bytes, longest clip, the budget), and the clips'
// lengths the firmware needs (voices/lengths.ts), made from the committed manifests, never typed:
// `npm run voices` rewrites them after making the clips, `npx tsx voices/figures.ts` rewrites them
// alone, and test/app/voices.test.ts fails when they differ.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKS, CLIP_BUDGET, DEFAULT_PACK } from "../firmware/voice";

const VOICES = fileURLToPath(new URL(".", import.meta.url));
const README = join(VOICES, "README.md");
const LENGTHS = join(VOICES, "lengths.ts");
const BEGIN = "<!-- figures: made by voices/figures.ts from the manifests; do not edit by hand -->";
const END = "<!-- /figures -->";

interface Manifest {
  language: string;
  voice: string;
  totalBytes: number;
  clips: Record<string, { kind: string; bytes: number; ms: number }>;
}

const LANGUAGES: Record<string, string> = { zh: "Mandarin", en: "English (US)", ja: "Japanese" };

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1) + " KB";

/** The generated part of the README, from the manifests under `dir`. */
export function figures(dir = VOICES): string {
  const rows: string[] = [];
  let largest = { id: "", bytes: 0 };
  for (const p of PACKS) {
    const m = JSON.parse(readFileSync(join(dir, p.id, "manifest.json"), "utf8")) as Manifest;
    const names = Object.keys(m.clips);
    let longest = 0;
    let sum = 0;
    for (const k of names) {
      sum += m.clips[k].bytes;
      if (m.clips[k].kind === "number" || m.clips[k].kind === "part") longest = Math.max(longest, m.clips[k].ms);
    }
    if (sum !== m.totalBytes) throw new Error(p.id + ": manifest totalBytes " + m.totalBytes + " is not the sum of its clips, " + sum);
    if (sum > largest.bytes) largest = { id: p.id, bytes: sum };
    const name = "`" + p.id + "`" + (p.id === DEFAULT_PACK ? " (default)" : "");
    rows.push("| " + [name, LANGUAGES[p.id] || m.language, "espeak-ng `" + m.voice + "`", "`" + p.tradition + "`", names.length, thousands(sum) + " (" + kb(sum) + ")", longest + " ms"].join(" | ") + " |");
  }
  return [
    BEGIN,
    "| pack | language | voice | tradition | clips | bytes | longest number or part clip |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "Each pack fits in the clip budget, " + kb(CLIP_BUDGET) + " of the reference board's Storage (`CLIP_BUDGET` in",
    "`firmware/voice.ts`; the largest, `" + largest.id + "`, takes " + kb(largest.bytes) + "); only the selected pack is put on the board.",
    END,
  ].join("\n");
}

/** The README with its figures made afresh. */
export function readmeWithFigures(text: string, dir = VOICES): string {
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error("voices/README.md has no figures block (" + BEGIN + " … " + END + ")");
  return text.slice(0, a) + figures(dir) + text.slice(b + END.length);
}

/** voices/lengths.ts: each clip's length in whole ms (its bytes at 8 kHz, rounded up, so that a call
 *  is never thought shorter than it plays), one string per pack (" name:ms … ."): on the board a
 *  string stays in flash, where an object of numbers would take RAM. It ends in "." for Espruino's
 *  indexOf, which also "finds" a text whose start matches the string's end (" x:" at a last " "). */
export function lengthsModule(dir = VOICES): string {
  const lines = [
    "// Each clip's length in ms (its bytes at 8 kHz, rounded up), per voice pack: what the core needs to",
    "// keep one call from running into the next (firmware/voice.ts speechOf). Made by voices/figures.ts from",
    "// the manifests; do not edit by hand (test/app/voices.test.ts compares).",
    "",
    "export function clipLengths(pack: string): string {",
  ];
  for (const p of PACKS) {
    const m = JSON.parse(readFileSync(join(dir, p.id, "manifest.json"), "utf8")) as Manifest;
    const table = Object.keys(m.clips).map((k) => k + ":" + Math.ceil((m.clips[k].bytes * 1000) / 8000)).join(" ");
    lines.push('  if (pack === "' + p.id + '") return " ' + table + ' .";');
  }
  lines.push('  return "";', "}", "");
  return lines.join("\n");
}

export function writeFigures(): void {
  writeFileSync(README, readmeWithFigures(readFileSync(README, "utf8")));
  writeFileSync(LENGTHS, lengthsModule());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeFigures();
