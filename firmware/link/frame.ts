// A protocol frame (protocol.ts): the request's seq and JSON checked against its CRC, and a reply
// framed in pieces. Both Storage files of the link hold a copy (build/cold.ts): the read requests'
// (reads.ts) and the whole link's (link.ts).

import type { Reply } from "./protocol";
import { hex8 } from "./shared";

function digits(s: string): boolean {
  return s.length >= 1 && s.length <= 6 && /^[0-9]+$/.test(s);
}

/** A request's seq and JSON text; "bad frame" when its CRC does not match; null when the line is
 *  not a request at all (an echo, a prompt, noise, a half line). */
export function parseFrame(line: string, crc32: (s: string) => number): { seq: string; json: string } | { seq: string; bad: true } | null {
  if (line.charAt(0) !== "#") return null;
  const sp = line.indexOf(" ");
  const star = line.length - 9;
  if (sp < 2 || star <= sp || line.charAt(star) !== "*") return null;
  const seq = line.slice(1, sp);
  const crc = line.slice(star + 1);
  if (!digits(seq) || !/^[0-9a-f]+$/.test(crc)) return null;
  const json = line.slice(sp + 1, star);
  return hex8(crc32(json)) === crc ? { seq: seq, json: json } : { seq: seq, bad: true };
}

/** JSON in printable ASCII, the rest as \uXXXX: Espruino's JSON.stringify does so itself (then
 *  this is one native test), a desktop one does not (the log's "×", say). */
function ascii(json: string): string {
  if (!/[^ -~]/.test(json)) return json;
  let out = "";
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    out += c >= 32 && c < 127 ? json.charAt(i) : "\\u" + ("000" + c.toString(16)).slice(-4);
  }
  return out;
}

/** The reply frame for a body, with its newline, in three pieces to be sent one after the other: a
 *  page of records is a reply of 2 KB, and one string of the whole frame would be a second copy of
 *  it in the board's RAM. */
export function replyPieces(seq: string, body: Reply, crc32: (s: string) => number): string[] {
  const json = ascii(JSON.stringify(body));
  return ["=" + seq + " ", json, "*" + hex8(crc32(json)) + "\n"];
}

/** What the text of a console answer becomes: "ok: …" stays a result, anything else an error. */
export function answer(text: string): Reply {
  if (text.indexOf("ok") === 0) return { ok: text };
  return { err: text.indexOf("error: ") === 0 ? text.slice(7) : text };
}
