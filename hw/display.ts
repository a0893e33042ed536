// The 128×64 OLED (SSD1309 on the recommended 2.42" module, SSD1306 on the 1.3" and 0.96" ones) on
// the hardware I²C (Qwiic port). The app draws with Espruino's native
// Graphics (the drawing contract, firmware/gfx/gfx.ts) into a buffer laid out as the controller's RAM
// (`vertical_byte`, bit 0 at the top: 2v25 made `msb: true` the default, so it is said), and show()
// sends only the window drawn into since the last show: a column/page address command, then those
// columns of those pages in one write. A countdown's second is 252 bytes (about 6 ms of I²C at
// 400 kHz, which blocks the CPU) instead of the whole 1,024 (24 ms) that the SSD1306 module's flip()
// sends, and no module is needed: the init commands are the module's own.
//
// A missing display or an I²C error only marks the display broken: show() returns the error, a new
// connection is tried every RETRY_MS, and the whole frame is sent once the display answers again.
// The hardware I²C is used (not Jolt.Q0.i2c, a software one) because it reports a missing device
// (no ACK) as an error, and is faster.

import type { Pins } from "./pins";
import { message } from "./message";

const RETRY_MS = 10000;
/** After the port is powered, the controller is given this long before its init commands. */
const START_MS = 50;
// Command bytes as strings (writeTo sends a string's bytes): an array of numbers kept from boot would
// take a jsvar a byte on the board.
/** SSD1306 command: no operation. Written to find the address the display answers at. */
const NOP = "\x00\xe3";
/** Commands (control byte 0x00, then commands only): display off, clock, multiplex 64, offset 0,
 *  start line 0, charge pump on, horizontal addressing, segment remap, COM scan down, COM pins,
 *  precharge, VCOMH, resume from RAM, normal (not inverted), display on; the contrast follows.
 *
 *  One sequence for both controllers. Where their command sets differ (the datasheets: SSD1306 Rev
 *  1.5, SSD1309 Rev 1.1; hw/README.md has the table):
 *  - 8D 14, the charge pump: the SSD1306 makes its 7.5 V panel supply with it; the SSD1309 has no
 *    charge pump (its module makes the panel's 12-13 V with a converter of its own) and 8D is not
 *    in its command table; the 14 then reads as "column start, high nibble", which only page
 *    addressing uses (this driver sets a column window before every write).
 *  - DB, the VCOMH level: 34 is the SSD1309's own reset value (0.78 Vcc) and, on the SSD1306, its
 *    documented 0.83 Vcc step (the SSD1306 module's 40 is in neither table).
 *  - D5 80 and D9 F1 are valid on both (the SSD1309 resets to D5 70, D9 22).
 *  - The SSD1309 has a command lock (FD), unlocked from reset: not used. Its modules need their RES
 *    pin pulsed after power-up (no reset circuit of their own): pins.reset, pulsed by connect(). */
const INIT = "\x00\xae\xd5\x80\xa8\x3f\xd3\x00\x40\x8d\x14\x20\x00\xa1\xc8\xda\x12" +
  "\xd9\xf1\xdb\x34\xa4\xa6\xaf";
/** The contrast command; its level follows as one byte. */
const CONTRAST = "\x00\x81";

type DisplayPins = Pins["display"];

export class Display {
  private pins: DisplayPins;
  /** The frame, drawn by the app whether or not a display answers. */
  readonly g: Graphics;
  private address = -1;
  /** The init commands have been sent without an I²C error. */
  private ready = false;
  private error: string | null = null;
  private triedAt = 0;
  /** Something drawn has not reached the display (not ready yet, or an error): send it all. */
  private stale = true;
  /** The contrast the app asked for (sent with the init as well). */
  private level = 0xcf;

  constructor(pins: DisplayPins) {
    this.pins = pins;
    this.g = Graphics.createArrayBuffer(128, 64, 1, { vertical_byte: true, msb: false });
  }

