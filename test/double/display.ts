// The display path: Espruino's I2C class (src/jswrap_spi_i2c.c, src/jsi2c.c, nRF52 TWI), Graphics
// (createArrayBuffer, 1 bit per pixel, vertical_byte), the SSD1306 module as the espruino CLI uploads
// it (EspruinoDocs devices/SSD1306.js: init commands 50 ms after connect, the callback at 100 ms,
// flip() = column/page window commands then the buffer in 128-byte chunks prefixed 0x40), and the
// SSD1306 controller on the bus, which decodes those bytes into its own RAM. A frame is recorded
// each time the controller's whole window has been written.
//
// Faults as on the board: a NACK makes hardware I2C (I2C1) throw InternalError "I2C Write Error
// 33281"; software I2C (new I2C()) does not check ACKs (I2C_NACK_CHECK is off in jsi2c.c), so an
// unplugged display there fails silently. An I2C transfer keeps the interpreter busy for its bits
// at the bus's bitrate (9 bits a byte).

import type { Realm } from "./realm";
import type { PinBank } from "./pins";
import { bytesOf } from "./storage";
import { PageGraphics } from "../../firmware/gfx/graphics";

export interface Frame {
  /** World time, ms. */
  t: number;
  bytes: Uint8Array;
  /** Powered, initialised (charge pump on) and switched on: someone could see it. */
  visible: boolean;
}

const PARAMS: Record<number, number> = {
  0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
  0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2,
};

/** The SSD1306 controller: 128×64, 8 pages of 128 bytes. */
export class Ssd1306Panel {
  address = 0x3c;
  /** Physical pins it is wired to, and what powers it. */
  scl: number;
  sda: number;
  plugged = true;
  ram = new Uint8Array(1024);
  on = false;
  chargePump = false;
  contrast = 0x7f;
  /** Every contrast command, with its world time (the power model integrates the panel's current). */
  contrasts: { t: number; value: number }[] = [];
  frames: Frame[] = [];
  /** Data bytes received (into the controller's RAM), all told. */
  dataBytes = 0;
  private mode = 2; // page addressing after reset
  private col0 = 0;
  private col1 = 127;
  private page0 = 0;
  private page1 = 7;
  private col = 0;
  private page = 0;
  private cmd: number[] = [];
  private wasPowered = false;

  constructor(scl: number, sda: number, private powered: () => boolean, private nowMs: () => number) {
    this.scl = scl;
    this.sda = sda;
  }

  /** Unplug (writes get no ACK) or plug back in (the controller starts from reset, dark). */
  setPlugged(p: boolean): void {
    if (p && !this.plugged) this.reset();
    this.plugged = p;
  }

  private reset(): void {
    this.on = false;
    this.chargePump = false;
    this.mode = 2;
    this.col0 = 0;
    this.col1 = 127;
    this.page0 = 0;
    this.page1 = 7;
    this.col = 0;
    this.page = 0;
    this.cmd = [];
    this.ram = new Uint8Array(1024);
  }

  present(): boolean {
    const p = this.powered();
    if (p && !this.wasPowered) this.reset();
    this.wasPowered = p;
    return this.plugged && p;
  }

  /** One I2C write transaction; false = no ACK. */
  receive(addr: number, bytes: Uint8Array): boolean {
    if (addr !== this.address || !this.present()) return false;
    let i = 0;
    while (i < bytes.length) {
      const control = bytes[i++];
      const data = (control & 0x40) !== 0;
      const single = (control & 0x80) !== 0;
      const end = single ? Math.min(i + 1, bytes.length) : bytes.length;
      for (; i < end; i++) {
        if (data) this.data(bytes[i]);
        else this.command(bytes[i]);
      }
    }
    return true;
  }

  private command(b: number): void {
    this.cmd.push(b);
    const op = this.cmd[0];
    if (this.cmd.length - 1 < (PARAMS[op] ?? 0)) return;
    const p = this.cmd;
    this.cmd = [];
    if (op === 0xae) this.on = false;
    else if (op === 0xaf) this.on = true;
    else if (op === 0x8d) this.chargePump = (p[1] & 0x04) !== 0;
    else if (op === 0x81) {
      this.contrast = p[1];
      this.contrasts.push({ t: this.nowMs(), value: p[1] });
    }
    else if (op === 0x20) this.mode = p[1] & 3;
    else if (op === 0x21) {
      this.col0 = this.col = p[1] & 127;
      this.col1 = p[2] & 127;
    } else if (op === 0x22) {
      this.page0 = this.page = p[1] & 7;
      this.page1 = p[2] & 7;
    } else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op >= 0x10 && op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0x0f) << 4);
  }

  private data(b: number): void {
    this.dataBytes++;
    this.ram[this.page * 128 + this.col] = b;
    if (this.mode === 2) {
      this.col = this.col >= 127 ? 0 : this.col + 1;
      return;
    }
    if (this.col < this.col1) {
      this.col++;
      return;
    }
    this.col = this.col0;
    if (this.page < this.page1) {
      this.page++;
      return;
    }
    this.page = this.page0;
    // the window is complete: what the panel now shows
    this.frames.push({ t: this.nowMs(), bytes: this.ram.slice(), visible: this.on && this.chargePump && this.present() });
  }
}

