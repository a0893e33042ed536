// The buttons: one setWatch per pin on both edges with Espruino's debounce off, debounced from the
// edges' own interrupt timestamps (hw/debounce.ts). A press is reported as its first edge arrives,
// dated by that edge, so the move is charged to the instant the contact closed.
//
// RAM: every function a board holds costs jsvars for as long as it runs, and a closure's scope keeps
// each of its names. So a button is one object (its debounce state, where it is, its timer) and one
// closure (the watch's callback, which hands that object on); the lockout's end is two functions of
// the module shared by all buttons, not four closures a button (44 jsvars less for three buttons,
// measured on Espruino 2v29).

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

/** Milliseconds on the board's clock for a getTime() value (the same scale as Board.now). */
function ms(seconds: number): number {
  return Math.floor(seconds * 1000);
}

/** Re-reads the pin when a lockout ends; a lockout begun meanwhile gets its own check. */
function settle(w: Watched): void {
  w.timer = -1;
  const c = onSettle(w, (digitalRead(w.button.pin) ? true : false) === w.button.pressedHigh, ms(getTime()));
  if (c) w.report(w.index, c.down, c.t);
  arm(w);
}

/** Sets the timer for the end of a lockout, if one runs and none is set. */
function arm(w: Watched): void {
  if (w.until < 0 || w.timer >= 0) return;
  w.timer = setTimeout(function () {
    settle(w);
  }, Math.max(0, w.until - ms(getTime())) + 1);
}

/** Watches one button; a function of its own so each watch keeps its own state (no loop closure). */
function watchButton(index: number, b: ButtonPin, report: Report): void {
  pinMode(b.pin, b.mode);
  const w = newDebounce((digitalRead(b.pin) ? true : false) === b.pressedHigh) as Watched;
  w.index = index;
  w.button = b;
  w.timer = -1;
  w.report = report;
  setWatch(
    function (e: WatchEvent) {
      const c = onEdge(w, (e.state ? true : false) === w.button.pressedHigh, ms(e.time));
      if (c) w.report(w.index, c.down, c.t);
      arm(w);
    },
    b.pin,
    { repeat: true, edge: "both", debounce: 0 },
  );
}

/** Starts watching every button; `report` gets (index in pins, down, time of the edge in ms). */
export function watchButtons(buttons: ButtonPin[], report: Report): void {
  buttons.forEach((b, i) => {
    try {
      watchButton(i, b, report);
    } catch (e) {
      // a pin that cannot be watched leaves the others working
    }
  });
}
