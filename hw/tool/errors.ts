// What can go wrong between the tool and a clock, each with its own message and exit status, so a
// script (and an arbiter) can tell a dead link from a refusal.

export const EXIT = {
  ok: 0,
  /** The clock understood and refused (bad value, not now): nothing changed. */
  refused: 1,
  /** The command line itself is wrong. */
  usage: 2,
  /** Nothing answered on the port. */
  noAnswer: 3,
  /** Something answered, but not this clock's protocol. */
  notClock: 4,
  /** The port cannot be opened: missing, busy (another program has it), no permission. */
  port: 5,
  /** A game is on and the clock is locked: unlock with the PIN first. */
  locked: 6,
  /** The clock's firmware fingerprint is not the build's (goclock verify, goclock flash). */
  notThisBuild: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class ToolError extends Error {
  exit: ExitCode;
  constructor(message: string, exit: ExitCode) {
    super(message);
    this.exit = exit;
  }
}
