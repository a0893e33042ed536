// The device's figures, from the built firmware (dist/clock.js) on the board double (test/double):
//   - wake-ups per second of the interpreter, idle and in a game (each costs power on a battery);
//   - what a press costs: from the button's edge to the move recorded in flash and to the new face
//     on the display, in the double's virtual time with I2C and flash timing as on a Jolt.js but
//     the interpreter infinitely fast (board.ts charges the interpreter's time as well);
//   - the jsvars the firmware's data needs (test/double/jsvars.ts says how they are estimated).
// Called by test/bench/run.ts; returns lines of figures.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { firmware, ClockRig } from "../double/rig";
import { JOLT_JSVARS } from "../double/jsvars";
import { sourceAt } from "../double/srcmap";
import { partOf, OUTFILE } from "../../build";
import { findReply, frame } from "../double/link";
import type { RecordPage } from "../../firmware/link/console";
import { receiveRecords } from "../../firmware/record/readlog";
import { WAIT_MS } from "../../firmware/link/line";
import { median } from "./cost";
import { crc32 } from "../../firmware/record/slots";

/** Issue 19: the clock's own peak (a 400-move game with calls, its log read over the link, the menu
 *  after it), on Espruino's own interpreter. */
const JSVARS_BUDGET = 3500;

function n(x: number): string {
  return x.toLocaleString("en-US");
}
import type { Side } from "../../firmware/core/index";

function perSecond(wakeups: number[], fromMs: number, toMs: number): number {
  return wakeups.filter((t) => t >= fromMs && t < toMs).length / ((toMs - fromMs) / 1000);
}

function ms(x: number): string {
  return x.toFixed(x < 10 ? 2 : 1) + " ms";
}