// --- I2C -------------------------------------------------------------------------------------------

export interface I2CHost {
  realm: Realm;
  pins: PinBank;
  panels: Ssd1306Panel[];
  /** Keeps the interpreter busy (an I2C transfer), in ms. */
  busy(ms: number): void;
  checkAlive(): void;
}

interface I2CState {
  scl: number;
  sda: number;
  bitrate: number;
  hardware: boolean;
  ready: boolean;
}

const states = new WeakMap<object, I2CState>();

export function i2cClass(host: I2CHost): { I2C: unknown; make: (hardware: boolean) => object } {
  const { realm } = host;
  function I2C(this: object) {
    states.set(this, { scl: -1, sda: -1, bitrate: 100000, hardware: false, ready: false });
  }
  const proto = I2C.prototype as Record<string, unknown>;
  const st = (self: object): I2CState => {
    let s = states.get(self);
    if (!s) {
      s = { scl: -1, sda: -1, bitrate: 100000, hardware: false, ready: false };
      states.set(self, s);
    }
    return s;
  };
  proto.setup = function (this: object, options: Record<string, unknown>) {
    host.checkAlive();
    const s = st(this);
    const o = options || {};
    const scl = host.pins.resolve(o.scl);
    const sda = host.pins.resolve(o.sda);
    const bitrate = o.bitrate === undefined ? 100000 : Number(o.bitrate);
    if (bitrate < 100) throw realm.error("Error", "Invalid I2C bitrate");
    s.bitrate = bitrate;
    s.scl = scl ? scl.phys : -1;
    s.sda = sda ? sda.phys : -1;
    s.ready = scl !== null && sda !== null;
  };
  const transfer = (self: object, address: unknown, bytes: Uint8Array | null, reading: number): Uint8Array | null => {
    host.checkAlive();
    const s = st(self);
    if (!s.ready) return null; // not set up: nothing happens on the board either
    const addr = typeof address === "object" && address !== null ? Number((address as { address: unknown }).address) : Number(address);
    host.busy(((bytes ? bytes.length : reading) + 1) * 9 * 1000 / s.bitrate);
    const panel = host.panels.find((p) => p.scl === s.scl && p.sda === s.sda);
    const ack = panel ? (bytes ? panel.receive(addr, bytes) : addr === panel.address && panel.present()) : false;
    if (!ack && s.hardware) throw realm.error("InternalError", (bytes ? "I2C Write Error " : "I2C Read Error ") + 33281);
    if (bytes) return null;
    const out = realm.u8(reading);
    if (!ack) out.fill(0xff);
    return out;
  };
  proto.writeTo = function (this: object, address: unknown, ...data: unknown[]) {
    transfer(this, address, toBytes(data), 0);
  };
  proto.readFrom = function (this: object, address: unknown, quantity: unknown) {
    return transfer(this, address, null, Math.max(0, Number(quantity) | 0));
  };
  Object.setPrototypeOf(I2C.prototype, realm.objectProto);
  Object.setPrototypeOf(I2C, realm.functionProto);
  const make = (hardware: boolean): object => {
    const o = Object.create(I2C.prototype) as object;
    states.set(o, { scl: -1, sda: -1, bitrate: 100000, hardware, ready: false });
    return o;
  };
  return { I2C, make };
}

/** E.toUint8Array's reading of write arguments: numbers, strings, arrays, typed arrays, {data, count}. */
export function toBytes(items: unknown[]): Uint8Array {
  const out: number[] = [];
  const add = (v: unknown): void => {
    if (typeof v === "number" || typeof v === "boolean") out.push(Number(v) & 255);
    else if (typeof v === "string") bytesOf(v).forEach((b) => out.push(b));
    else if (Array.isArray(v)) v.forEach(add);
    else if (ArrayBuffer.isView(v) || Object.prototype.toString.call(v) === "[object ArrayBuffer]") bytesOf(v).forEach((b) => out.push(b));
    else if (v && typeof v === "object" && "data" in v) {
      const o = v as { data: unknown; count?: number };
      const n = o.count === undefined ? 1 : o.count;
      for (let i = 0; i < n; i++) add(o.data);
    }
  };
  items.forEach(add);
  return Uint8Array.from(out);
}

