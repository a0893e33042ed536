// Time controls an arbiter picks from a list instead of entering them field by field. Each label fits
// a menu line (21 characters) and ends with the control's notation as formatControl prints it, so
// the list shows exactly what will be set. Where each comes from is said beside it; events change
// their limits often, so these are typical settings, not a record of any one year.
//
// One string, "label;" a row, not an array of objects (18 objects would take about 150 jsvars of
// RAM), and returned by a function: the interpreter makes the string when the list is shown, not
// for as long as the board runs.

export interface Preset {
  label: string;
  control: string;
}

/** The presets, decoded when a list of them is shown (the table in the loop: a function fewer). */
export function presets(): Preset[] {
  const out: Preset[] = [];
  const table = (
    // Chinese rules 12.3 as written: the 5 minutes of byoyomi are kept back inside the 2 h.
    "China 2h(5x60s);" +
    // 12.3 as commonly played in Chinese amateur and club events: byoyomi added after the main time.
    "China 1h+5x60s;" +
    // 12.3, last paragraph: fast play with 30 s periods.
    "China fast 30m+3x30s;" +
    // Nihon Ki-in: Oza, Tengen and most preliminaries give 3 h each (Sensei's Library, "Professional
    // Tournament Time Limits", 2010); Japanese byoyomi is one minute a move, a single period.
    "Japan 3h+1x60s;" +
    // Nihon Ki-in leagues (Kisei, Meijin, Honinbo): 5 h each, same source.
    "Japan 5h+1x60s;" +
    // NHK Cup (TV): 30 s a move after 10 minutes (same source); its ten one-minute thinking periods
    // are not modelled.
    "Japan NHK 10m+1x30s;" +
    // Korean Myeongin: 2 h + 3x60 s (same source).
    "Korea 2h+3x60s;" +
    // Korean Baduk League, long games (2011): 1 h + 5x40 s (same source).
    "Korea 1h+5x40s;" +
    // Korean fast titles (Maxim Cup, Siptan): 10 min + 3x40 s (same source).
    "Korea fast 10m+3x40s;" +
    // AGA US Open (US Go Congress 2022): 90 min, then 5 periods of 30 s.
    "AGA 90m+5x30s;" +
    // AGA minimum for rated games, Canadian overtime: 30 min, then 20 stones in 5 min.
    "AGA 30m+C20/5m;" +
    // AGA minimum, Japanese byoyomi: 30 min, then 20 s a move.
    "AGA 30m+1x20s;" +
    // AGA minimum, Fischer: 3 min + 15 s a move.
    "AGA 3m+F15s;" +
    // AGA minimum, absolute ("sudden death"): 45 min.
    "AGA 45m;" +
    // Fast play, 12.3 last paragraph: periods of 20 s and 10 s and no main time.
    "Fast 5x20s;" +
    "Fast 5x10s;" +
    // Fischer increment as chess clocks offer it.
    "Fischer 10m+F10s;" +
    // Absolute time (包干, 12.4), as in many Chinese amateur events.
    "Absolute 30m;"
  );
  for (const label of table.split(";")) {
    const words = label.split(" ");
    if (label) out.push({ label: label, control: words[words.length - 1] });
  }
  return out;
}

/** The preset both sides are set to, or -1. */
export function presetIndex(black: string, white: string): number {
  if (black !== white) return -1;
  const all = presets();
  for (let i = 0; i < all.length; i++) if (all[i].control === black) return i;
  return -1;
}
