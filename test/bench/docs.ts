// The figures hw/MANUAL.md and hw/README.md print, generated from the code: each is written in the
// document between markers, <!--fig:NAME-->value<!--/fig-->, which a reader does not see. The test
// (power.test.ts) fails on any that differs; `npx tsx test/bench/docs.ts --write` writes them.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LONG_MS, MENU_LONG_MS } from "../../firmware/app";
import { PIN_TRIES, PIN_BLOCK_MS, IDLE_MS } from "../../firmware/access";
import { CHECKPOINT_MAIN_MS, CHECKPOINT_OVERTIME_MS } from "../../hw/layout";
import { BRIGHT, DIM, BRIGHT_MS, WARN_PERCENT, EMPTY_PERCENT } from "../../firmware/power";
import { defaultSettings } from "../../firmware/record/settings";
import { PAGE_CHARS } from "../../firmware/link/console";
import { WAIT_MS } from "../../firmware/link/line";
import { SLOT_BYTES } from "../../firmware/board";
import { defaultCallOptions, ordinaryCalls } from "../../firmware/core/index";
import { powerFigures, hoursOnCharge, total, recommendedMa, type PowerFigures } from "./power";
import { radioFigures } from "./air";
import { ADVERT_INTERVAL_MS } from "../../firmware/link/advert";
import { correctionKeys, PACE_MS } from "./correction";
import { OLEDS, LAMP, lampMa, digitMm, allFigures } from "./parts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DOCS = ["hw/MANUAL.md", "hw/README.md"];

const s1 = (ms: number) => String(Math.round(ms / 100) / 10).replace(/\.0$/, "") + " s";

/** Every figure the documents may print, by name. `correctionMs`: the PIN-0000 correction's time
 *  on the board double (correction.ts, measured by the caller). */
export function docFigures(p: PowerFigures, correctionMs: number): Record<string, string> {
  const rec = OLEDS.find((o) => o.recommended)!;
  const recMa = p.scenarios.map((x) => total(x.byDisplay.find((d) => d.oled === rec)!.after));
  const recBefore = p.scenarios.map((x) => total(x.byDisplay.find((d) => d.oled === rec)!.before));
  const slow = correctionKeys("5555");
  const f: Record<string, string> = {
    pauseHold: s1(LONG_MS),
    backHold: s1(MENU_LONG_MS),
    pinTries: String(PIN_TRIES),
    pinBlock: s1(PIN_BLOCK_MS),
    unlockIdle: IDLE_MS / 60000 + " min",
    checkpointOvertime: s1(CHECKPOINT_OVERTIME_MS),
    checkpointMain: CHECKPOINT_MAIN_MS / 60000 + " min",
    defaultPin: "0000",
    lateLimit: defaultSettings().lateLimitMs / 60000 + " min",
    periodCalls: ordinaryCalls(defaultCallOptions(), 60000).elapsedSec.join(", "),
    brightTime: s1(BRIGHT_MS),
    warnPercent: WARN_PERCENT + " %",
    emptyPercent: EMPTY_PERCENT + " %",
    warnHours: Math.floor(p.warningHours) + " h",
    chargeHours: Math.floor(Math.min(...recMa.map(hoursOnCharge))) + " h",
    chargeHoursBefore: Math.floor(Math.min(...recBefore.map(hoursOnCharge))) + " h",
    recommendedMa: Math.max(...recMa).toFixed(1) + " mA",
    digitRows: String(p.digitRows),
    lampMa: lampMa().toFixed(1) + " mA",
    lampOhms: LAMP.ohms.value + " Ω",
    correctionPresses: String(correctionKeys("0000").length),
    correctionTime: Math.round(correctionMs / 1000) + " s",
    slowPresses: String(slow.length),
    slowTime: Math.round(slow.reduce((t, k) => t + Math.max(k.holdMs, PACE_MS), 0) / 1000) + " s",
    pace: s1(PACE_MS),
    brightHex: BRIGHT.toString(16).toUpperCase(),
    dimHex: DIM.toString(16).toUpperCase().padStart(2, "0"),
    recordsPage: String(PAGE_CHARS / SLOT_BYTES),
    pageWait: s1(WAIT_MS),
  };
  for (const o of OLEDS) f["digitMm" + o.name.replace(/[^0-9]/g, "")] = digitMm(o, p.digitRows).toFixed(1) + " mm";
  // the hall's broadcast (test/bench/air.ts, the games in a hall of power.ts)
  const r = radioFigures();
  f.advertBytes = String(r.dataBytes);
  f.advertisingBytes = String(r.adBytes);
  f.advertInterval = s1(ADVERT_INTERVAL_MS);
  f.radioTxMs = r.txMsPerEvent.toFixed(2) + " ms";
  f.radioUc = r.ucPerEvent.toFixed(1) + " µC";
  f.radioRunningMa = (r.uaRunning / 1000).toFixed(3) + " mA";
  f.radioIdleMa = (r.uaIdle / 1000).toFixed(3) + " mA";
  f.hallAddMa = Math.max(...p.halls.map((x, i) => recommendedMa(x) - recommendedMa(p.scenarios[i]))).toFixed(2) + " mA";
  f.hallHours = Math.floor(Math.min(...p.halls.map((x) => hoursOnCharge(recommendedMa(x))))) + " h";
  for (const [k, v] of Object.entries(allFigures())) f[k] = v.value + (v.unit ? (v.unit === "%" ? " %" : " " + v.unit) : "");
  return f;
}

const MARK = /<!--fig:([^>]+?)-->([\s\S]*?)<!--\/fig-->/g;

/** The document with every marked figure replaced by its value, and the names it marks that are unknown. */
export function filled(text: string, figs: Record<string, string>): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const out = text.replace(MARK, (all, name: string) => {
    if (!(name in figs)) {
      unknown.push(name);
      return all;
    }
    return "<!--fig:" + name + "-->" + figs[name] + "<!--/fig-->";
  });
  return { text: out, unknown };
}

/** The marked figures of a document as written: name and value. */
export function marked(text: string): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const m of text.matchAll(MARK)) out.push({ name: m[1], value: m[2] });
  return out;
}

export function readDoc(rel: string): string {
  return readFileSync(join(ROOT, rel), "utf8");
}

async function main(): Promise<void> {
  const { correctionMs } = await import("./correction");
  const figs = docFigures(await powerFigures(), await correctionMs());
  for (const rel of DOCS) {
    const r = filled(readDoc(rel), figs);
    if (r.unknown.length) throw new Error(rel + ": unknown figures " + r.unknown.join(", "));
    writeFileSync(join(ROOT, rel), r.text);
    process.stdout.write(rel + ": " + marked(r.text).length + " figures written\n");
  }
}

if (process.argv.includes("--write")) {
  main().catch((e) => {
    process.stderr.write((e as Error).stack + "\n");
    process.exitCode = 1;
  });
}
