// The hardware contract (firmware/board.ts) on an Espruino board, from the pins in hw/pins.ts.
//
// Time is getTime() in integer milliseconds. One timer at a time, set to the app's next deadline: no
// fixed tick, so between deadlines and button edges the chip sleeps.

import type { Board } from "../firmware/board";
import type { Pins } from "./pins";
import { watchButtons } from "./buttons";
import { Display } from "./display";
import { Speaker } from "./speaker";
import { Battery } from "./battery";
import { FlashStore } from "./store";
import { kickWatchdog } from "./watchdog";
import { makeAdvertiser } from "./air";
import { CHECKPOINT_MAIN_MS, CHECKPOINT_OVERTIME_MS } from "./layout";
import { FONTS_FILE } from "../firmware/gfx/fonts";
import { MENU_FILE } from "../firmware/menu";
import { ARBITER_FILE } from "../firmware/menu/arbiter";
import { LINK_FILE } from "../firmware/link";
import { BOOT_FILE } from "../firmware/record/boot";
import { hex8 } from "../firmware/record/settings";

/** A flagged side's lamp blinks this often, by Espruino's software PWM (its utility timer): no wake
 *  of the app, no JavaScript. */
const BLINK_HZ = 2;

/** A lamp (firmware/board.ts LAMP_OFF, LAMP_ON, LAMP_BLINK) on its FET's gate pin. */
function lamp(pin: Pin, state: number): void {
  try {
    analogWrite(pin, state === 2 ? 0.5 : state, { soft: true, freq: BLINK_HZ }); // 0 and 1: a plain level
  } catch (e) {
    // a lamp that cannot be lit is no fault of the game's
  }
}

/** The longest single timeout: a farther deadline is reached in steps (fire() re-arms). */
const MAX_TIMEOUT_MS = 3600000;

function after(ms: number): number {
  return ms < 0 ? 0 : ms > MAX_TIMEOUT_MS ? MAX_TIMEOUT_MS : ms;
}

/** The program's fingerprint: the CRC-32 of each file flashed (the program as saved, .bootcde; the
 *  fonts'; the set-up menu's; the link's; the power-on code's; the arbiter's menu's), as 8 hex digits each ("00000000" for a file not there), then the
 *  CRC-32 of those characters. `goclock verify` works it out from a build's files the same way
 *  (hw/fingerprint.ts). E.CRC32 reads a file in flash natively, with no RAM copy; about a quarter of
 *  a second of the boot for the 80 KB (Espruino's own interpreter: ~100 instructions a byte). */
export function fingerprint(): string {
  let all = "";
  const S = require("Storage");
  const files = [".bootcde", FONTS_FILE, MENU_FILE, LINK_FILE, BOOT_FILE, ARBITER_FILE];
  for (let i = 0; i < files.length; i++) {
    const d = files[i] ? S.read(files[i]) : undefined;
    all += hex8(d === undefined ? 0 : E.CRC32(d));
  }
  return hex8(E.CRC32(all));
}

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
  const battery = new Battery(pins.batterySense, () => !speaker.busy());
  const store = new FlashStore();

  let timer = -1;
  let due = 0;
  let wake: (() => void) | null = null;
  const fire = (): void => {
    timer = -1;
    const early = due - now();
    if (early > 0) {
      timer = later(fire, after(early)); // early (RTC rounding, or a far deadline): not yet
      return;
    }
    const fn = wake;
    wake = null;
    if (fn) fn();
  };

  const lampPins = pins.lamps;
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
      timer = later(fire, after(t - now()));
    },
    onButton: (fn) => {
      report = fn;
      if (watching) return;
      watching = true;
      watchButtons(pins.buttons, (b, down, t) => {
        if (report) report(b, down, t);
      });
    },
    gfx: display.g,
    show: (t) => display.show(t),
    play: (clips, t) => speaker.play(clips, t),
    setVolume: (v) => speaker.setVolume(v),
    holdsClip: () => speaker.holdsCopy(),
    store: store,
    battery: (t) => battery.read(t),
    kick: kickWatchdog,
    advertise: makeAdvertiser(),
    firmware: fingerprint(),
    checkpoint: { mainMs: CHECKPOINT_MAIN_MS, overtimeMs: CHECKPOINT_OVERTIME_MS },
    contrast: (level) => display.contrast(level),
  };
  if (lampPins) {
    board.lamps = (left, right) => {
      lamp(lampPins[0], left);
      lamp(lampPins[1], right);
    };
  }
  return { board: board, display: display };
}
