// Ambient types for the Espruino globals and modules hw/ uses, and nothing more: a call that is not
// declared here does not compile. Signatures follow the Espruino reference (espruino.com/Reference)
// for 2v25 or later; Jolt.js items are in the JOLTJS build only.

/** A pin object (D0, H0, BTN, Jolt.Q0.sda …). */
interface Pin {
  read(): boolean;
  set(): void;
  reset(): void;
}

type PinMode = "input" | "input_pullup" | "input_pulldown" | "output" | "opendrain" | "af_output" | "analog" | "auto";

/** What setWatch passes to its callback; `time` is the interrupt's own timestamp (getTime seconds). */
interface WatchEvent {
  state: boolean;
  time: number;
  lastTime: number;
}

interface WatchOptions {
  repeat?: boolean;
  edge?: "rising" | "falling" | "both";
  debounce?: number;
}

/** Seconds since boot (or since the last setTime), from the RTC. */
declare function getTime(): number;
declare function setWatch(fn: (e: WatchEvent) => void, pin: Pin, options: WatchOptions): number;
declare function clearWatch(id: number): void;
declare function setTimeout(fn: () => void, ms: number): number;
declare function clearTimeout(id: number): void;
declare function pinMode(pin: Pin, mode: PinMode): void;
declare function digitalRead(pin: Pin): number;
declare function digitalWrite(pin: Pin, value: boolean | number): void;
/** 0 … 1 of 3.3 V; on Jolt.js's H0/H2/H4/H6 the value is already in volts. */
declare function analogRead(pin: Pin): number;
declare function analogWrite(pin: Pin, value: number, options?: { freq?: number; soft?: boolean }): void;

declare const BTN: Pin;
declare const H0: Pin;
declare const H1: Pin;
declare const H4: Pin;
/** Jolt.js motor driver 0's nFAULT line (JOLTJS.py: DRIVER0 pin_nfault). */
declare const D19: Pin;

interface EspruinoE {
  on(event: "init", fn: () => void): void;
  enableWatchdog(timeout: number, isAuto?: boolean): void;
  kickWatchdog(): void;
  /** A view of a string's bytes; for a string from Storage.read, of the flash itself. */
  toArrayBuffer(s: string): ArrayBuffer;
  reboot(): void;
  /** Moves the JavaScript prompt (REPL) to a line, or nowhere (null); force: it stays there when
   *  USB or Bluetooth connect (not kept across a reset). */
  setConsole(device: "USB" | "Bluetooth" | null, options?: { force?: boolean }): void;
  /** Standard CRC-32 of a string's bytes (native). */
  CRC32(data: string): number;
}
declare const E: EspruinoE;

/** USB and Bluetooth serial: "data" arrives only while the line is not the console. */
interface SerialLine {
  on(event: "data", fn: (data: string) => void): void;
  write(data: string): void;
  /** Data as if it had arrived on the line (to the REPL, when it is the console). */
  inject(data: string): void;
  /** 2v25 and later: the host has the port open (USB), a central is connected (Bluetooth). */
  isConnected(): boolean;
}
declare const USB: SerialLine;

interface NrfModule {
  /** Stops advertising and drops any connection: nobody can connect. */
  sleep(): void;
  wake(): void;
  /** uart: the Nordic UART service, the Bluetooth console (changes apply while nothing is connected). */
  setServices(services: object, options: { uart: boolean }): void;
  /** A static 6-digit passkey the connecting phone must type (the clock shows it). */
  setSecurity(options: { passkey: string; mitm: number; display: number }): void;
  on(event: "disconnect", fn: () => void): void;
  removeAllListeners(event?: string): void;
  /** What the radio advertises (kept while it sleeps; NRF.wake() sends it). `{}` as the data: no
   *  service data. Each call while advertising restarts it, so a change goes out at once. */
  setAdvertising(data: object, options: AdvertisingOptions): void;
}
declare const NRF: NrfModule;

/** NRF.setAdvertising's options (the names are Espruino's: the build keeps them). */
interface AdvertisingOptions {
  /** The device's name in the advertisement. */
  showName?: boolean;
  /** The company identifier of the manufacturer data, and the data (a string of bytes). */
  manufacturer?: number;
  manufacturerData?: string;
  /** false: nobody can connect / ask for a scan response. */
  connectable?: boolean;
  scannable?: boolean;
  /** ms between advertisements (at least 100 when not connectable). */
  interval?: number;
}

declare const console: { log(text: string): void };

/** Espruino's global object: the console API is installed on it (named here, so the build keeps
 *  these names when it shortens the firmware's own). */