  private fail(e: unknown): void {
    if (this.error === null) this.error = "I2C: " + message(e);
    this.ready = false;
    this.stale = true;
  }

  /** (Re)starts the display: the init commands go START_MS later, then the whole frame. */
  connect(now: number): void {
    this.triedAt = now;
    this.error = null;
    this.ready = false;
    this.stale = true;
    const self = this;
    const reset = this.pins.reset;
    try {
      if (reset) {
        // the SSD1309 module's reset: low for at least 3 µs (two calls of the interpreter are far
        // longer), then high before it is looked for
        digitalWrite(reset, 0);
        digitalWrite(reset, 1);
      }
      I2C1.setup({ sda: this.pins.sda, scl: this.pins.scl, bitrate: this.pins.bitrate });
      this.address = this.find();
      if (this.address < 0) {
        this.error = "no display at I2C " + this.pins.addresses.map((a) => "0x" + a.toString(16)).join(" or ");
        return;
      }
      const address = this.address;
      setTimeout(function () {
        if (self.error !== null || self.address !== address) return;
        try {
          I2C1.writeTo(address, INIT + CONTRAST + String.fromCharCode(self.level));
          self.ready = true;
          self.send(0, 0, 127, 7);
        } catch (e) {
          self.fail(e);
        }
      }, START_MS);
    } catch (e) {
      this.fail(e);
    }
  }

  /** The panel's contrast 0 … 255 (its current, so its power: test/bench/power.ts). An error text
   *  or null; a display not ready takes it with its init. */
  contrast(level: number): string | null {
    this.level = level;
    if (!this.ready || this.error !== null) return this.error;
    try {
      I2C1.writeTo(this.address, CONTRAST + String.fromCharCode(level));
    } catch (e) {
      this.fail(e);
    }
    return this.error;
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

  /** Columns x1-x2 of pages p1-p2: the window command, then each page's bytes. Throws on I²C errors. */
  private send(x1: number, p1: number, x2: number, p2: number): void {
    const a = this.address;
    const i2c = I2C1; // a built-in is found only after the whole global scope: once, not twice
    const U8 = Uint8Array;
    i2c.writeTo(a, [0x00, 0x21, x1, x2, 0x22, p1, p2]);
    // one data transaction for the whole window (the controller wraps from x2 to x1 on the next
    // page): a single view when the window spans whole rows, else one view a page in one array.
    // Fewer interpreter operations than a write a page (member look-ups are dear on the board).
    const buf = this.g.buffer;
    const n = x2 - x1 + 1;
    if (n === 128) i2c.writeTo(a, 0x40, new U8(buf, p1 * 128, (p2 - p1 + 1) * 128));
    else {
      const d: (number | Uint8Array)[] = [0x40];
      for (let p = p1 * 128 + x1; p <= p2 * 128 + x1; p += 128) d.push(new U8(buf, p, n));
      i2c.writeTo(a, d);
    }
    this.stale = false;
  }

  /** Sends what was drawn since the last show; an error text (display missing, I²C error) or null. */
  show(now: number): string | null {
    const m = this.g.getModified(true);
    if (this.error !== null && now - this.triedAt >= RETRY_MS) this.connect(now);
    if (this.error !== null) return this.error;
    if (!this.ready) return null; // still starting: the whole frame goes with the init
    try {
      if (this.stale) this.send(0, 0, 127, 7);
      else if (m) this.send(m.x1, m.y1 >> 3, m.x2, m.y2 >> 3);
    } catch (e) {
      this.fail(e);
    }
    return this.error;
  }

  /** Plain text in Espruino's built-in font, for when the app itself could not start. */
  showText(lines: string[]): void {
    const g = this.g;
    try {
      g.clear();
      g.setFontBitmap();
      g.setColor(1);
      lines.forEach((l, i) => g.drawString(l, 0, i * 8));
      this.stale = true;
      this.show(Math.floor(getTime() * 1000));
    } catch (e) {
      this.fail(e);
    }
  }
}
