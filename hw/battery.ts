// Battery level. Jolt.js has no battery input (E.getBattery is not in its build), so, as its docs
// suggest, one motor-driver output that is left unconnected (H4) is switched high for a moment: it
// then carries the supply voltage, which its built-in divider lets analogRead return in volts. On the
// LiPo that supply is the cell minus the 0.35 V power diode; on USB it is about 4.65 V.
//
// battery() must answer at once, so it returns the last measurement and starts a new one (50 ms with
// driver 1 on) when that is older than a minute and the speaker is quiet (its load sags the supply).

import type { Pins } from "./pins";

const EVERY_MS = 60000;
const SETTLE_MS = 50;
const DIODE_V = 0.35;
/** Above this the board runs from USB, whatever the cell holds. */
const USB_V = 4.45;
/** A resting single-cell LiPo: volts → percent, piecewise linear. Approximate, uncalibrated. Pairs
 *  of (volts, percent) in one string, read once a minute: an array of them would stay in RAM, at
 *  several times the jsvars. */
const CURVE = "3.3 0 3.5 5 3.6 12 3.7 30 3.75 40 3.8 50 3.9 65 4.0 80 4.1 90 4.2 100";

/** The battery reader: battery(now) gives the last known level (-1 = unknown) and may start a new
 *  measurement; it never throws. One closure over its state, not a class: a class's constructor,
 *  prototype and methods, and an instance, are RAM on the board for as long as it runs. */
export function batteryReader(sense: Pins["batterySense"], quiet: () => boolean): (now: number) => number {
  let percent = -1;
  let measuredAt = -EVERY_MS;
  let measuring = false;
  // a measurement, in a function of its own: Espruino reads through every token of a function it
  // runs, and the reader runs at every draw
  const measure = function (s: { pin: Pin; driver: number }, now: number): void {
    measuring = true;
    measuredAt = now;
    // the driver output back to an input, its driver off: after a reading, or when one failed
    // (anything thrown here leaves it: the next measurement tries again)
    const release = function (): void {
      measuring = false;
      try {
        digitalWrite(s.pin, 0);
        pinMode(s.pin, "input");
        if (s.driver >= 0) Jolt.setDriverMode(s.driver, false);
      } catch (e) {
        // leave it
      }
    };
    try {
      if (s.driver >= 0) Jolt.setDriverMode(s.driver, true);
      // an output again: release made it an input by pinMode, after which Espruino's digitalWrite
      // keeps the pin's mode (only the first reading would have worked)
      pinMode(s.pin, "output");
      digitalWrite(s.pin, 1);
      setTimeout(function () {
        // percent 0 … 100 for the supply voltage seen on the driver output; -1 if it makes no sense
        // (here, not a function of its own: each is RAM on the board for as long as it runs)
        let p = -1;
        try {
          const supplyV = analogRead(s.pin);
          if (supplyV >= USB_V) p = 100;
          else if (supplyV > 1) {
            // 1 V or less: nothing measured (driver off, or no reading)
            const v = supplyV + DIODE_V;
            const c = CURVE.split(" ");
            p = v <= +c[0] ? 0 : 100;
            for (let i = 2; i < c.length && v > +c[0]; i += 2) {
              const av = +c[i - 2];
              const ap = +c[i - 1];
              const bv = +c[i];
              if (v <= bv) {
                p = Math.round(ap + ((v - av) * (+c[i + 1] - ap)) / (bv - av));
                break;
              }
            }
          }
        } catch (e) {
          p = -1;
        }
        percent = p;
        release();
      }, SETTLE_MS);
    } catch (e) {
      percent = -1;
      release();
    }
  };
  return function (now: number): number {
    if (sense && !measuring && now - measuredAt >= EVERY_MS && quiet()) measure(sense, now);
    return percent;
  };
}
