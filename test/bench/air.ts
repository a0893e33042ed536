// The hall's advertisement: what it costs the board (the board-cost model, cost.ts: packing it and
// handing it to the radio, the share of the CPU in main time and in byoyomi with the tournament
// setting on against off, none of it within a call's lead) and the radio (the nRF52840's transmit
// current from its datasheet, per advertisement and on average). Called by run.ts; the radio's
// figures are in hw/README.md through docs.ts, and in the power model (power.ts) for a hall.

import { boardRig, busyShare, median, type BoardMeter } from "./cost";
import { BUDGET } from "./board";
import { voiceFiles, type ClockRig } from "../double/rig";
import { HostLink } from "../double/link";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { ADVERT_BYTES, ADVERT_INTERVAL_MS } from "../../firmware/link/advert";
import { LEAD_MS } from "../../firmware/app";
import { advertisingData } from "../../sim/air";
import { RADIO } from "./parts";


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
  const perChannelUs = RADIO.rampUs.value + (RADIO.overheadBytes.value + ad) * 8;
  const txMs = (RADIO.channels.value * perChannelUs) / 1000;
  const uc = txMs * RADIO.txMa.value; // mA × ms = µC
  return { adBytes: ad, dataBytes: ADVERT_BYTES, txMsPerEvent: txMs, ucPerEvent: uc, uaRunning: uc, uaIdle: uc / (ADVERT_INTERVAL_MS / 1000) };
}

// --- the board's cost -----------------------------------------------------------------------------------

export interface AirFigures {
  /** Board ms of one advertisement packed afresh and handed to the radio (app.ts air(), when it
   *  packed: a change, a new stretch), median and worst; of a second's new time (Broadcast.tick), median
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
  return { main: busyShare(b.meter, 10000, 70000), byoyomi: busyShare(b.meter, 160000, 250000) };
}

export async function airFigures(code?: string, map?: string): Promise<AirFigures> {
  const off = play(await hallRig(false, "2m+5x30s", code, map));
  const hall = await hallRig(true, "2m+5x30s", code, map);
  const on = play(hall);
  const packs = hall.meter.inclusive("advert.ts:packAdvert").map((p) => p.at);
  const airs = hall.meter.inclusive("broadcast.ts:look");
  // an air() that packed is the one a packAdvert returned inside
  const packed = airs.filter((a) => packs.some((p) => p <= a.at && p >= a.at - a.ms - 0.001));
  const idle = airs.filter((a) => packed.indexOf(a) < 0);
  const ticks = hall.meter.inclusive("broadcast.ts:tick").filter((a) => a.at >= 10000);
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
    "  radio: " + r.txMsPerEvent.toFixed(2) + " ms transmitting per advertisement at " + RADIO.txMa.value + " mA (nRF52840 IRADIO_TX3) = " + r.ucPerEvent.toFixed(1) + " µC; " +
      (r.uaRunning / 1000).toFixed(3) + " mA on average while a clock runs, " + (r.uaIdle / 1000).toFixed(3) + " mA while it stands",
  ];
}
