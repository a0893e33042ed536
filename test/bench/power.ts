// The power model of `npm run bench`: how many hours of play the 1200 mAh cell gives, per control,
// before and after the savings, and how many are left at the low-battery warning.
//
// The built bundle plays a game on the board double with every callback charged its board time
// (cost.ts), so that what the model integrates is what the firmware does: the CPU's busy share
// (the board-cost model), the display's lit pixels frame by frame and its contrast command by
// command, the lamps' pins, every clip the speaker played with its samples, the battery reading's
// driver once a minute. Each is priced by the parts' figures (parts.ts, with their sources).
// "Before" is the same game priced as the firmware ran before the savings: the display at its init
// contrast the whole time.

import { boardRig, busyMs } from "./cost";
import { CELL, MCU, SPEAKER, OLEDS, lampMa, oledMa, digitMm, type OledModule } from "./parts";
import { BRIGHT, WARN_PERCENT, EMPTY_PERCENT } from "../../firmware/power";
import { seededPicker } from "../core/gen";
import { PageGraphics } from "../../firmware/gfx/graphics";
import { LARGE_FONT } from "../../firmware/gfx/fonts";
import { useFont } from "../../firmware/gfx/gfx";
import { HostLink } from "../double/link";
import { radioFigures } from "./air";

/** The speaker's motor driver (hw/pins.ts: the Jolt.js's H0/H1 are driver 0's outputs). */
const SPEAKER_DRIVER = 0;

/** A game the model prices: its control and how long a move takes (uniform in [minS, maxS]). */
export interface Scenario {
  name: string;
  control: string;
  minS: number;
  maxS: number;
}

export const SCENARIOS: Scenario[] = [
  { name: "main time", control: "2h", minS: 20, maxS: 120 },
  { name: "byoyomi", control: "5x60s", minS: 20, maxS: 58 },
];

/** Play that long of each (board time). */
export const PLAY_MS = 20 * 60000;
const STEP_MS = 250;
const SEED = 20261201;

/** Average currents, mA, by what draws them. */
export interface Draw {
  board: number;
  cpu: number;
  display: number;
  lamps: number;
  speaker: number;
  battery: number;
  /** The hall's broadcast (the tournament setting on): the radio's transmissions. 0 at home. */
  radio: number;
}

export interface ScenarioPower {
  scenario: Scenario;
  /** CPU busy share of the window (the board-cost model). */
  cpuShare: number;
  /** Mean lit pixels, and the share of the time the display was bright. */
  meanLit: number;
  brightShare: number;
  /** Share of the time a clip played, and the share the speaker's driver was awake (a clip playing,
   *  and hw/speaker.ts LINGER_MS after one, for a count the next second). */
  speakingShare: number;
  driverShare: number;
  /** Per display module: the draw as the firmware runs now, and before the savings. */
  byDisplay: { oled: OledModule; after: Draw; before: Draw }[];
  /** Played in a hall (the tournament setting on): advertising events a second. */
  hall: boolean;
  advertsPerSecond: number;
}

export function total(d: Draw): number {
  return d.board + d.cpu + d.display + d.lamps + d.speaker + d.battery + d.radio;
}

/** The charge counted on from full to the clock's empty level (mAh). */
export function chargeMah(fromPercent: number, toPercent: number): number {
  return (CELL.mAh.value * CELL.usable.value * (fromPercent - toPercent)) / 100;
}

/** Hours of play on a charge, and after the warning, at `ma`. */
export function hoursOnCharge(ma: number): number {
  return chargeMah(100, EMPTY_PERCENT) / ma;
}
export function hoursAtWarning(ma: number): number {
  return chargeMah(WARN_PERCENT, EMPTY_PERCENT) / ma;
}

function popcount(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i];
    while (b) {
      n += b & 1;
      b >>= 1;
    }
  }
  return n;
}

/** The speaker's extra current while one sound plays (mA), its driver's aside (driverAwakeMs): the
 *  hardware timer's clock, and the speaker itself, reckoned as a resistive load across the full cell's
 *  supply driven at each sample's duty (|sample - 128| / 128): no credit for the coil's inductance at
 *  80 kHz. */
function soundMa(bytes: Uint8Array, samples: number): number {
  let sum = 0;
  const n = Math.min(bytes.length, samples);
  for (let i = 0; i < n; i++) sum += Math.abs(bytes[i] - 128) / 128;
  const volts = CELL.fullV.value - CELL.diodeV.value;
  return MCU.timerMa.value + (n ? sum / n : 0) * (1000 * volts) / SPEAKER.ohms.value;
}

/** How long a motor driver was awake in [from, to) (world ms), from the board double's record of
 *  Jolt.setDriverMode: the speaker's wakes it for its clips, and keeps it a while after. */
