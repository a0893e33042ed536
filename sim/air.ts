// The hall's advertisement over the loopback: what the Jolt.js's radio sends (hw/air.ts), carried as
// UDP datagrams to a multicast group on 127.0.0.1, so that `goclock hall --air` hears simulated
// clocks as `goclock hall` hears real ones over Bluetooth. One datagram is one advertisement: the
// radio address (6 bytes, most significant first) and the advertising data as the radio sends it
// (flags, then the manufacturer data with its company identifier; at most 31 bytes). Nothing leaves
// the machine: the group is joined and sent to on 127.0.0.1 only, with a time-to-live of 0.

import dgram from "node:dgram";
import { randomBytes } from "node:crypto";
import { ADVERT_INTERVAL_MS, COMPANY } from "../firmware/link/advert";
import type { TimeSource } from "./realtime";

export const AIR_GROUP = "239.255.21.21";
export const AIR_PORT = 48721;
export const AIR_HOST = "127.0.0.1";
/** Bluetooth's limit for legacy advertising data. */
export const MAX_ADVERTISING_BYTES = 31;

/** The advertising data Espruino makes of NRF.setAdvertising({}, {showName: false, manufacturer,
 *  manufacturerData}): the flags (LE only, general discoverable), then the manufacturer data. */
export function advertisingData(manufacturerData: string, company = COMPANY): Buffer {
  const md = Buffer.from(manufacturerData, "latin1");
  return Buffer.concat([Buffer.from([2, 0x01, 0x06, md.length + 3, 0xff, company & 0xff, company >> 8]), md]);
}

/** A random static address, as a Bluetooth LE device picks one (the two top bits set). */
export function randomAddress(): string {
  const b = randomBytes(6);
  b[0] |= 0xc0;
  return addressText(b);
}

export function addressText(b: Buffer): string {
  return Array.from(b.subarray(0, 6), (x) => x.toString(16).padStart(2, "0")).join(":");
}

function addressBytes(a: string): Buffer {
  const h = a.split(":").join("");
  if (!/^[0-9a-f]{12}$/.test(h)) throw new Error("a radio address is six hex bytes a1:b2:…, not '" + a + "'");
  return Buffer.from(h, "hex");
}

/** One advertisement as a datagram of the loopback's air. */
export function datagram(address: string, ad: Buffer): Buffer {
  return Buffer.concat([addressBytes(address), ad]);
}

export interface AirSender {
  /** Sends a datagram to the group (what an injected, malformed advertisement uses too). */
  send(packet: Buffer): void;
  close(): void;
}

/** A socket that sends to the loopback's air on `port`. */
export function openAirSender(port = AIR_PORT): Promise<AirSender> {
  return new Promise((resolve, reject) => {
    const s = dgram.createSocket({ type: "udp4" });
    s.once("error", reject);
    s.bind(0, AIR_HOST, () => {
      s.removeListener("error", reject);
      s.on("error", () => undefined); // a datagram that cannot go is lost, as on the air
      s.setMulticastInterface(AIR_HOST);
      s.setMulticastLoopback(true);
      s.setMulticastTTL(0);
      let open = true;
      resolve({
        send: (packet) => {
          if (open) s.send(packet, port, AIR_GROUP);
        },
        close: () => {
          if (open) s.close();
          open = false;
        },
      });
    });
  });
}

export interface SimRadio {
  /** Board.advertise: the manufacturer data sent at once and repeated each interval until the next;
   *  null: silent. */
  advertise(data: string | null): string | null;
  /** What it advertises now (null: nothing), and how many datagrams it has sent. */
  readonly current: string | null;
  readonly sent: number;
  /** stop() was called: the radio is gone. */
  readonly stopped: boolean;
  address: string;
  /** Sends the current advertisement again now (a radio's next repeat). */
  repeat(): void;
  /** The radio is gone (a clock killed): nothing more is sent. */
  stop(): void;
}

/** A simulated clock's radio on the loopback's air: the same bytes as hw/air.ts's, repeated on the
 *  clock's own time (virtual or real). */
export function simRadio(sender: AirSender, time: TimeSource, address = randomAddress(), intervalMs = ADVERT_INTERVAL_MS): SimRadio {
  let current: string | null = null;
  let cancel: (() => void) | null = null;
  let sent = 0;
  let stopped = false;
  const send = () => {
    if (current === null || stopped) return;
    sender.send(datagram(r.address, advertisingData(current)));
    sent++;
  };
  const every = () => {
    send();
    cancel = time.schedule(every, intervalMs);
  };
  const r: SimRadio = {
    address: address,
    get current() {
      return current;
    },
    get sent() {
      return sent;
    },
    get stopped() {
      return stopped;
    },
    advertise: (data) => {
      if (cancel) cancel();
      cancel = null;
      if (stopped) return "the radio is off";
      if (data !== null && advertisingData(data).length > MAX_ADVERTISING_BYTES) return "advertising data too long";
      current = data;
      if (data === null) return null;
      every(); // at once, as a restarted advertisement, then each interval
      return null;
    },
    repeat: send,
    stop: () => {
      stopped = true;
      if (cancel) cancel();
      cancel = null;
    },
  };
  return r;
}
