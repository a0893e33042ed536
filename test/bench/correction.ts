// An arbiter's correction at the table, "Black's main time +2:00", from a running game to the game
// running again, through the buttons alone (FIDE equipment standard, point j: within 60 s). The
// presses are those of the menus (firmware/menu/*); the board time is the double's, each press
// made a person's pace after the last one's frame.

import type { ClockRig } from "../double/rig";

/** A person's pace between one press and the next (a deliberate one: reading the screen first). */
export const PACE_MS = 1000;
const TAP_MS = 120;
/** Holds the app acts on (firmware/app.ts): pause and the arbiter menu 2 s, back in a menu 1.5 s. */
export const HOLD_MS = 2100;
export const BACK_MS = 1600;

export type Key = { button: "left" | "right" | "menu"; holdMs: number; why: string };

/** The presses of a PIN: each digit reached from 0 by the shorter way round (LEFT or RIGHT), then MENU. */
export function pinKeys(pin: string): Key[] {
  const keys: Key[] = [];
  for (const c of pin) {
    const d = +c;
    for (let i = 0; i < Math.min(d, 10 - d); i++) keys.push({ button: d <= 5 ? "right" : "left", holdMs: TAP_MS, why: "PIN digit " + c });
    keys.push({ button: "menu", holdMs: TAP_MS, why: "PIN digit " + c + " entered" });
  }
  return keys;
}

/** Every press, from a running game: pause, the arbiter menu, the PIN, the correction, resume. */
export function correctionKeys(pin: string): Key[] {
  const tap = (button: Key["button"], why: string): Key => ({ button, holdMs: TAP_MS, why });
  return [
    { button: "menu", holdMs: HOLD_MS, why: "MENU held: pause" },
    { button: "menu", holdMs: HOLD_MS, why: "MENU held again: the arbiter menu, its PIN" },
    ...pinKeys(pin), // the arbiter's list opens on Correct Black
    tap("menu", "Correct Black: its readings"),
    tap("menu", "Main time: its fields"),
    tap("right", "+1 min"),
    tap("right", "+1 min"),
    tap("menu", "to the seconds"),
    tap("menu", "to OK"),
    tap("menu", "OK: corrected"),
    { button: "menu", holdMs: BACK_MS, why: "MENU held: back to the list" },
    tap("left", "round to Resume, the list's last"),
    tap("menu", "Resume: the game runs"),
  ];
}

export interface CorrectionRun {
  presses: number;
  /** From the first press to the frame showing the game running again, ms. */
  ms: number;
  /** The longest from a press (or a hold's end) to the display's answer, ms. */
  slowestStepMs: number;
  /** Black's main time before and after, ms, and whether the game runs again. */
  before: number;
  after: number;
  running: boolean;
}

/** Plays the correction on a rig whose game is running with Black to move, from `at`. */
export function runCorrection(rig: ClockRig, at: number, pin: string): CorrectionRun {
  const keys = correctionKeys(pin);
  rig.runUntil(at);
  const before = rig.status().black.mainMs;
  let t = at;
  let slowest = 0;
  for (const k of keys) {
    rig.tap(k.button, t, k.holdMs);
    // when the app acts: a hold once it is long enough (while still held), a MENU tap on its
    // release, LEFT and RIGHT on the press
    const acted = t + (k.holdMs > TAP_MS ? k.holdMs - 100 : k.button === "menu" ? TAP_MS : 0);
    rig.runUntil(acted + PACE_MS - 1);
    const f = rig.dev.frames.find((x) => x.visible && x.t >= acted);
    const shown = f && f.t <= acted + PACE_MS ? f.t : acted + PACE_MS;
    slowest = Math.max(slowest, shown - acted);
    t = Math.max(acted + PACE_MS, t + k.holdMs + 1);
  }
  rig.runUntil(t);
  const st = rig.status();
  const last = rig.dev.frames.filter((x) => x.visible).slice(-1)[0];
  return {
    presses: keys.length,
    ms: (last ? Math.min(last.t, t) : t) - at,
    slowestStepMs: slowest,
    before,
    // Black's clock ran again from the resume: its main time as of the resume
    after: st.black.mainMs,
    running: st.phase === "running",
  };
}

/** The correction on the charged board double (cost.ts): every callback takes its board time. */
export async function boardCorrection(): Promise<CorrectionRun> {
  const { boardRig } = await import("./cost");
  const { rig, meter } = await boardRig();
  meter.charge = false;
  rig.start();
  rig.setUp("2h+5x60s", 1000);
  meter.charge = true;
  rig.press("white", 5000);
  return runCorrection(rig, 30000, "0000");
}

export async function correctionMs(): Promise<number> {
  return (await boardCorrection()).ms;
}

/** The bench's figures: the correction with PIN 0000, and the slowest PIN's presses at the same pace. */
export function correctionLines(c: CorrectionRun): string[] {
  const slow = correctionKeys("5555");
  const slowMs = slow.reduce((t, k) => t + Math.max(k.holdMs, PACE_MS), 0);
  return [
    "an arbiter's correction on the buttons, Black's main time +2:00 from a running game to running again (test/bench/correction.ts; a press every " + PACE_MS / 1000 + " s):",
    "  PIN 0000: " + c.presses + " presses, " + (c.ms / 1000).toFixed(1) + " s on the board double, its slowest answer " + Math.round(c.slowestStepMs) + " ms; " +
      "the slowest PIN (5555): " + slow.length + " presses, " + (slowMs / 1000).toFixed(1) + " s (FIDE: within 60 s) " + (c.ms <= 60000 && slowMs <= 60000 && c.running ? "ok" : "OVER"),
  ];
}
