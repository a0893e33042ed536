// The board-cost figures of `npm run bench`: the built bundle on the board double with every
// callback charged its estimated board time (cost.ts), so that what is late on a Jolt.js is late
// here too. Per path: the board milliseconds and the share of a second, against the budgets of
// issue 8. Called by run.ts; returns lines of figures, and the numbers (for notes and tests).

import { boardRig, busyShare, median, type BoardMeter, type CallCost } from "./cost";
import type { ClockRig } from "../double/rig";
import { findReply, frame } from "../double/link";
import type { RecordPage } from "../../firmware/link/console";
import { receivedLog, receiveRecords } from "../../firmware/record/readlog";
import { crc32 } from "../../firmware/record/slots";

export const BUDGET = {
  mainShare: 0.1,
  byoyomiShare: 0.15,
  pressToFaceMs: 300,
  menuStepMs: 300,
  bootMs: 3000,
};

export interface BoardFigures {
  bootMs: number;
  bootCpuMs: number;
  mainShare: number;
  byoyomiShare: number;
  faceMs: number;
  pressToFaceMs: number[];
  pressMs: number;
  releaseMs: number;
  prepareMs: number;
  /** From the wake before a call to its instant, and to the clip handed to Waveform. */
  leadMs: number;
  handOverMs: number;
  callsDue: number;
  callsLate: number;
  menuStepMs: number;
  menuStepCpuMs: number;
  /** MENU released (no game) → the set-up menu on the display: its file read from Storage and run
   *  (build/cold.ts), then drawn; and the CPU of that release edge. */
  menuOpenMs: number;
  menuOpenCpuMs: number;
  recordMs: number;
  /** A checkpoint of the running side's time (persist.ts, hw/store.ts), and how many the byoyomi
   *  window above wrote. */
  checkpointMs: number;
  checkpoints: number;
  /** The PIN checked (the stretched hash: settings.ts), and the whole unlock at the console. */
  pinMs: number;
  unlockMs: number;
  clockApplyMs: number;
  statusMs: number;
  /** The link's code loaded from its file (for each request and console call), with clock.help(). */
  linkLoadMs: number;
  top: { label: string; ms: number }[];
  log: LogFigures;
}

/** The desktop tool reading a running game's whole time log (`goclock log`): the clock sends its
 *  records a page a reply, the tool makes the log from them (firmware/record/readlog.ts). */
export interface LogFigures {
  moves: number;
  entries: number;
  /** The records' slots read, and the replies they took. */
  slots: number;
  replies: number;
  /** The longest reply's callback: the clock's wakes and presses wait this long. */
  maxReplyMs: number;
  totalMs: number;
}

const LOG_MOVES = 400;

/** A game of LOG_MOVES moves played at the double's speed, then its records read as the tool reads
 *  them (hw/tool/commands/read.ts: from = the slots received, until the count), the log made of them. */
async function logFigures(code?: string, map?: string): Promise<LogFigures> {
  const { rig, meter } = await boardRig({ code, map });
  meter.charge = false;
  rig.start();
  rig.setUp("2h+5x60s", 1000);
  let t = 5000;
  for (let i = 0; i < LOG_MOVES; i++, t += 3000) rig.press(i % 2 === 0 ? "white" : "black", t);
  rig.runUntil(t);
  meter.charge = true;
  const costs: number[] = [];
  let seq = 0;
  const got = receiveRecords((from) => {
    rig.dev.take("USB");
    const n0 = meter.calls.length;
    rig.dev.send("USB", frame(++seq, { c: "records", from: from }));
    rig.dev.advance(60000); // a reply comes when its callback is done, however long it runs
    const r = findReply(rig.dev.take("USB"), seq);
    // answered in the line's callback: in main time no clip is in RAM, so no page waits (link/line.ts)
    const answered = meter.calls.slice(n0).filter((c) => c.what === "data").reduce((a, c) => Math.max(a, c.ms), 0);
    if (answered < 1) throw new Error("records: the page waited; its cost is not in the line's callback");
    costs.push(answered);
    if (!r || !r.ok) throw new Error("records: " + JSON.stringify(r));
    return r.ok as RecordPage;
  }, crc32);
  const entries = receivedLog(got, 0).entries.length;
  return { moves: LOG_MOVES, entries: entries, slots: got.count(), replies: costs.length, maxReplyMs: Math.max(...costs), totalMs: costs.reduce((a, b) => a + b, 0) };
}

