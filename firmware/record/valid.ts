// Checks of a setting's value that both the power-on code (the settings read back: settings.ts) and
// the link's requests (settings sent: link/protocol.ts) make. On the board each of their Storage files
// holds its own copy of this module (build/cold.ts) and the program none: a game keeps none of these
// functions in RAM. No imports: the lists come from the caller. Espruino-safe (see ESPRUINO.md).

export function isWhole(v: unknown, min: number, max: number): boolean {
  return typeof v === "number" && v === Math.floor(v) && v >= min && v <= max;
}

/** Whether v is the id of one of the list's entries (a voice pack, a tradition). */
export function hasId(list: { id: string }[], v: unknown): boolean {
  for (let i = 0; i < list.length; i++) if (list[i].id === v) return true;
  return false;
}
