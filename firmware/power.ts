// What the clock spends, and what it shows of its battery: the player buttons' lamps (the running
// side seen from 10 m), the display dimmed while nobody acts, the low-battery warning and the last
// face before the cell is empty. The figures behind the thresholds are the power model's
// (test/bench/power.ts, `npm run bench`): at WARN_PERCENT the worst control it models still has at
// least 10 hours of play (the FIDE equipment standard, points f and g).
//
// On the board this runs in the draw path: a press and the second's redraw pay one comparison each
// (the game object, the level, the battery reading unchanged); the lamps and the contrast are
// commands to the board only when they change.

import { type Board, LAMP_OFF, LAMP_ON, LAMP_BLINK } from "./board";
import type { Game, Side } from "./core/index";

/** The contrast while someone acts (the SSD1306 modules' own default, 0xCF) and while nobody does. */
export const BRIGHT = 0xcf;
export const DIM = 0x10;
/** How long the display stays bright after a button, a menu step or a message. */
export const BRIGHT_MS = 5000;
/** Battery charge (hw/battery.ts: the resting LiPo curve) at which the warning comes, and at which
 *  the clock pauses the game, saves it and stops writing (the safe voltage, hw/README.md). */
export const WARN_PERCENT = 25;
export const EMPTY_PERCENT = 5;

/** The lamp of a side's button in game g: lit while that side's clock runs, blinking once its flag
 *  fell, dark otherwise (set-up, paused, over). */
export function lampOf(g: Game, side: Side): number {
  if (g.phase === "running") return g.toMove === side ? LAMP_ON : LAMP_OFF;
  return g.phase === "flagged" && g.flagged === side ? LAMP_BLINK : LAMP_OFF;
}

/** The lamps and the display's level, sent to the board only when they change. */
export class Power {
  private board: Board;
  /** The game the lamps were last looked at for (the app compares before calling showGame). */
  game: Game | null = null;
  private lamps = -1;
  private level = -1;
  /** Until this instant the display stays bright. */
  brightUntil = 0;

  constructor(board: Board) {
    this.board = board;
  }

  /** Someone acted at t (a button, a menu step, a message): the display brightens. */
  touch(t: number): void {
    this.brightUntil = t + BRIGHT_MS;
  }

  /** The lamps for game g (only looked at when g is a new game object). */
  showGame(g: Game, whiteOnRight: boolean): void {
    if (g === this.game) return;
    this.game = g;
    // both lamps as left × 3 + right
    const white = lampOf(g, "white");
    const black = lampOf(g, "black");
    const l = whiteOnRight ? black * 3 + white : white * 3 + black;
    if (l === this.lamps) return;
    this.lamps = l;
    const b = this.board;
    if (b.lamps) b.lamps((l / 3) | 0, l % 3);
  }

  /** The sides changed places (a setting): the lamps are looked at again. */
  forget(): void {
    this.game = null;
    this.lamps = -1;
  }

  /** The display's level at `now`; the error text of the board, or null. */
  showLevel(now: number, awake: boolean): string | null {
    const level = awake || now < this.brightUntil ? BRIGHT : DIM;
    if (level === this.level) return null;
    const b = this.board;
    const err = b.contrast ? b.contrast(level) : null;
    this.level = err ? -1 : level; // a display that did not take it is asked again at the next draw
    return err;
  }

  /** When the bright display will dim (the app wakes then), or -1 when it stays as it is until
   *  something else wakes the app (dim already, or bright for a message that ends at its own wake). */
  dimAt(now: number): number {
    return this.level === BRIGHT && this.brightUntil > now ? this.brightUntil : -1;
  }
}