declare const global: { clock?: unknown; clockError?: string };

interface I2CWriteTarget {
  /** The data: numbers, arrays and typed arrays, flattened into one transaction. */
  /** Espruino writes each argument in turn: a byte, a string of bytes, an array (nested arrays too) or a typed array. */
  writeTo(address: number, ...data: (number | string | Uint8Array | (number | Uint8Array)[])[]): void;
}
interface I2C extends I2CWriteTarget {
  setup(options: { sda: Pin; scl: Pin; bitrate?: number }): void;
}
/** The hardware I²C peripheral (nRF52 TWI): a missing device throws "I2C Write Error". */
declare const I2C1: I2C;

/** A Jolt.js Qwiic connector (class Qwiic). Q0/Q1 switch GND with a FET, Q2/Q3 drive gnd/vcc from GPIO. */
interface Qwiic {
  sda: Pin;
  scl: Pin;
  setPower(on: boolean): Qwiic;
}

interface JoltStatic {
  Q0: Qwiic;
  Q1: Qwiic;
  Q2: Qwiic;
  Q3: Qwiic;
  /** driver 0 = H0..H3, 1 = H4..H7; true = all 4 outputs enabled, false = off, "auto" = on while any is an output. */
  setDriverMode(driver: number, mode: boolean | "auto" | "off" | "output" | "motor"): void;
}
declare const Jolt: JoltStatic;

interface WaveformOutputOptions {
  /** getTime() seconds at which the hardware timer starts the output. */
  time?: number;
  repeat?: boolean;
  /** The negative side: the signal is split between pin (above 50 %) and npin (below). */
  npin?: Pin;
}
/** 8-bit samples output by PWM on a hardware timer. `new Waveform(arrayBuffer)` needs 2v25+. */
declare class Waveform {
  constructor(samples: number | ArrayBuffer);
  buffer: ArrayBuffer;
  startOutput(pin: Pin, freq: number, options?: WaveformOutputOptions): void;
  /** Throws if it is not running. */
  stop(): void;
  on(event: "finish", fn: () => void): void;
  removeAllListeners(event?: string): void;
}

/** Espruino's native Graphics: the drawing contract (firmware/gfx/gfx.ts) is a part of it. */
interface Graphics {
  buffer: ArrayBuffer;
  clear(): Graphics;
  setColor(c: number): Graphics;
  fillRect(x1: number, y1: number, x2: number, y2: number): Graphics;
  drawRect(x1: number, y1: number, x2: number, y2: number): Graphics;
  setFontCustom(bitmap: string, firstChar: number, widths: string, height: number): Graphics;
  /** Espruino's built-in bitmap font. */
  setFontBitmap(): Graphics;
  drawString(text: string, x: number, y: number): Graphics;
  stringWidth(text: string): number;
  getModified(reset?: boolean): { x1: number; y1: number; x2: number; y2: number } | undefined;
  /** Draws each pixel as palette[value] (a flat Uint16Array of 2, 4, 8, 16 or 256 entries). */
  drawImage(image: { width: number; height: number; bpp: number; buffer: ArrayBuffer; palette?: Uint16Array }, x: number, y: number): Graphics;
}
/** Width and height 1 … 32767; at 8 bpp the buffer is row-major, one byte per pixel; at 1 bpp with
 *  vertical_byte a byte holds 8 rows of a column (bit 0 at the top when msb is false). */
declare const Graphics: { createArrayBuffer(width: number, height: number, bpp: number, options?: { vertical_byte?: boolean; msb?: boolean }): Graphics };

interface SSD1306Module {
  /** Sends the init commands 50 ms later and calls back after 100 ms; returns the Graphics at once. */
  connect(i2c: I2CWriteTarget, callback?: () => void, options?: { height?: number; address?: number; contrast?: number }): Graphics;
}

interface StorageStats {
  totalBytes: number;
  freeBytes: number;
  fileBytes: number;
  fileCount: number;
  trashBytes: number;
  trashCount: number;
}

interface StorageModule {
  /** A string mapped from flash (no RAM), or undefined if there is no such file. */
  read(name: string, offset?: number, length?: number): string | undefined;
  /** offset 0 (or none) creates the file, `size` bytes long; a later offset writes inside it. */
  write(name: string, data: string, offset?: number, size?: number): boolean;
  erase(name: string): void;
  list(regex?: RegExp): string[];
  getStats(): StorageStats;
  compact(): void;
}

declare function require(name: "Storage"): StorageModule;
declare function require(name: "SSD1306"): SSD1306Module;
