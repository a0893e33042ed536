// The buttons: one setWatch per pin on both edges with Espruino's debounce off, debounced from the
// edges' own interrupt timestamps (hw/debounce.ts). A press is reported as its first edge arrives,
// dated by that edge, so the move is charged to the instant the contact closed.
//
// RAM: every function a board holds costs jsvars for as long as it runs, and a closure's scope keeps
// each of its names. So a button is one object (its debounce state, where it is, its timer) and one
// closure (the watch's callback, which hands that object on); the lockout's end is one function of
// the module shared by all buttons (arm), not closures kept a button (44 jsvars less for three
// buttons, measured on Espruino 2v29).

import { type Debounce, newDebounce, onEdge, onSettle } from "./debounce";
import type { ButtonPin } from "./pins";

type Report = (button: number, down: boolean, t: number) => void;

/** A watched button: its debounce state, its index and pin, the lockout's timer (-1: none). */
interface Watched extends Debounce {
  index: number;
  button: ButtonPin;
  timer: number;
  report: Report;
}

// getTime() seconds become milliseconds on the board's clock (the scale of Board.now) as
// Math.floor(seconds * 1000), written out each time: a function for it would be RAM as long as the
// board runs, and a call more on the press path.

/** Sets the timer for the end of a lockout, if one runs and none is set; when it ends, the pin is
 *  read again, and a lockout begun meanwhile gets its own check. */
function arm(w: Watched): void {
  if (w.until < 0 || w.timer >= 0) return;
  w.timer = setTimeout(function () {
    w.timer = -1;
    const c = onSettle(w, (digitalRead(w.button.pin) ? true : false) === w.button.pressedHigh, Math.floor(getTime() * 1000));
    if (c) w.report(w.index, c.down, c.t);
    arm(w);
  }, Math.max(0, w.until - Math.floor(getTime() * 1000)) + 1);
}

/** Starts watching every button; `report` gets (index in pins, down, time of the edge in ms). Each
 *  button's watch keeps its own state through the forEach callback's scope (no loop closure). */
export function watchButtons(buttons: ButtonPin[], report: Report): void {
  buttons.forEach((b, i) => {
    try {
      pinMode(b.pin, b.mode);
      const w = newDebounce((digitalRead(b.pin) ? true : false) === b.pressedHigh) as Watched;
      w.index = i;
      w.button = b;
      w.timer = -1;
      w.report = report;
      setWatch(
        function (e: WatchEvent) {
          const c = onEdge(w, (e.state ? true : false) === w.button.pressedHigh, Math.floor(e.time * 1000));
          if (c) w.report(w.index, c.down, c.t);
          arm(w);
        },
        b.pin,
        { repeat: true, edge: "both", debounce: 0 },
      );
    } catch (e) {
      // a pin that cannot be watched leaves the others working
    }
  });
}
