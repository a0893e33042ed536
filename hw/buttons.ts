// The buttons: one setWatch per pin on both edges with Espruino's debounce off, debounced from the
// edges' own interrupt timestamps (hw/debounce.ts). A press is reported as its first edge arrives,
// dated by that edge, so the move is charged to the instant the contact closed.

import { type Debounce, type Change, newDebounce, onEdge, onSettle } from "./debounce";
import type { ButtonPin } from "./pins";

type Report = (button: number, down: boolean, t: number) => void;

/** Milliseconds on the board's clock for a getTime() value (the same scale as Board.now). */
function ms(seconds: number): number {
  return Math.floor(seconds * 1000);
}

/** Watches one button; a function of its own so each watch keeps its own state (no loop closure). */
function watchButton(index: number, b: ButtonPin, report: Report): void {
  pinMode(b.pin, b.mode);
  const isDown = (level: boolean | number): boolean => (level ? true : false) === b.pressedHigh;
  const d: Debounce = newDebounce(isDown(digitalRead(b.pin)));
  let timer = -1;

  const emit = (c: Change | null): void => {
    if (c) report(index, c.down, c.t);
  };
  // Re-reads the pin when a lockout ends; a lockout begun meanwhile gets its own check.
  const settle = (): void => {
    timer = -1;
    emit(onSettle(d, isDown(digitalRead(b.pin)), ms(getTime())));
    arm();
  };
  const arm = (): void => {
    if (d.until < 0 || timer >= 0) return;
    timer = setTimeout(settle, Math.max(0, d.until - ms(getTime())) + 1);
  };
  setWatch(
    (e: WatchEvent) => {
      emit(onEdge(d, isDown(e.state), ms(e.time)));
      arm();
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
