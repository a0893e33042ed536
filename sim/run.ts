// Runs a script on virtual time: the same loop a board runs (sleep until nextWakeAt, wake, advance),
// with the clock jumping instead of sleeping. Optionally every wake-up comes late, to show that
// lateness never changes a reading.

import { Clock, defaultCallOptions, NEVER, type CallOptions, type Output } from "../firmware/core/index";
import { PACKS, withTradition, speechOf } from "../firmware/voice";
import { setupGame, type Script } from "./script";

/** The call options a voice pack brings, as on the device: its counting tradition (a `calls` line of
 *  a script replaces it) and its calls' lengths, which decide where each is said (core/place.ts). */
export function voiceOptions(pack: string): CallOptions {
  const info = PACKS.find((p) => p.id === pack);
  const o = withTradition(defaultCallOptions(), info ? info.tradition : "");
  o.speech = speechOf(pack);
  return o;
}

export interface RunResult {
  clock: Clock;
  outputs: Output[];
  endMs: number;
}

/** `lateMs(t)` says how late the wake-up due at t comes (0 = on time). `options`: the calls before
 *  any `calls` line of the script (a voice pack's tradition). */
export function runScript(script: Script, graceMs: number, lateMs: ((t: number) => number) | null, options = defaultCallOptions()): RunResult {
  const clock = new Clock(setupGame(), options, graceMs, 1 << 30);
  const outputs: Output[] = [];
  const emit = (os: Output[]) => {
    for (const o of os) outputs.push(o);
  };
  for (const op of script.setup) emit(clock.apply(op, 0));
  const until = (t: number) => {
    for (;;) {
      const w = clock.nextWakeAt();
      if (w === NEVER || w > t) break;
      const wake = lateMs ? Math.min(t, w + lateMs(w)) : w;
      emit(clock.advance(Math.max(wake, clock.cursor + 1)));
    }
  };
  for (const ev of script.events) {
    until(ev.tMs);
    emit(clock.apply(ev.op, ev.tMs));
  }
  until(script.endMs);
  emit(clock.advance(script.endMs));
  return { clock: clock, outputs: outputs, endMs: script.endMs };
}
