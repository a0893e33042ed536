// What the page does with its AudioContext, watched from inside Chromium: the page's own script is
// preceded by this one (an init script), which patches AudioBufferSourceNode's start and stop. And
// the clips the app makes of the core's calls, to compare with what was started.

import { callPhrases } from "../../firmware/voice";

/** Installed before the page's own script: records every start and stop with the context's output
 *  timestamp (how context time and performance.now() relate) at that moment, and every key press
 *  with Chromium's own stamp. When White's first call is scheduled, White presses 1 ms later. */
export const WATCH = `
window.__watch = { starts: [], stops: [], presses: [], cutDone: false, armCut: false };
(() => {
  const w = window.__watch;
  const P = AudioBufferSourceNode.prototype;
  const start = P.start, stop = P.stop;
  P.start = function (when) {
    const ts = this.context.getOutputTimestamp();
    const rec = { when: when, duration: this.buffer.duration, ctxTime: ts.contextTime, perfTime: ts.performanceTime, id: w.starts.length };
    this.__rec = rec;
    w.starts.push(rec);
    if (w.armCut && !w.cutDone) {
      w.cutDone = true;
      setTimeout(() => {
        window.dispatchEvent(new KeyboardEvent("keydown", { key: "m" }));
        window.dispatchEvent(new KeyboardEvent("keyup", { key: "m" }));
      }, 1);
    }
    return start.apply(this, arguments);
  };
  P.stop = function (when) {
    w.stops.push({ id: this.__rec ? this.__rec.id : -1, when: when === undefined ? 0 : when, ctxNow: this.context.currentTime });
    return stop.apply(this, arguments);
  };
  window.addEventListener("keydown", (e) => { if (e.key === "z" || e.key === "m") w.presses.push({ key: e.key, t: e.timeStamp }); }, true);
})();`;

export interface Start { when: number; duration: number; ctxTime: number; perfTime: number; id: number }

/** A start's instant as performance.now() ms, through the context's output timestamp at that moment. */
export function perfOf(s: Start): number {
  return s.perfTime + (s.when - s.ctxTime) * 1000;
}

/** A call as the core's transcript gives it (`short`: said in the pack's short form, by a core that
 *  places calls by their spoken length). */
export interface Said {
  say: string;
  short?: boolean;
}

/** The clips the app plays for the calls of one instant, back to back (firmware/voice.ts callPhrases,
 *  given which calls are said short where the core says so). */
export function saidClips(pack: string, calls: Said[]): string[] {
  const out: string[] = [];
  for (const p of callPhrases(pack, calls.map((c) => c.say), calls.map((c) => c.short === true))) for (const c of p) out.push(c);
  return out;
}