function driverAwakeMs(changes: { at: number; driver: number; mode: boolean | "auto" }[], driver: number, from: number, to: number): number {
  let ms = 0;
  let since = -1; // awake since (world ms), or -1
  for (const c of changes) {
    if (c.driver !== driver) continue;
    if (c.mode === true && since < 0) since = c.at;
    else if (c.mode !== true && since >= 0) {
      ms += Math.max(0, Math.min(to, c.at) - Math.max(from, since));
      since = -1;
    }
  }
  if (since >= 0) ms += Math.max(0, to - Math.max(from, since));
  return ms;
}

/** Advertising events from `from` to `to`: each advertisement set goes out at once, then once each
 *  interval until the next is set (the double's record of NRF.setAdvertising). */
function advertisingEvents(adverts: { t: number; interval: number }[], from: number, to: number): number {
  let n = 0;
  for (let i = 0; i < adverts.length; i++) {
    const a = Math.max(from, adverts[i].t);
    const b = Math.min(to, i + 1 < adverts.length ? adverts[i + 1].t : to);
    if (b > a) n += Math.ceil((b - a) / adverts[i].interval);
  }
  return n;
}

/** Plays one scenario on the charged board double and prices it; `hall`: with the tournament
 *  setting on, so that the clock broadcasts its state (firmware/link/advert.ts, hw/air.ts). */
export async function scenarioPower(s: Scenario, hall = false): Promise<ScenarioPower> {
  const { rig, meter } = await boardRig();
  meter.charge = false;
  rig.start();
  rig.setUp(s.control, 1000);
  // the tournament setting switched on over the link once the game is set up (switching it on needs
  // no PIN), so that the set-up is the same as at home and only the broadcast differs
  if (hall) new HostLink(rig.dev).ok("set", { tournament: true, board: 1 });
  meter.charge = true;
  const p = seededPicker(SEED);
  const from = 5000;
  const to = from + PLAY_MS;
  // White starts Black's clock; then each side moves after minS-maxS seconds (random milliseconds)
  rig.press("white", from);
  let t = from;
  let side: "black" | "white" = "black";
  while (t < to) {
    t += p.int(s.minS * 1000, s.maxS * 1000);
    if (t >= to) break;
    rig.press(side, t);
    side = side === "black" ? "white" : "black";
  }
  const panel = rig.dev.panels[0];
  // sampled: the lit pixels (the controller's RAM as shown), the contrast, the lamps
  const samples: { lit: number; contrast: number; on: boolean; lamps: number }[] = [];
  for (let at = from; at < to; at += STEP_MS) {
    rig.runUntil(at);
    const lamps = [rig.lamp("left"), rig.lamp("right")].reduce((a, l) => a + (l === 1 ? 1 : l === 2 ? 0.5 : 0), 0);
    samples.push({ lit: popcount(panel.ram), contrast: panel.contrast, on: panel.on, lamps: lamps });
  }
  rig.runUntil(to);
  const T = to - from;
  const cpuShare = busyMs(meter, from, to) / T;
  let speakingMs = 0;
  let speakerMaMs = 0;
  for (const snd of rig.dev.sounds) {
    const a = Math.max(from, snd.startsAt);
    const b = Math.min(to, snd.endsAt);
    if (!snd.audible || b <= a) continue;
    speakingMs += b - a;
    speakerMaMs += (b - a) * soundMa(snd.bytes, Math.round(((snd.endsAt - snd.startsAt) * snd.freq) / 1000));
  }
  const awakeMs = driverAwakeMs(rig.dev.mcu ? rig.dev.mcu.driverChanges : [], SPEAKER_DRIVER, from, to);
  const n = samples.length;
  const meanLit = samples.reduce((x, q) => x + (q.on ? q.lit : 0), 0) / n;
  const brightShare = samples.filter((q) => q.contrast >= BRIGHT).length / n;
  const lamps = (lampMa() * samples.reduce((x, q) => x + q.lamps, 0)) / n;
  const adverts = hall ? rig.dev.air().adverts : [];
  const advertsPerSecond = (advertisingEvents(adverts, from, to) * 1000) / T;
  const common = {
    radio: (advertsPerSecond * radioFigures().ucPerEvent) / 1000, // µC a second = µA
    board: MCU.boardMa.value + MCU.bluetoothMa.value,
    cpu: cpuShare * MCU.runMa.value + (1 - cpuShare) * MCU.sleepMa.value,
    lamps: lamps,
    speaker: (speakerMaMs + awakeMs * MCU.driverMa.value) / T,
    battery: (MCU.driverMa.value * 50) / 60000, // driver 1 on for 50 ms a minute (hw/battery.ts)
  };
  const byDisplay = OLEDS.map((o) => {
    const display = (contrastOf: (q: { contrast: number }) => number) =>
      samples.reduce((x, q) => x + (q.on ? oledMa(o, q.lit, contrastOf(q)) : 0), 0) / n;
    return {
      oled: o,
      after: { ...common, display: display((q) => q.contrast) },
      before: { ...common, display: display(() => BRIGHT) },
    };
  });
  return { scenario: s, cpuShare, meanLit, brightShare, speakingShare: speakingMs / T, driverShare: awakeMs / T, byDisplay, hall, advertsPerSecond };
}