// --- Graphics ----------------------------------------------------------------------------------------

// At 1 bpp, every drawing operation is the project's TypeScript copy of Espruino's Graphics
// (firmware/gfx/graphics.ts: libs/graphics/ operation by operation), on the buffer the realm made.
// Text without a custom font (Espruino's built-in font, only the "CLOCK FAILED" screen uses it):
// a box a character (6×8), so that such a frame is not blank, and the strings kept for tests.

interface GState {
  w: number;
  h: number;
  bpp: number;
  pg: PageGraphics;
}

/** The Graphics each realm made, for tests that compare a buffer with the display's RAM. */
export const graphicsMade = new WeakMap<Realm, { buffer: ArrayBuffer }[]>();

export function graphicsClass(realm: Realm): unknown {
  const gs = new WeakMap<object, GState>();
  function Graphics(this: object) {
    throw realm.error("Error", "Graphics is made with Graphics.createArrayBuffer");
  }
  const proto = Graphics.prototype as Record<string, unknown>;
  const st = (g: object): GState => gs.get(g)!;
  const one = (g: object): PageGraphics => {
    const s = st(g);
    if (s.bpp !== 1) throw realm.error("Error", "the board double draws 1 bit per pixel only");
    return s.pg;
  };
  const box = (a: unknown[]): number[] => {
    const o = a[0] as Record<string, number>;
    if (o !== null && typeof o === "object") return [o.x, o.y, o.x + o.w, o.y + o.h];
    return (a as number[]).slice(0, 4).map((v) => Math.floor(Number(v)) || 0);
  };
  const num = (v: unknown) => Math.floor(Number(v)) || 0;
  proto.getWidth = function (this: object) { return st(this).w; };
  proto.getHeight = function (this: object) { return st(this).h; };
  proto.getBPP = function (this: object) { return st(this).bpp; };
  proto.clear = function (this: object) { one(this).clear(); return this; };
  proto.setColor = function (this: object, c: number) { st(this).pg.setColor(Number(c) ? 1 : 0); return this; };
  proto.setBgColor = function (this: object, c: number) { st(this).pg.setBgColor(Number(c) ? 1 : 0); return this; };
  proto.getColor = function (this: object) { return st(this).pg.getColor(); };
  proto.getBgColor = function (this: object) { return st(this).pg.getBgColor(); };
  proto.setPixel = function (this: object, x: number, y: number, c?: number) {
    const g = one(this);
    const x1 = num(x);
    const y1 = num(y);
    g.fill(x1, y1, x1, y1, c === undefined ? g.getColor() : Number(c) & 1);
    return this;
  };
  proto.getPixel = function (this: object, x: number, y: number) { return one(this).getPixel(num(x), num(y)); };
  proto.fillRect = function (this: object, ...a: unknown[]) { const [x1, y1, x2, y2] = box(a); one(this).fillRect(x1, y1, x2, y2); return this; };
  proto.clearRect = function (this: object, ...a: unknown[]) { const [x1, y1, x2, y2] = box(a); one(this).clearRect(x1, y1, x2, y2); return this; };
  proto.drawRect = function (this: object, ...a: unknown[]) { const [x1, y1, x2, y2] = box(a); one(this).drawRect(x1, y1, x2, y2); return this; };
  proto.getModified = function (this: object, reset?: unknown) {
    const m = one(this).getModified(!!reset);
    if (!m) return undefined;
    const o = realm.object();
    Object.assign(o, m);
    return o;
  };
  proto.setFontCustom = function (this: object, bitmap: unknown, first: unknown, widths: unknown, height: unknown) {
    try {
      one(this).setFontCustom(bitmap as string, num(first), widths as string, num(height));
    } catch (e) {
      throw realm.error("Error", (e as Error).message);
    }
    return this;
  };
  proto.setFontBitmap = function (this: object) { st(this).pg = rebuilt(st(this)); return this; };
  proto.setFont = function (this: object) { return this; };
  proto.setFontAlign = function (this: object) { return this; };
  proto.stringWidth = function (this: object, text: unknown) {
    const g = one(this);
    return g.hasFont() ? g.stringWidth(String(text)) : String(text).length * 6;
  };
  proto.drawString = function (this: Record<string, unknown>, text: unknown, x: unknown, y: unknown) {
    const g = one(this);
    const t = String(text);
    if (g.hasFont()) {
      g.drawString(t, num(x), num(y));
      return this;
    }
    const shown = (this.strings as string[] | undefined) || [];
    shown.push(t);
    Object.defineProperty(this, "strings", { value: shown, enumerable: false, configurable: true });
    for (let i = 0; i < t.length; i++) if (t[i] !== " ") g.fillRect(num(x) + i * 6 + 1, num(y) + 1, num(x) + i * 6 + 4, num(y) + 6);
    return this;
  };
  /** The same buffer and colours without the custom font (Espruino's built-in font selected). */
  const rebuilt = (s: GState): PageGraphics => {
    const pg = new PageGraphics(s.w, s.h, s.pg.options, s.pg.frame);
    pg.setColor(s.pg.getColor()).setBgColor(s.pg.getBgColor());
    return pg;
  };
  Object.setPrototypeOf(Graphics.prototype, realm.objectProto);
  Object.setPrototypeOf(Graphics, realm.functionProto);
  (Graphics as unknown as Record<string, unknown>).createArrayBuffer = (w: number, h: number, bpp: number, options?: Record<string, unknown>) => {
    const o = options || {};
    const size = Math.ceil((w * h * bpp) / 8);
    const buffer = realm.arrayBuffer(size);
    const g = Object.create(Graphics.prototype) as Record<string, unknown>;
    // bpp other than 1: only drawImage (test/double/audio.ts) draws on it
    const pg = new PageGraphics(bpp === 1 ? w : size * 8, bpp === 1 ? h : 1, { vertical_byte: !!o.vertical_byte, msb: !!o.msb }, realm.u8(buffer));
    gs.set(g, { w, h, bpp, pg });
    g.buffer = buffer;
    const made = graphicsMade.get(realm) || [];
    made.push(g as { buffer: ArrayBuffer });
    graphicsMade.set(realm, made);
    return g;
  };
  return Graphics;
}

