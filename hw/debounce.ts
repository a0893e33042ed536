// Debouncing from the edges' own timestamps, as a small state machine with no globals, so a test can
// feed it edge sequences. The watch itself runs with debounce 0: Espruino's debounce would report a
// press only once the pin has been stable, i.e. late, and with the time of the end of the bounce.
//
// - The first edge that changes the reported level is reported at once, with its own time: a clean
//   press is never delayed, and the move is charged to the instant the contact closed.
// - For LOCKOUT_MS after a reported change, further edges are bounce and are only remembered.
// - When the lockout ends the driver reads the pin: if its level differs from the one reported (a
//   release inside the lockout, or a missed edge), the change is reported with the time of the last
//   edge seen, and a new lockout starts from that edge.
//
// A bounce train shorter than the lockout thus gives exactly one change. A worse switch could give a
// second press; on a Go clock that is harmless, since a press on the side not running changes nothing.

export const LOCKOUT_MS = 25;

export interface Debounce {
  /** The level last reported: true = held. */
  down: boolean;
  /** Edges before this instant are bounce; onSettle is due at it. -1 = no lockout pending. */
  until: number;
  /** The time of the last edge seen (reported or not). */
  lastEdge: number;
  /** The time of the last reported change. */
  at: number;
}

export interface Change {
  down: boolean;
  t: number;
}

export function newDebounce(down: boolean): Debounce {
  return { down: down, until: -1, lastEdge: -1, at: -1 };
}

/** An edge: the level just after it and the interrupt's time. Returns the change to report, or null. */
export function onEdge(d: Debounce, down: boolean, t: number): Change | null {
  d.lastEdge = t;
  if (d.until >= 0 && t < d.until) return null; // bounce
  if (down === d.down) return null; // a glitch too short to see both edges, or a repeated edge
  d.down = down;
  d.at = t;
  d.until = t + LOCKOUT_MS;
  return { down: down, t: t };
}

/** The lockout is over (now >= d.until): the pin's level now. Returns the change to report, or null.
 *  Afterwards d.until >= 0 means another lockout runs: call again then. */
export function onSettle(d: Debounce, down: boolean, now: number): Change | null {
  if (d.until < 0 || now < d.until) return null;
  d.until = -1;
  if (down === d.down) return null;
  // No edge since the last change means the interrupt missed it: all we know is "by now".
  const t = d.lastEdge > d.at ? d.lastEdge : now;
  d.down = down;
  d.at = t;
  const until = t + LOCKOUT_MS;
  if (until > now) d.until = until; // the edge was recent: what follows it may still be bounce
  return { down: down, t: t };
}
