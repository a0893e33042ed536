// The hardware watchdog, kicked by the app (Board.kick) from its wake loop, which runs at least every
// 10 s: an interpreter stuck for 20 s restarts, and the game comes back paused from its records.
//
// Manual kicking (isAuto false) also resets the board if the JavaScript is gone while the interpreter
// idles, e.g. after reset(): the flash script turns automatic kicking back on before it uploads.

/** Armed at power-on (hw/main.ts, after the app started). */
export const WATCHDOG_S = 20;

export function kickWatchdog(): void {
  try {
    E.kickWatchdog();
  } catch (e) {
    // no watchdog on this build
  }
}
