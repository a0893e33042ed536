// An error's text, for a fault or a message on the display: one function for the board's drivers and
// its boot (each function of the program is a few jsvars for as long as the board runs).

export function message(e: unknown): string {
  const m = e && typeof e === "object" ? (e as { message?: unknown }).message : undefined;
  return m !== undefined ? "" + m : "" + e;
}
