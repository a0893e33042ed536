// The hall's advertisement: what it costs the board (the board-cost model, cost.ts: packing it and
// handing it to the radio, the share of the CPU in main time and in byoyomi with the tournament
// setting on against off, none of it within a call's lead) and the radio (the nRF52840's transmit
// current from its datasheet, per advertisement and on average). Called by run.ts; the radio's
// figures also make hw/README.md's block (test/bench/air.test.ts checks it is theirs).

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { boardRig, type BoardMeter, type CallCost } from "./cost";
import { BUDGET } from "./board";
import { voiceFiles, type ClockRig } from "../double/rig";
import { HostLink } from "../double/link";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { ADVERT_BYTES, ADVERT_INTERVAL_MS } from "../../firmware/link/advert";
import { LEAD_MS } from "../../firmware/app";
import { advertisingData } from "../../sim/air";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
export const README = join(ROOT, "hw", "README.md");

/** The radio's figures and where they come from. */
export const RADIO = {
  /** nRF52840 Product Specification, radio current consumption, IRADIO_TX3: transmitting at 0 dBm
   *  (Espruino's default power), 1 Mbps Bluetooth LE, HFXO, on the LDO regulator: Espruino's Jolt.js
   *  build does not enable the DC/DC converter (boards/JOLTJS.py has no ESPR_DCDC_ENABLE; with it,
   *  IRADIO_TX1, 6.4 mA). */
  txMa: 10.8,
  /** The radio's ramp-up before each transmission (nRF52840 tTXEN, default ramp-up), at the same
   *  current: an upper bound. */
  rampUs: 140,
  /** Bits on the air at 1 Mbps, a microsecond each: preamble 1 byte, access address 4, PDU header 2,
   *  advertiser's address 6, the advertising data, CRC 3 (Bluetooth Core, LE link layer). */
  overheadBytes: 16,
  /** A legacy advertising event goes out on the three advertising channels (37, 38, 39). */
  channels: 3,
};

export interface RadioFigures {
  /** The advertising data's bytes (flags and the manufacturer data), and the clock's part of it. */
  adBytes: number;
  dataBytes: number;
  /** Time transmitting per advertising event, and its charge. */
  txMsPerEvent: number;
  ucPerEvent: number;
  /** Average current: one event a second while a clock runs (each new second restarts it), one
   *  each ADVERT_INTERVAL_MS while nothing changes. */
  uaRunning: number;
  uaIdle: number;
}

export function radioFigures(): RadioFigures {
  const ad = advertisingData("\0".repeat(ADVERT_BYTES)).length;
  const perChannelUs = RADIO.rampUs + (RADIO.overheadBytes + ad) * 8;
  const txMs = (RADIO.channels * perChannelUs) / 1000;
  const uc = txMs * RADIO.txMa; // mA × ms = µC
  return { adBytes: ad, dataBytes: ADVERT_BYTES, txMsPerEvent: txMs, ucPerEvent: uc, uaRunning: uc, uaIdle: uc / (ADVERT_INTERVAL_MS / 1000) };
}

const BEGIN = "<!-- figures: made by test/bench/air.ts from the radio's datasheet figures (npx tsx test/bench/air.ts rewrites them); do not edit by hand -->";
const END = "<!-- /figures -->";

/** hw/README.md's generated block on the radio's cost. */
export function radioBlock(): string {
  const f = radioFigures();
  return [
    BEGIN,
    "One advertisement is " + f.adBytes + " bytes of advertising data (of Bluetooth's 31): the flags (3), the manufacturer data's",
    "length, type and company identifier (4) and the clock's " + f.dataBytes + " bytes. Each advertising event sends it on the three",
    "advertising channels: " + RADIO.channels + " × (" + RADIO.rampUs + " µs of ramp-up + " + (RADIO.overheadBytes + f.adBytes) + " bytes at 1 Mbit/s) = " + f.txMsPerEvent.toFixed(2) +
      " ms at " + RADIO.txMa + " mA (the nRF52840's",
    "transmit current at 0 dBm on its LDO regulator, IRADIO_TX3), " + f.ucPerEvent.toFixed(1) + " µC an advertisement: on average " + (f.uaRunning / 1000).toFixed(3) + " mA",
    "while a clock runs (one a second) and " + (f.uaIdle / 1000).toFixed(3) + " mA while it stands (one each " + ADVERT_INTERVAL_MS / 1000 + " s). The SoftDevice's own",
    "work around each event and the crystal's start-up come on top; the board's CPU for packing it is",
    "in `npm run bench` (\"the hall's advertisement\").",
    END,
  ].join("\n");
}