/** When the edge at t (world ms) shows on the display: the first frame sent by its own callback
 *  or a later one (a redraw already under way when it came shows the old state). */
function shownAfter(rig: ClockRig, m: BoardMeter, t: number): number {
  const c = m.calls.find((x) => x.what === "watch" && x.at >= t - 0.05);
  if (!c) return NaN;
  const f = rig.dev.frames.find((x) => x.visible && x.t >= c.at);
  return f ? f.t - t : NaN;
}

/** The callbacks of a tap at t: the press edge's watch callback and the release edge's (the next one). */
function edgeCalls(m: BoardMeter, t: number): { press: CallCost | null; release: CallCost | null } {
  const i = m.calls.findIndex((c) => c.what === "watch" && c.at >= t - 0.05);
  if (i < 0) return { press: null, release: null };
  const j = m.calls.findIndex((c, k) => k > i && c.what === "watch");
  return { press: m.calls[i], release: j > 0 ? m.calls[j] : null };
}

/** The figures of dist/clock.js, or of another bundle (`code`, with its source map at `map`). */
export async function boardFigures(code?: string, map?: string): Promise<BoardFigures> {
  // --- boot and a menu step, charged from power-on --------------------------------------------------
  const b = await boardRig({ code, map });
  b.rig.start();
  b.rig.runUntil(20000);
  const boot = b.meter.calls.filter((c) => c.what === ".bootcde" || c.what === "init" || c.what === "onInit");
  const bootCpuMs = boot.reduce((s, c) => s + c.cpuMs, 0);
  const firstFrame = b.rig.dev.frames.find((f) => f.visible);
  const bootMs = firstFrame ? firstFrame.t : Infinity; // power-on to the first face on the display
  const quiet = 21000; // a second after the run above
  b.rig.runUntil(quiet);
  // opens the menu (its code loaded from Storage: build/cold.ts), then one step in it, both charged
  b.rig.tap("menu", quiet);
  b.rig.runUntil(quiet + 20000);
  const open = edgeCalls(b.meter, quiet);
  const releasedAt = quiet + b.rig.holdMs;
  const openFrame = open.release ? b.rig.dev.frames.find((f) => f.visible && f.t >= open.release!.at) : undefined;
  const menuOpenMs = openFrame ? openFrame.t - releasedAt : NaN;
  const menuOpenCpuMs = open.release ? open.release.cpuMs : NaN;
  const stepAt = quiet + 20000;
  b.rig.tap("left", stepAt); // one step in it
  b.rig.runUntil(stepAt + 20000);
  const menuStepMs = shownAfter(b.rig, b.meter, stepAt);
  const step = edgeCalls(b.meter, stepAt);
  const menuStepCpuMs = (step.press ? step.press.cpuMs : NaN) + (step.release ? step.release.cpuMs : NaN);

  // --- a game: set up at the double's speed, then every callback charged ----------------------------
  const g = await boardRig({ code, map });
  const { rig, meter } = g;
  meter.charge = false;
  rig.start();
  rig.setUp("2m+5x30s", 1000);
  meter.charge = true;
  // White starts Black's clock at 5 s; Black thinks 65 s in main time; then four quick moves; Black
  // then runs out of main time at about 2m25s and thinks on in byoyomi (calls every few seconds).
  const edges = [5000, 70000, 80000, 90000, 100000];
  edges.forEach((t, i) => rig.press(i % 2 === 0 ? "white" : "black", t));
  rig.runUntil(250000);
  const mainShare = busyShare(meter, 10000, 70000);
  const byoyomiShare = busyShare(meter, 160000, 250000);
  const faces = meter.calls.filter((c) => c.at >= 10000 && c.at < 70000 && c.what === "timeout" && c.nativeMs > 0);
  const pressToFaceMs = edges.slice(1).map((e) => shownAfter(rig, meter, e));
  const taps = edges.slice(1).map((e) => edgeCalls(meter, e));
  const pressCalls = taps.map((x) => x.press).filter((c): c is CallCost => !!c);
  const releaseCalls = taps.map((x) => x.release).filter((c): c is CallCost => !!c);
  const prep = meter.inclusive("app.ts:ahead");
  // each call due (the log: made, late or dropped) against what was heard: on time if its first clip
  // starts within 20 ms of its instant
  const heard = rig.heard();
  let due: { t: number }[];
  try {
    due = rig.log().filter((l) => l.what === "call" || l.what === "late" || l.what === "dropped");
  } catch {
    // an older bundle's log lines: "12.345 call black …"
    const raw = rig.console("clock.log()");
    due = (Array.isArray(raw) ? (raw as string[]) : []).filter((l) => /^[\d.]+ (call|late|dropped) /.test(l)).map((l) => ({ t: Math.round(parseFloat(l) * 1000) }));
  }
  let late = 0;
  for (const c of due) if (!heard.some((u) => u.t >= c.t - 1 && u.t <= c.t + 20)) late++;
  // the lead a call was handed over with: from the start of the callback that scheduled its first clip
  const leads: number[] = [];
  const handOvers: number[] = [];
  for (const s of rig.dev.sounds) {
    if (!(s.startsAt > s.requestedAt + 0.5)) continue;
    const c = meter.calls.find((x) => x.at <= s.requestedAt && s.requestedAt <= x.at + x.ms);
    if (c) (leads.push(s.startsAt - c.at), handOvers.push(s.requestedAt - c.at));
  }
  // the console's methods, each with the link's code loaded for it (firmware/link/line.ts), and what
  // the load alone costs (clock.help() does little else)
  const load = meter.measure(() => rig.console("clock.help()"));
  const st = meter.measure(() => rig.console("clock.status()"));
  const unlock = meter.measure(() => rig.console('clock.unlock("0000")'));
  const checkpoints = meter.inclusive("store.ts:checkpoint").filter((c) => c.at >= 160000 && c.at < 250000);
  return {
    bootMs,
    bootCpuMs,
    mainShare,
    byoyomiShare,
    faceMs: median(faces.map((c) => c.ms)),
    pressToFaceMs,
    pressMs: median(pressCalls.map((c) => c.ms)),
    releaseMs: median(releaseCalls.map((c) => c.ms)),
    prepareMs: median(prep.map((c) => c.ms)),
    leadMs: median(leads),
    handOverMs: median(handOvers),
    callsDue: due.length,
    callsLate: late,
    menuStepMs,
    menuStepCpuMs,
    menuOpenMs,
    menuOpenCpuMs,
    // a record: its formatting (persist.ts) and its sealed write (hw/store.ts), written after the face
    recordMs: median(meter.inclusive("persist.ts:stateRecord").map((c) => c.ms)) + median(meter.inclusive("store.ts:append").map((c) => c.ms)),
    checkpointMs: median(meter.inclusive("persist.ts:checkpointText").map((c) => c.ms)) + median(meter.inclusive("store.ts:checkpoint").map((c) => c.ms)),
    checkpoints: checkpoints.length,
    pinMs: median(meter.inclusive("settings.ts:pinMatches").map((c) => c.ms)),
    unlockMs: unlock.ms,
    clockApplyMs: median(meter.inclusive("clock.ts:apply").map((c) => c.ms)),
    statusMs: st.ms,
    linkLoadMs: load.ms,
    top: meter.profile().slice(0, 6),
    log: await logFigures(code, map),
  };
}

