// The SSD1306 128×64 OLED on the hardware I²C (Qwiic port), through Espruino's official SSD1306
// module. The module's Graphics buffer is `vertical_byte`, the very page layout of the app's frame
// (firmware/gfx/frame.ts), so drawing is one copy into it and a flip().
//
// The module is handed a guarded bus instead of the I²C object: every write it makes (its init
// commands run later, from its own timer) is caught, so a missing display or an I²C error only marks
// the display broken. draw() then returns the error, and a new connection is tried every RETRY_MS.
// The hardware I²C is used (not Jolt.Q0.i2c, a software one) because it reports a missing device
// (no ACK) as an error, and is faster: a whole frame takes about 25 ms at 400 kHz.

import type { Pins } from "./pins";

const RETRY_MS = 10000;
const FRAME_BYTES = 1024;
/** SSD1306 command: no operation. Written to find the address the display answers at. */
const NOP = [0x00, 0xe3];

function message(e: unknown): string {
  const m = e && typeof e === "object" ? (e as { message?: unknown }).message : undefined;
  return m !== undefined ? "" + m : "" + e;
}

type DisplayPins = Pins["display"];

export class Display {
  private pins: DisplayPins;
  private g: Graphics | null = null;
  /** The module's init has run (its callback came) without an I²C error. */
  private ready = false;
  private error: string | null = null;
  private triedAt = 0;
  /** A frame drawn before the display was ready, shown when it is. */
  private pending = false;

  constructor(pins: DisplayPins) {
    this.pins = pins;
  }

  private fail(e: unknown): void {
    if (this.error === null) this.error = "I2C: " + message(e);
    this.ready = false;
  }

  /** (Re)starts the module; it initialises the display 50 ms later and calls back at 100 ms. */
  connect(now: number): void {
    this.triedAt = now;
    this.error = null;
    this.ready = false;
    this.g = null;
    const self = this;
    try {
      I2C1.setup({ sda: this.pins.sda, scl: this.pins.scl, bitrate: this.pins.bitrate });
      const address = this.find();
      if (address < 0) {
        this.error = "no display at I2C " + this.pins.addresses.map((a) => "0x" + a.toString(16)).join(" or ");
        return;
      }
      const bus: I2CWriteTarget = {
        writeTo: function (to: number, data: number[] | Uint8Array) {
          if (self.error !== null) return; // one error is enough: do not block on every chunk
          try {
            I2C1.writeTo(to, data);
          } catch (e) {
            self.fail(e);
          }
        },
      };
      const g = require("SSD1306").connect(bus, function () {
        if (self.g !== g || self.error !== null) return;
        self.ready = true;
        if (self.pending) self.flip();
      }, { height: 64, address: address });
      this.g = g;
    } catch (e) {
      this.fail(e);
    }
  }

  /** The first address that acknowledges a no-op command, or -1. */
  private find(): number {
    const list = this.pins.addresses;
    for (let i = 0; i < list.length; i++) {
      try {
        I2C1.writeTo(list[i], NOP);
        return list[i];
      } catch (e) {
        // no ACK there
      }
    }
    return -1;
  }

  private flip(): void {
    this.pending = false;
    try {
      if (this.g) this.g.flip();
    } catch (e) {
      this.fail(e);
    }
  }

  /** Shows the frame; an error text (display missing, I²C error) or null. Never throws. */
  draw(frame: Uint8Array, now: number): string | null {
    if (this.error !== null && now - this.triedAt >= RETRY_MS) this.connect(now);
    const err = this.error;
    if (err !== null || !this.g) return err !== null ? err : "display not connected";
    try {
      if (frame.length !== FRAME_BYTES) return "frame of " + frame.length + " bytes";
      new Uint8Array(this.g.buffer).set(frame);
    } catch (e) {
      return "display: " + message(e);
    }
    if (!this.ready) {
      this.pending = true; // the module is still starting the display: shown from its callback
      return null;
    }
    this.flip();
    return this.error;
  }

  /** Plain text with the module's built-in font, for when the app itself could not start. */
  showText(lines: string[]): void {
    const g = this.g;
    if (!g) return;
    try {
      g.clear();
      lines.forEach((l, i) => g.drawString(l, 0, i * 8));
      if (this.ready) this.flip();
      else this.pending = true;
    } catch (e) {
      this.fail(e);
    }
  }
}
