// Time controls an arbiter picks from a list instead of entering them field by field. Each label fits
// a menu line (21 characters) and ends with the control's notation as formatControl prints it, so
// the list shows exactly what will be set. Where each comes from is said beside it; events change
// their limits often, so these are typical settings, not a record of any one year.

export interface Preset {
  label: string;
  control: string;
}

export const PRESETS: Preset[] = [
  // Chinese rules 12.3 as written: the 5 minutes of byoyomi are kept back inside the 2 h.
  { label: "China 2h(5x60s)", control: "2h(5x60s)" },
  // 12.3 as commonly played in Chinese amateur and club events: byoyomi added after the main time.
  { label: "China 1h+5x60s", control: "1h+5x60s" },
  // 12.3, last paragraph: fast play with 30 s periods.
  { label: "China fast 30m+3x30s", control: "30m+3x30s" },
  // Nihon Ki-in: Oza, Tengen and most preliminaries give 3 h each (Sensei's Library, "Professional
  // Tournament Time Limits", 2010); Japanese byoyomi is one minute a move, a single period.
  { label: "Japan 3h+1x60s", control: "3h+1x60s" },
  // Nihon Ki-in leagues (Kisei, Meijin, Honinbo): 5 h each, same source.
  { label: "Japan 5h+1x60s", control: "5h+1x60s" },
  // NHK Cup (TV): 30 s a move after 10 minutes (same source); its ten one-minute thinking periods
  // are not modelled.
  { label: "Japan NHK 10m+1x30s", control: "10m+1x30s" },
  // Korean Myeongin: 2 h + 3x60 s (same source).
  { label: "Korea 2h+3x60s", control: "2h+3x60s" },
  // Korean Baduk League, long games (2011): 1 h + 5x40 s (same source).
  { label: "Korea 1h+5x40s", control: "1h+5x40s" },
  // Korean fast titles (Maxim Cup, Siptan): 10 min + 3x40 s (same source).
  { label: "Korea fast 10m+3x40s", control: "10m+3x40s" },
  // AGA US Open (US Go Congress 2022): 90 min, then 5 periods of 30 s.
  { label: "AGA 90m+5x30s", control: "90m+5x30s" },
  // AGA minimum for rated games, Canadian overtime: 30 min, then 20 stones in 5 min.
  { label: "AGA 30m+C20/5m", control: "30m+C20/5m" },
  // AGA minimum, Japanese byoyomi: 30 min, then 20 s a move.
  { label: "AGA 30m+1x20s", control: "30m+1x20s" },
  // AGA minimum, Fischer: 3 min + 15 s a move.
  { label: "AGA 3m+F15s", control: "3m+F15s" },
  // AGA minimum, absolute ("sudden death"): 45 min.
  { label: "AGA 45m", control: "45m" },
  // Fast play, 12.3 last paragraph: periods of 20 s and 10 s and no main time.
  { label: "Fast 5x20s", control: "5x20s" },
  { label: "Fast 5x10s", control: "5x10s" },
  // Fischer increment as chess clocks offer it.
  { label: "Fischer 10m+F10s", control: "10m+F10s" },
  // Absolute time (包干, 12.4), as in many Chinese amateur events.
  { label: "Absolute 30m", control: "30m" },
];

/** The preset both sides are set to, or -1. */
export function presetIndex(black: string, white: string): number {
  if (black !== white) return -1;
  for (let i = 0; i < PRESETS.length; i++) if (PRESETS[i].control === black) return i;
  return -1;
}