/** The README with its block made afresh (the text between BEGIN and END replaced). */
export function readmeWithRadio(text: string): string {
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END, a);
  if (a < 0 || b < 0) throw new Error("hw/README.md has no radio figures block (" + BEGIN + " … " + END + ")");
  return text.slice(0, a) + radioBlock() + text.slice(b + END.length);
}

export function readme(): string {
  return readFileSync(README, "utf8");
}

// --- the board's cost -----------------------------------------------------------------------------------

export interface AirFigures {
  /** Board ms of one advertisement packed afresh and handed to the radio (app.ts air(), when it
   *  packed: a change, a new stretch), median and worst; of a second's new time (airTick), median
   *  and worst; of an air() that found nothing to do. */
  packMs: number;
  packWorstMs: number;
  tickMs: number;
  tickWorstMs: number;
  idleMs: number;
  /** Handed to the radio per minute while a clock runs. */
  perMinute: number;
  /** The CPU's share with the tournament setting on, and off, in main time and in byoyomi. */
  mainOn: number;
  mainOff: number;
  byoyomiOn: number;
  byoyomiOff: number;
  /** Packs whose board time fell within a call's lead (LEAD_MS before it), of all packs, in a
   *  count every second with questions asked and the board number changed just before counts. */
  inLead: number;
  packs: number;
  radio: RadioFigures;
}

function busyShare(calls: CallCost[], from: number, to: number): number {
  let busy = 0;
  for (const c of calls) {
    const a = Math.max(from, c.at);
    const b = Math.min(to, c.at + c.ms);
    if (b > a) busy += b - a;
  }
  return busy / (to - from);
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
}

/** A board in a hall (tournament setting on, board 12) or at home, booted. */
async function hallRig(on: boolean, control: string, code?: string, map?: string): Promise<{ rig: ClockRig; meter: BoardMeter }> {
  const s = Object.assign(defaultSettings(), { tournament: on, board: on ? 12 : 0 });
  const b = await boardRig({ code, map, files: Object.assign(voiceFiles("zh"), { "clock.set": encodeSettings(s) }) });
  b.meter.charge = false;
  b.rig.start();
  b.rig.runUntil(900);
  b.rig.console('clock.unlock("0000")'); // the tournament lock: set-up with the PIN
  b.rig.setUp(control, 1000);
  return b;
}

/** The game of board.ts's figures: main time from 10 s to 70 s, byoyomi from 160 s to 250 s. */
function play(b: { rig: ClockRig; meter: BoardMeter }): { main: number; byoyomi: number } {
  b.meter.charge = true;
  [5000, 70000, 80000, 90000, 100000].forEach((t, i) => b.rig.press(i % 2 === 0 ? "white" : "black", t));
  b.rig.runUntil(250000);
  return { main: busyShare(b.meter.calls, 10000, 70000), byoyomi: busyShare(b.meter.calls, 160000, 250000) };
}