export async function deviceFigures(bundle?: string): Promise<string[]> {
  const code = bundle ?? (await firmware());
  const lines: string[] = [];

  // --- wake-ups --------------------------------------------------------------------------------------
  const idle = new ClockRig(code).start();
  idle.runUntil(130000);
  lines.push("device wake-ups, idle on the set-up screen: " + perSecond(idle.dev.wakeups(), 30000, 130000).toFixed(2) + " per second");

  // 10 minutes of main time, then 30 s periods: Black thinks through main time into byoyomi.
  const game = new ClockRig(code).start();
  game.setUp("10m+5x30s", 1000);
  game.press("white", 5000);
  game.runUntil(700000);
  const w = game.dev.wakeups();
  lines.push("device wake-ups, running in main time: " + perSecond(w, 60000, 560000).toFixed(2) + " per second; in byoyomi (calls every few seconds): " +
    perSecond(w, 606000, 696000).toFixed(2) + " per second");
  game.arbiter({ op: "pause" });
  const pausedAt = game.dev.nowMs();
  game.runUntil(pausedAt + 120000);
  lines.push("device wake-ups, paused: " + perSecond(game.dev.wakeups(), pausedAt + 10000, pausedAt + 120000).toFixed(2) + " per second");

  // --- presses: a long game of 220 moves (the device's time log keeps its last 200 entries) ---------
  const rig = new ClockRig(code).start();
  rig.setUp("60m+5x30s", 1000);
  const edges: number[] = [];
  let t = 5000;
  for (let i = 0; i < 220; i++) {
    const side: Side = i % 2 === 0 ? "white" : "black";
    rig.press(side, t);
    edges.push(t);
    t += 3000 + ((i * 7919) % 9000);
  }
  rig.runUntil(edges[40] + 500);
  const inGame = rig.dev.jsvars(true).total;
  const parts = byPart(rig, code);
  rig.runUntil(t + 2000);
  const full = rig.dev.jsvars(true).total;
  const recorded: number[] = [];
  const shown: number[] = [];
  const flash = rig.dev.flash.log.filter((l) => /^clk[0-9a-z]+\./.test(l.name)); // the records (hw/store.ts)
  const frames = rig.dev.frames.filter((f) => f.visible);
  for (const e of edges) {
    // world ms are not on the board's tick grid: allow a hair either way
    const rec = flash.find((l) => l.t >= e - 0.05);
    if (rec) recorded.push(Math.max(0, rec.t - e));
    const f = frames.find((x) => x.t >= e - 0.05);
    if (f) shown.push(Math.max(0, f.t - e));
  }
  lines.push("device press (bus and flash time only, the interpreter not charged), edge → clocks switched and the move recorded in flash: median " + ms(median(recorded)) + ", max " + ms(Math.max(...recorded)) + " (" + recorded.length + " presses)");
  lines.push("device press (bus and flash time only), edge → new face on the display (I2C 400 kHz): median " + ms(median(shown)) + ", max " + ms(Math.max(...shown)));

  // --- jsvars: a 400-move game, byoyomi calls (scaled clips: the default volume is below full) ---------
  const atBoot = idle.dev.jsvars(true).total;
  // the set-up menu open: its code is loaded from Storage while it is (build/cold.ts)
  idle.tap("menu", 131000);
  idle.runUntil(132000);
  const menuOpen = idle.dev.jsvars(true).total;
  const long = new ClockRig(code).start();
  long.setUp("1m+5x20s", 1000);
  const samples: { t: number; what: string }[] = [];
  let at = 5000;
  for (let i = 0; i < 400; i++) {
    // mostly quick moves; every 20th a long one in byoyomi, so that a call is playing when sampled
    const think = i % 20 === 19 ? 12000 : 1500;
    if (think > 1500) samples.push({ t: at + 10300, what: "call" });
    else if (i % 25 === 0) samples.push({ t: at + 700, what: "move" });
    at += think;
    long.press(i % 2 === 0 ? "white" : "black", at);
  }
  let peak = { n: 0, t: 0, what: "" };
  const sample = (t: number, what: string) => {
    const n = long.dev.jsvars(true).total;
    if (n > peak.n) peak = { n, t, what };
  };
  // also just after each clip is handed to the speaker, while it plays: its RAM copy is alive then
  // (on Espruino's own interpreter the game's peak is at such an instant)
  let heardSoFar = 0;
  let next = 0;
  for (let t = 5000; t <= at; t += 100) {
    long.runUntil(t);
    const sounds = long.dev.sounds;
    // a call is handed over ahead of its instant: sample once it plays
    if (sounds.length > heardSoFar && sounds[sounds.length - 1].startsAt <= t) {
      heardSoFar = sounds.length;
      if (sounds[sounds.length - 1].endsAt > t) sample(t, "call");
    }
    while (next < samples.length && samples[next].t <= t + 100) {
      long.runUntil(samples[next].t);
      sample(samples[next].t, samples[next].what);
      next++;
    }
  }
  long.runUntil(at + 2000);
  const moves = long.status();
  // its log read over the link as the tool reads it (a page a reply, the link's code held while the
  // pages follow: firmware/link/line.ts), then MENU, as on the real interpreter's rig
  let seq = 0;
  let logPeak = 0;
  let replies = 0;
  receiveRecords((from) => {
    long.dev.take("USB");
    long.dev.send("USB", frame(++seq, { c: "records", from: from }));
    // a page waits while a call's clip is in RAM (link/line.ts): sampled while it waits and after
    const sent = long.dev.nowMs();
    let r: { ok?: unknown; err?: string } | undefined;
    for (let t = sent + 300; !r && t <= sent + WAIT_MS + 1000; t += 300) {
      long.runUntil(t);
      logPeak = Math.max(logPeak, long.dev.jsvars(true).total);
      r = findReply(long.dev.take("USB"), seq);
    }
    if (!r || !r.ok) throw new Error("records: " + JSON.stringify(r));
    replies++;
    return r.ok as RecordPage;
  }, crc32);
  // the side to move thinks on to the flag (its periods run out), then MENU opens the menu after
  // the game, as in the real interpreter's rig
  const menuAt = long.dev.nowMs() + 130000;
  long.runUntil(menuAt);
  if (long.status().phase === "running") throw new Error("the 400-move game runs on: no menu after it");
  long.tap("menu", menuAt);
  long.runUntil(menuAt + 2000);
  const menuAfter = long.dev.jsvars(true).total;
  const logSize = long.log().length;
  const clockPeak = Math.max(peak.n, logPeak, menuAfter);
  lines.push("device jsvars (estimate, deep walk; test/double/jsvars.ts): set-up " + n(atBoot) + " (with the set-up menu open " + n(menuOpen) + "), after 40 moves " + n(inGame) + ", after 220 moves " + n(full) +
    "; over a 400-move game (" + (moves.black.moves + moves.white.moves) + " moves made, time log " + logSize + " entries) peak " + n(peak.n) + (peak.what === "call" ? " with a call playing" : "") +
    ", reading its log over the link (" + replies + " replies) " + n(logPeak) + ", MENU after it " + n(menuAfter) + ": the clock's peak " + n(clockPeak) +
    " of " + n(JOLT_JSVARS) + " (" + Math.round((100 * clockPeak) / JOLT_JSVARS) + "%), budget ≤ " + n(JSVARS_BUDGET) + " " + (clockPeak <= JSVARS_BUDGET ? "ok" : "OVER"));
  if (parts) lines.push("device jsvars after 40 moves by what holds them: " + parts);
  return lines;
}

/** The deep estimate split: each function (with the scopes it captures) by the part of the firmware
 *  its code is in (build.ts PARTS), the global object's names, other values as data, the
 *  interpreter's own records apart. Only for the built dist/clock.js, whose map places the code. */
function byPart(rig: ClockRig, code: string): string | null {
  const path = join(process.cwd(), OUTFILE);
  let built = "";
  try {
    built = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  if (built !== code) return null;
  const where = sourceAt(code, path + ".map");
  const sums: Record<string, number> = {};
  const add = (k: string, x: number): void => {
    sums[k] = (sums[k] ?? 0) + x;
  };
  const global = rig.dev.mcu ? rig.dev.mcu.realm.global : null;
  rig.dev.jsvars(true, (v, x) => {
    if (v === null) add("timers, watches, listeners", x);
    else if (v === global) add("the global names", x);
    else if (typeof v !== "function") add("data", x);
    else {
      const at = code.indexOf(Function.prototype.toString.call(v));
      const file = at >= 0 ? where(at) : null;
      add(file ? "functions: " + partOf(file) : "functions: elsewhere", x);
    }
  });
  return Object.keys(sums).sort((a, b) => sums[b] - sums[a]).map((k) => k + " " + n(sums[k])).join(", ");
}
