// The host's end of the clock's USB line on the board double: framed requests out, framed replies
// back (firmware/link/protocol.ts), as the desktop tool does it, on the double's virtual time.

import { crc32 } from "node:zlib";
import type { Device } from "./device";
import type { LineName } from "./serial";

export function frame(seq: number, body: object): string {
  const json = JSON.stringify(body);
  return "#" + seq + " " + json + "*" + crc32(json).toString(16).padStart(8, "0") + "\n";
}

/** The reply with this seq among the lines received, checked; undefined if there is none. */
export function findReply(text: string, seq: number): { ok?: unknown; err?: string } | undefined {
  for (const line of text.split("\n")) {
    const m = /^=(\d+) (.*)\*([0-9a-f]{8})\r?$/.exec(line);
    if (!m || Number(m[1]) !== seq) continue;
    if (crc32(m[2]).toString(16).padStart(8, "0") !== m[3]) throw new Error("reply with a bad CRC: " + line);
    return JSON.parse(m[2]);
  }
  return undefined;
}

export class HostLink {
  seq = 0;
  /** Everything received on the line, replies and anything else. */
  heard = "";

  constructor(public dev: Device, public line: LineName = "USB", public waitMs = 100) {}

  /** Sends raw bytes and runs the board until they are handled; what came back. */
  raw(text: string): string {
    this.dev.take(this.line);
    this.dev.send(this.line, text);
    this.dev.advance(this.waitMs);
    const got = this.dev.take(this.line);
    this.heard += got;
    return got;
  }

  /** One request; its reply (ok or err), or undefined when the clock did not answer. */
  ask(c: string, args: Record<string, unknown> = {}): { ok?: unknown; err?: string } | undefined {
    const seq = ++this.seq;
    return findReply(this.raw(frame(seq, Object.assign({ c }, args))), seq);
  }

  /** The result of a request that must succeed. */
  ok<T = unknown>(c: string, args: Record<string, unknown> = {}): T {
    const r = this.ask(c, args);
    if (!r || !("ok" in r)) throw new Error(c + ": " + JSON.stringify(r));
    return r.ok as T;
  }
}