/** The large digits' ink height in pixel rows (the face's countdown font). */
export function digitRows(): number {
  const g = PageGraphics.frame();
  useFont(g, LARGE_FONT, 1);
  g.setColor(1);
  g.drawString("0123456789", 0, 0);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      if (g.getPixel(x, y)) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return bottom - top + 1;
}

export interface PowerFigures {
  scenarios: ScenarioPower[];
  /** The same games in a hall: the tournament setting on, the clock broadcasting. */
  halls: ScenarioPower[];
  /** The recommended display's worst control after the savings, at home or in a hall: mA, and
   *  hours left at the warning. */
  worstMa: number;
  warningHours: number;
  digitRows: number;
  lampMa: number;
}

export async function powerFigures(): Promise<PowerFigures> {
  const scenarios: ScenarioPower[] = [];
  const halls: ScenarioPower[] = [];
  for (const s of SCENARIOS) scenarios.push(await scenarioPower(s));
  for (const s of SCENARIOS) halls.push(await scenarioPower(s, true));
  const worstMa = Math.max(...scenarios.concat(halls).map((x) => recommendedMa(x)));
  return { scenarios, halls, worstMa, warningHours: hoursAtWarning(worstMa), digitRows: digitRows(), lampMa: lampMa() };
}

/** A game's draw with the recommended display, after the savings. */
export function recommendedMa(x: ScenarioPower): number {
  return total(x.byDisplay.find((d) => d.oled.recommended)!.after);
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

export function powerLines(f: PowerFigures): string[] {
  const lines = ["power (test/bench/power.ts: " + PLAY_MS / 60000 + " min of each game on the board double, priced by the parts' figures in test/bench/parts.ts; " +
    CELL.mAh.value + " mAh × " + CELL.usable.value + " counted on, from full to the clock's empty level " + EMPTY_PERCENT + " %):"];
  for (const x of f.scenarios) {
    lines.push("  " + x.scenario.name + " game (" + x.scenario.control + ", a move every " + x.scenario.minS + "-" + x.scenario.maxS + " s): CPU busy " + f1(100 * x.cpuShare) +
      " %, " + Math.round(x.meanLit) + " pixels lit on average, bright " + f1(100 * x.brightShare) + " % of the time, a clip playing " + f1(100 * x.speakingShare) + " %");
    for (const d of x.byDisplay) {
      const a = d.after;
      lines.push("    " + d.oled.name + " " + d.oled.controller + (d.oled.recommended ? " (recommended)" : "") + ": " + f1(total(a)) + " mA, " + Math.round(hoursOnCharge(total(a))) +
        " h of play on a charge (before the savings " + f1(total(d.before)) + " mA, " + Math.round(hoursOnCharge(total(d.before))) + " h); display " + f1(a.display) +
        " (before " + f1(d.before.display) + "), lamps " + f1(a.lamps) + ", CPU " + f2(a.cpu) + ", speaker " + f2(a.speaker) + ", board " + f2(a.board + a.battery) + " mA" +
        (d.oled.recommended ? " " + (hoursOnCharge(total(a)) >= 40 ? "ok" : "UNDER the 40 h target") : ""));
    }
  }
  for (const [i, x] of f.halls.entries()) {
    const a = x.byDisplay.find((d) => d.oled.recommended)!.after;
    const home = recommendedMa(f.scenarios[i]);
    lines.push("  in a hall (tournament setting on, broadcasting), " + x.scenario.name + " game: " + f1(total(a)) + " mA with the recommended display, " +
      Math.round(hoursOnCharge(total(a))) + " h of play on a charge; the broadcast adds " + f2(total(a) - home) + " mA (radio " + f2(a.radio) + " mA for " +
      f2(x.advertsPerSecond) + " advertisements a second, CPU busy " + f1(100 * x.cpuShare) + " % against " + f1(100 * f.scenarios[i].cpuShare) + " % at home)");
  }
  const byo = f.scenarios[f.scenarios.length - 1];
  lines.push("  the speaker's driver awake " + f1(100 * byo.driverShare) + " % of the byoyomi game (a clip playing " + f1(100 * byo.speakingShare) + " %, and" +
    " hw/speaker.ts LINGER_MS after one, for the next second's count), asleep between calls: awake all the time it would add " + f2(MCU.driverMa.value * (1 - byo.driverShare)) + " mA");
  lines.push("  the low-battery warning at " + WARN_PERCENT + " %: " + f1(f.warningHours) + " h of play left at the worst control's " + f1(f.worstMa) + " mA, at home or in a hall (FIDE: at least 10 h) " +
    (f.warningHours >= 10 ? "ok" : "UNDER"));
  lines.push("  a lamp: " + f1(f.lampMa) + " mA while lit; the digits: " + f.digitRows + " rows, " +
    OLEDS.map((o) => o.name + " " + f1(digitMm(o, f.digitRows)) + " mm").join(", ") + " (FIDE: legible from 3 m, here at least 10 mm)");
  return lines;
}
