// Pins of a Jolt.js (boards/JOLTJS.py in the Espruino source): D0 … D47, and H0 … H7, the motor
// driver outputs, which are other names for D17, D15, D13, D14, D22, D32, D25, D34. BTN1 is D0 with
// a pull-down (pressed reads 1); LED1..3 are D6, D8, D41. A pin's level is what the world drives on
// it (a pressed button), or else its own output, or else its pull resistor; an open input with no
// pull reads 0 here (on the board it floats, which is worse).

export type PinMode =
  | "input" | "input_pullup" | "input_pulldown" | "output" | "opendrain" | "opendrain_pullup"
  | "af_output" | "af_opendrain" | "analog";

export interface PinInfo {
  /** The index Espruino gives the pin (what `D5|0` or `H0|0` is). */
  index: number;
  name: string;
  /** The port pin it really is: H0 and D17 share one. */
  phys: number;
}

const H_PHYS = [17, 15, 13, 14, 22, 32, 25, 34];

export const JOLT_PINS: PinInfo[] = (() => {
  const pins: PinInfo[] = [];
  for (let i = 0; i < 48; i++) pins.push({ index: i, name: "D" + i, phys: i });
  for (let i = 0; i < 8; i++) pins.push({ index: 48 + i, name: "H" + i, phys: H_PHYS[i] });
  return pins;
})();

/** Board-level names that are variables on a Jolt.js (BTN, LED1 …), by pin name. */
export const JOLT_ALIASES: Record<string, string> = {
  BTN: "D0", BTN1: "D0", LED: "D6", LED1: "D6", LED2: "D8", LED3: "D41",
};

/** Qwiic connectors (libs/joltjs/jswrap_jolt.c and boards/JOLTJS.py): Q0/Q1 switch GND with a
 *  FET (fet = 1 powers the port), Q2/Q3 have GPIO vcc and gnd. */
export const JOLT_QWIIC: Record<string, { sda: string; scl: string; fet?: string; vcc?: string; gnd?: string }> = {
  Q0: { sda: "D3", scl: "D29", fet: "D7" },
  Q1: { sda: "D2", scl: "D31", fet: "D27" },
  Q2: { sda: "D44", scl: "D45", vcc: "D43", gnd: "D36" },
  Q3: { sda: "D39", scl: "D38", vcc: "D42", gnd: "D37" },
};

export interface PinState {
  mode: PinMode;
  /** Set by pinMode without `automatic`: digitalRead/Write then keep the mode. */
  manual: boolean;
  out: number;
  /** What the world drives: 0, 1, or null (nothing: the pin's own output or pull decides). */
  external: number | null;
  pwm: { value: number; freq: number; soft: boolean } | null;
}

export class PinBank {
  readonly byIndex = new Map<number, PinInfo>();
  readonly byName = new Map<string, PinInfo>();
  private states = new Map<number, PinState>();
  /** Called when a pin's level changes (for watches). */
  onLevel: (phys: number, level: number) => void = () => {};
  /** A button that only conducts while another pin is high (a switched GND, like Qwiic Q1's FET). */
  private gates = new Map<number, number>();

  constructor(pins: PinInfo[]) {
    for (const p of pins) {
      this.byIndex.set(p.index, p);
      this.byName.set(p.name, p);
    }
  }

  /** The pin a value names, as jshGetPinFromVar reads it: a Pin, an index, or "D5"; null if none. */
  resolve(v: unknown): PinInfo | null {
    if (v !== null && typeof v === "object" && "index" in (v as object)) return this.byIndex.get((v as { index: number }).index) ?? null;
    if (typeof v === "number" && Number.isFinite(v)) return this.byIndex.get(Math.floor(v)) ?? null;
    if (typeof v === "string") return this.byName.get(JOLT_ALIASES[v] ?? v) ?? null;
    return null;
  }

  state(phys: number): PinState {
    let s = this.states.get(phys);
    if (!s) {
      s = { mode: "input", manual: false, out: 0, external: null, pwm: null };
      this.states.set(phys, s);
    }
    return s;
  }

  /** The world's drive on `phys` only reaches it while `gate` is high. */
  gate(phys: number, gate: number): void {
    this.gates.set(phys, gate);
  }

  level(phys: number): number {
    const s = this.state(phys);
    const g = this.gates.get(phys);
    if (s.external !== null && (g === undefined || this.level(g) === 1)) return s.external;
    if (s.mode === "output" || s.mode === "af_output") return s.out;
    if ((s.mode === "opendrain" || s.mode === "opendrain_pullup") && s.out === 0) return 0;
    if (s.mode === "input_pullup" || s.mode === "opendrain_pullup") return 1;
    return 0;
  }

  /** Any change that may move a pin's level: report an edge if it did. */
  change(phys: number, fn: (s: PinState) => void): void {
    const watched = [phys];
    for (const [p, g] of this.gates) if (g === phys) watched.push(p);
    const before = watched.map((p) => this.level(p));
    fn(this.state(phys));
    watched.forEach((p, i) => {
      const after = this.level(p);
      if (after !== before[i]) this.onLevel(p, after);
    });
  }

  /** Back to power-on state: every pin an input with no pull, except what the board sets up. */
  reset(preset: Record<number, PinMode>): void {
    const external = new Map<number, number | null>();
    for (const [phys, s] of this.states) external.set(phys, s.external);
    this.states.clear();
    for (const [phys, e] of external) this.state(phys).external = e;
    for (const phys of Object.keys(preset)) this.state(Number(phys)).mode = preset[Number(phys)];
  }
}