const ms = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") + " ms" : "n/a");
const pct = (x: number) => (100 * x).toFixed(1) + " %";
const verdict = (ok: boolean) => (ok ? "ok" : "OVER");

export function boardLines(f: BoardFigures): string[] {
  const worstPress = Math.max(...f.pressToFaceMs.map((x) => (Number.isFinite(x) ? x : Infinity)));
  return [
    "board time (estimated, test/bench/COST.md; each callback charged its board time on the double):",
    "  boot to a working face: " + ms(f.bootMs) + " (CPU " + ms(f.bootCpuMs) + "), budget ≤ " + ms(BUDGET.bootMs) + " " + verdict(f.bootMs <= BUDGET.bootMs),
    "  running in main time: CPU busy " + pct(f.mainShare) + " of each second (a face redraw " + ms(f.faceMs) + "), budget ≤ " + pct(BUDGET.mainShare) + " " + verdict(f.mainShare <= BUDGET.mainShare),
    "  running in byoyomi: CPU busy " + pct(f.byoyomiShare) + " of each second, calls and wakes included, budget ≤ " + pct(BUDGET.byoyomiShare) + " " + verdict(f.byoyomiShare <= BUDGET.byoyomiShare),
    "  a press to the new face: " + f.pressToFaceMs.map(ms).join(", ") + " (press edge " + ms(f.pressMs) + ", release edge " + ms(f.releaseMs) + "), budget ≤ " + ms(BUDGET.pressToFaceMs) + " " + verdict(worstPress <= BUDGET.pressToFaceMs),
    "  a call: woken " + (Number.isFinite(f.leadMs) ? ms(f.leadMs) + " before its instant, its first clip handed to Waveform " + ms(f.handOverMs) + " after waking" : "never ahead of its instant") +
      " (ahead() costs " + ms(f.prepareMs) + " in all); " + f.callsLate + " of " + f.callsDue + " calls due started late or not at all " + verdict(f.callsLate === 0 && f.handOverMs < f.leadMs),
    "  a menu step: edge to the new menu frame " + ms(f.menuStepMs) + " (CPU of its two edges " + ms(f.menuStepCpuMs) + "), budget ≤ " + ms(BUDGET.menuStepMs) + " " + verdict(f.menuStepMs <= BUDGET.menuStepMs),
    "  opening the set-up menu (its file read from Storage and run, then drawn): release to the menu frame " + ms(f.menuOpenMs) + " (CPU " + ms(f.menuOpenCpuMs) + "), budget ≤ " + ms(BUDGET.menuStepMs) + " " + verdict(f.menuOpenMs <= BUDGET.menuStepMs),
    "  one record " + ms(f.recordMs) + ", Clock.apply " + ms(f.clockApplyMs) + ", clock.status() " + ms(f.statusMs) +
      " (with the link's code loaded from its file, as for each request and console call: " + ms(f.linkLoadMs) + ")",
    "  one checkpoint of the running side's time " + ms(f.checkpointMs) + " (" + f.checkpoints + " in the 90 s of byoyomi above: " + pct(f.checkpointMs / 10000) +
      " of the CPU at one each 10 s in overtime, " + pct(f.checkpointMs / 60000) + " at one a minute in main time)",
    "  the PIN checked (its stretched hash) " + ms(f.pinMs) + ", a whole unlock at the console " + ms(f.unlockMs) + ", budget ≤ 300 ms " + verdict(f.unlockMs <= 300),
    "  the tool reading a " + f.log.moves + "-move game's time log (" + f.log.entries + " entries): its " + f.log.slots + " record slots in " + f.log.replies + " replies, the longest " + ms(f.log.maxReplyMs) +
      " (the clock's wakes wait for it), " + ms(f.log.totalMs) + " in all, budget ≤ 5,000 ms " + (f.log.totalMs <= 5000 ? "ok" : "OVER"),
    "  most board time in a game, by function (own code): " + f.top.map((t) => t.label + " " + ms(t.ms)).join(", "),
  ];
}
