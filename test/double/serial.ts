// The board's two serial lines, USB and Bluetooth, and who gets the JavaScript prompt (the REPL),
// as Espruino 2v29 does it (src/jsinteractive.c, targets/nrf5x/bluetooth.c and jshardware.c,
// libs/bluetooth/jswrap_bluetooth.c):
// - data arriving on the console's line goes to the REPL; on any other line, to its on("data")
//   handlers, from the idle loop;
// - print and console.log go to the console's line; null: nowhere;
// - Jolt.js starts with the console on Bluetooth; it moves to USB when the host opens the port and
//   to Bluetooth when a phone connects, unless forced (E.setConsole(…, {force: true}); the force is
//   forgotten at power-on);
// - a phone can connect only while the radio is awake (NRF.sleep() drops it) and with the UART
//   service there (NRF.setServices(…, {uart: false}) removes it); with a passkey set it must give it.

import type { Realm } from "./realm";

export type LineName = "USB" | "Bluetooth";

export interface SerialHost {
  realm: Realm;
  /** Calls the object's handlers of an event now (from the loop), each as a callback. */
  emit(o: object, event: string, args: unknown[]): void;
  /** Queues work for the next pass of the idle loop (where Espruino handles input). */
  queue(run: () => void): void;
  /** What the board sent out on a line (the host's side of it). */
  out(line: LineName, text: string): void;
  /** Runs a line of the REPL; its value or its error text. */
  evaluate(code: string): { value?: unknown; error?: string };
  fn<T extends (...a: never[]) => unknown>(f: T): T;
}

/** The radio: a phone's connection and what it needs. */
export interface Radio {
  awake: boolean;
  uart: boolean;
  passkey: string | null;
  connected: boolean;
  /** NRF.setAdvertising's connectable and scannable (kept until changed, as Espruino's bleStatus). */
  connectable: boolean;
  scannable: boolean;
  /** Every advertisement set, in order (NRF.setAdvertising; on the air while the radio is awake). */
  adverts: Advertisement[];
}

/** One NRF.setAdvertising: its options and the advertising data as the radio sends it. */
export interface Advertisement {
  /** World ms it was set. */
  t: number;
  /** The company identifier of its manufacturer data (null: none) and that data, as bytes. */
  manufacturer: number | null;
  data: string;
  /** The whole advertising data (flags, manufacturer data, name), at most 31 bytes. */
  bytes: string;
  connectable: boolean;
  scannable: boolean;
  /** ms between advertisements. */
  interval: number;
}

export class Serials {
  console: LineName | null = "Bluetooth";
  forced = false;
  radio: Radio = { awake: true, uart: true, passkey: null, connected: false, connectable: true, scannable: true, adverts: [] };
  objects: Record<LineName, Record<string, unknown>>;
  /** Every console move, in order (for tests). */
  moves: (LineName | null)[] = [];
  /** The host has the USB port open (USB.isConnected, Espruino 2v25+). */
  usbOpen = false;
  /** Told when a phone disconnects (NRF's "disconnect" event, from the idle loop). */
  onDisconnect: () => void = () => {};
  private typing: Record<LineName, string> = { USB: "", Bluetooth: "" };

  constructor(private host: SerialHost) {
    const r = host.realm;
    const make = (name: LineName) => {
      const o = r.object();
      const self = this;
      o.write = host.fn((...a: unknown[]) => self.send(name, a.map(String).join("")));
      o.print = host.fn((s: unknown) => self.send(name, String(s)));
      o.println = host.fn((s: unknown) => self.send(name, String(s) + "\r\n"));
      o.inject = host.fn((...a: unknown[]) => {
        const text = a.map(String).join("");
        host.queue(() => self.arrive(name, text));
      });
      o.setConsole = host.fn((force?: unknown) => self.setConsole(name, !!force));
      o.isConnected = host.fn(() => (name === "USB" ? self.usbOpen : self.radio.connected));
      return o;
    };
    this.objects = { USB: make("USB"), Bluetooth: make("Bluetooth") };
  }

  private send(line: LineName, text: string): void {
    if (line === "Bluetooth" && !this.radio.connected) return; // nobody there: dropped
    this.host.out(line, text);
  }

  setConsole(line: LineName | null, force: boolean): void {
    this.forced = force;
    if (line === this.console) return;
    this.console = line;
    this.moves.push(line);
  }

  /** What print and console.log write. */
  print(text: string): void {
    if (this.console) this.send(this.console, text + "\r\n");
  }

  /** The host opens the USB port (the tool or the espruino CLI connects). */
  usbOpened(): void {
    this.usbOpen = true;
    if (!this.forced) this.setConsole("USB", false);
  }

  /** The host closes the USB port (the tool exits, the cable is pulled). */
  usbClosed(): void {
    this.usbOpen = false;
  }

