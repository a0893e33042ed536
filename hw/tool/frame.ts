// The link's frames (hw/README.md, "Link protocol"): one line each way, a sequence number, a JSON
// object and a CRC of that JSON text, so an echo, a half line, a stray print or a prompt can never be
// taken for a reply.
//
//   request (tool → clock)  #<seq> <json>*<crc>\n
//   reply   (clock → tool)  =<seq> <json>*<crc>\n      crc: CRC-32 (zlib), 8 lowercase hex digits

import zlib from "node:zlib";

/** CRC-32 (IEEE, zlib's) of the JSON text: Espruino computes it natively (E.CRC32). */
export function crc32(text: string): number {
  return zlib.crc32(Buffer.from(text, "latin1"));
}

function hex(n: number, digits: number): string {
  return ("0000000" + n.toString(16)).slice(-digits);
}

/** JSON in printable ASCII only: anything else escaped as \uXXXX (the clock's lines are ASCII). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => "\\u" + hex(c.charCodeAt(0), 4));
}

export function encodeRequest(seq: number, body: Record<string, unknown>): string {
  const json = asciiJson(body);
  return "#" + seq + " " + json + "*" + hex(crc32(json), 8) + "\n";
}

/** What one received line is: a reply (its seq and the parsed object), a reply-shaped line whose CRC
 *  or JSON is wrong (damaged on the way: worth a retry), or nothing of ours. */
export type Received =
  | { kind: "reply"; seq: number; body: Record<string, unknown> }
  | { kind: "damaged"; seq: number }
  | { kind: "other" };

const REPLY = /^=(\d{1,6}) (\{.*\})\*([0-9a-f]{8})$/;

export function parseLine(raw: string): Received {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  const m = REPLY.exec(line);
  if (!m) {
    // "=12 …" with the start of a reply but a broken tail: a damaged reply, not noise to ignore
    const head = /^=(\d{1,6}) \{/.exec(line);
    return head ? { kind: "damaged", seq: Number(head[1]) } : { kind: "other" };
  }
  const seq = Number(m[1]);
  if (crc32(m[2]) !== parseInt(m[3], 16)) return { kind: "damaged", seq: seq };
  let body: unknown;
  try {
    body = JSON.parse(m[2]);
  } catch {
    return { kind: "damaged", seq: seq };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { kind: "damaged", seq: seq };
  return { kind: "reply", seq: seq, body: body as Record<string, unknown> };
}
