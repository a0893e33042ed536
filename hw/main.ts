// Power-on: shut every JavaScript prompt (hw/link.ts), build the board from the Jolt.js pins, start
// the app on it, speak the protocol on USB, install the console API as the global `clock` (for a
// prompt the arbiter opened with the PIN; both load the link's code only when used:
// firmware/link/line.ts), then arm the watchdog. Runs when the saved program loads
// (.bootcde) and on E.on("init"); whichever comes first starts the clock, the other finds it started.

import "./doors"; // first: every prompt shut before anything else is read
import { startApp } from "../firmware/app";
import { installConsole, startLink } from "../firmware/link/line";
import { FONTS_MISSING } from "../firmware/gfx/fonts";
import { makeBoard, type HwBoard } from "./board";
import { bootLink, makeLink } from "./link";
import { joltjs } from "./pins";
import { compactIfLow } from "./store";
import { WATCHDOG_S } from "./watchdog";
import { message } from "./message";

/** Right after `npm run flash` the USB prompt stays this long, so that the espruino CLI, which waits
 *  for a prompt after it has uploaded and started the program, finishes; then the protocol. */
const BOOT_PROMPT_MS = 3000;

let started = false;

function boot(): void {
  if (started) return;
  started = true;
  bootLink();
  if (compactIfLow()) return; // the board reboots
  let hw: HwBoard | null = null;
  try {
    hw = makeBoard(joltjs());
    if (FONTS_MISSING) throw new Error("no fonts: reflash (" + FONTS_MISSING + " is missing)");
    const link = makeLink();
    hw.board.link = link;
    const app = startApp(hw.board);
    installConsole(app, global);
    startLink(app, link);
    // whether this boot follows a flash (the mark is taken away: once only); here, not a function of
    // its own, which would be RAM for as long as the board runs. The mark, "clock.flashed", is left by
    // `npm run flash` at the prompt the arbiter opened with the PIN: the next boot is the new
    // program's first. Nobody without that prompt (or the board in hand) can write it.
    let flashed = false;
    try {
      const S = require("Storage");
      if (S.read("clock.flashed") !== undefined) {
        S.erase("clock.flashed");
        flashed = true;
      }
    } catch (e) {
      // no mark to read: not just flashed
    }
    if (flashed && app.openPrompt("", hw.board.now())) {
      setTimeout(() => {
        if (app.prompt === "USB") app.shutPrompt(app.board.now(), "after the flash");
      }, BOOT_PROMPT_MS);
    }
  } catch (e) {
    // Leave the USB REPL free (no watchdog reboot loop) and say why on whatever still works.
    const text = "clock failed to start: " + message(e);
    if (hw) hw.display.showText(["CLOCK FAILED", message(e).slice(0, 21)]);
    global.clockError = text;
    try {
      E.setConsole("USB", { force: true });
    } catch (e2) {
      // nothing more to do
    }
    console.log(text);
    return;
  }
  // the watchdog (hw/watchdog.ts), armed here: a function for it would be RAM as long as the board runs
  try {
    E.enableWatchdog(WATCHDOG_S, false);
  } catch (e) {
    // no watchdog on this build: the clock runs without one
  }
}

E.on("init", boot);
boot();
