// Time as Espruino on nRF52 keeps it: "system ticks" at 2^20 Hz (SYSCLK_FREQ in
// targets/nrf5x/jshardware.c), read from the 32,768 Hz RTC, so every reading is a multiple of 32
// ticks (30.5 µs). jshGetTimeFromMilliseconds rounds half up. Tests speak integer milliseconds.

export const TICKS_PER_S = 1048576;
/** One RTC step: 2^20 / 32768. */
export const RTC_STEP = 32;

export function msToTicks(ms: number): number {
  return Math.floor(ms * (TICKS_PER_S / 1000) + 0.5);
}

export function ticksToMs(t: number): number {
  return (t * 1000) / TICKS_PER_S;
}

/** What the RTC shows at tick t (jshGetSystemTime): the last whole RTC step. */
export function rtcFloor(t: number): number {
  return Math.floor(t / RTC_STEP) * RTC_STEP;
}

/** The first RTC step at or after t (when a timer set for t can wake the chip). */
export function rtcCeil(t: number): number {
  return Math.ceil(t / RTC_STEP) * RTC_STEP;
}

/** A small seeded generator (mulberry32): same seed, same bounce trains, same power cuts. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
}
