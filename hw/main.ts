// Power-on: build the board from the Jolt.js pins, start the app on it, install the console API as
// the global `clock`, then arm the watchdog. Runs when the saved program loads (.bootcde) and on
// E.on("init"); whichever comes first starts the clock, the other finds it started.

import { startApp } from "../firmware/app";
import { makeConsole } from "../firmware/console";
import { makeBoard, type HwBoard } from "./board";
import { joltjs } from "./pins";
import { compactIfLow } from "./store";
import { startWatchdog } from "./watchdog";

let started = false;

function message(e: unknown): string {
  const m = e && typeof e === "object" ? (e as { message?: unknown }).message : undefined;
  return m !== undefined ? "" + m : "" + e;
}

function boot(): void {
  if (started) return;
  started = true;
  if (compactIfLow()) return; // the board reboots
  let hw: HwBoard | null = null;
  try {
    hw = makeBoard(joltjs());
    const app = startApp(hw.board);
    global.clock = makeConsole(app);
  } catch (e) {
    // Leave the REPL free (no watchdog reboot loop) and say why on whatever still works.
    const text = "clock failed to start: " + message(e);
    if (hw) hw.display.showText(["CLOCK FAILED", message(e).slice(0, 21)]);
    global.clockError = text;
    console.log(text);
    return;
  }
  startWatchdog();
}

E.on("init", boot);
boot();