export async function airFigures(code?: string, map?: string): Promise<AirFigures> {
  const off = play(await hallRig(false, "2m+5x30s", code, map));
  const hall = await hallRig(true, "2m+5x30s", code, map);
  const on = play(hall);
  const packs = hall.meter.inclusive("advert.ts:packAdvert").map((p) => p.at);
  const airs = hall.meter.inclusive("app.ts:air");
  // an air() that packed is the one a packAdvert returned inside
  const packed = airs.filter((a) => packs.some((p) => p <= a.at && p >= a.at - a.ms - 0.001));
  const idle = airs.filter((a) => packed.indexOf(a) < 0);
  const ticks = hall.meter.inclusive("app.ts:airTick").filter((a) => a.at >= 10000);
  const running = hall.rig.dev.air().adverts.filter((a) => a.t >= 10000 && a.t < 250000);

  // a count every second (10 s periods), a question (16.2) asked just before some counts
  const dense = await hallRig(true, "5x10s", code, map);
  dense.meter.charge = true;
  dense.rig.press("white", 5000);
  for (const c of [17000, 32000, 43000]) dense.rig.tap("menu", c - 300);
  // and the arbiter gives the board another number over the link just before a count
  const link = new HostLink(dense.rig.dev);
  for (const [c, n] of [[21000, 30], [38000, 31]]) {
    dense.rig.runUntil(c - 1500);
    link.ok("unlock", { pin: "0000" }); // the PIN's check takes the board a while
    dense.rig.runUntil(c - 200);
    link.ok("set", { board: n });
  }
  dense.rig.runUntil(56000);
  // every call's instant, from the log: made, made late (its due instant) or dropped
  const calls = dense.rig.log().filter((l) => l.what === "call" || l.what === "late" || l.what === "dropped").map((l) => (l.what === "late" ? Number(l.info.split(" due ")[1]) : l.t));
  const densePacks = dense.meter.inclusive("advert.ts:packAdvert");
  let inLead = 0;
  for (const p of densePacks) for (const c of calls) if (p.at > c - LEAD_MS && p.at - p.ms < c) inLead++;
  return {
    packMs: median(packed.map((a) => a.ms)),
    packWorstMs: Math.max(...packed.map((a) => a.ms)),
    tickMs: median(ticks.map((a) => a.ms)),
    tickWorstMs: Math.max(...ticks.map((a) => a.ms)),
    idleMs: median(idle.map((a) => a.ms)),
    perMinute: (running.length / 240) * 60,
    mainOn: on.main,
    mainOff: off.main,
    byoyomiOn: on.byoyomi,
    byoyomiOff: off.byoyomi,
    inLead: inLead,
    packs: densePacks.length,
    radio: radioFigures(),
  };
}

const pct = (x: number) => (100 * x).toFixed(1) + " %";
const ms = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toString()) + " ms";

export function airLines(f: AirFigures): string[] {
  const r = f.radio;
  return [
    "the hall's advertisement (tournament setting on; firmware/link/advert.ts, hw/air.ts): " + r.dataBytes + " bytes of manufacturer data, " + r.adBytes + " of advertising data (31 at most)",
    "  board time: packed afresh (a change, a new stretch of the countdown) and handed to the radio " + ms(f.packMs) + " (worst " + ms(f.packWorstMs) + "); " +
      "each second a clock runs, its new time " + ms(f.tickMs) + " (worst " + ms(f.tickWorstMs) + "); a look that finds nothing new " + ms(f.idleMs) + "; " +
      f.perMinute.toFixed(0) + " handed to the radio a minute while a clock runs",
    "  CPU busy in main time " + pct(f.mainOn) + " (off: " + pct(f.mainOff) + "), budget ≤ " + pct(BUDGET.mainShare) + " " + (f.mainOn <= BUDGET.mainShare ? "ok" : "OVER") +
      "; in byoyomi " + pct(f.byoyomiOn) + " (off: " + pct(f.byoyomiOff) + "), budget ≤ " + pct(BUDGET.byoyomiShare) + " " + (f.byoyomiOn <= BUDGET.byoyomiShare ? "ok" : "OVER"),
    "  packed within a call's lead: " + f.inLead + " of " + f.packs + " (a count every second, questions asked and the board number changed just before counts) " + (f.inLead === 0 ? "ok" : "OVER"),
    "  radio: " + r.txMsPerEvent.toFixed(2) + " ms transmitting per advertisement at " + RADIO.txMa + " mA (nRF52840 IRADIO_TX3) = " + r.ucPerEvent.toFixed(1) + " µC; " +
      (r.uaRunning / 1000).toFixed(3) + " mA on average while a clock runs, " + (r.uaIdle / 1000).toFixed(3) + " mA while it stands",
  ];
}

// `npx tsx test/bench/air.ts`: hw/README.md's block written afresh
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeFileSync(README, readmeWithRadio(readme()));
