// The hardware contract (firmware/board.ts) on an Espruino board, from the pins in hw/pins.ts.
//
// Time is getTime() in integer milliseconds. One timer at a time, set to the app's next deadline: no
// fixed tick, so between deadlines and button edges the chip sleeps.

import type { Board } from "../firmware/board";
import type { Pins } from "./pins";
import { watchButtons } from "./buttons";
import { Display } from "./display";
import { Speaker } from "./speaker";
import { batteryReader } from "./battery";
import { FlashStore } from "./store";
import { kickWatchdog } from "./watchdog";
import { makeAdvertiser } from "./air";
import { CHECKPOINT_MAIN_MS, CHECKPOINT_OVERTIME_MS } from "./layout";
import { FONTS_FILE } from "../firmware/gfx/fonts";
import { MENU_FILE } from "../firmware/menu";
import { ARBITER_FILE } from "../firmware/menu/arbiter";
import { LINK_FILE } from "../firmware/link";
import { BOOT_FILE } from "../firmware/record/boot";
import { READS_FILE } from "../firmware/link/reads";
import { hex8 } from "../firmware/record/settings";

/** A flagged side's lamp blinks this often, by Espruino's software PWM (its utility timer): no wake
 *  of the app, no JavaScript. */
const BLINK_HZ = 2;

/** The longest single timeout: a farther deadline is reached in steps (fire() re-arms). A timeout's
 *  length is bounded where it is set (no function for it: each is RAM on the board, and a call
 *  more on the second's path). */
const MAX_TIMEOUT_MS = 3600000;

export interface HwBoard {
  board: Board;
  /** For a message when the app itself cannot start. */
  display: Display;
}

export function makeBoard(pins: Pins): HwBoard {
  // built-ins are found only after the whole global scope is searched: once here, not at every read
  const time = getTime;
  const floor = Math.floor;
  const later = setTimeout;
  const cancel = clearTimeout;
  /** Monotonic as long as nobody calls setTime() (the Web IDE's "set time on upload" would). */
  const now = (): number => floor(time() * 1000);
  pins.power.forEach((q) => {
    try {
      q.setPower(true);
    } catch (e) {
      // the drivers on it report their own failure
    }
  });
  const display = new Display(pins.display);
  display.connect(now());
  const speaker = new Speaker(pins.speaker);
  const store = new FlashStore();

  let timer = -1;
  let due = 0;
  let wake: (() => void) | null = null;
  const fire = (): void => {
    timer = -1;
    const early = due - now();
    if (early > 0) {
      timer = later(fire, early > MAX_TIMEOUT_MS ? MAX_TIMEOUT_MS : early); // early (RTC rounding, or a far deadline): not yet
      return;
    }
    const fn = wake;
    wake = null;
    if (fn) fn();
  };

  const lampPins = pins.lamps;
  const buttons = pins.buttons;
  let report: ((button: number, down: boolean, t: number) => void) | null = null;
  let watching = false;

  const board: Board = {
    now: now,
    wakeAt: (t: number, fn: () => void) => {
      if (timer >= 0) {
        try {
          cancel(timer);
        } catch (e) {
          // already run
        }
      }
      due = t;
      wake = fn;
      const ms = t - now();
      timer = later(fire, ms < 0 ? 0 : ms > MAX_TIMEOUT_MS ? MAX_TIMEOUT_MS : ms);
    },
    onButton: (fn) => {
      report = fn;
      if (watching) return;
      watching = true;
      watchButtons(buttons, (b, down, t) => {
        if (report) report(b, down, t);
      });
    },
    gfx: display.g,
    // bound, not an arrow each: called every second, and a bound method is no function of its own
    // for the board to run on the way
    show: display.show.bind(display),
    play: speaker.play.bind(speaker),
    setVolume: (v) => speaker.setVolume(v),
    holdsClip: () => speaker.holdsCopy(),
    store: store,
    battery: batteryReader(pins.batterySense, () => !speaker.busy()),
    kick: kickWatchdog,
    advertise: makeAdvertiser(),
    // The program's fingerprint: the CRC-32 of each file flashed (the program as saved, .bootcde; the
    // fonts'; the menus'; the link's; the power-on code's; the read requests'; the arbiter's menu's), as 8 hex digits each ("00000000" for a
    // file not there), then the CRC-32 of those characters. `goclock verify` works it out from a
    // build's files the same way (hw/fingerprint.ts). E.CRC32 reads a file in flash natively, with no
    // RAM copy; about a quarter of a second of the boot for the 80 KB (Espruino's own interpreter:
    // ~100 instructions a byte). A function run once and let go: a function kept would be RAM as
    // long as the board runs, and names of makeBoard's own would stay in the closures' scope.
    firmware: (function (): string {
      let all = "";
      const S = require("Storage");
      const files = [".bootcde", FONTS_FILE, MENU_FILE, LINK_FILE, BOOT_FILE, READS_FILE, ARBITER_FILE];
      for (let i = 0; i < files.length; i++) {
        const d = files[i] ? S.read(files[i]) : undefined;
        all += hex8(d === undefined ? 0 : E.CRC32(d));
      }
      return hex8(E.CRC32(all));
    })(),
    checkpoint: { mainMs: CHECKPOINT_MAIN_MS, overtimeMs: CHECKPOINT_OVERTIME_MS },
    contrast: (level) => display.contrast(level),
  };
  if (lampPins) {
    board.lamps = (left, right) => {
      // each lamp (firmware/board.ts LAMP_OFF, LAMP_ON, LAMP_BLINK) on its FET's gate pin
      for (let k = 0; k < 2; k++) {
        const state = k ? right : left;
        try {
          analogWrite(lampPins[k], state === 2 ? 0.5 : state, { soft: true, freq: BLINK_HZ }); // 0 and 1: a plain level
        } catch (e) {
          // a lamp that cannot be lit is no fault of the game's
        }
      }
    };
  }
  // The board's closures keep every name of this scope as long as it runs: the pins object itself
  // (its name, the power connectors, its fields), used up by now, is let go (about a dozen jsvars).
  pins = null as unknown as Pins;
  return { board: board, display: display };
}
