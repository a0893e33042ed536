// Where the hall hears advertisements from: Bluetooth (noble, @abandonware/noble, where the machine
// has an adapter) or the loopback's air (UDP multicast on 127.0.0.1, sim/air.ts: simulated clocks).
// Either hands over each advertisement with the radio address it came from, already decoded. A
// scanner that cannot start says why, in an arbiter's words, and the command exits with EXIT.port.

import dgram from "node:dgram";
import { createRequire } from "node:module";
import { AIR_GROUP, AIR_HOST, AIR_PORT, addressText } from "../../../sim/air";
import { EXIT, ToolError } from "../errors";
import { type Decoded, decodeAdvertisingData, decodeManufacturer } from "./decode";

/** One advertisement: where from, decoded, and its bytes as a key (the same bytes again change
 *  nothing but when it was heard). */
export type OnAdvert = (address: string, d: Decoded, key: string) => void;

export interface Scanner {
  /** What it listens to, for people. */
  what: string;
  stop(): Promise<void>;
}

/** The loopback's air on `port`: every datagram sent to the group on this machine. */
export function airScanner(onAdvert: OnAdvert, port = AIR_PORT): Promise<Scanner> {
  return new Promise((resolve, reject) => {
    const s = dgram.createSocket({ type: "udp4", reuseAddr: true });
    const fail = (e: Error) => reject(new ToolError("cannot listen to the loopback's air on port " + port + ": " + e.message, EXIT.port));
    s.once("error", fail);
    s.on("message", (m, from) => {
      if (from.address !== AIR_HOST) return; // only this machine's simulated clocks
      if (m.length < 6) return onAdvert("?", { ignored: "truncated" }, "");
      onAdvert(addressText(m), decodeAdvertisingData(m.subarray(6)), m.toString("latin1", 6));
    });
    s.bind(port, () => {
      try {
        s.addMembership(AIR_GROUP, AIR_HOST);
      } catch (e) {
        s.close();
        return fail(e as Error);
      }
      s.removeListener("error", fail);
      s.on("error", () => undefined);
      resolve({ what: "the loopback's air (UDP " + AIR_GROUP + ":" + port + " on " + AIR_HOST + ")", stop: () => new Promise((r) => s.close(() => r())) });
    });
  });
}

/** The parts of noble the hall uses. */
export interface Noble {
  state: string;
  on(event: "stateChange", fn: (state: string) => void): void;
  on(event: "discover", fn: (p: { id?: string; uuid?: string; address?: string; advertisement?: { manufacturerData?: Buffer } }) => void): void;
  startScanning(uuids: string[], allowDuplicates: boolean, cb?: (e?: Error) => void): void;
  stopScanning(): void;
}

const require = createRequire(import.meta.url);

/** noble itself: loading it opens the adapter, and throws where there is none. */
export function loadNoble(): Noble {
  return require("@abandonware/noble") as Noble;
}

/** What an error or an adapter state means to an arbiter. */
export function bluetoothProblem(what: string): string {
  const air = " (goclock hall --air listens to simulated clocks instead)";
  if (/EAFNOSUPPORT|Address family not supported|unsupported|No compatible USB Bluetooth|Cannot find module|No native build/i.test(what)) return "no Bluetooth adapter on this machine" + air;
  if (/EPERM|EACCES|permission|unauthorized/i.test(what)) return "no permission to use the Bluetooth adapter (on Linux: sudo setcap cap_net_raw+eip \"$(readlink -f \"$(which node)\")\")" + air;
  if (/poweredOff/i.test(what)) return "Bluetooth is switched off: switch it on and try again";
  return "Bluetooth cannot start: " + what + air;
}

/** Bluetooth, through noble: every advertisement, repeats included. Waits `readyMs` for the adapter. */
export function bleScanner(onAdvert: OnAdvert, load: () => Noble = loadNoble, readyMs = 5000): Promise<Scanner> {
  return new Promise((resolve, reject) => {
    let noble: Noble;
    try {
      noble = load();
    } catch (e) {
      const err = e as Error & { code?: string };
      return reject(new ToolError(bluetoothProblem((err.code ? err.code + " " : "") + err.message), EXIT.port));
    }
    let done = false;
    const give = (e: ToolError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (e) return reject(e);
      noble.on("discover", (p) => {
        const md = p.advertisement && p.advertisement.manufacturerData;
        const address = p.address && p.address !== "unknown" ? p.address : p.id || p.uuid || "?"; // macOS hides addresses
        if (!md) return onAdvert(address, { ignored: "foreign" }, "");
        onAdvert(address, decodeManufacturer(md), md.toString("latin1"));
      });
      noble.startScanning([], true, (err) => {
        if (err) process.stderr.write("goclock hall: " + bluetoothProblem(err.message) + "\n");
      });
      resolve({ what: "Bluetooth", stop: async () => noble.stopScanning() });
    };
    const timer = setTimeout(() => give(new ToolError(bluetoothProblem("the adapter is still " + noble.state + " after " + readyMs / 1000 + " s"), EXIT.port)), readyMs);
    const look = (state: string) => {
      if (state === "poweredOn") give(null);
      else if (state === "unauthorized" || state === "unsupported" || state === "poweredOff") give(new ToolError(bluetoothProblem(state), EXIT.port));
    };
    noble.on("stateChange", look);
    look(noble.state);
  });
}