// --- the SSD1306 module ---------------------------------------------------------------------------------

export interface ModuleHost {
  realm: Realm;
  setTimeout(fn: () => void, ms: number): void;
  digitalPulse(pin: unknown, value: number, ms: number): void;
  Graphics: unknown;
}

/** require("SSD1306"), behaving as the module the espruino CLI bundles (I2C part). */
export function ssd1306Module(host: ModuleHost): Record<string, unknown> {
  const m = host.realm.object();
  m.connect = (i2c: { writeTo: (...a: unknown[]) => void }, callback?: () => void, options?: Record<string, number>) => {
    const height = options && options.height ? options.height : 64;
    const contrast = options && options.contrast !== undefined ? options.contrast : 0xcf;
    const init = [0xae, 0xd5, 0x80, 0xa8, height - 1, 0xd3, 0x0, 0x40, 0x8d, 0x14, 0x20, 0x0, 0xa1, 0xc8, 0xda, height === 64 ? 0x12 : 0x02,
      0x81, contrast, 0xd9, 0xf1, 0xdb, 0x40, 0xa4, 0xa6, 0xaf];
    const flipCmds = [0x21, 0, 127, 0x22, 0, (height >> 3) - 1];
    const G = host.Graphics as { createArrayBuffer: (w: number, h: number, b: number, o: object) => Record<string, unknown> };
    const opts = host.realm.object();
    opts.vertical_byte = true;
    const oled = G.createArrayBuffer(128, height, 1, opts);
    const addr = options && options.address ? options.address : 0x3c;
    if (options && options.rst !== undefined) host.digitalPulse(options.rst, 0, 10);
    host.setTimeout(() => init.forEach((d) => i2c.writeTo(addr, host.realm.array([0, d]))), 50);
    if (callback !== undefined) host.setTimeout(callback, 100);
    oled.flip = function (this: { buffer: ArrayBuffer }) {
      flipCmds.forEach((d) => i2c.writeTo(addr, host.realm.array([0, d])));
      const chunk = host.realm.u8(129);
      chunk[0] = 0x40;
      for (let p = 0; p < this.buffer.byteLength; p += 128) {
        chunk.set(host.realm.u8(this.buffer, p, 128), 1);
        i2c.writeTo(addr, chunk);
      }
    };
    oled.setContrast = (c: number) => i2c.writeTo(addr, 0, 0x81, c);
    oled.on = () => i2c.writeTo(addr, host.realm.array([0, 0xaf]));
    oled.off = () => i2c.writeTo(addr, host.realm.array([0, 0xae]));
    return oled;
  };
  return m;
}