  /** A phone tries to connect; why not, or null. */
  connect(passkey?: string): string | null {
    if (!this.radio.awake) return "nothing is advertising (NRF.sleep)";
    if (!this.radio.connectable) return "not connectable (NRF.setAdvertising connectable: false)";
    if (this.radio.passkey !== null && passkey !== this.radio.passkey) return "pairing refused: wrong passkey";
    this.radio.connected = true;
    if (!this.forced && this.radio.uart) this.setConsole("Bluetooth", false);
    return null;
  }

  disconnect(): void {
    if (!this.radio.connected) return;
    this.radio.connected = false;
    this.host.queue(() => this.onDisconnect());
    if (this.console === "Bluetooth" && !this.forced) this.setConsole("USB", false);
  }

  /** Data from the host on a line, handled as the idle loop does. */
  arrive(line: LineName, text: string): void {
    if (line === "Bluetooth" && (!this.radio.connected || !this.radio.uart)) return;
    if (this.console === line) this.type(line, text);
    else this.host.emit(this.objects[line], "data", [text]);
  }

  /** The REPL: Ctrl-C clears the line, a line runs at its newline; "\x10" first hides the echo. */
  private type(line: LineName, text: string): void {
    for (const c of text) {
      if (c === "\x03") {
        this.typing[line] = "";
        continue;
      }
      if (c === "\r") continue;
      if (c !== "\n") {
        this.typing[line] += c;
        continue;
      }
      let code = this.typing[line];
      this.typing[line] = "";
      const quiet = code.charAt(0) === "\x10";
      if (quiet) code = code.slice(1);
      if (!quiet) this.send(line, code + "\r\n");
      if (code.trim() === "") continue;
      const r = this.host.evaluate(code);
      if (this.console !== line) continue; // the line moved the console away
      if (r.error !== undefined) this.send(line, "Uncaught " + r.error + "\r\n>");
      else if (!quiet) this.send(line, "=" + show(r.value) + "\r\n>");
    }
  }
}

function show(v: unknown): string {
  if (v === undefined) return "undefined";
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** E.setConsole's argument: a line's name or object, or null; anything else throws as Espruino does. */
export function consoleLine(v: unknown, serials: Serials): LineName | null | string {
  if (v === null) return null;
  if (v === "USB" || v === serials.objects.USB) return "USB";
  if (v === "Bluetooth" || v === serials.objects.Bluetooth) return "Bluetooth";
  return "Unknown device type " + String(v);
}

/** NRF.setAdvertising(data, options) as Espruino 2v29 does it (libs/bluetooth/jswrap_bluetooth.c):
 *  the options replace the last ones, connectable and scannable stay as last given; the data is
 *  the flags (3 bytes), the manufacturer data (company identifier 0x0590 unless `manufacturer`
 *  says another, or false for none) and the name (unless showName is false, cut to fit); more than
 *  31 bytes throws. Only `{}` or nothing as `data` (no service data) is modelled. */
export function advertisement(t: number, data: unknown, options: Record<string, unknown> | undefined, radio: Radio, error: (msg: string) => Error): Advertisement {
  if (data !== undefined && (typeof data !== "object" || data === null || Object.keys(data).length > 0)) throw error("the board double models NRF.setAdvertising({}, options) only");
  const o = options || {};
  if (o.connectable !== undefined) radio.connectable = !!o.connectable;
  if (o.scannable !== undefined) radio.scannable = !!o.scannable;
  const interval = o.interval === undefined ? 375 : Number(o.interval);
  // the Bluetooth specification: a non-connectable advertisement at most 10 a second
  if (!radio.connectable && interval < 100) throw error("non-connectable advertising needs an interval of at least 100 ms");
  let bytes = "\x02\x01\x06";
  let manufacturer: number | null = 0x0590;
  if (o.manufacturer !== undefined) manufacturer = o.manufacturer ? Number(o.manufacturer) : null;
  const md = o.manufacturerData;
  const payload = md === undefined ? "" : typeof md === "string" ? md : Array.isArray(md) ? String.fromCharCode(...(md as number[])) : String(md);
  if (manufacturer !== null) {
    if (bytes.length + payload.length + 4 > 31) throw error("Advertising data too long when adding Manufacturer data");
    bytes += String.fromCharCode(payload.length + 3, 0xff, manufacturer & 0xff, manufacturer >> 8) + payload;
  }
  if (o.showName !== false) {
    const name = "Jolt.js 203f".slice(0, 31 - 2 - bytes.length);
    if (name.length) bytes += String.fromCharCode(name.length + 1, name.length === 12 ? 0x09 : 0x08) + name;
  }
  return { t: t, manufacturer: manufacturer, data: payload, bytes: bytes, connectable: radio.connectable, scannable: radio.scannable, interval: interval };
}
